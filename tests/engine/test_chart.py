"""The odds page's charts drawn for the room (issue 52 item 6: the class view's frame,
read from the back row; lansquenet.chart.PROJECTED beside the page's PAGE).

- The projected chart carries the page's data: the same bars (their tooltips, their
  heights one to another), the same running share, the same exact figure, the same
  title and description.
- Its words are the room's: 19 units in a 640-unit chart (24 px once it is 809 px wide
  or more), each inside the chart and none over another (widths estimated as the legend
  estimates them; the browser measures them: tests/browser/test_class_table.py), in both
  languages with the site's words, whatever the number of deals (a million's last tick).
- The simulation's op answers both drawings, the page's and the room's.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from lansquenet import chart, odds
from lansquenet.web import handle
from lansquenet_site.words import Words

WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
LANGS = ("fr", "en")
SHARE_KEYS = ("title", "desc", "x", "y", "observed", "expected", "band")  # odds_page.CHART_LABELS
LENGTH_KEYS = ("title", "desc", "x", "y", "mean", "pair", "decided", "bar", "tiny")  # LENGTH_LABELS
TEXT = re.compile(
    r'<text class="([^"]+)" x="([-\d.]+)" y="([-\d.]+)" text-anchor="(\w+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)</text>'
)


def labels(lang: str, prefix: str, keys: tuple[str, ...]) -> dict[str, str]:
    """A chart's words as the site gives them (odds_page._labels): raw, counted ones in each form."""
    catalogue = WORDS.catalogue(lang)
    return {
        name.removeprefix(prefix + "."): catalogue[name]
        for key in keys
        for name in WORDS.entries(lang, f"{prefix}.{key}")
    }


def sim(deals: int) -> dict[str, object]:
    found: dict[str, object] = odds.simulation_json(odds.simulate(deals, seed=7, points=60))
    return found


def charts(lang: str, layout: chart.Layout, deals: int = 10_000) -> dict[str, str]:
    return {
        "length": chart.length_chart(
            odds.ONE_PACK, lang, labels(lang, "odds.length", LENGTH_KEYS), layout=layout
        ),
        "share": chart.share_chart(sim(deals), lang, labels(lang, "odds.chart", SHARE_KEYS), layout=layout),
    }


def normalised(svg: str, cls: str) -> list[float]:
    """The points of the polyline ``cls``, each axis scaled to 0..1 (the same data, drawn
    in any geometry, gives the same points)."""
    found = re.search(rf'<polyline class="{cls}"[^>]*points="([^"]+)"', svg)
    assert found, cls
    points = [tuple(float(v) for v in point.split(",")) for point in found[1].split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]

    def scale(v: float, values: list[float]) -> float:
        return (v - min(values)) / ((max(values) - min(values)) or 1)

    return [v for x, y in points for v in (scale(x, xs), scale(y, ys))]


@pytest.mark.parametrize("lang", LANGS)
def test_the_projected_chart_carries_the_page_s_data(lang: str) -> None:
    page, room = charts(lang, chart.PAGE), charts(lang, chart.PROJECTED)
    for name in ("length", "share"):
        assert 'class="lq-chart lq-projected"' in room[name] and "lq-projected" not in page[name], name
        for tag in ("title", "desc"):  # what a screen reader says of it
            assert (
                re.findall(rf"<{tag}[^>]*>[^<]*</{tag}>", page[name])[:1]
                == re.findall(rf"<{tag}[^>]*>[^<]*</{tag}>", room[name])[:1]
            ), (name, tag)
    # The same bars: their tooltips (each length's exact share), and their heights one to another.
    tips = [
        re.findall(r"<rect class=\"lq-(?:bar|pair)\"[^>]*><title>([^<]*)</title>", svg)
        for svg in (page["length"], room["length"])
    ]
    assert tips[0] == tips[1] and len(tips[0]) == len(odds.length_distribution(odds.ONE_PACK))
    heights = [
        [float(h) for h in re.findall(r'<rect class="lq-(?:bar|pair)"[^>]*height="([\d.]+)"', svg)]
        for svg in (page["length"], room["length"])
    ]
    assert [round(h / max(heights[0]), 2) for h in heights[0]] == pytest.approx(
        [round(h / max(heights[1]), 2) for h in heights[1]], abs=0.015
    )
    assert normalised(page["length"], "lq-outline") == pytest.approx(
        normalised(room["length"], "lq-outline"), abs=0.01
    )
    # The same running share, against the same exact figure.
    assert normalised(page["share"], "lq-observed") == pytest.approx(
        normalised(room["share"], "lq-observed"), abs=0.01
    )
    reference = [
        re.findall(r'class="lq-reference"[^>]*data-value="([^"]+)"', svg)
        for svg in (page["share"], room["share"])
    ]
    assert reference[0] == reference[1] == [repr(float(odds.bank_wins(odds.ONE_PACK)))]


def boxes(svg: str, layout: chart.Layout) -> list[tuple[str, float, float, float, float]]:
    """Each word of the chart as an estimated box: (text, left, top, right, bottom)."""
    found = []
    for cls, x, y, anchor, size, text in TEXT.findall(svg):
        assert int(size) == layout.font, (cls, text, size)
        width = layout.char * len(unescape(text))
        left = {"start": float(x), "middle": float(x) - width / 2, "end": float(x) - width}[anchor]
        found.append(
            (unescape(text), left, float(y) - 0.8 * layout.font, left + width, float(y) + 0.2 * layout.font)
        )
    return found


@pytest.mark.parametrize("deals", [1, 10_000, 300_000])
@pytest.mark.parametrize("lang", LANGS)
def test_the_projected_chart_s_words_are_the_room_s_inside_it_none_over_another(
    lang: str, deals: int
) -> None:
    layout = chart.PROJECTED
    # 24 px on the screen (the back row's rule) once the chart is 809 px wide: the frame's
    # width at 1024x768 and 1280x720 (odds.css: the frame's width, a screen high at most).
    assert layout.font / layout.width * 809 >= 24
    for name, svg in charts(lang, layout, deals).items():
        words = boxes(svg, layout)
        assert len(words) >= 8, (name, words)  # ticks, titles, legend, the marked figure
        out = [w for w in words if w[1] < 0 or w[3] > layout.width or w[2] < 0 or w[4] > layout.height]
        assert out == [], (name, out)
        met = [
            (a[0], b[0])
            for i, a in enumerate(words)
            for b in words[i + 1 :]
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
        ]
        assert met == [], (name, met)
        # No more ticks than the page's (fewer where the page's would crowd the room's words).
        page = charts(lang, chart.PAGE, deals)[name]
        ticks = [len(re.findall(r'class="lq-tick"', svg)) for svg in (page, svg)]
        assert ticks[1] <= ticks[0], (name, ticks)


def test_the_simulation_s_answer_holds_both_drawings() -> None:
    words = labels("fr", "odds.chart", SHARE_KEYS)
    answer = json.loads(
        handle(json.dumps({"op": "simulate", "n": 500, "seed": 4, "lang": "fr", "chart": words}))
    )
    drawn = odds.simulation_json(odds.simulate(500, 4))
    assert answer["svg"] == chart.share_chart(drawn, "fr", words, ident="lq-sim-chart")
    assert answer["svg_projected"] == chart.share_chart(
        drawn, "fr", words, ident="lq-sim-chart-projected", layout=chart.PROJECTED
    )
