"""The class votes, then the odds (issue 33 item 3): the play page's table projected at
a decision shows its moves as large lettered choices (A, B, C…), the coach's odds hidden;
R reveals each move's odds, the engine's own words (the fraction and the percentage)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_accessibility import assert_no_violations
from tests.browser.test_projector import PROJECTING
from tests.browser.test_screen import AT_COVERING, PLAY, WORDS, link_to, moves_with_odds, ready, settle

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
