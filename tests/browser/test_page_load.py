"""What a rule page does while it loads, light on the phone's processor, and what the
reader still gets: every step without JavaScript, one step at a time with it, and a
light/dark toggle whose transitions come back once the page has loaded.

- lansquenet.css: where scripts run (``@media (scripting: enabled)``), the steps after
  the first are not displayed until the stepper starts, so they are never styled while
  the page loads; without scripts, all of them are in the page.
- overrides/main.html: ``data-md-color-switching`` is on ``<body>`` from the start, and
  Material's palette script takes it away once the page is up (tests/site/test_theme.py
  checks that Material still works so).
"""

from __future__ import annotations

import pytest
from configured import LANGUAGES
from playwright.sync_api import Browser, Page, expect

import lansquenet

PAGES = {"fr": "/rules/settlement/", "en": "/en/rules/settlement/"}
TOTAL = len(lansquenet.trace(lansquenet.load("worked-example")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_every_step_is_shown(browser: Browser, base_url: str, lang: str) -> None:
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    try:
        page = context.new_page()
        page.goto(PAGES[lang])
        section = page.locator(".lansquenet-scenario").first
        expect(section.locator(".lq-step")).to_have_count(TOTAL)
        last = section.locator(".lq-step").last
        last.scroll_into_view_if_needed()
        expect(last).to_be_visible()
        expect(last.locator(".lq-balances")).to_contain_text("107")
        expect(section.locator(".lq-controls")).to_be_hidden()  # the buttons need the script
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_with_javascript_one_step_then_the_address_step(page: Page, lang: str) -> None:
    step = {"fr": "etape", "en": "step"}[lang]
    page.goto(f"{PAGES[lang]}#{step}-4")
    section = page.locator(".lansquenet-scenario").first
    expect(section.locator(".lq-controls")).to_be_visible()
    expect(section.locator(".lq-step:visible")).to_have_count(1)
    expect(section.locator('.lq-step[data-step="3"]')).to_be_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_palette_toggle_switches_and_transitions_come_back(page: Page, lang: str) -> None:
    page.goto(PAGES[lang])
    body = page.locator("body")
    expect(page.locator(".lansquenet-scenario .lq-controls").first).to_be_visible()
    # Material takes the attribute away once the palette is set: transitions run again.
    expect(body).not_to_have_attribute("data-md-color-switching", "")
    scheme = body.get_attribute("data-md-color-scheme")
    page.locator('[data-md-component="palette"] label:visible').click()
    expect(body).not_to_have_attribute("data-md-color-scheme", scheme or "")
    expect(body).not_to_have_attribute("data-md-color-switching", "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_are_drawn_from_the_pages_hidden_sprite(page: Page, lang: str) -> None:
    # The sprite is not displayed (never styled at load); each card's <use> still draws
    # its rank's pips or figure: a missing symbol would leave an empty frame, 0 by 0.
    step = {"fr": "etape", "en": "step"}[lang]
    page.goto(f"{PAGES[lang]}#{step}-8")
    cards = page.locator(".lq-step:visible .lq-card")
    expect(cards.first).to_be_visible()
    sizes = cards.evaluate_all(
        "cards => cards.map(c => { const b = c.querySelector('use[href^=\"#lq-r\"]').getBBox(); return [b.width, b.height]; })"
    )
    assert len(sizes) >= 3 and all(w > 5 and h > 5 for w, h in sizes), sizes
    assert page.locator("svg.lq-sprite").evaluate("s => getComputedStyle(s).display") == "none"
