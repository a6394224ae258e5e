"""The play page's game screen (issue 17 items 1, 2, 3 and 8; issue 22 item 2).

A whole quick game is played with taps only, on a 360 x 740 phone and at 1280 x 720:
before each of the reader's moves, the move buttons and the table's drawing are in the
window (and nothing covers the buttons), and the page has not scrolled by itself since
the reader's last tap; at the end the standings are in the window. Card indices are
never hidden and at least 14 CSS px tall on a phone; after a move the focus is on the
next decision; a skip link reaches the game within 5 Tabs; the odds of each move show
on demand, in both languages, with no axe violation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES
from helpers import (
    AT_COVERING,
    PLAY,
    READY_MS,
    WORDS,
    assert_no_violations,
    engine_ready,
    link_to,
    moves_with_odds,
    readers_seat,
    readers_turns,
    ready,
    settle,
    tabs_to,
)
from playwright.sync_api import Page, expect

from browser.story import drawn, engine_story, whole_story

REPO = Path(__file__).resolve().parents[2]
PHONE, DESKTOP = (360, 740), (1280, 720)

# The rectangle of an element, and whether it lies wholly in the window.
IN_VIEW = """(selector) => Array.from(document.querySelectorAll(selector)).map((node) => {
  const r = node.getBoundingClientRect();
  return { top: r.top, left: r.left, bottom: r.bottom, right: r.right, height: r.height,
    inside: r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth };
})"""
# Whether each element is the one a tap at its centre reaches (nothing floats over it).
ON_TOP = """(selector) => Array.from(document.querySelectorAll(selector)).map((node) => {
  const r = node.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === node || node.contains(hit));
})"""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "has_touch": True}  # taps


def in_view(page: Page, selector: str) -> list[dict[str, Any]]:
    boxes: list[dict[str, Any]] = page.evaluate(IN_VIEW, selector)
    assert boxes, f"nothing matches {selector}"
    return boxes


def assert_in_view(page: Page, selector: str) -> None:
    for box in in_view(page, selector):
        assert box["inside"], f"{selector} is not wholly in the window: {box}"


def scroll_y(page: Page) -> float:
    return float(page.evaluate("() => scrollY"))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-360x740", "desktop-1280x720"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quick_game_played_by_taps_keeps_the_table_and_the_moves_on_one_screen(
    page: Page, lang: str, size: tuple[int, int]
) -> None:
    ready(page, PLAY[lang], size)
    page.locator("[data-act=quick]").first.tap()
    expect(page.locator("#lq-game")).to_be_visible()
    settle(page)
    after_tap = scroll_y(page)
    reader = readers_seat(page)  # the engine draws it (a quick game's random seat)
    yours = 0
    for _ in readers_turns(page, lang, reader):
        yours += 1
        # Before the reader's move: the moves and the table on the screen, nothing over
        # the moves, and the page where the reader left it.
        assert scroll_y(page) == after_tap, "the page scrolled by itself"
        assert_in_view(page, "#lq-moves [data-move]")
        assert_in_view(page, "#lq-figure svg")
        assert in_view(page, "#lq-figure svg")[0]["height"] >= 200  # a table one can read
        assert_in_view(page, "#lq-feed li:last-child")  # the latest event
        assert all(page.evaluate(ON_TOP, "#lq-moves [data-move]"))
        names = [str(b.get_attribute("data-move")) for b in page.locator("#lq-moves [data-move]").all()]
        do = next((m for m in ("pass", "decline", "keep") if m in names), names[0])
        page.locator(f"#lq-moves [data-move={do}]").tap()  # a bank's amount comes prefilled
        after_tap = scroll_y(page)
    expect(page.locator("#lq-over")).to_be_visible()
    assert yours >= 2, "the reader played"
    assert scroll_y(page) == after_tap, "the page scrolled by itself at the end"
    assert_in_view(page, "#lq-standings")  # the standings where the play was
    assert_in_view(page, "#lq-figure svg")
    expect(page.locator("#lq-standings-title")).to_be_focused()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]


# A deal with many exposed cards before the bank's card comes out.
MANY_CARDS = {
    "players": ["Anne", "Bruno", "Chloé"],
    "first_banker": "Anne",
    "decks": [["7S", "QH", "2C", "3D", "4S", "5H", "6C", "8D", "9S", "10H", "JC", "KD", "7D"]],
    "actions": [{"by": "Anne", "do": "bank", "amount": 12}, {"by": "Bruno", "do": "stake", "amount": 5}],
}


@pytest.mark.parametrize("size", [(360, 640), PHONE], ids=["360x640", "360x740"])
def test_turned_cards_show_their_indices_at_least_14_px_tall_on_a_phone(
    page: Page, size: tuple[int, int]
) -> None:
    ready(page, PLAY["fr"] + link_to(MANY_CARDS), size)
    settle(page)
    page.locator("#lq-amount").fill("7")
    page.locator("#lq-moves [data-move=stake]").tap()
    settle(page)
    assert page.locator("#lq-figure [data-card]").count() >= 6  # bank, players and the last four
    page.wait_for_function("() => document.getAnimations().length === 0")  # the cards have turned
    sizes = page.evaluate(
        """() => Array.from(document.querySelectorAll('#lq-figure .lq-card text'), (t) => {
          const size = parseFloat(getComputedStyle(t).fontSize);
          const m = t.getScreenCTM();
          return size * Math.hypot(m.a, m.b);  // the index's height on the screen, in CSS px
        })"""
    )
    assert sizes and min(sizes) >= 14, sizes
    # Each card's upper index is its own: no later card lies over it.
    hidden = page.evaluate(
        """() => Array.from(document.querySelectorAll('#lq-figure .lq-card'), (card) => {
          const r = card.querySelector('text').getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit && hit.closest('.lq-card') === card ? null : card.dataset.card;
        }).filter(Boolean)"""
    )
    assert hidden == []
    # The cards not drawn are counted, and every card is in the drawing's text.
    assert page.locator("#lq-figure .lq-more").count() == 1
    assert_in_view(page, "#lq-moves [data-move]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_a_move_the_focus_is_on_the_next_decision(page: Page, lang: str) -> None:
    ready(page, PLAY[lang], PHONE)
    page.locator("[data-act=quick]").first.click()
    expect(page.locator("#lq-game")).to_be_visible()
    reader = readers_seat(page)
    moved = 0
    for _ in readers_turns(page, lang, reader):
        # The reader's turn: the focus is on its first control (the amount, else the first move).
        first = (
            "#lq-amount" if page.locator("#lq-amount-box").is_visible() else "#lq-moves [data-move] >> nth=0"
        )
        expect(page.locator(first)).to_be_focused()
        page.keyboard.press("Enter" if first == "#lq-amount" else "Space")
        moved += 1
        if moved == 4:
            break
    assert moved >= 2
    # The player to act is a computer player, or the reader: the feed, or the reader's control.
    settle(page)
    focused = page.evaluate("() => document.activeElement.id || document.activeElement.dataset.move || ''")
    assert (
        focused in ("lq-feed", "lq-amount", "lq-standings-title")
        or page.locator("#lq-moves [data-move]:focus").count() == 1
    ), focused


def test_a_skip_link_reaches_the_game_within_5_tabs(page: Page) -> None:
    ready(page, PLAY["fr"], DESKTOP)
    tabs, skipped = tabs_to(page, "#lq-play *", 5)
    assert skipped, "no skip link in the first 5 Tabs"
    expect(page.locator("[data-act=quick]").first).to_be_focused()
    assert tabs <= 5


def test_the_story_draws_only_the_current_deal_and_keeps_the_whole_text(page: Page) -> None:
    from localsite.games import cycle

    data = cycle(400)
    ready(page, PLAY["en"] + link_to(data), DESKTOP)
    settle(page)
    expect(page.locator("#lq-game")).to_be_visible(timeout=READY_MS)
    texts = engine_story(data, "en")[0]
    assert drawn(page) < 20 < len(texts)  # the current deal only
    assert whole_story(page) == texts  # every deal opened: the whole text
    assert drawn(page) < 20  # closed again: drawn no more
    page.locator("[data-tab=story]").click()
    page.locator("#lq-journal summary").first.click()  # the reader opens the first deal
    expect(page.locator("#lq-journal details").first.locator("li").first).to_have_text(texts[0])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_odds_show_beside_each_move_on_demand_and_are_remembered(page: Page, lang: str) -> None:
    # Depends on the engine's odds in each move (issue 22 item 1): "odds" and "odds_text".
    ready(page, PLAY[lang] + link_to(AT_COVERING), DESKTOP)
    settle(page)
    toggle = page.locator('[data-action="odds"]')
    expect(toggle).to_have_text(WORDS(lang, "play.odds.show"))
    expect(toggle).to_have_text("Voir les chances" if lang == "fr" else "Show the odds")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # off by default
    expect(page.locator("#lq-moves .lq-odds").first).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    moves = moves_with_odds(AT_COVERING, lang)
    for move in moves:
        box = page.locator(f'#lq-moves .lq-move:has([data-move="{move["do"]}"])')
        expect(box.locator(".lq-odds-text")).to_have_text(move["odds_text"])
        expect(box.locator(".lq-odds-text")).to_be_visible()
        if move["odds"]:
            bar = box.locator(".lq-odds-bar")
            expect(bar).to_be_visible()
            expect(bar).to_have_attribute("aria-label", WORDS(lang, "play.odds.win", win=move["odds"]["win"]))
    assert any(m["do"] == "stake" and m["odds"]["win"] == "8/17" for m in moves)  # R-O: 8 in 17 with one pack
    assert_no_violations(page, f"{PLAY[lang]} with the odds shown")
    # Remembered: still on after a reload, then off again.
    page.reload()
    engine_ready(page)
    settle(page)
    expect(page.locator('[data-action="odds"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#lq-moves .lq-odds-text").first).to_be_visible()
    page.locator('[data-action="odds"]').click()
    expect(page.locator('[data-action="odds"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#lq-moves .lq-odds").first).to_be_hidden()
    assert_no_violations(page, f"{PLAY[lang]} with the odds hidden")


# Each of the game's tabs and the buttons beside them, and whether its words are cut ("Reg…").
CUT = """() => Array.from(document.querySelectorAll('.lq-tabs [role="tab"], .lq-tabbar .md-button'))
  .filter((node) => node.getClientRects().length)
  .map((node) => ({ text: node.innerText.trim(), cut: node.scrollWidth > node.clientWidth }))"""


@pytest.mark.parametrize("width", [960, 1024, 1200])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_between_a_tablet_and_a_desktop_the_tabs_say_their_whole_words(
    page: Page, lang: str, width: int
) -> None:
    # The two-column screen at its narrowest (a 1024 px projector, the class view's frame):
    # "Ta…", "St…", "Reg…" were all a reader saw of the tabs at 1024 px.
    ready(page, PLAY[lang], (width, 720))
    page.locator('[data-act="quick"]').click()
    expect(page.locator(".lq-game")).to_be_visible()
    shown = page.evaluate(CUT)
    assert len(shown) == 6 and not [tab["text"] for tab in shown if tab["cut"]], shown
    assert page.evaluate(
        "() => { const bar = document.querySelector('.lq-tabbar'); return bar.scrollWidth <= bar.clientWidth; }"
    )
    undo = page.locator('[data-act="undo"]')
    assert undo.get_attribute("title") == WORDS(lang, "play.undo")  # its name, its sign alone or not
