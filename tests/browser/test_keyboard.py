"""Keyboard only: the stepper and the play page driven with Tab, Enter, Space, arrows.

No mouse: each test starts at the top of the page and reaches every control with Tab
(or Shift+Tab), as a reader without a pointer would, then checks what the page shows:
the counter, the narrated sentence, the balances, and where the focus went.
(browser_log, conftest.py, also fails a test on any console error or outside request.)
"""

from __future__ import annotations

import re

import pytest
from configured import LANGUAGES
from helpers import PLAY, engine_ready
from playwright.sync_api import Page, expect

import lansquenet

SETTLEMENT = {"fr": "/rules/settlement/", "en": "/en/rules/settlement/"}
COUNTER = {"fr": "Étape {} / {}", "en": "Step {} / {}"}
TOTAL = len(lansquenet.trace(lansquenet.load("worked-example")))
WORDS = {
    "fr": {
        "start": "Commencer la partie",
        "bank": "Annoncer la banque",
        "stake": "Miser",
        "pass": "Passer",
        "turn": "À {} de jouer",
        "announced": "{} annonce une banque de {}.",
        "staked": "{} mise {}",
        "passed": "{} passe",
    },
    "en": {
        "start": "Start the session",
        "bank": "Announce the bank",
        "stake": "Stake",
        "pass": "Pass",
        "turn": "{} to play",
        "announced": "{} announces a bank of {}.",
        "staked": "{} stakes {}",
        "passed": "{} passes",
    },
}
NAMES = ["Anne", "Bruno", "Chloé", "David", "Élise", "Fabien", "Gisèle", "Hugo", "Inès", "Jules"]
MAX_TABS = 200


def tab_to(page: Page, selector: str, backwards: bool = False) -> None:
    """Press Tab (or Shift+Tab) until the focused element matches ``selector``."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(MAX_TABS):
        page.keyboard.press(key)
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
    focused = page.evaluate("() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)")
    raise AssertionError(f"{MAX_TABS} × {key} never reached {selector} (focus on {focused})")


def balances(page: Page, rows: str) -> dict[str, str]:
    found = page.locator(rows)
    return dict(
        zip(found.locator("th").all_inner_texts(), found.locator("td").all_inner_texts(), strict=True)
    )


# --- the stepper --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stepper_by_keyboard_alone(page: Page, lang: str) -> None:
    page.goto(SETTLEMENT[lang])
    section = page.locator(".lansquenet-scenario").first
    counter = section.locator(".lq-counter")
    expect(section.locator(".lq-controls")).to_be_visible()
    shown = section.locator(".lq-step:visible")

    # Tab from the top of the page reaches the scenario itself; arrows move it.
    tab_to(page, ".lansquenet-scenario")
    expect(section).to_be_focused()
    expect(counter).to_have_text(COUNTER[lang].format(1, TOTAL))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(COUNTER[lang].format(3, TOTAL))
    expect(shown).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(COUNTER[lang].format(2, TOTAL))

    # Its buttons: Enter and Space press them.
    tab_to(page, '.lansquenet-scenario [data-go="next"]')
    page.keyboard.press("Enter")
    expect(counter).to_have_text(COUNTER[lang].format(3, TOTAL))
    page.keyboard.press("Space")
    expect(counter).to_have_text(COUNTER[lang].format(4, TOTAL))
    tab_to(page, '.lansquenet-scenario [data-go="previous"]', backwards=True)
    page.keyboard.press("Space")
    expect(counter).to_have_text(COUNTER[lang].format(3, TOTAL))

    # "Last" from the keyboard: the buttons that led there turn disabled, and the focus
    # stays in the scenario (not lost to the page), so the arrows still work.
    tab_to(page, '.lansquenet-scenario [data-go="last"]')
    page.keyboard.press("Enter")
    expect(counter).to_have_text(COUNTER[lang].format(TOTAL, TOTAL))
    expect(section).to_be_focused()
    # Section 06: the players win; A 88, B 105, C 107 — and the narration says so.
    assert balances(page, ".lansquenet-scenario >> nth=0 >> .lq-step:visible .lq-balances tbody tr") == {
        "A": "88",
        "B": "105",
        "C": "107",
    }
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(COUNTER[lang].format(TOTAL - 1, TOTAL))
    expect(shown.locator(".lq-text")).to_contain_text(re.compile(r"\b12\b"))
    page.keyboard.press("Home")
    expect(counter).to_have_text(COUNTER[lang].format(1, TOTAL))


# --- the play page ------------------------------------------------------------------


def turn_player(page: Page, lang: str) -> str:
    """Whose turn the page says it is."""
    text = page.locator("#lq-turn-text").inner_text()
    for name in NAMES:
        if text == WORDS[lang]["turn"].format(name):
            return name
    raise AssertionError(f"no player's turn in {text!r}")


def settled(page: Page) -> None:
    expect(page.locator("#lq-play")).to_have_attribute("aria-busy", "false")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_a_deal_by_keyboard_alone(page: Page, lang: str) -> None:
    words = WORDS[lang]
    page.goto(PLAY[lang])
    engine_ready(page)

    # The default table (three players, a random first banker): Tab to "Start", Enter.
    tab_to(page, "#lq-setup [type=submit]")
    expect(page.locator(":focus")).to_have_text(words["start"])
    page.keyboard.press("Enter")
    expect(page.locator("#lq-game")).to_be_visible()
    settled(page)
    counter = page.locator("#lq-counter")
    narration = page.locator("#lq-step-text")
    rows = "#lq-balances tbody tr"

    # The banker's turn: the focus is already in the amount field.
    banker = turn_player(page, lang)
    expect(page.locator("#lq-amount")).to_be_focused()
    page.keyboard.type("10")
    tab_to(page, '#lq-moves [data-move="bank"]')
    expect(page.locator(":focus")).to_have_text(words["bank"])
    page.keyboard.press("Enter")
    settled(page)
    expect(narration).to_have_text(words["announced"].format(banker, 10))
    steps = int(re.findall(r"\d+", counter.inner_text())[-1])
    expect(counter).to_have_text(COUNTER[lang].format(steps, steps))
    assert balances(page, rows)[banker].startswith("90")

    # The first player: type an amount, Enter in the field stakes it.
    player = turn_player(page, lang)
    assert player != banker
    expect(page.locator("#lq-amount")).to_be_focused()
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    settled(page)
    expect(narration).to_contain_text(words["staked"].format(player, 4))
    shown = balances(page, rows)
    assert shown[player].startswith("96"), shown
    assert re.search(r"\b6\b", page.locator("#lq-situation").inner_text())  # 10 − 4 uncovered

    # The next player passes, with Space on the "Pass" button.
    other = turn_player(page, lang)
    assert other not in (banker, player)
    tab_to(page, '#lq-moves [data-move="pass"]')
    expect(page.locator(":focus")).to_have_text(words["pass"])
    page.keyboard.press("Space")
    settled(page)
    expect(page.locator("#lq-journal")).to_contain_text(words["passed"].format(other))
    assert balances(page, rows)[other].startswith("100")

    # The step viewer: Tab to it, the arrows step back through the deal.
    total = int(re.findall(r"\d+", counter.inner_text())[-1])
    tab_to(page, "#lq-view")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(COUNTER[lang].format(total - 1, total))
    page.keyboard.press("Home")
    expect(counter).to_have_text(COUNTER[lang].format(1, total))
    assert set(balances(page, rows).values()) == {"100"}
    page.keyboard.press("End")
    expect(counter).to_have_text(COUNTER[lang].format(total, total))
