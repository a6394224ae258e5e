"""The build-time stepper on a rule page, in a real Chromium, in both languages.

The settlement page's first scenario is the worked example of section 06: it steps
forward and back by button and by keyboard (focus on the scenario), its counter reads
"Étape 1 / N" / "Step 1 / N", and its last step shows A 88, B 105, C 107. Rule pages
start no Python: no request reaches assets/pyodide/, the wheel or the play scripts.
(browser_log, conftest.py, also fails a test on any console error or outside request.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from configured import LANGUAGES
from helpers import laid_out
from playwright.sync_api import Locator, Page, expect

import lansquenet

PAGES = {"fr": "/rules/settlement/", "en": "/en/rules/settlement/"}
COUNTER = {"fr": "Étape {} / {}", "en": "Step {} / {}"}
BUTTONS = {
    "fr": {"first": "Début", "previous": "Précédent", "next": "Suivant", "last": "Fin"},
    "en": {"first": "First", "previous": "Previous", "next": "Next", "last": "Last"},
}
TOTAL = len(lansquenet.trace(lansquenet.load("worked-example")))


def worked_example(page: Page, lang: str) -> Locator:
    page.goto(PAGES[lang])
    section = page.locator(".lansquenet-scenario").first
    expect(section.locator(".lq-controls")).to_be_visible()
    return section


def balances(step: Locator) -> dict[str, str]:
    rows = laid_out(step).locator(".lq-balances tbody tr")
    return dict(zip(rows.locator("th").all_inner_texts(), rows.locator("td").all_inner_texts(), strict=True))


def shown(section: Locator) -> Locator:
    return section.locator(".lq-step:visible")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_buttons_step_forward_and_back(page: Page, lang: str) -> None:
    section = worked_example(page, lang)
    counter = section.locator(".lq-counter")
    words = BUTTONS[lang]
    expect(counter).to_have_text(COUNTER[lang].format(1, TOTAL))
    expect(shown(section)).to_have_count(1)
    expect(shown(section)).to_have_attribute("data-step", "0")
    expect(section.get_by_role("button", name=words["previous"])).to_be_disabled()
    section.get_by_role("button", name=words["next"]).click()
    expect(counter).to_have_text(COUNTER[lang].format(2, TOTAL))
    expect(shown(section)).to_have_attribute("data-step", "1")
    section.get_by_role("button", name=words["previous"]).click()
    expect(counter).to_have_text(COUNTER[lang].format(1, TOTAL))
    section.get_by_role("button", name=words["last"]).click()
    expect(counter).to_have_text(COUNTER[lang].format(TOTAL, TOTAL))
    expect(section.get_by_role("button", name=words["next"])).to_be_disabled()
    # Section 06: the players win; B +5, C +7, the banker −12.
    assert balances(shown(section)) == {"A": "88", "B": "105", "C": "107"}
    section.get_by_role("button", name=words["first"]).click()
    expect(counter).to_have_text(COUNTER[lang].format(1, TOTAL))
    assert balances(shown(section)) == {"A": "100", "B": "100", "C": "100"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keyboard_steps_with_focus_on_the_scenario(page: Page, lang: str) -> None:
    section = worked_example(page, lang)
    counter = section.locator(".lq-counter")
    section.focus()
    expect(section).to_be_focused()
    for key, index in [
        ("ArrowRight", 2),
        ("ArrowRight", 3),
        ("ArrowLeft", 2),
        ("End", TOTAL),
        ("ArrowRight", TOTAL),
        ("Home", 1),
        ("ArrowLeft", 1),
    ]:
        page.keyboard.press(key)
        expect(counter).to_have_text(COUNTER[lang].format(index, TOTAL))
        expect(shown(section)).to_have_attribute("data-step", str(index - 1))
    page.keyboard.press("End")
    step = shown(section)
    assert balances(step) == {"A": "88", "B": "105", "C": "107"}
    # The settlement is narrated on the way: the step where the players win shows what
    # each gained (+10 back to B, its 5 and 5 more; +14 to C), the banker's 12 lost.
    page.keyboard.press("ArrowLeft")
    paid = balances(shown(section))
    assert paid["B"] == "105 (+10)" and paid["C"] == "107 (+14)"
    assert re.search(r"\b12\b", laid_out(shown(section)).locator(".lq-text").inner_text())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_buttons_work_from_the_keyboard(page: Page, lang: str) -> None:
    section = worked_example(page, lang)
    nxt = section.get_by_role("button", name=BUTTONS[lang]["next"])
    nxt.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    expect(section.locator(".lq-counter")).to_have_text(COUNTER[lang].format(3, TOTAL))


PYTHON = re.compile(r"/assets/(pyodide|wheels)/|/assets/js/(play|engine)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_pages_start_no_python(page: Page, browser_log: Any, lang: str) -> None:
    # What the page itself and its workers ask for. The site's offline service worker, if
    # any, keeps a copy of every file of the site, Pyodide included: that download is
    # the service worker's, made once for the whole site, not this page starting Python.
    own: list[str] = []
    page.context.on(
        "request", lambda request: own.append(request.url) if not request.service_worker else None
    )
    worked_example(page, lang)
    page.wait_for_load_state("networkidle")
    assert browser_log.requests and own, "the page itself was recorded"
    assert [url for url in own if PYTHON.search(url)] == []
    assert page.evaluate("() => typeof window.lansquenet") == "undefined"
    assert page.locator("script[src*='play'], script[src*='engine'], [data-lq-wheel]").count() == 0
