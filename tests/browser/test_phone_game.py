"""The game screen on phones (issue 34 item 1), measured: a whole quick game at 320, 360,
390 and 414 px wide, the odds shown and hidden. At every decision of the reader and at
the end: no control overlaps another control or the drawing's text; no control is cut by
the screen's edge; no sentence is shown twice (a computer player's reason is the feed's
only). At 360 px the drawing's text (names, counters, the bank, the labels, the cards'
indices) is at least 12 CSS px tall, and the drawing fills at least 85 % of the width it has."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import PLAY, readers_seat, readers_turns, ready
from playwright.sync_api import Page, expect

SIZES = [(320, 640), (360, 740), (390, 844), (414, 896)]

# Every control shown in the game screen, every text of its drawing, and the texts shown
# (each visible leaf block's words), measured in one go.
MEASURE = """() => {
  const game = document.getElementById('lq-game');
  const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';
  const box = (node) => { const r = node.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
  const controls = Array.from(game.querySelectorAll('button, input, select, summary, a[href], [role=tab]'))
    .filter(shown).map((node) => Object.assign(box(node), {
      name: (node.dataset.move || node.dataset.go || node.dataset.act || node.dataset.action
        || node.dataset.tab || node.id || node.textContent || node.tagName).trim().slice(0, 40) }));
  const svg = document.querySelector('#lq-figure svg');
  const texts = svg ? Array.from(svg.querySelectorAll('text')).filter(shown).map((t) => {
    const m = t.getScreenCTM();
    return Object.assign(box(t), { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) });
  }) : [];
  const figure = document.getElementById('lq-figure').getBoundingClientRect();
  const drawn = svg ? svg.getScreenCTM().a * svg.viewBox.baseVal.width : 0;
  const sentences = Array.from(game.querySelectorAll('li, p, legend, summary, .lq-odds-text, .lq-reason'))
    .filter((n) => shown(n) && !n.closest('.lq-sprite') && !n.querySelector('li, p, .lq-reason'))
    .map((n) => n.innerText.trim()).filter((t) => t.length > 20);
  return { controls, texts, figure: figure.width, drawn, sentences, width: innerWidth };
}"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    """The area two rectangles share, in CSS px²."""
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(w, 0) * max(h, 0)


def check(page: Page, width: int, when: str) -> None:
    seen: dict[str, Any] = page.evaluate(MEASURE)
    controls, texts = seen["controls"], seen["texts"]
    assert controls and texts, when
    for c in controls:  # nothing cut by the screen's edge
        assert c["left"] >= -0.5 and c["right"] <= width + 0.5, f"{when}: {c['name']} cut: {c}"
    for i, a in enumerate(controls):
        for b in controls[i + 1 :]:
            assert overlap(a, b) < 1, f"{when}: {a['name']} overlaps {b['name']}"
        for t in texts:
            assert overlap(a, t) < 1, f"{when}: {a['name']} lies over the drawing's {t['text']!r}"
    if width == 360:
        small = [(t["text"], round(t["px"], 1)) for t in texts if t["px"] < 12]
        assert not small, f"{when}: the drawing's text under 12 px: {small}"
        assert seen["drawn"] >= 0.85 * seen["figure"], f"{when}: the drawing leaves its width unused: {seen}"
    twice = {s for s in seen["sentences"] if seen["sentences"].count(s) > 1}
    assert not twice, f"{when}: shown twice: {twice}"


@pytest.mark.parametrize("odds", ["hidden", "shown"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_quick_game_on_a_phone_overlaps_nothing_and_cuts_nothing(
    page: Page, size: tuple[int, int], odds: str
) -> None:
    if odds == "shown":
        page.add_init_script("localStorage.setItem('lq.odds', 'on')")
    ready(page, PLAY["en"], size)
    page.locator("[data-act=quick]").first.click()
    expect(page.locator("#lq-game")).to_be_visible()
    expect(page.locator('#lq-game [data-action="odds"]')).to_have_attribute(
        "aria-pressed", "true" if odds == "shown" else "false"
    )
    reader = readers_seat(page)
    decisions = 0
    for _ in readers_turns(page, "en", reader):
        decisions += 1
        page.wait_for_function("() => document.getAnimations().length === 0")
        check(page, size[0], f"decision {decisions}")
        names = [str(b.get_attribute("data-move")) for b in page.locator("#lq-moves [data-move]").all()]
        do = next((m for m in ("stake", "keep", "pass", "decline") if m in names), names[0])
        page.locator(f"#lq-moves [data-move={do}]").click()
    expect(page.locator("#lq-over")).to_be_visible()
    assert decisions >= 2, "the reader played"
    page.wait_for_function("() => document.getAnimations().length === 0")
    check(page, size[0], "the end")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
