"""The odds beside the lessons' choices (issue 22 item 2): on /learn/ and /en/learn/ a
toggle (``data-action="odds"``, the play page's, remembered with it) shows beside each
choice that is a move the engine's odds of it, in words and as a bar, for the position
the question is asked in; off by default; on a phone at 360 px; in the projector view;
axe clean. As on the play page (issue 34 item 2), each shows the engine's chance at a
glance (``odds_short``: "8 in 17, 47%"), the long sentence folded behind it on a phone and
open on a wide screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX
from helpers import LEARN, PLAY, PROJECTING, READY_MS, assert_no_violations, engine_ready, open_learn
from playwright.sync_api import Locator, Page, expect

from browser.devices import PHONE
from lansquenet import lessons
from lansquenet.view import percent
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
WIDE = "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"


def check_odds(section: Locator, question: dict[str, Any], lang: str, *, folded: bool = False) -> int:
    """Each choice that is a move shows the engine's chance at a glance, its sentence
    (``folded`` behind it, on a phone) and its bar; the others none. Returns how many
    choices show odds."""
    shown = 0
    for index, odds in enumerate(question["odds"]):
        box = section.locator(f'.lq-move:has([data-choice="{index}"])')
        if odds is None:
            expect(box).to_have_count(0)
            continue
        shown += 1
        expect(box.locator(".lq-odds-short")).to_have_text(
            odds["odds_short"] or WORDS(lang, "play.odds.nothing")
        )
        expect(box.locator(".lq-odds-short")).to_be_visible()
        expect(box.locator(".lq-odds-text")).to_have_text(odds["odds_text"])
        if folded:
            expect(box.locator(".lq-odds-text")).to_be_hidden()
        else:
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
    assert check_odds(section, first, lang, folded=True) == 2
    assert first["odds"][0]["odds"]["win"] == "9/17"  # R-D3: the bank wins 9 deals in 17
    assert page.evaluate(WIDE) <= 0  # no sideways scroll at 360 px
    # The next question, asked by the engine after a right answer: its own moves' odds.
    path = lessons.expected_path(lesson)
    section.locator(f'[data-choice="{path[0]}"]').tap()
    second = lessons.run(lesson, path[:1], lang)["question"]
    expect(section.locator(".lq-ask")).to_have_text(second["ask"])
    assert check_odds(section, second, lang, folded=True) >= 1
    assert page.evaluate(WIDE) <= 0
    assert_no_violations(page, f"{LEARN[lang]} with the odds shown")
    # Remembered: still on after a reload, and on the play page too.
    page.reload()
    engine_ready(page)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert check_odds(section, first, lang, folded=True) == 2
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
    toggle = section.locator('[data-action="odds"]')
    toggle.click()  # the teacher asked for the odds before projecting
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(section.locator(".lq-odds").first).to_be_visible()
    section.locator('[data-action="projector"]').click()
    expect(section).to_have_class(PROJECTING)
    # The class votes first (projector.js): the odds stay hidden until revealed, and the
    # toggle too, which would give them away.
    expect(section.locator(".lq-vote")).to_be_visible()
    expect(section.locator(".lq-odds:visible")).to_have_count(0)
    expect(toggle).to_be_hidden()
    page.keyboard.press("r")
    question = lessons.run(lessons.get("cover"), [], "en")["question"]
    shown = section.locator(".lq-vote-odds")
    expect(shown).to_have_count(3)
    for i, odds in enumerate(question["odds"]):  # stake 12, pass, stake 7: each the engine's glance
        expect(shown.nth(i)).to_have_text(odds["odds_short"] or WORDS("en", "play.odds.nothing"))
        expect(shown.nth(i)).to_be_in_viewport()
    assert_no_violations(page, "a lesson projected with the odds shown")


FOLDS = """(section) => Array.from(section.querySelectorAll(".lq-move")).map((move) => {
  const fold = move.querySelector("details.lq-odds-fold");
  return fold && fold.open;
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
@PHONE
def test_a_lesson_s_moves_show_their_odds_at_a_glance_the_sentence_folded_on_a_phone(
    page: Page, lang: str
) -> None:
    page.add_init_script("localStorage.setItem('lq.odds', 'on')")  # the reader asked for the odds
    page.goto(f"/{PREFIX[lang]}learn/")
    engine_ready(page)
    section = page.locator('section[data-lesson="cover"]')
    question = lessons.run(lessons.get("cover"), [], lang)["question"]
    for index, odds in enumerate(question["odds"]):  # stake 12, pass, stake 7
        box = section.locator(f'.lq-move:has([data-choice="{index}"])')
        short = box.locator("summary .lq-odds-short")
        expect(short).to_be_visible()
        expect(short).to_have_text(odds["odds_short"] or WORDS(lang, "play.odds.nothing"))
        expect(box.locator(".lq-odds-text")).to_be_hidden()  # the long sentence folded
    stake = question["odds"][0]
    assert stake["odds"]["win"] == "8/17"  # R-D2: a stake wins 8 deals in 17
    assert stake["odds_short"].startswith("8 ") and stake["odds_short"].endswith(percent("8/17", lang))
    assert section.evaluate(FOLDS) == [False, False, False]
    assert page.evaluate(WIDE) <= 0  # no sideways scroll at 360 px
    # A tap on the short line unfolds the sentence.
    first = section.locator('.lq-move:has([data-choice="0"])')
    first.locator("summary").tap()
    expect(first.locator(".lq-odds-text")).to_have_text(stake["odds_text"])
    expect(first.locator(".lq-odds-text")).to_be_visible()
    assert page.evaluate(WIDE) <= 0
    assert_no_violations(page, f"/{PREFIX[lang]}learn/ with the odds folded on a phone")
    # The next question, asked by the engine after a right answer: folded too.
    lesson = lessons.get("keep-sell")
    section = page.locator(f'section[data-lesson="{lesson.id}"]')
    path = lessons.expected_path(lesson)
    section.locator(f'[data-choice="{path[0]}"]').tap()
    second = lessons.run(lesson, path[:1], lang)["question"]
    expect(section.locator(".lq-ask")).to_have_text(second["ask"])
    buy = section.locator('.lq-move:has([data-choice="1"])')  # decline, buy (the bank, 9 in 17)
    expect(buy.locator("summary")).to_have_text(second["odds"][1]["odds_short"])
    expect(buy.locator(".lq-odds-text")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_s_odds_sentence_is_open_beside_its_glance_on_a_wide_screen(page: Page, lang: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('lq.odds', 'on')")
    page.goto(f"/{PREFIX[lang]}learn/")
    engine_ready(page)
    section = page.locator('section[data-lesson="cover"]')
    question = lessons.run(lessons.get("cover"), [], lang)["question"]
    for index, odds in enumerate(question["odds"]):
        box = section.locator(f'.lq-move:has([data-choice="{index}"])')
        expect(box.locator("summary .lq-odds-short")).to_have_text(
            odds["odds_short"] or WORDS(lang, "play.odds.nothing")
        )
        expect(box.locator(".lq-odds-text")).to_have_text(odds["odds_text"])
        expect(box.locator(".lq-odds-text")).to_be_visible()
    assert section.evaluate(FOLDS) == [True, True, True]
