"""The class votes, then the odds (issue 33 item 3): the play page's table projected at
a decision shows its moves as large lettered choices (A, B, C…), the coach's odds hidden;
R reveals each move's odds, the engine's own words (the fraction and the percentage).
A lesson projected at a question whose choices are moves votes the same way, the odds
beside its choices hidden until revealed; the vote follows it to its next question."""

from __future__ import annotations

from typing import Any

import pytest
from configured import LANGUAGES, PREFIX
from helpers import (
    AT_COVERING,
    PLAY,
    PROJECTING,
    WORDS,
    assert_no_violations,
    axe_in,
    link_to,
    moves_with_odds,
    projected_lesson,
    ready,
    report,
    settle,
)
from playwright.sync_api import Locator, Page, expect

from lansquenet import lessons

PROJECTOR = (1280, 720)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_class_votes_on_lettered_moves_then_r_reveals_the_odds(page: Page, lang: str) -> None:
    ready(page, PLAY[lang] + link_to(AT_COVERING), PROJECTOR)
    settle(page)
    box = page.locator("#lq-view")
    box.locator('[data-action="projector"]').click()
    expect(box).to_have_class(PROJECTING)
    vote = box.locator(".lq-vote")
    expect(vote.locator(".lq-vote-title")).to_contain_text(WORDS(lang, "play.vote.title"))
    moves = moves_with_odds(AT_COVERING, lang)
    choices = vote.locator(".lq-vote-choices li")
    expect(choices).to_have_count(len(moves))
    for i, move in enumerate(moves):
        choice = choices.nth(i)
        expect(choice.locator(".lq-vote-letter")).to_have_text("ABC"[i])
        expect(choice.locator(".lq-vote-move")).to_have_text(WORDS(lang, "play.move." + move["do"]))
        expect(choice.locator(".lq-vote-odds")).to_be_hidden()  # the class guesses first
        assert (choice.locator(".lq-vote-letter").bounding_box() or {"height": 0})["height"] >= 28
    assert_no_violations(page, f"{PLAY[lang]} projected, the class voting")
    page.keyboard.press("r")
    for i, move in enumerate(moves):
        odds = choices.nth(i).locator(".lq-vote-odds")
        expect(odds).to_be_visible()
        expect(odds).to_have_text(move["odds_short"] or WORDS(lang, "play.odds.nothing"))
    stake = next(i for i, m in enumerate(moves) if m["do"] == "stake")
    expected = "8 sur 17, 47\u202f%" if lang == "fr" else "8 in 17, 47%"
    expect(choices.nth(stake).locator(".lq-vote-odds")).to_have_text(expected)  # R-O: 8 in 17
    expect(vote.locator('[data-action="reveal-odds"]')).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator(".lq-vote")).to_have_count(0)


def check_vote(page: Page, box: Locator, question: dict[str, Any], lang: str) -> None:
    """The lesson's choices lettered, their odds hidden (beside the choices too); R
    reveals each move's short line, the engine's (none for a move not offered here)."""
    vote = box.locator(".lq-vote")
    expect(vote.locator(".lq-vote-title")).to_contain_text(WORDS(lang, "play.vote.title"))
    choices = vote.locator(".lq-vote-choices li")
    expect(choices).to_have_count(len(question["choices"]))
    for i, label in enumerate(question["choices"]):
        expect(choices.nth(i).locator(".lq-vote-letter")).to_have_text("ABC"[i])
        expect(choices.nth(i).locator(".lq-vote-move")).to_have_text(label)
    expect(vote.locator(".lq-vote-odds:visible")).to_have_count(0)  # the class guesses first
    expect(box.locator(".lq-odds:visible")).to_have_count(0)  # the odds toggle gives nothing away
    violations = axe_in(page, box)
    assert not violations, report(violations)
    page.keyboard.press("r")
    for i, odds in enumerate(question["odds"]):
        shown = choices.nth(i).locator(".lq-vote-odds")
        if odds is None:  # not a move the rules offer here: no odds to give
            expect(shown).to_have_count(0)
            continue
        expect(shown).to_be_visible()
        expect(shown).to_have_text(odds["odds_short"] or WORDS(lang, "play.odds.nothing"))
    expect(vote.locator('[data-action="reveal-odds"]')).to_be_hidden()
    expect(box.locator(".lq-odds:visible")).to_have_count(
        0
    )  # the vote's short lines, not the long ones beside
    for i in range(len(question["choices"])):  # the lettered choices stay in sight, to read the letters by
        expect(box.locator(f'[data-choice="{i}"]')).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_projected_at_a_move_question_votes_then_reveals_and_follows_it(
    page: Page, lang: str
) -> None:
    page.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})
    page.add_init_script("localStorage.setItem('lq.odds', 'on')")  # the odds beside the choices asked for
    lesson = lessons.get("keep-sell")
    box = projected_lesson(page, f"/{PREFIX[lang]}learn/", lesson.id)
    # Keep (the bank, 9 in 17), withdraw (not offered here), leave (nothing at risk).
    first = lessons.run(lesson, [], lang)["question"]
    assert first["odds"][0]["odds"]["win"] == "9/17" and first["odds"][1] is None  # R-D3
    check_vote(page, box, first, lang)
    # Its next question: the vote drawn afresh, the odds hidden again.
    path = lessons.expected_path(lesson)
    box.locator(f'[data-choice="{path[0]}"]').click()
    second = lessons.run(lesson, path[:1], lang)["question"]
    expect(box.locator(".lq-ask")).to_have_text(second["ask"])
    check_vote(page, box, second, lang)
    # The next lesson asks for a prediction, not a move: no vote.
    page.keyboard.press("ArrowRight")
    after = page.locator(f'section[data-lesson="{lesson.id}"] + section[data-lesson]')
    expect(after).to_have_class(PROJECTING)
    assert (
        lessons.run(lessons.get(after.get_attribute("data-lesson") or ""), [], lang)["question"]["odds"]
        == [None] * after.locator("[data-choice]").count()
    )
    expect(page.locator(".lq-vote")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.locator(".lq-vote")).to_have_count(0)
