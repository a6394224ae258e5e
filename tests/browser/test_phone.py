"""At 360 × 740 (a small phone) no page of the site scrolls sideways: the table
diagrams redraw within the width, nothing is cut off on the right."""

from __future__ import annotations

import pytest
from helpers import PAGES, engine_ready
from playwright.sync_api import Page, ViewportSize, expect

PHONE: ViewportSize = {"width": 360, "height": 740}
WIDEST = """() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"""


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_on_a_360_px_phone(one_page: Page, path: str, browser_log) -> None:
    page = one_page  # the module's one page: each test only opens its page and measures it
    page.set_viewport_size(PHONE)
    if path.endswith("404.html"):
        browser_log.allow_status(404, path)
    page.goto(path)
    page.wait_for_load_state("load")
    assert page.evaluate(WIDEST) <= PHONE["width"], path
    # Every drawn table fits the column it lies in: nothing of it is cut off.
    for figure in page.locator(".lq-figure svg.lq-diagram:visible").all()[:3]:
        box = figure.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], path


@pytest.mark.parametrize("path", ["/learn/", "/en/learn/"])
def test_a_lesson_played_on_a_phone_stays_within_the_screen(page: Page, path: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(path)
    engine_ready(page)
    section = page.locator('section[data-lesson="cover"]')
    section.locator('[data-choice="2"]').click()
    expect(section).to_have_attribute("data-state", "done")
    assert page.evaluate(WIDEST) <= PHONE["width"]
    box = section.locator(".lq-choices, .lq-summary .md-button").last.bounding_box()
    assert box is not None and box["height"] >= 44  # touch-sized
