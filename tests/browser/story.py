"""Reading the play page's story, which draws only the current deal and the deals the
reader opens (docs/assets/js/viewer.js): the whole text is there, one deal at a time."""

from __future__ import annotations

from playwright.sync_api import Page

WHOLE_STORY = """async () => {
  const boxes = Array.from(document.querySelectorAll("#lq-journal details"));
  const closed = boxes.filter((box) => !box.open);
  closed.forEach((box) => { box.open = true; });  // as a reader's tap opens it
  for (let i = 0; i < 200 && boxes.some((box) => !box.querySelector("ol")); i++) {
    await new Promise((done) => setTimeout(done, 10));
  }
  const texts = Array.from(document.querySelectorAll("#lq-journal li"), (li) => li.textContent);
  closed.forEach((box) => { box.open = false; });
  return texts;
}"""


def whole_story(page: Page) -> list[str]:
    """Every sentence of the story, in order: each deal opened, read, and closed again."""
    texts: list[str] = page.evaluate(WHOLE_STORY)
    return texts


def drawn(page: Page) -> int:
    """How many of the story's sentences are in the page now."""
    return page.locator("#lq-journal li").count()
