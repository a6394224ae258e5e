"""The Montmort page on a 320 px phone, in every language of the configuration: the page
never scrolls sideways; each of its three wide tables scrolls inside its own box, which a
keyboard reaches and a screen reader names after the table's caption (C-15's figures)."""

from __future__ import annotations

import pytest
from configured import LANGUAGES, PREFIX
from playwright.sync_api import Page, ViewportSize, expect

NARROW: ViewportSize = {"width": 320, "height": 640}
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_montmort_page_on_a_320_px_phone(page: Page, lang: str) -> None:
    page.set_viewport_size(NARROW)
    page.goto(f"/{PREFIX[lang]}montmort/")
    page.wait_for_load_state("load")
    assert page.evaluate(WIDEST) <= NARROW["width"]
    boxes = page.locator(".lq-montmort .lq-scroll")
    assert boxes.count() == 3
    for i in range(boxes.count()):
        box = boxes.nth(i)
        caption = box.locator("caption").inner_text()
        expect(page.get_by_role("region", name=caption)).to_have_count(1)
        box.scroll_into_view_if_needed()
        bounds = box.bounding_box()
        assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= NARROW["width"]
        # the table is wider than the phone: it scrolls inside its box, not the page
        assert box.evaluate("(b) => b.scrollWidth > b.clientWidth")
        box.focus()
        page.keyboard.press("ArrowRight")
        expect(box).to_be_focused()
        # Chromium scrolls by a key smoothly (a few frames): wait for it to move
        box.evaluate(
            "(b) => new Promise((done) => { const t = Date.now(); (function look() { if (b.scrollLeft > 0 || Date.now() - t > 3000) done(); else requestAnimationFrame(look); })(); })"
        )
        assert box.evaluate("(b) => b.scrollLeft") > 0
    assert page.evaluate(WIDEST) <= NARROW["width"]
