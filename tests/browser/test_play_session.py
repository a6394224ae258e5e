"""The play page on the worker's live session (issue 10), in a real Chromium.

A long game shared as a link (2 000 actions, made by the benchmarks' seeded generator,
never committed) opens, and a move and an undo on them update the page; a
reload keeps the game and undo still works; the language switcher carries the game and
the step shown; "New table" is a history entry (Back returns to the game); while the
engine works the table says so and its controls are off; a piece of an opened game's
story that cannot come is said, and the game goes on; the story's and the ledger's
pieces, asked for when shown, never keep the table busy, and a move made before they
come keeps its place among them (issue 54, 9c); the rule pages' stepper and the
play page show a step of the worked example alike (text, cards, result, balances).

The module shares one page per language as tests/browser/test_play.py does (its
fixtures and helpers), so Pyodide starts once per language.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import helpers
import pytest
from helpers import lang, no_dialog_opened, play, shared  # fixtures, used by name
from playwright.sync_api import Page, expect

import lansquenet
from browser.story import engine_story, in_tab, ledger_count, whole_story
from lansquenet import view
from localsite.games import long_scenario

__all__ = ["lang", "no_dialog_opened", "play", "shared"]  # fixtures, used by name
BIG_MS = 60_000  # opening a 2 000-action game: Python replays it once


# The module's tests share its play pages (``shared``): one worker runs them all (make test).
pytestmark = pytest.mark.xdist_group("play-session")


def counter(lang: str, index: int, total: int) -> str:
    return helpers.WORDS(lang, "stepper.counter", index=index, total=total)


def next_action(session: lansquenet.Session) -> dict[str, Any]:
    """A legal action for the player to act: the first move, its least amount."""
    return helpers.least_action(view.steps(session, session.count - 1)[0]["state"]["to_act"])


# In French only: the game's length is the cost here, the words the same code in either
# language (every other test of the module runs in both). 2 000 actions, not the 5 000 of
# earlier runs (49 s on a busy machine): as many steps in the page's story as in the
# engine's, and a story drawn a deal at a time, show at any length; what length costs is
# the benchmarks' (figures 8b, 8c, 9a-9d, to 8 000 actions).
@pytest.mark.parametrize("lang", ["fr"])
def play_next(page: Page, session: lansquenet.Session) -> tuple[dict[str, Any], Any]:
    """The session's next action played on the page as a reader plays it (its amount typed,
    its button pressed), and in ``session``: the action and what the engine did of it."""
    action = next_action(session)
    played = session.push(action)
    if "amount" in action:
        page.fill("#lq-amount", str(action["amount"]))
    page.locator(f"#lq-moves [data-move={action['do']}]").click()
    helpers.settle(page)
    return action, played


def open_long_game(page: Page, lang: str, script: str) -> lansquenet.Session:
    """A game of several deals (400 actions: the open answer leaves the story's start out)
    opened from its link, the page's requests to the worker changed by ``script``; the
    same game as a session."""
    data = long_scenario(400, seed=11)
    page.add_init_script(script)
    page.goto(helpers.PLAY[lang].lstrip("/") + helpers.link_to(data))
    expect(page.locator("#lq-game")).to_be_visible(timeout=BIG_MS)
    return lansquenet.Session(data)


# The worker's requests, as engine.js posts them, kept: their op, and whether an open
# carried a record.
SENT = """
window.lqSent = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && typeof message.request === "string") {
    const request = JSON.parse(message.request);
    window.lqSent.push({ op: request.op, carry: typeof request.carry === "string" });
  }
  return post.call(this, message, ...rest);
};
"""


# Issue 54 (9c): followed from a game, the language switcher's link takes the engine's
# record of it along (carry.js, lansquenet/carry.py), asked for as the menu opens or, else,
# at the click; the game there is the whole game: its story from the first sentence, its
# ledger, and undo back past its last deal.
def test_the_switcher_carries_the_game_s_record_and_the_game_there_is_whole(page: Page, lang: str) -> None:
    data = long_scenario(400, seed=11)
    session = lansquenet.Session(data)
    other = helpers.OTHER[lang]
    page.add_init_script(SENT)
    page.goto(helpers.PLAY[lang].lstrip("/") + helpers.link_to(data))
    expect(page.locator("#lq-game")).to_be_visible(timeout=BIG_MS)
    helpers.settle(page)
    helpers.pick_language(page, other)
    page.wait_for_url(lambda url: urlsplit(url).path == helpers.PLAY[other] and "#scenario=" in url)
    expect(page.locator("#lq-game")).to_be_visible(timeout=BIG_MS)
    helpers.settle(page)
    assert page.locator("html").get_attribute("lang") == other
    assert {"op": "open", "carry": True} in page.evaluate("() => window.lqSent")
    assert helpers.scenario_of(page) == data
    expect(page.locator("#lq-counter")).to_have_text(counter(other, session.count, session.count))
    texts, _ = engine_story(data, other)
    assert whole_story(page) == texts  # from its first sentence, in the other language
    assert ledger_count(page) == session.deals
    for _ in range(6):  # back past the last deal's first action
        page.locator("[data-act=undo]").click()
        helpers.settle(page)
    for _ in range(6):
        session.pop()
    assert helpers.scenario_of(page) == session.scenario()
    expect(page.locator("#lq-counter")).to_have_text(counter(other, session.count, session.count))
    # Back, the link followed at once (no menu reached for: the record asked for at the click).
    page.locator(f"a.md-select__link[hreflang={lang}]").dispatch_event("click")
    page.wait_for_url(lambda url: urlsplit(url).path == helpers.PLAY[lang] and "#scenario=" in url)
    expect(page.locator("#lq-game")).to_be_visible(timeout=BIG_MS)
    helpers.settle(page)
    assert page.evaluate("() => window.lqSent")[0] == {"op": "open", "carry": True}
    assert helpers.scenario_of(page) == session.scenario()
    expect(page.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))


def test_a_long_link_opens_and_a_move_and_an_undo_update_the_page(play: Page, lang: str) -> None:
    data = long_scenario(2000, seed=11)  # the benchmarks' generator, seed 11
    session = lansquenet.Session(data)
    last = view.steps(session, session.count - 1, None, lang)[0]
    play.evaluate("(fragment) => { location.hash = fragment; }", helpers.link_to(data))
    play.locator("#lq-play[aria-busy=false]").wait_for(state="attached", timeout=BIG_MS)
    expect(play.locator("#lq-game")).to_be_visible(timeout=BIG_MS)
    expect(play.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))
    expect(play.locator("#lq-step-text")).to_have_text(last["text"])
    assert ledger_count(play) == session.deals
    assert play.locator("#lq-journal li").count() < 40  # the story draws its current deal only
    assert len(whole_story(play)) == session.count
    assert helpers.scenario_of(play) == data
    # A move: what the engine says of it, and the address holds one action more.
    action, played = play_next(play, session)
    expect(play.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))
    expect(play.locator("#lq-step-text")).to_have_text(lansquenet.event_text(played[-1][0].json(), lang))
    assert helpers.scenario_of(play)["actions"] == [*data["actions"], action]
    assert ledger_count(play) == session.deals
    # Undo: back where the link was (the whole story read once more: the move's sentences
    # came and went, opening every deal takes a while).
    play.locator("[data-act=undo]").click()
    helpers.settle(play)
    session.pop()
    expect(play.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))
    expect(play.locator("#lq-step-text")).to_have_text(last["text"])
    assert helpers.scenario_of(play) == data and len(whole_story(play)) == session.count
    # A step far back is drawn when asked for (the worker's steps op).
    play.locator("[data-go=first]").click()
    expect(play.locator("#lq-step-text")).to_have_text(view.steps(session, 0, 1, lang)[0]["text"])
    expect(play.locator("#lq-counter")).to_have_text(counter(lang, 1, session.count))


# The worker's requests, as engine.js posts them; each ``story`` one made bad on its way.
SPOIL_STORY = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && typeof message.request === "string" && message.request.includes('"op":"story"')) {
    message = { id: message.id, request: '{"op": "story", "to": -1}' };
  }
  return post.call(this, message, ...rest);
};
"""


