"""The table's drawing on a 360 px phone (engine/lansquenet/diagram.py): every seat's line
lies inside its box and over no other text, the banker's box included when it tells who
first announced a bank that was sold since (R-B4), in both languages; and so in the
projected table's drawing (diagram.PROJECTED) in the class view's frame, at tables of up
to six (from seven on, its lowest seats are drawn over the corners' notes)."""

from __future__ import annotations

from typing import Any

import pytest
from configured import LANGUAGES
from helpers import AT_COVERING, PLAY, link_to, ready, settle
from playwright.sync_api import Page, ViewportSize, expect

import lansquenet
from lansquenet.diagram import PAGE, PROJECTED, Layout, diagram, sprite

PHONE: ViewportSize = {"width": 360, "height": 740}
FRAME = {"width": 1238, "height": 522}  # the class view's frame at 1280 x 720
NAMES = ["Anne", "Bruno", "Chloé"]


def sold_bank(lang: str) -> list[dict[str, Any]]:
    """The steps after Anne's bank wins, is left and bought by Chloé, then staked on."""
    anne, bruno, chloe = NAMES
    data = {
        "players": NAMES,
        "first_banker": anne,
        "decks": [["7S", "QH", "2C", "7D", "9C", "3H", "4D", "5S"]],
        "actions": [
            {"by": anne, "do": "bank", "amount": 12},
            {"by": bruno, "do": "stake", "amount": 5},
            {"by": chloe, "do": "stake", "amount": 7},
            {"by": anne, "do": "leave"},
            {"by": bruno, "do": "decline"},
            {"by": chloe, "do": "buy"},
            {"by": anne, "do": "stake", "amount": 5},
        ],
    }
    steps = lansquenet.trace(data, lang)
    assert steps[-1]["state"]["bank"]["original_holder"] == anne
    return [step["state"] for step in steps[-2:]]


def crowded(lang: str, seats: int = 10) -> list[dict[str, Any]]:
    """Ten seats with names as long as the drawing keeps them, the worked example's steps."""
    players = [f"Bartholomé{k}" for k in range(seats)]
    data = {"players": players, "first_banker": players[0], "actions": []}
    worked = lansquenet.trace(lansquenet.load("worked-example"), lang)
    return [lansquenet.trace(data, lang)[0]["state"]] + [step["state"] for step in worked]


# Each seat's text boxes against its rect, and every other text of the drawing.
MEASURE = """(svg) => {
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const texts = Array.from(svg.querySelectorAll("text")).filter((t) => !t.closest(".lq-card"));
  return Array.from(svg.querySelectorAll(".lq-seat")).map((seat) => ({
    seat: seat.dataset.seat,
    rect: box(seat.querySelector("rect")),
    lines: Array.from(seat.querySelectorAll("text")).map((t) => [t.textContent, box(t)]),
    others: texts.filter((t) => !seat.contains(t)).map((t) => [t.textContent, box(t)]),
  }));
}"""


def inside(inner: list[float], outer: list[float]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def meet(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(
    ("layout", "size", "seats"), [(PAGE, PHONE, 10), (PROJECTED, FRAME, 6)], ids=["page", "projected"]
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_seat_label_lies_inside_its_box_and_over_no_other_text_on_a_phone(
    page: Page, lang: str, layout: Layout, size: ViewportSize, seats: int
) -> None:
    page.set_viewport_size(size)
    states = sold_bank(lang) + crowded(lang, seats)
    drawings = "".join(f'<div style="margin:8px">{diagram(state, lang, layout)}</div>' for state in states)
    page.set_content(f'<html lang="{lang}"><body style="margin:0">{sprite()}{drawings}</body></html>')
    said = page.locator("svg.lq-diagram").first.inner_html()
    original = lansquenet.narration.catalogue(lang)["diagram.original_mark"].split(" ")[0]
    assert original in said  # the sold bank's first announcer is told
    for index, svg in enumerate(page.locator("svg.lq-diagram").all()):
        for seat in svg.evaluate(MEASURE):
            for text, line in seat["lines"]:
                assert inside(line, seat["rect"]), (index, seat["seat"], text)
                for other, there in seat["others"]:
                    assert not meet(line, there), (index, seat["seat"], text, other)


# Each seat's counters (its second line: the balance, "banker" beside the banker's), as
# big as they are on the screen (px).
COUNTERS = """(svg) => Array.from(svg.querySelectorAll(".lq-seat")).map((seat) => {
  const line = seat.querySelectorAll("text")[1];
  return [seat.dataset.seat, line.getScreenCTM().a * parseFloat(getComputedStyle(line).fontSize)];
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_play_page_s_drawing_writes_the_seats_counters_at_12_px_on_a_320_px_phone(
    page: Page, lang: str
) -> None:
    # Issue 52: at 320 px the table's counters were about 10 px (the page's drawing, 440
    # units across, scaled to the phone's width): at least 12 px now, no scroll sideways.
    ready(page, PLAY[lang] + link_to(AT_COVERING), (320, 640))
    settle(page)
    svg = page.locator("#lq-view .lq-figure svg")
    expect(svg).to_be_visible()
    sizes = svg.evaluate(COUNTERS)
    assert len(sizes) == 3
    assert all(px >= 12 for _, px in sizes), sizes
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
