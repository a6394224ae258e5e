"""The odds beside the lessons' choices (issue 22 item 2): on /learn/ and /en/learn/ a
toggle (``data-action="odds"``, the play page's, remembered with it) shows beside each
choice that is a move the engine's odds of it, in words and as a bar, for the position
the question is asked in; off by default; on a phone at 360 px; in the projector view;
axe clean."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES
from playwright.sync_api import Locator, Page, expect

from lansquenet import lessons
from lansquenet_site.words import Words
from tests.browser.devices import PHONE
from tests.browser.test_accessibility import assert_no_violations
from tests.browser.test_learn import LEARN, READY_MS, open_learn
from tests.browser.test_projector import PROJECTING

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
PLAY = {"fr": "/play/", "en": "/en/play/"}
WIDE = "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"


def check_odds(section: Locator, question: dict[str, Any], lang: str) -> int:
    """Each choice that is a move shows the engine's sentence and its bar; the others
    none. Returns how many choices show odds."""
    shown = 0
    for index, odds in enumerate(question["odds"]):
        box = section.locator(f'.lq-move:has([data-choice="{index}"])')
        if odds is None:
            expect(box).to_have_count(0)
            continue
        shown += 1
        expect(box.locator(".lq-odds-text")).to_have_text(odds["odds_text"])
        expect(box.locator(".lq-odds-text")).to_be_visible()
        if odds["odds"]:
            bar = box.locator(".lq-odds-bar")
            expect(bar).to_be_visible()
            expect(bar).to_have_attribute("aria-label", WORDS(lang, "play.odds.win", win=odds["odds"]["win"]))
        else:
            expect(box.locator(".lq-odds-bar")).to_have_count(0)
    return shown


@pytest.mark.parametrize("lang", LANGUAGES)
@PHONE
def test_the_odds_beside_a_lesson_s_moves_on_a_phone_remembered_then_off(page: Page, lang: str) -> None:
    open_learn(page, lang)
    section = page.locator('section[data-lesson="keep-sell"]')
    toggle = section.locator('[data-action="odds"]')
    expect(toggle).to_have_text("Voir les chances" if lang == "fr" else "Show the odds")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # off by default
    expect(section.locator(".lq-odds").first).to_be_hidden()
    toggle.scroll_into_view_if_needed()
    assert (toggle.bounding_box() or {"height": 0})["height"] >= 44
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    # One choice for the whole page: every lesson's toggle says so.
    expect(page.locator('[data-action="odds"][aria-pressed="true"]')).to_have_count(len(lessons.lessons()))
    # The question the page opens with: keep (the banker's next deal, 9/17), leave (nothing at risk).
    lesson = lessons.get("keep-sell")
    first = lessons.run(lesson, [], lang)["question"]
    assert check_odds(section, first, lang) == 2
    assert first["odds"][0]["odds"]["win"] == "9/17"  # R-D3: the bank wins 9 deals in 17
    assert page.evaluate(WIDE) <= 0  # no sideways scroll at 360 px
    # The next question, asked by the engine after a right answer: its own moves' odds.
    path = lessons.expected_path(lesson)
    section.locator(f'[data-choice="{path[0]}"]').tap()
    second = lessons.run(lesson, path[:1], lang)["question"]
    expect(section.locator(".lq-ask")).to_have_text(second["ask"])
    assert check_odds(section, second, lang) >= 1
    assert page.evaluate(WIDE) <= 0
    assert_no_violations(page, f"{LEARN[lang]} with the odds shown")
    # Remembered: still on after a reload, and on the play page too.
    page.reload()
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=READY_MS)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert check_odds(section, first, lang) == 2
    page.goto(PLAY[lang])
    expect(page.locator('[data-action="odds"]')).to_have_attribute("aria-pressed", "true", timeout=READY_MS)
    # Turned off: hidden, and still off after a reload.
    open_learn(page, lang)
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(section.locator(".lq-odds").first).to_be_hidden()
    page.reload()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(section.locator(".lq-odds").first).to_be_hidden()


def test_the_odds_show_in_a_lesson_s_projector_view(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    open_learn(page, "en")
    section = page.locator('section[data-lesson="cover"]')
    section.locator('[data-action="projector"]').click()
    expect(section).to_have_class(PROJECTING)
    toggle = section.locator('[data-action="odds"]')
    expect(toggle).to_be_in_viewport(ratio=1)
    toggle.click()
    question = lessons.run(lessons.get("cover"), [], "en")["question"]
    assert check_odds(section, question, "en") == 3
    expect(section.locator(".lq-odds-text").first).to_be_in_viewport()
    assert_no_violations(page, "a lesson projected with the odds shown")
