"""The history's timeline of checked dates on a 320 px phone, in every language of the
configuration: a list a screen reader announces as one, its dates text and links, and
nothing that scrolls sideways."""

from __future__ import annotations

import pytest
from configured import LANGUAGES, PREFIX
from playwright.sync_api import Page, ViewportSize, expect

NARROW: ViewportSize = {"width": 320, "height": 640}
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_timeline_reads_on_a_320_px_phone(page: Page, lang: str) -> None:
    page.set_viewport_size(NARROW)
    page.goto(f"/{PREFIX[lang]}rules/history/")
    timeline = page.get_by_role("list", name=page.locator(".lq-timeline").get_attribute("aria-label") or "")
    expect(timeline).to_be_visible()
    dates = timeline.locator("li > a.lq-timeline-date")
    assert dates.count() >= 12
    assert page.evaluate(WIDEST) <= NARROW["width"]
    for i in range(dates.count()):
        date = dates.nth(i)
        date.scroll_into_view_if_needed()
        box = date.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
        assert any(c.isdigit() for c in date.inner_text())  # the date is text
