"""Reading the play page's story and ledger, which draw only what is shown
(docs/assets/js/viewer.js, ledger.js): the story's tab lists every deal, and a deal's
sentences are written when it is opened (an opened game's earlier ones asked for then,
the deal busy until they come); the ledger's rows are drawn in its tab (an opened
game's asked for then, the ledger busy until they have all come). The table is not
busy for them: these helpers wait for what they read, as a reader waits to see it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Page

from lansquenet import web

T = TypeVar("T")
ROWS_MS = 30_000  # the ledger's rows asked for when it is shown (helpers.ENGINE_MS: one answer)

WHOLE_STORY = """async () => {
  const boxes = Array.from(document.querySelectorAll("#lq-journal details"));
  const closed = boxes.filter((box) => !box.open);
  closed.forEach((box) => { box.open = true; });  // as a reader's tap opens it
  // each deal written once its sentences have come (asked for as it opens)
  for (let i = 0; i < 3000 && boxes.some((box) => !box.querySelector("ol")); i++) {
    await new Promise((done) => setTimeout(done, 20));
  }
  const texts = Array.from(document.querySelectorAll("#lq-journal li"), (li) => li.textContent);
  closed.forEach((box) => { box.open = false; });
  return texts;
}"""


WHOLE_REASONS = WHOLE_STORY.replace(
    "(li) => li.textContent)",
    '(li) => (li.querySelector(".lq-reason") || {}).textContent || "")',
)


def in_tab(page: Page, tab: str, read: Callable[[], T]) -> T:
    """What ``read`` finds with the game screen's ``tab`` shown; then back to the table."""
    page.locator(f"[data-tab={tab}]").click()
    try:
        return read()
    finally:
        page.locator("[data-tab=table]").click()


def whole_story(page: Page) -> list[str]:
    """Every sentence of the story, in order: each deal opened, read, and closed again."""
    texts: list[str] = in_tab(page, "story", lambda: page.evaluate(WHOLE_STORY))
    return texts


def story_reasons(page: Page) -> dict[str, str]:
    """The computer players' reasons the story shows, by the index of their step."""
    found: list[str] = in_tab(page, "story", lambda: page.evaluate(WHOLE_REASONS))
    return {str(i): reason for i, reason in enumerate(found) if reason}


def ledger_rows(page: Page) -> None:
    """Wait until the ledger shown has every row (an opened game's come when it is shown)."""
    page.locator("#lq-ledger:not([aria-busy=true])").wait_for(state="attached", timeout=ROWS_MS)


def ledger_count(page: Page) -> int:
    """How many deals the ledger lists, once its rows have come."""

    def count() -> int:
        ledger_rows(page)
        return page.locator("#lq-ledger tbody tr").count()

    return in_tab(page, "ledger", count)


def drawn(page: Page) -> int:
    """How many of the story's sentences are in the page now."""
    return page.locator("#lq-journal li").count()


def engine_story(data: object, lang: str) -> tuple[list[str], dict[str, str]]:
    """The whole story of ``data`` as the engine's worker tells it (lansquenet/web.py):
    its open answer, then the steps before the last deal (the ``story`` op): every
    step's sentence, and the computer players' reasons by the index of their step."""
    opened = json.loads(web.handle(json.dumps({"op": "open", "scenario": data, "lang": lang})))
    texts: list[str] = []
    reasons: dict[str, str] = {}
    to = opened["from"]
    while to > 0:  # as viewer.js asks: from the end
        piece = json.loads(web.handle(json.dumps({"op": "story", "to": to})))
        texts[:0] = piece["texts"]
        reasons |= piece["reasons"]
        to = piece["from"]
    return [*texts, *opened["texts"], opened["step"]["text"]], reasons | opened["reasons"]


# What the page says in its live region (the croupier's keys, test_croupier and
# test_play_court): installed with page.evaluate(LISTEN), read by ask().
# Each text the live region was given (an emptied region is not a message).
LISTEN = """() => { window.lqTold = [];
  new MutationObserver(() => { const t = document.getElementById('lq-announce').textContent;
    if (t) window.lqTold.push(t); }).observe(document.getElementById('lq-announce'),
    { childList: true, characterData: true, subtree: true }); }"""


def ask(page: Page, key: str) -> str:
    """Press ``key`` and return what the live region then says."""
    before = page.evaluate("() => window.lqTold.length")
    page.keyboard.press(key)
    page.wait_for_function("(n) => window.lqTold.length > n", arg=before)
    told: str = page.evaluate("() => window.lqTold[window.lqTold.length - 1]")
    return told
