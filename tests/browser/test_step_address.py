"""Rule pages: the stepper keeps its step in the address (#etape-4 in French, #step-4
in English), through a reload and through the language switcher (issue 11, item 5)."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from configured import LANGUAGES
from playwright.sync_api import Page, expect

WORD = {"fr": "etape", "en": "step", "fr2": "exemple-2-etape", "en2": "example-2-step"}
OTHER = {"fr": "en", "en": "fr"}
PATH = {"fr": "/rules/settlement/", "en": "/en/rules/settlement/"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_step_survives_a_reload_and_the_language_switch(page: Page, lang: str) -> None:
    page.goto(PATH[lang])
    first = page.locator(".lansquenet-scenario").first
    expect(first).to_have_attribute("data-stepper", "ready")
    for _ in range(3):
        first.locator("[data-go=next]").click()
    expect(first).to_have_attribute("data-current", "3")
    assert page.url.endswith(f"#{WORD[lang]}-4")
    page.reload()
    first = page.locator(".lansquenet-scenario").first
    expect(first).to_have_attribute("data-current", "3")
    expect(first.locator(".lq-step[data-step='3']")).to_be_visible()
    other = OTHER[lang]
    switch = page.locator(f"a.md-select__link[hreflang={other}]")
    href = switch.get_attribute("href") or ""
    assert href.endswith(f"#{WORD[other]}-4"), href
    page.goto(urljoin(page.url, href))
    first = page.locator(".lansquenet-scenario").first
    expect(first).to_have_attribute("data-current", "3")
    expect(first.locator(".lq-counter")).to_have_text(re.compile(r"\b4\b"))
    expect(page.locator(f"a.md-select__link[hreflang={lang}]")).to_have_attribute(
        "href", re.compile(f"#{WORD[lang]}-4$")
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_second_scenario_of_a_page_has_its_own_address(page: Page, lang: str) -> None:
    page.goto(PATH[lang])
    second = page.locator(".lansquenet-scenario").nth(1)
    expect(second).to_have_attribute("data-stepper", "ready")
    second.focus()
    page.keyboard.press("ArrowRight")
    assert page.url.endswith(f"#{WORD[lang + '2']}-2")
    page.reload()
    expect(page.locator(".lansquenet-scenario").nth(1)).to_have_attribute("data-current", "1")
    expect(page.locator(".lansquenet-scenario").first).to_have_attribute("data-current", "0")
