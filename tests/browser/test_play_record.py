"""The worker's session is the one record of the game (issue 20.3), computer players
explained (issue 17.5), in a real Chromium, both languages.

Undo back to the reader's move is one request however many computer moves it takes
back; the address always holds the session the engine keeps (a crafted link with a
player called "None" and an action without ``by`` included); every computer move enters
the story with its reason in the page's language, and no reason of a finished deal is
shown when the reader is to announce a bank.

The module shares one page per language as tests/browser/test_play.py does.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (  # the fixtures too: shared, no_dialog_opened, lang, play
    WORDS,
    lang,
    link_to,
    no_dialog_opened,
    open_link,
    play,
    scenario_of,
    settle,
    shared,
)
from playwright.sync_api import Page, expect

from browser.story import engine_story, story_reasons
from lansquenet.bots import quick_game

__all__ = ["lang", "no_dialog_opened", "play", "shared"]  # fixtures, used by name

# The requests the page sends its worker, by op (counted from now on).
COUNT_OPS = """() => {
  window.lqOps = [];
  if (window.lqOpsCounted) return;
  window.lqOpsCounted = true;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    try { window.lqOps.push(JSON.parse(message.request).op); } catch (error) { /* not ours */ }
    return post.apply(this, arguments);
  };
}"""

# The session the engine's worker keeps, asked directly (the page's own engine module).
ENGINE_SCENARIO = """async () => {
  const src = document.querySelector('script[src*="/play.js"]').src;
  const engine = await import(src.replace(/play\\.js.*$/, "engine.js"));
  return (await engine.call({ op: "scenario" })).scenario;
}"""


# How many times the language switcher's link is written (counted from now on).
COUNT_SWITCHER = """() => {
  window.lqSwitcherWrites = 0;
  if (window.lqSwitcherObserved) return;
  window.lqSwitcherObserved = true;
  const link = document.querySelector("a.md-select__link[hreflang]");
  new MutationObserver(function (records) { window.lqSwitcherWrites += records.length; })
    .observe(link, { attributes: true, attributeFilter: ["href"] });
}"""


# The module's tests share its play pages (``shared``): one worker runs them all (make test).
pytestmark = pytest.mark.xdist_group("play-record")


def engine_scenario(page: Page) -> dict[str, Any]:
    settle(page)
    data: dict[str, Any] = page.evaluate(ENGINE_SCENARIO)
    return data


def open_quick(page: Page, seed: int, deals: int) -> tuple[dict[str, Any], str]:
    """A quick game (the engine's, seeded) opened from its link; computer players at
    once. The game and the reader's seat."""
    page.evaluate("localStorage.setItem('lansquenet.pace', '0')")
    data = quick_game(seed, deals)
    open_link(page, link_to(data))
    expect(page.locator("#lq-game")).to_be_visible()
    return data, next(p for p in data["players"] if p not in data["computer"])


def readers_turn(page: Page, lang: str, reader: str) -> bool:
    """Wait for the reader's turn (True) or the end (False)."""
    yours = WORDS(lang, "play.your_turn", player=reader)
    for _ in range(400):
        settle(page)
        if page.locator("#lq-over").is_visible():
            return False
        turn = page.locator("#lq-turn-text")
        if turn.is_visible() and turn.text_content() == yours:
            return True
        page.wait_for_timeout(25)
    raise AssertionError("neither the reader's turn nor the end came")


def moves(page: Page) -> list[str]:
    return [str(b.get_attribute("data-move")) for b in page.locator("#lq-moves [data-move]").all()]


def reader_plays(page: Page) -> None:
    """The reader's move: pass, decline or keep when offered, else the first (a bank's
    or a stake's amount comes prefilled)."""
    names = moves(page)
    do = next((m for m in ("pass", "decline", "keep") if m in names), names[0])
    page.locator(f"#lq-moves [data-move={do}]").click()


def test_undo_back_to_the_readers_move_is_one_request(play: Page, lang: str) -> None:
    _, reader = open_quick(play, seed=3, deals=3)
    assert readers_turn(play, lang, reader)
    before = scenario_of(play)
    assert before == engine_scenario(play)  # the address is the session
    reader_plays(play)
    assert readers_turn(play, lang, reader)
    after = scenario_of(play)
    assert after == engine_scenario(play)
    taken = len(after["actions"]) - len(before["actions"])
    assert taken >= 2  # the reader's move and at least one computer player's
    play.evaluate(COUNT_OPS)
    play.locator("[data-act=undo]").click()
    settle(play)
    assert play.evaluate("window.lqOps") == ["undo"]  # one request, no round trip per move
    expect(play.locator("#lq-turn-text")).to_have_text(WORDS(lang, "play.your_turn", player=reader))
    assert scenario_of(play) == before == engine_scenario(play)
    expect(play.locator("#lq-permalink")).to_have_attribute("href", "#" + play.url.split("#", 1)[1])


def test_computer_reasons_enter_the_story_in_the_pages_language_and_none_is_stale(
    play: Page, lang: str
) -> None:
    data, reader = open_quick(play, seed=11, deals=6)
    announced = 0
    while readers_turn(play, lang, reader):
        if moves(play) == ["bank"]:  # a new deal, the reader's bank to announce
            announced += 1
            expect(play.locator("#lq-said")).to_be_hidden()  # no reason of the deal before
        reader_plays(play)
    assert announced, "the reader announced a bank"
    final = scenario_of(play)
    assert final == engine_scenario(play)
    # Every computer player's move has its reason in the story, after its first step,
    # in the page's language: the engine's own sentences.
    reasons = engine_story(final, lang)[1]
    computer_moves = [a for a in final["actions"] if a["by"] in data["computer"]]
    assert len(reasons) == len(computer_moves) > 10
    shown = story_reasons(play)  # every deal of the story opened
    assert shown == reasons
    bank_words = {"fr": " annonce ", "en": " announces "}[lang]
    assert any(bank_words in text for text in shown.values())


def test_a_crafted_link_with_a_player_called_none_keeps_address_and_engine_together(
    play: Page, lang: str
) -> None:
    # Issue 20.3: an action without "by" at a table with a player called "None".
    crafted = {"players": ["None", "B"], "first_banker": "None", "actions": [{"do": "bank", "amount": 5}]}
    open_link(play, link_to(crafted))
    expect(play.locator("#lq-game")).to_be_visible()
    settle(play)
    assert scenario_of(play) == engine_scenario(play)
    undo = play.locator("[data-act=undo]")
    if undo.is_enabled():  # the engine kept the action: undo takes it back, in both
        undo.click()
        settle(play)
        assert scenario_of(play) == engine_scenario(play)
    assert scenario_of(play)["actions"] == []
    play.evaluate(COUNT_SWITCHER)
    play.locator("#lq-moves [data-move=bank]").click()  # the game goes on from there
    settle(play)
    assert play.evaluate("window.lqSwitcherWrites") == 1  # the switcher told once per move
    href = play.locator("a.md-select__link[hreflang]").first.get_attribute("href") or ""
    assert href.endswith("#" + play.url.split("#", 1)[1])  # it carries the game as it is now
    assert scenario_of(play) == engine_scenario(play)
    assert [a.get("by") for a in scenario_of(play)["actions"]] == ["None"]
