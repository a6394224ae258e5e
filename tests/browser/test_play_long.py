"""A long game on a phone (issue 54, figure 9c): the play page draws what is seen, and
a reader still reaches the game's first action, by scrolling and by keys.

The game of figure 9 (localsite/games.py ``cycle``: 1 000 actions, 334 deals) opened
from its link in a 320 px window: the story draws the current deal's sentences only and
the ledger no row until its tab is shown (docs/assets/js/viewer.js, ledger.js); the
story's tab lists every deal, the first one's line is reached by scrolling the panel up
(the mouse wheel) and by Tab from the tabs, and opened it reads the game's first action;
the ledger's first deal is reached by scrolling and by the keys of its scrolling box.
"""

from __future__ import annotations

import helpers
import pytest
from helpers import lang  # the fixture, used by name
from playwright.sync_api import Locator, Page, expect

import lansquenet
from localsite.games import cycle

__all__ = ["lang"]  # the fixture, used by name
BIG_MS = 60_000  # Python replays 1 000 actions once
PHONE = 320  # px: the narrowest phone the site is made for
FIRST_DEAL = "#lq-journal details:first-child"

# One page per language: the engine starts and replays the game once per test.
pytestmark = pytest.mark.xdist_group("play-long")


def sentence(session: lansquenet.Session, index: int, lang: str) -> str:
    """Step ``index``'s sentence, as the engine words it (lansquenet/web.py ``_texts``)."""
    return lansquenet.event_text(session.event(index).json(), lang)


def scrolled_to_end(panel: Locator) -> None:
    """The panel scrolled to its end, as after reading the latest deals."""
    panel.evaluate("(e) => { e.scrollTop = e.scrollHeight; }")
    expect(panel).not_to_have_js_property("scrollTop", 0)


def wheeled_to_top(page: Page, panel: Locator) -> None:
    """The mouse wheel over ``panel`` until it is at its top, as a reader scrolls up."""
    box = panel.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(200):
        if panel.evaluate("(e) => e.scrollTop") == 0:
            return
        page.mouse.wheel(0, -2000)
        page.wait_for_timeout(20)  # the wheel's scroll lands over a few frames
    raise AssertionError("the panel never came back to its top")


def test_a_long_games_first_action_is_reached_by_scrolling_and_by_keys(page: Page, lang: str) -> None:
    data = cycle(1000)
    session = lansquenet.Session(data)
    first_action = session.played(0).first  # the step where the game's first action begins
    page.set_viewport_size({"width": PHONE, "height": 640})
    page.goto(helpers.PLAY[lang].lstrip("/") + helpers.link_to(data))
    expect(page.locator("#lq-game")).to_be_visible(timeout=BIG_MS)
    helpers.settle(page)
    expect(page.locator("#lq-counter")).to_have_text(
        helpers.WORDS(lang, "stepper.counter", index=session.count, total=session.count)
    )
    # Drawn at once: the current deal's sentences only, no ledger row.
    assert page.locator("#lq-journal li").count() < 40
    assert page.locator("#lq-ledger tbody tr").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE

    # The story: every deal listed; the first one reached by the wheel, then by keys.
    page.locator("[data-tab=story]").click()
    panel = page.locator("#lq-panel-story")
    first = page.locator(FIRST_DEAL)
    expect(first.locator("summary")).to_have_text(helpers.WORDS(lang, "play.deal_n", n=1))
    scrolled_to_end(panel)
    expect(first).not_to_be_in_viewport()
    wheeled_to_top(page, panel)
    expect(first.locator("summary")).to_be_in_viewport()
    first.locator("summary").click()  # a tap opens the deal: its sentences are written
    expect(first.locator("li").nth(first_action)).to_have_text(sentence(session, first_action, lang))
    expect(first.locator("li").first).to_have_text(sentence(session, 0, lang))
    first.locator("summary").click()  # closed again
    expect(first.locator("li")).to_have_count(0)

    scrolled_to_end(panel)
    page.locator("[data-tab=story]").focus()
    helpers.tabs_to(page, FIRST_DEAL + " > summary", 6)  # the tabs, the story's box, its first deal
    expect(first.locator("summary")).to_be_in_viewport()  # the focus brought it into view
    page.keyboard.press("Enter")
    expect(first.locator("li").nth(first_action)).to_have_text(sentence(session, first_action, lang))

    # The ledger: a row per deal once its tab is shown; the first one reached the same ways.
    page.locator("[data-tab=ledger]").click()
    panel = page.locator("#lq-panel-ledger")
    rows = page.locator("#lq-ledger tbody tr")
    expect(rows).to_have_count(session.deals)
    first_row = rows.first.locator("th")
    expect(first_row).to_have_text("1")
    scrolled_to_end(panel)
    expect(first_row).not_to_be_in_viewport()
    wheeled_to_top(page, panel)
    expect(first_row).to_be_in_viewport()

    scrolled_to_end(panel)
    page.locator("[data-tab=ledger]").focus()
    helpers.tabs_to(page, "#lq-panel-ledger, #lq-panel-ledger *", 6)  # the ledger's scrolling box
    page.keyboard.press("Home")
    expect(panel).to_have_js_property("scrollTop", 0)
    expect(first_row).to_be_in_viewport()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE
