"""The counters in the projector view of a rule page's table (projector.css): the table's
header and its caption ("Counters in hand after this step") whole, inside the window and
inside the projected view, at 1280x720 and on a 4:3 projector (1024x768), at every step
of the worked example, in both languages."""

from __future__ import annotations

import re

import pytest
from configured import LANGUAGES, PREFIX
from playwright.sync_api import Page, ViewportSize, expect

SIZES: list[ViewportSize] = [{"width": 1280, "height": 720}, {"width": 1024, "height": 768}]

# The header's cells and the caption shown: each box, the view's, the window's; and whether
# each one's text is wider than its own box (cut by its ellipsis or its overflow).
MEASURE = """(box) => {
  const step = Array.from(box.querySelectorAll(".lq-step")).find((s) => !s.hidden);
  const table = step.querySelector("table.lq-balances");
  const parts = [table.querySelector("caption"), ...table.querySelectorAll("thead th")];
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const view = r(box);
  const bar = box.querySelector(".lq-controls").getBoundingClientRect().top;
  return parts.map((el) => ({ text: el.textContent.trim(), box: r(el), view, bar,
    cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 }));
}"""


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1024x768"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_counters_header_and_caption_are_whole_in_the_projector_view(
    page: Page, lang: str, size: ViewportSize
) -> None:
    page.set_viewport_size(size)
    page.goto(f"/{PREFIX[lang]}rules/settlement/")
    box = page.locator("#lq-scenario-1")
    expect(box).to_have_attribute("data-stepper", "ready")
    box.locator('[data-action="projector"]').click()
    # The projector view comes on first use (stepper.js loads it and its stylesheet): the
    # view is measured once it is open, its styles applied.
    expect(box).to_have_class(re.compile(r"\blq-projecting\b"))
    total = int(box.get_attribute("data-steps") or 0)
    for index in range(total):
        expect(box).to_have_attribute("data-current", str(index))
        for part in box.evaluate(MEASURE):
            left, top, right, bottom = part["box"]
            assert part["text"] and not part["cut"], (index, part)
            assert 0 <= left and right <= size["width"] and 0 <= top and bottom <= part["bar"], (index, part)
            view = part["view"]
            assert view[0] <= left and right <= view[2] and view[1] <= top, (index, part)
        page.keyboard.press("ArrowRight")
