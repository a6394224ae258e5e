"""CONFORMANCE.md's "Limits" in the page: every case of tests/limits/ opened as a link
and replayed by the worker, in a real Chromium, agrees with the command line (CPython).

A link the engine does not take as a scenario, or whose table it refuses, gives the
empty table and the page's sentence for a bad link; one whose action it refuses opens
the game up to that action and says why, in the reader's language; any other opens as
the command line replays it. The worker's ``replay`` of each case's very text is what
``python -m lansquenet replay`` prints, 16 MB and one byte included. The module shares
tests/browser/test_play.py's pages (Python starts once per language).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (  # the fixtures too: shared, no_dialog_opened, lang, play
    WORDS,
    Shared,
    journal,
    lang,
    link_to,
    no_dialog_opened,
    open_link,
    play,
    shared,
)
from playwright.sync_api import Page, expect
from spec_cases import LIMITS, NOT_A_SCENARIO, cases_in, expected_of, norm

import lansquenet
from lansquenet.limits import MAX_BYTES

__all__ = ["lang", "no_dialog_opened", "play", "shared"]  # fixtures, used by name


# The module's tests share its play pages (``shared``): one worker runs them all (make test).
pytestmark = pytest.mark.xdist_group("play-limits")


def link(case: Path) -> str:
    return link_to(case.read_bytes())


def test_every_limit_case_opens_as_a_link_as_the_command_line_says(play: Page, lang: str) -> None:
    for case in cases_in(LIMITS):
        want = expected_of(case)
        open_link(play, link(case))
        error = play.locator("#lq-link-error")
        if want == NOT_A_SCENARIO or want.get("state", "") is None:  # not a game, or its table refused
            expect(error).to_have_text(WORDS(lang, "play.bad_link"))
            expect(play.locator("#lq-game")).to_be_hidden()
            continue
        data = lansquenet.parse(case.read_text("utf-8"))
        told = lansquenet.session(data, lang)
        expect(play.locator("#lq-game")).to_be_visible()
        if "error" in want:  # the game up to the refused action, and why, in the reader's language
            number = want["error"]["action"] + 1
            expect(error).to_have_text(
                WORDS(lang, "play.link_refused", number=number, message=told["error"]["message"])
            )
        else:
            expect(error).to_be_hidden()
        assert journal(play) == [step["text"] for step in told["steps"]], case.stem


def test_the_worker_replays_every_limit_case_as_the_command_line(shared: Shared) -> None:
    page = shared.play("en")
    for case in cases_in(LIMITS):
        answer = page.evaluate("(text) => window.lansquenet.replay(text)", case.read_text("utf-8"))
        assert norm(answer) == norm(expected_of(case)), case.stem
    # 16 MB of text is a scenario; one byte more is not (made in the page, not sent).
    source = (LIMITS / "unknown-keys-ignored.json").read_text("utf-8")
    assert source.isascii()
    sizes = page.evaluate(
        """async ([text, max]) => [
             await window.lansquenet.replay(text + " ".repeat(max - text.length)),
             await window.lansquenet.replay(text + " ".repeat(max + 1 - text.length)),
           ]""",
        [source, MAX_BYTES],
    )
    assert norm(sizes[0]) == norm(expected_of(LIMITS / "unknown-keys-ignored.json"))
    assert norm(sizes[1]) == NOT_A_SCENARIO and "16 MB" in sizes[1]["error"]["message"]