def test_a_story_piece_that_cannot_come_is_said_and_the_game_goes_on(page: Page, lang: str) -> None:
    session = open_long_game(page, lang, SPOIL_STORY)
    helpers.settle(page)  # the table is not busy for the story's pieces: asked for when shown
    page.locator("[data-tab=story]").click()
    page.locator("#lq-journal summary").first.click()  # the reader opens the first deal
    detail = "to must be a whole number from 0 to 2^53 - 1"  # the engine's bad_request
    expect(page.locator("#lq-rest-error")).to_have_text(
        helpers.WORDS(lang, "play.rest.failed", detail=detail)
    )
    first = page.locator("#lq-journal details").first
    expect(first).to_have_attribute("aria-busy", "true")  # its sentences never came
    page.locator("[data-tab=table]").click()
    # The rest is as it was: the last step shown, the ledger whole, a move still plays.
    expect(page.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))
    assert ledger_count(page) == session.deals
    play_next(page, session)
    expect(page.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))
    expect(page.locator("#lq-rest-error")).to_be_visible()  # the story is still not whole


# The worker's requests, as engine.js posts them; each ``story`` and ``ledger`` one held
# back a while on its way (a slow engine): what the page asked for before comes late.
HOLD_PIECES = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  const request = message && typeof message.request === "string" ? message.request : "";
  if (request.includes('"op":"story"') || request.includes('"op":"ledger"')) {
    setTimeout(() => post.call(this, message, ...rest), 1500);
    return;
  }
  return post.call(this, message, ...rest);
};
"""


def test_a_move_made_before_the_story_and_the_ledger_come_keeps_its_place(page: Page, lang: str) -> None:
    session = open_long_game(page, lang, HOLD_PIECES)
    helpers.settle(page)
    # The reader opens the ledger and the story's first deal: their pieces are on their
    # way, the table is not busy for them and a move plays at once.
    page.locator("[data-tab=ledger]").click()
    page.locator("[data-tab=story]").click()
    first = page.locator("#lq-journal details").first
    first.locator("summary").click()
    expect(first).to_have_attribute("aria-busy", "true")  # its sentences on their way
    page.locator("[data-tab=table]").click()
    assert page.locator("#lq-play").get_attribute("aria-busy") == "false"
    expect(page.locator("#lq-turn fieldset")).to_be_enabled()
    _, played = play_next(page, session)
    expect(page.locator("#lq-counter")).to_have_text(counter(lang, session.count, session.count))
    expect(page.locator("#lq-step-text")).to_have_text(lansquenet.event_text(played[-1][0].json(), lang))
    # Every piece in its place, the move's own sentences after them: the engine's story
    # of the game with the move, and a ledger row per deal, in order.
    texts, _ = engine_story(helpers.scenario_of(page), lang)
    assert len(texts) == session.count
    assert whole_story(page) == texts
    assert ledger_count(page) == session.deals
    numbers = in_tab(page, "ledger", lambda: page.locator("#lq-ledger tbody th").all_inner_texts())
    assert numbers == [str(n) for n in range(1, session.deals + 1)]
    assert page.locator("#lq-rest-error").is_hidden()


def test_while_the_engine_works_the_table_says_so(play: Page, lang: str) -> None:
    helpers.set_table(play, ["A", "B", "C"], banker="A")
    play.fill("#lq-amount", "12")
    # Right after the click, before any answer: busy, and the move controls are off.
    busy = play.evaluate(
        """() => {
          document.querySelector('#lq-moves [data-move=bank]').click();
          return [document.getElementById('lq-play').getAttribute('aria-busy'),
                  document.querySelector('#lq-turn fieldset').disabled,
                  document.querySelector('[data-act=new-table]').disabled];
        }"""
    )
    assert busy == ["true", True, True]
    helpers.settle(play)
    expect(play.locator("#lq-turn fieldset")).to_be_enabled()
    expect(play.locator("#lq-busy")).to_be_hidden()
    assert [a["do"] for a in helpers.scenario_of(play)["actions"]] == ["bank"]  # the move was made once


def test_undo_works_after_a_reload(play: Page, lang: str) -> None:
    helpers.set_table(play, ["A", "B", "C"], banker="A", decks="7S QH 2C QD")
    helpers.move(play, "bank", 12)
    helpers.move(play, "stake", 5)
    helpers.move(play, "stake", 7)
    before = helpers.scenario_of(play)
    play.reload()
    helpers.engine_ready(play)
    helpers.settle(play)
    expect(play.locator("#lq-game")).to_be_visible()
    assert helpers.scenario_of(play) == before
    play.locator("[data-act=undo]").click()
    helpers.settle(play)
    assert helpers.scenario_of(play)["actions"] == before["actions"][:-1]
    helpers.check_against_engine(play, lang)


def test_the_language_switch_keeps_the_game_and_the_step_shown(
    play: Page, lang: str, shared: helpers.Shared
) -> None:
    helpers.set_table(play, ["Anne", "Bruno"], banker="Anne", decks="7S QH 2C QD")
    helpers.move(play, "bank", 10)
    helpers.move(play, "stake", 4)
    game = helpers.scenario_of(play)
    total = len(helpers.journal(play))
    assert total == 3
    play.locator("[data-go=first]").click()
    play.locator("[data-go=next]").click()  # the second step: not the last one
    expect(play.locator("#lq-counter")).to_have_text(counter(lang, 2, total))
    switcher = play.locator(f"a.md-select__link[hreflang={helpers.OTHER[lang]}]")
    expect(switcher).to_have_attribute("href", re.compile(r"#scenario=[\w-]+&step=1$"))
    other = shared.open(str(switcher.evaluate("a => a.href")))
    try:
        expect(other.locator("#lq-game")).to_be_visible()
        expect(other.locator("#lq-counter")).to_have_text(counter(helpers.OTHER[lang], 2, total))
        step = lansquenet.trace(game, helpers.OTHER[lang])[1]
        expect(other.locator("#lq-step-text")).to_have_text(step["text"])
        assert helpers.scenario_of(other) == game
    finally:
        other.close()


def test_new_table_is_a_history_entry(play: Page, lang: str) -> None:
    helpers.set_table(play, ["A", "B", "C"], banker="A")
    helpers.move(play, "bank", 12)
    game = helpers.scenario_of(play)
    helpers.tool(play, "new-table")
    expect(play.locator("#lq-setup")).to_be_visible()
    assert "#" not in play.url
    play.go_back()
    helpers.settle(play)
    expect(play.locator("#lq-game")).to_be_visible()
    assert helpers.scenario_of(play) == game
    helpers.check_against_engine(play, lang)


def test_the_stepper_and_the_play_page_show_a_step_alike(
    play: Page, lang: str, shared: helpers.Shared
) -> None:
    # Issue 10: one view, the engine's: same sentence, cards, result and balances, on a
    # covering step (a stake shown) and at the settlement (R-T2: the result line).
    data = lansquenet.load("worked-example")
    steps = lansquenet.trace(data, lang)
    staking = next(i for i, s in enumerate(steps) if any(r["stake"] for r in s["rows"]))
    settled = next(i for i, s in enumerate(steps) if s["result"])
    helpers.open_link(play, helpers.link_to(data))
    rule = shared.context.new_page()
    try:
        rule.goto({"fr": "/rules/settlement/", "en": "/en/rules/settlement/"}[lang])
        section = rule.locator(".lansquenet-scenario").first
        for index in (staking, settled):
            for scope in (play.locator("#lq-view"), section):
                scope.press("Home")
                for _ in range(index):
                    scope.press("ArrowRight")
            expect(play.locator("#lq-step-text")).to_have_text(steps[index]["text"])
            shown = section.locator(f".lq-step[data-step='{index}']")
            expect(shown).to_be_visible()
            helpers.laid_out(shown)
            assert shown.locator(".lq-text").inner_text().split() == (
                play.locator("#lq-view .lq-text").inner_text().split()
            )
            cards = ".lq-cardtext"
            assert (
                shown.locator(cards).all_inner_texts() == play.locator(f"#lq-view {cards}").all_inner_texts()
            )
            script = "els => els.map(e => e.className)"
            assert shown.locator(cards).evaluate_all(script) == play.locator(
                f"#lq-view {cards}"
            ).evaluate_all(script)
            rows = [[cell.split() for cell in row] for row in helpers.table_rows(play, "#lq-balances")]
            assert [
                [cell.split() for cell in row]
                for row in helpers.table_rows(
                    rule, f"#{shown_id(section)} .lq-step[data-step='{index}'] .lq-balances"
                )
            ] == rows
            if index == staking:
                assert play.locator("#lq-balances .lq-stake").count() >= 1
            else:
                expect(play.locator("#lq-result")).to_have_text(
                    helpers.WORDS(lang, "steps.result", changes=steps[index]["result"]["line"])
                )
                assert shown.locator(".lq-result").inner_text() == play.locator("#lq-result").inner_text()
    finally:
        rule.close()
    assert helpers.PLAY[lang] in play.url


def shown_id(section: Any) -> str:
    return str(section.get_attribute("id"))
