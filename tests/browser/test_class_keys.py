"""The class view owns its keys wherever the focus is (issue 52, point 1;
docs/assets/js/class.js, class-frame.js, page.js ownKeys).

At 1280x720 and 1024x768, in each language, for each part of the plan: after a click on
the part's table (the class's table, projected in its frame), its example (a stepper of
the part's material) or its live page (a frame), P pauses the countdown and nothing else
(the frame's page the same page, not loaded again, its table still projected: not the theme's
previous-page shortcut), N (the theme's next page) changes no page, → steps the example
or the table (← back first, then →: the same step again), and Escape leaves the class
view (not the table's projector layout first)."""

from __future__ import annotations

import re

import pytest
from configured import LANGUAGES, PREFIX
from playwright.sync_api import Locator, Page, ViewportSize, expect

SIZES: list[ViewportSize] = [{"width": 1280, "height": 720}, {"width": 1024, "height": 768}]
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
PROJECTING_URL = re.compile(r"^http")  # the table's own code: its game's address

# Each shown frame's page and document: its address without the game's fragment (which
# grows as the computer players play) and a mark left in its window (same origin): a
# page replaced, or loaded again, loses it.
MARKED = """(view) => Array.from(view.querySelectorAll("iframe.lq-part-frame")).filter((f) => !f.hidden)
  .forEach((f) => { f.contentWindow.lqMark = f.dataset.frame; })"""
ADDRESSES = """(view) => Array.from(view.querySelectorAll("iframe.lq-part-frame"))
  .filter((f) => !f.hidden).map((f) => [f.dataset.frame, f.contentWindow.location.pathname, f.contentWindow.lqMark])"""


def opened(page: Page, at: int) -> Locator:
    """The class view, run from the teachers' page, at part ``at`` (PageDown from the first)."""
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    expect(view).to_have_attribute("data-current", "0")
    for _ in range(at):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(at))
    return view


def ready(page: Page, view: Locator) -> None:
    """The part's frames drawn, the class's table projected in the coach's parts."""
    for frame in view.locator("iframe.lq-part-frame:visible").all():
        name = frame.get_attribute("data-frame")
        inner = page.frame_locator(f'iframe[data-frame="{name}"]')
        expect(inner.locator("html.lq-framed")).to_have_count(1)
        if name == "game":
            expect(inner.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
            if view.get_attribute("data-coach") is not None:
                expect(inner.locator("#lq-view.lq-projecting")).to_be_visible()
                expect(inner.locator("#lq-view > .lq-share")).to_have_attribute("data-url", PROJECTING_URL)


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1024x768"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_a_click_on_a_parts_table_or_example_p_pauses_right_steps_escape_leaves(
    page: Page, lang: str, size: ViewportSize
) -> None:
    page.set_viewport_size(size)
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto(PATH[lang])
    view = page.locator("#lq-class")
    count = view.locator(".lq-part").count()
    clicked: list[str] = []
    for at in range(count):
        view = opened(page, at)
        ready(page, view)
        part = view.locator(".lq-part:not([hidden])")
        name = part.get_attribute("data-part") or ""
        countdown = part.locator(".lq-countdown")
        table = page.frame_locator('iframe[data-frame="game"]').locator("#lq-view")
        examples = part.locator(".lansquenet-scenario:visible")
        if view.get_attribute("data-coach") is not None:
            # The class's table: a click on its drawing, inside the frame.
            table.locator(".lq-figure").click()
            kind = "table"
        elif examples.count():
            examples.first.locator(".lq-narration, p, figure").first.click()
            kind = "example"
        elif view.locator("iframe.lq-part-frame:visible").count():
            frame = view.locator("iframe.lq-part-frame:visible").first.get_attribute("data-frame")
            page.frame_locator(f'iframe[data-frame="{frame}"]').locator("h1").click()
            kind = "page"
        else:
            part.locator("h2").click()
            kind = "view"
        clicked.append(f"{name}:{kind}")
        view.evaluate(MARKED)
        before = view.evaluate(ADDRESSES)

        # P: the countdown paused, and nothing else (the theme's previous page: not in a frame).
        page.keyboard.press("p")
        expect(countdown).to_have_attribute("data-state", "paused")
        page.keyboard.press("n")  # the theme's next page: nothing
        page.keyboard.press("s")  # the theme's search: nothing
        assert view.evaluate(ADDRESSES) == before, (name, kind)
        if kind == "table":
            expect(table).to_have_class(_projecting())
        page.keyboard.press("p")
        expect(countdown).to_have_attribute("data-state", "running")

        # → steps the example or the table.
        if kind == "example":
            example = examples.first
            start = int(example.get_attribute("data-current") or "0")
            page.keyboard.press("ArrowRight")
            expect(example).to_have_attribute("data-current", str(start + 1))
            page.keyboard.press(" ")
            expect(example).to_have_attribute("data-current", str(start + 2))
        elif kind == "table":
            game = page.frame_locator('iframe[data-frame="game"]')
            counter = game.locator("#lq-counter")  # "Step 3 / 3"
            if steps(counter)[1] < 2:  # a game at its first step: a move made, the table's own
                game.locator("#lq-turn .lq-move button").first.evaluate("(button) => button.click()")
                expect(counter).not_to_have_text(re.compile(r"\b1\D+1\b"))
                table.locator(".lq-figure").click()
            at, total = steps(counter)
            page.keyboard.press("ArrowLeft")
            expect(counter).to_have_text(re.compile(rf"\b{at - 1}\D+{total}\b"))
            page.keyboard.press("ArrowRight")
            expect(counter).to_have_text(re.compile(rf"\b{at}\D+{total}\b"))
            expect(table).to_have_class(_projecting())
        assert view.evaluate(ADDRESSES) == before, (name, kind)

        # Escape: the class view left, from wherever the focus is.
        page.keyboard.press("Escape")
        expect(view).to_be_hidden()
        assert page.url.split("#")[0].endswith(PATH[lang]), page.url  # the teachers' page still
    # Every part was tried, the tables and the examples among them.
    assert any(c.endswith(":table") for c in clicked) and any(c.endswith(":example") for c in clicked), (
        clicked
    )


def steps(counter: Locator) -> tuple[int, int]:
    """The table's step and its steps' count, as its counter says them."""
    expect(counter).to_have_text(re.compile(r"\d+\D+\d+"))
    numbers = [int(n) for n in re.findall(r"\d+", counter.inner_text())]
    return numbers[0], numbers[1]


def _projecting() -> re.Pattern[str]:
    return re.compile(r"\blq-projecting\b")
