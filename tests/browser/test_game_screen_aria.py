"""The game screen as assistive technology reads it (issue 34, done when): Playwright ARIA
snapshots of a seeded game with three computer players, at the reader's first decision,
after the computer players' turn and at the end, in both languages; axe finds nothing in
these states, in the light and the dark palettes.

The snapshots are in tests/browser/aria/ (YAML, Playwright's format): what a screen
reader is given, so a change of a name, a role or a sentence shows in review. They were
written by running this module with LQ_ARIA_WRITE=1 and read before being kept; without
it, a missing snapshot fails."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import PLAY, assert_no_violations, link_to, ready, settle, your_turn
from playwright.sync_api import Page, expect

HERE = Path(__file__).parent / "aria"
GAME = {  # Anne is the reader; the engine's seed makes every deal and computer move the same
    "players": ["Anne", "Bruno", "Chloé", "David"],
    "first_banker": "Anne",
    "seed": 34,
    "finish_after": 2,
    "computer": {"Bruno": "cautious", "Chloé": "steady", "David": "bold"},
    "actions": [],
}


def matches(page: Page, name: str) -> None:
    """The game screen's ARIA snapshot is the one kept under ``name``."""
    game = page.locator("#lq-game")
    path = HERE / f"{name}.yaml"
    if os.environ.get("LQ_ARIA_WRITE"):
        HERE.mkdir(exist_ok=True)
        path.write_text(game.aria_snapshot() + "\n", "utf-8")
    assert path.exists(), f"no ARIA snapshot {path.name}: run with LQ_ARIA_WRITE=1 and read it"
    expect(game).to_match_aria_snapshot(path.read_text("utf-8"))


def reader_decides(page: Page) -> None:
    """Until the reader's turn (the computer players moving meanwhile) or the end."""
    for _ in range(300):
        settle(page)
        if page.locator("#lq-over").is_visible() or your_turn_anne(page):
            return
        page.wait_for_timeout(30)
    raise AssertionError("the reader's turn never came")


def your_turn_anne(page: Page) -> bool:
    lang = page.locator("#lq-play").get_attribute("lang") or "fr"
    return your_turn(page, lang, "Anne")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_game_screen_read_at_a_decision_after_the_computers_and_at_the_end(
    page: Page, lang: str, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    ready(page, PLAY[lang] + link_to(GAME), (360, 740))
    reader_decides(page)
    page.wait_for_function("() => document.getAnimations().length === 0")
    matches(page, f"{lang}-decision")
    assert_no_violations(page, f"{lang} {scheme}: at a decision")
    # Cards not turned are never in the accessibility tree: the drawing is one image.
    assert page.locator("#lq-figure svg [role], #lq-figure svg [aria-label]").count() == 0
    page.locator("#lq-moves [data-move]").first.click()  # the bank, its amount prefilled
    reader_decides(page)
    page.wait_for_function("() => document.getAnimations().length === 0")
    matches(page, f"{lang}-after-computers")
    assert_no_violations(page, f"{lang} {scheme}: after the computer players' turn")
    for _ in range(60):
        if page.locator("#lq-over").is_visible():
            break
        names = [str(b.get_attribute("data-move")) for b in page.locator("#lq-moves [data-move]").all()]
        do = next((m for m in ("pass", "decline", "keep") if m in names), names[0])
        page.locator(f"#lq-moves [data-move={do}]").click()
        reader_decides(page)
    expect(page.locator("#lq-over")).to_be_visible()
    page.wait_for_function("() => document.getAnimations().length === 0")
    matches(page, f"{lang}-end")
    assert_no_violations(page, f"{lang} {scheme}: at the end")
