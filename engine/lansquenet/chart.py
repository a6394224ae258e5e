"""Charts of the odds: pure functions that return SVG text, for the odds page.

Two charts, drawn the same way at build time (the page is complete without JavaScript)
and in the browser (the worker's ``simulate`` op, :mod:`lansquenet.web`):

- :func:`share_chart`: a simulation's running share of deals won by the bank, against a
  horizontal line at the exact figure (9/17 with the rules' pack) and the band where
  chance keeps the share 95 times in 100;
- :func:`length_chart`: the exact distribution of a deal's length (cards turned after
  the first two), one bar per length, with the mean marked.

Each is drawn in a :class:`Layout`: :data:`PAGE` for the page, :data:`PROJECTED` for the
room (the class view's frame, read from the back row: larger words, fewer ticks), the same
data in both (tests/engine/test_chart.py).

Every number in them comes from :mod:`lansquenet.odds`; none is typed in. The words come
from the caller (the site's catalogues): ``labels`` maps a few keys to text in which
``{name}`` is filled in (a missing label is left out); a label that counts something
comes as its language's plural forms, ``desc.0``, ``desc.1``…, of which the number's
(:func:`lansquenet.narration.plural`) is used. Numbers are written in the
reader's language (:func:`number`, :func:`percent`): a decimal comma and narrow
no-break spaces in French.

>>> from lansquenet import odds
>>> svg = share_chart(odds.simulation_json(odds.simulate(2000, seed=1)), "fr", {"expected": "attendu {value}"})
>>> svg.startswith("<svg") and 'class="lq-reference"' in svg and "attendu 9/17 ≈ 52,9\u202f%" in svg
True
>>> "<polyline" in length_chart(odds.ONE_PACK, "en")
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from . import odds
from .languages import FALLBACK
from .narration import catalogue, plural

__all__ = ["LAYOUTS", "PAGE", "PROJECTED", "Layout", "fraction", "length_chart", "number", "percent",
           "share_chart", "summary"]  # fmt: skip


@dataclass(frozen=True)
class Layout:
    """A chart's geometry: its viewBox, the plot's margins (room for the axes and the
    legend), the words' size and where they go, and about how many ticks each axis has.

    :data:`PAGE` is the page's chart, read at arm's length (12-unit words). :data:`PROJECTED`
    is the same chart, the same data, drawn for the room (the class view's frame, read from
    the back row: words of 19 units, shown 24 px and more once the chart is 1.27 px a unit
    or more): fewer ticks, the y axis's title above the plot rather than along it, wider
    margins, the legend on rows of its own.
    """

    name: str
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    font: int  # the words' size, in the viewBox's units
    char: float  # a character's width, estimated (the legend's rows, the words kept in)
    tick_gap: int  # under the x axis: its tick labels' baseline
    title_gap: int  # its title's
    legend_gap: int  # the legend's first row's
    row: int  # from one legend row to the next
    share_ticks: tuple[int, int]  # about how many ticks on x and y (the running share)
    length_ticks: tuple[int, int]  # (the length of a deal)
    y_title_above: bool  # the y axis's title above the plot, across (else along the axis)
    css: str  # the chart's class beside ``lq-chart``


PAGE = Layout("page", 640, 340, 64, 24, 16, 84, 12, 6.2, 17, 36, 58, 18, (4, 5), (9, 5), False, "")
PROJECTED = Layout("projected", 640, 340, 72, 28, 40, 118, 19, 10.5, 24, 52, 84, 27, (4, 5), (5, 3), True,
                   " lq-projected")  # fmt: skip
LAYOUTS = {layout.name: layout for layout in (PAGE, PROJECTED)}
WIDTH, HEIGHT = PAGE.width, PAGE.height


# --- numbers in the reader's language ------------------------------------------------


def number(value: float, lang: str = FALLBACK, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals, grouped by thousands, in ``lang`` (its
    catalogue's ``number.group`` and ``number.decimal``).

    >>> number(10000, "fr"), number(10000, "en"), number(7.2857, "fr", 2), number(7.2857, "en", 2)
    ('10\u202f000', '10,000', '7,29', '7.29')
    >>> number(-1234.5, "fr", 1)
    '−1\u202f234,5'
    """
    words = catalogue(lang)
    marks = {",": words["number.group"], ".": words["number.decimal"]}
    text = "".join(marks.get(c, c) for c in f"{abs(value):,.{digits}f}")
    return ("−" if value < 0 and text.strip("0.,") else "") + text


def percent(value: float, lang: str = FALLBACK, digits: int = 1) -> str:
    """A share (0 to 1) as a percentage: ``52,9 %`` in French, ``52.9%`` in English
    (the catalogue's ``number.percent``).

    >>> percent(9 / 17, "fr"), percent(9 / 17, "en"), percent(0.25, "en", 0)
    ('52,9\u202f%', '52.9%', '25%')
    """
    return catalogue(lang)["number.percent"].format(value=number(value * 100, lang, digits))


def fraction(value: Fraction, lang: str = FALLBACK, digits: int = 1, share: bool = True) -> str:
    """An exact figure and its value: ``9/17 ≈ 52,9 %``; a whole number alone.

    >>> fraction(Fraction(9, 17), "fr"), fraction(Fraction(51, 7), "en", 2, share=False)
    ('9/17 ≈ 52,9\u202f%', '51/7 ≈ 7.29')
    >>> fraction(Fraction(4), "en", share=False), fraction(Fraction(1, 2), "en", share=False)
    ('4', '1/2 = 0.5')
    """
    if value.denominator == 1:
        return number(value.numerator, lang)
    scale = 10 ** (digits + 2 if share else digits)
    shown = percent(float(value), lang, digits) if share else number(float(value), lang, digits)
    return f"{value} {'=' if (value * scale).denominator == 1 else '≈'} {shown}"


def summary(
    sim: Mapping[str, Any], lang: str, templates: Mapping[str, str], expected: Mapping[str, str]
) -> list[str]:
    """The two sentences under a simulation's chart (``sim``: its JSON), the one way
    they are written, at build time and in the browser: ``templates["summary"]`` (the
    deals, the bank's wins and share, against ``expected["share"]``; or its plural
    forms, ``summary.0``…, the deals picking one) and
    ``templates["details"]`` (the opening pairs and the cards turned, against
    ``expected["pair"]`` and ``expected["mean"]``), numbers in ``lang``.

    >>> sim = odds.simulation_json(odds.simulate(1000, seed=1))
    >>> print(summary(sim, "en", {"summary": "{deals} deals: {share}", "details": "{mean} cards"}, {}))
    ['1,000 deals: 52.5%', '6.67 cards']
    >>> one = odds.simulation_json(odds.simulate(1, seed=1))
    >>> summary(one, "en", {"summary.0": "{deals} deal", "summary.1": "{deals} deals"}, {})[0]
    '1 deal'
    """
    first = _fill(
        templates.get(_form(templates, "summary", sim["deals"], lang), ""),
        deals=number(sim["deals"], lang),
        wins=number(sim["bank_wins"], lang),
        share=percent(sim["bank_share"]["float"], lang),
        expected=expected.get("share", ""),
    )
    second = _fill(
        templates.get("details", ""),
        pairs=number(sim["opening_pairs"], lang),
        pair_share=percent(sim["pair_share"]["float"], lang),
        pair_expected=expected.get("pair", ""),
        mean=number(sim["mean_cards"]["float"], lang, 2),
        mean_expected=expected.get("mean", ""),
    )
    return [first, second]


# --- drawing helpers ----------------------------------------------------------------


def _fill(template: str, **params: object) -> str:
    """``{name}`` replaced by ``params[name]``; any other brace is left as written.

    >>> _fill("after {deals} deals, {unknown}", deals="10")
    'after 10 deals, {unknown}'
    """
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), template)


def _form(labels: Mapping[str, str] | None, key: str, count: int, lang: str) -> str:
    """The key of ``labels``' form of ``key`` for ``count`` (``key.<form>``), or
    ``key`` itself when it comes in one form.

    >>> labels = {"bar.0": "{k} carte", "bar.1": "{k} cartes"}
    >>> _form(labels, "bar", 1, "fr"), _form(labels, "bar", 2, "fr"), _form({}, "bar", 2, "fr")
    ('bar.0', 'bar.1', 'bar')
    """
    form = f"{key}.{plural(lang)(count)}"
    return form if form in (labels or {}) else key


def _label(labels: Mapping[str, str] | None, key: str, **params: object) -> str:
    template = (labels or {}).get(key, "")
    return _fill(template, **params) if isinstance(template, str) else ""


def _nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about ``ticks`` ticks.

    >>> _nice_step(100), _nice_step(0.07), _nice_step(0), _nice_step(45, 9)
    (20.0, 0.02, 1.0, 5.0)
    """
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 2.5, 5.0, 10.0):
        if raw <= factor * power * 1.0000001:
            return factor * power
    return 10.0 * power  # pragma: no cover - the loop always returns


def _ticks(low: float, high: float, step: float) -> list[float]:
    """From ``low`` to ``high`` by ``step``, both ends included when they fall on a step.

    >>> _ticks(0, 1, 0.25)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    count = math.floor((high - low) / step + 1e-9)
    return [round(low + i * step, 10) for i in range(count + 1)]


def _digits(step: float) -> int:
    """Decimals a percent label needs for ticks ``step`` apart (as a share).

    >>> _digits(0.05), _digits(0.025), _digits(0.005)
    (0, 1, 1)
    """
    return 0 if abs(step * 100 - round(step * 100)) < 1e-9 else 1


def _svg(ident: str, title: str, desc: str, body: list[str], layout: Layout = PAGE) -> str:
    head, labelled = "", ""
    if title:
        ids = f"{ident}-title {ident}-desc" if desc else f"{ident}-title"
        labelled = f' aria-labelledby="{ids}"'
        head = f'<title id="{ident}-title">{escape(title)}</title>'
        if desc:
            head += f'<desc id="{ident}-desc">{escape(desc)}</desc>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="lq-chart{layout.css}" id="{ident}"'
        f' viewBox="0 0 {layout.width} {layout.height}" width="{layout.width}" height="{layout.height}"'
        f' role="img"{labelled}>{head}{"".join(body)}</svg>'
    )


def _text(
    x: float,
    y: float,
    text: str,
    anchor: str = "middle",
    cls: str = "lq-tick",
    extra: str = "",
    layout: Layout = PAGE,
) -> str:
    return (
        f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"'
        f' font-family="inherit" font-size="{layout.font}" fill="currentColor"{extra}>{escape(text)}</text>'
    )


def _kept_in(x: float, text: str, layout: Layout) -> tuple[float, str]:
    """Where a label centred at ``x`` is written so that it stays in the chart (its width
    estimated): centred, or its end at the chart's right edge (a long last tick: 1 000 000).

    >>> _kept_in(616, "10 000", PAGE), _kept_in(616, "1 000 000", PROJECTED)
    ((616, 'middle'), (638, 'end'))
    """
    if x + layout.char * len(text) / 2 > layout.width:
        return layout.width - 2, "end"
    return x, "middle"


def _wrap(text: str, room: float, layout: Layout) -> list[str]:
    """``text`` in lines of at most ``room`` units (its words whole; estimated widths).

    >>> _wrap("donne décidée par la première carte décisive", 250, PROJECTED)
    ['donne décidée par la', 'première carte décisive']
    >>> _wrap("short", 250, PAGE)
    ['short']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and layout.char * len(f"{lines[-1]} {word}") <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _axes(
    x_ticks: Sequence[tuple[float, str]],
    y_ticks: Sequence[tuple[float, str]],
    x_title: str,
    y_title: str,
    layout: Layout = PAGE,
) -> list[str]:
    """Grid, axes, tick labels and axis titles; ticks are ``(position in px, label)``."""
    left, top, font = layout.left, layout.top, layout.font
    bottom, right = layout.height - layout.bottom, layout.width - layout.right
    parts = ['<g class="lq-grid" stroke="currentColor" stroke-opacity="0.15">']
    parts += [f'<line x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}"/>' for y, _ in y_ticks]
    parts.append("</g>")
    parts.append(
        f'<path class="lq-axis" d="M{left} {top}V{bottom}H{right}" fill="none" stroke="currentColor"/>'
    )
    parts += [_text(left - font / 2, y + font / 3, label, "end", layout=layout) for y, label in y_ticks]
    for x, label in x_ticks:
        at, anchor = _kept_in(x, label, layout)
        parts.append(
            f'<line class="lq-axis" x1="{x:.1f}" x2="{x:.1f}" y1="{bottom}" y2="{bottom + 4}" stroke="currentColor"/>'
            + _text(at, bottom + layout.tick_gap, label, anchor, layout=layout)
        )
    if x_title:
        parts.append(
            _text((left + right) / 2, bottom + layout.title_gap, x_title, cls="lq-axis-title", layout=layout)
        )
    if y_title and layout.y_title_above:
        parts.append(_text(2, font, y_title, "start", cls="lq-axis-title", layout=layout))
    elif y_title:
        middle = (top + bottom) / 2
        turn = f' transform="rotate(-90 16 {middle:.1f})"'
        parts.append(_text(16, middle, y_title, cls="lq-axis-title", extra=turn, layout=layout))
    return parts


def _legend(items: Sequence[tuple[str, str]], layout: Layout = PAGE) -> list[str]:
    """Under the x axis, rows of ``(swatch markup drawn at 0,0, text)``; an item that
    would not fit in the row starts the next one, a text longer than a row takes two
    (text width is estimated)."""
    parts: list[str] = []
    left, right = float(layout.left), layout.width - layout.right
    x, y = left, float(layout.height - layout.bottom + layout.legend_gap)
    for swatch, text in items:
        if not text:
            continue
        width = 26 + layout.char * len(text)
        if x > left and x + width > right:
            x, y = left, y + layout.row
        lines = _wrap(text, right - x - 26, layout) if x + width > right else [text]
        parts.append(
            f'<g class="lq-legend" transform="translate({x:.0f},{y - layout.font / 3:.0f})">{swatch}</g>'
        )
        for line in lines:
            parts.append(_text(x + 26, y, line, "start", cls="lq-legend-text", layout=layout))
            y += layout.row
        y -= layout.row
        x += 26 + layout.char * max(len(line) for line in lines) + 18
    return parts


# --- the simulation's running share -------------------------------------------------


def share_chart(
    sim: Mapping[str, Any],
    lang: str = FALLBACK,
    labels: Mapping[str, str] | None = None,
    ident: str = "lq-share",
    layout: Layout = PAGE,
) -> str:
    """The running share of deals won by the bank in ``sim`` (the JSON of
    :func:`lansquenet.odds.simulation_json`), with the exact figure as a horizontal line.

    ``labels`` (all optional): ``title``, ``desc`` (``{deals}``, ``{share}``,
    ``{expected}``), ``x``, ``y``, ``observed``, ``expected`` and ``band`` (``{value}``:
    the exact figure). The line is ``polyline.lq-observed``, the exact figure
    ``line.lq-reference``, the band ``polygon.lq-band``. ``layout``: :data:`PAGE` or
    :data:`PROJECTED` (the same data, drawn for the room).

    >>> from lansquenet import odds
    >>> sim = odds.simulation_json(odds.simulate(1000, seed=3, points=10))
    >>> svg = share_chart(sim, "en", {"title": "Bank share", "desc": "{deals} deals: {share}"})
    >>> svg.count("<polyline"), svg.count('class="lq-reference"'), "1,000 deals: " in svg
    (1, 1, True)
    >>> words = {"title": "T", "x": "Deals", "y": "Share", "observed": "o" * 60, "band": "b" * 60}
    >>> full = share_chart(sim, "en", words)
    >>> full.count('class="lq-legend"'), full.count('"translate(64,'), "rotate(-90" in full, "<desc" in full
    (2, 2, True, False)
    >>> one = share_chart(odds.simulation_json(odds.simulate(1, seed=0)), "fr")
    >>> one.count("<circle"), 'aria-labelledby' in one
    (1, False)
    """
    pack = odds.Pack(sim["pack"]["ranks"], sim["pack"]["per_rank"], sim["pack"]["name"])
    expected = odds.bank_wins(pack)
    p = float(expected)
    rows = [(int(n), float(share)) for n, _, share in sim["running"]]
    deals = int(sim["deals"])
    shares = [share for _, share in rows]
    low, high = min([*shares, p - 0.02]), max([*shares, p + 0.02])
    step = _nice_step(high - low, layout.share_ticks[1])
    low, high = max(0.0, math.floor(low / step) * step), min(1.0, math.ceil(high / step) * step)
    left, top = layout.left, layout.top
    bottom, right = layout.height - layout.bottom, layout.width - layout.right

    def x(n: float) -> float:
        return left + (right - left) * n / deals

    def y(share: float) -> float:
        share = min(high, max(low, share))
        return bottom - (bottom - top) * (share - low) / (high - low)

    x_step = _nice_step(deals, layout.share_ticks[0])
    x_ticks = [(x(t), number(t, lang)) for t in _ticks(0, deals, x_step) if t == int(t)]
    digits = _digits(step)
    y_ticks = [(y(t), percent(t, lang, digits)) for t in _ticks(low, high, step)]
    spread = 2 * math.sqrt(p * (1 - p))  # two standard deviations of one deal's outcome
    upper = [f"{x(n):.1f},{y(p + spread / math.sqrt(n)):.1f}" for n, _ in rows]
    lower = [f"{x(n):.1f},{y(p - spread / math.sqrt(n)):.1f}" for n, _ in reversed(rows)]
    points = " ".join(f"{x(n):.1f},{y(share):.1f}" for n, share in rows)
    value = fraction(expected, lang)
    last_n, last_share = rows[-1]
    body = [
        f'<polygon class="lq-band" points="{" ".join(upper + lower)}" fill="currentColor" fill-opacity="0.08"/>',
        *_axes(x_ticks, y_ticks, _label(labels, "x"), _label(labels, "y"), layout),
        (
            f'<line class="lq-reference" x1="{left}" x2="{right}" y1="{y(p):.1f}" y2="{y(p):.1f}"'
            f' stroke="currentColor" stroke-width="2" stroke-dasharray="6 4" data-value="{p!r}"/>'
        ),
        _text(
            right - 4,
            y(p) - 6,
            _label(labels, "expected", value=value),
            "end",
            "lq-reference-text",
            layout=layout,
        ),
        f'<polyline class="lq-observed" points="{points}" fill="none" stroke="currentColor" stroke-width="2"/>',
        (
            f'<circle class="lq-observed-end" cx="{x(last_n):.1f}" cy="{y(last_share):.1f}" r="3.5"'
            ' fill="currentColor"/>'
        ),
        *_legend(
            [
                (
                    '<line class="lq-observed lq-swatch" x1="0" x2="20" y1="0" y2="0" stroke="currentColor" stroke-width="2"/>',
                    _label(labels, "observed"),
                ),
                (
                    (
                        '<line class="lq-reference lq-swatch" x1="0" x2="20" y1="0" y2="0" stroke="currentColor"'
                        ' stroke-width="2" stroke-dasharray="6 4"/>'
                    ),
                    _label(labels, "expected", value=value),
                ),
                (
                    (
                        '<rect class="lq-band lq-swatch" x="0" y="-6" width="20" height="12" fill="currentColor"'
                        ' fill-opacity="0.08"/>'
                    ),
                    _label(labels, "band"),
                ),
            ],
            layout,
        ),
    ]
    desc = _label(
        labels,
        _form(labels, "desc", deals, lang),
        deals=number(deals, lang),
        share=percent(sim["bank_share"]["float"], lang),
        expected=value,
    )
    return _svg(ident, _label(labels, "title"), desc, body, layout)


# --- the length of a deal -----------------------------------------------------------


SMALLEST = Fraction(1, 10_000)  # a bar's share below 0.01 %: "less than 0.01 %", never "0.00 %"


def bar_share(p: Fraction, lang: str = FALLBACK, labels: Mapping[str, str] | None = None) -> str:
    """A bar's share in words, the same in its tooltip and in the table beside the chart
    (its text equivalent): to 0.01 %, or ``labels['tiny']`` (``{share}``: 0.01 %) below.

    >>> bar_share(Fraction(1, 17), "fr"), bar_share(Fraction(1, 10**6), "en", {"tiny": "less than {share}"})
    ('5,88\u202f%', 'less than 0.01%')
    """
    if p >= SMALLEST or "tiny" not in (labels or {}):
        return percent(float(p), lang, 2)
    return _label(labels, "tiny", share=percent(float(SMALLEST), lang, 2))


def length_chart(pack: odds.Pack = odds.ONE_PACK, lang: str = FALLBACK, labels: Mapping[str, str] | None = None,
                 ident: str = "lq-length", layout: Layout = PAGE) -> str:  # fmt: skip
    """The exact probability of each length of a deal (cards turned after the first two,
    :func:`lansquenet.odds.length_distribution`) as bars; the opening pair (0 cards) is
    ``rect.lq-pair``, the others ``rect.lq-bar``; the mean is ``line.lq-mean``.

    ``labels`` (all optional): ``title``, ``desc`` (``{pair}``, ``{one}``, ``{last}``,
    ``{mean}``), ``x``, ``y``, ``mean`` (``{value}``), ``pair`` and ``decided`` (the
    legend of the two kinds of bar), ``bar`` (``{k}``, ``{share}``: each bar's tooltip),
    ``tiny`` (a share too small to write: :func:`bar_share`). ``layout``: :data:`PAGE` or
    :data:`PROJECTED` (the same bars, drawn for the room).

    >>> svg = length_chart(lang="fr", labels={"mean": "moyenne {value}", "bar": "{k} : {share}"})
    >>> svg.count('class="lq-bar"'), svg.count('class="lq-pair"'), "moyenne 48/7 ≈ 6,86" in svg
    (45, 1, True)
    >>> "<title>0 : 5,88\u202f%</title>" in svg
    True
    """
    dist = odds.length_distribution(pack)
    mean = odds.expected_cards_per_deal(pack)
    top = max(float(p) for _, p in dist)
    step = _nice_step(top, layout.length_ticks[1])
    high = math.ceil(top / step) * step
    left, plot_top = layout.left, layout.top
    bottom, right = layout.height - layout.bottom, layout.width - layout.right
    width = (right - left) / len(dist)

    def y(share: float) -> float:
        return bottom - (bottom - plot_top) * share / high

    def middle(k: float) -> float:
        return left + width * (k + 0.5)

    x_step = _nice_step(len(dist) - 1, layout.length_ticks[0])
    x_ticks = [(middle(t), number(t, lang)) for t in _ticks(0, len(dist) - 1, x_step)]
    y_ticks = [(y(t), percent(t, lang, _digits(step))) for t in _ticks(0, high, step)]
    bars = []
    for k, p in dist:
        share = float(p)
        cls = "lq-pair" if k == 0 else "lq-bar"
        tip = _label(
            labels, _form(labels, "bar", k, lang), k=number(k, lang), share=bar_share(p, lang, labels)
        )
        bars.append(
            f'<rect class="{cls}" x="{left + width * k + 1:.1f}" y="{y(share):.1f}" width="{width - 2:.1f}"'
            f' height="{bottom - y(share):.1f}" fill="currentColor"'
            f' fill-opacity="{0.85 if k == 0 else 0.5}">{f"<title>{escape(tip)}</title>" if tip else ""}</rect>'
        )
    mean_x = middle(float(mean))
    mean_text = _label(labels, "mean", value=fraction(mean, lang, 2, share=False))
    body = [
        *_axes(x_ticks, y_ticks, _label(labels, "x"), _label(labels, "y"), layout),
        *bars,
        # An invisible polyline through the bar tops: the shape, for tests and tools.
        '<polyline class="lq-outline" fill="none" stroke="none" points="'
        + " ".join(f"{middle(k):.1f},{y(float(p)):.1f}" for k, p in dist)
        + '"/>',
        (
            f'<line class="lq-mean" x1="{mean_x:.1f}" x2="{mean_x:.1f}" y1="{plot_top}" y2="{bottom}"'
            ' stroke="currentColor" stroke-width="2" stroke-dasharray="6 4"/>'
        ),
        _text(mean_x + 6, plot_top + layout.font, mean_text, "start", "lq-mean-text", layout=layout),
        *_legend(
            [
                (
                    (
                        '<rect class="lq-pair lq-swatch" x="0" y="-6" width="20" height="12" fill="currentColor"'
                        ' fill-opacity="0.85"/>'
                    ),
                    _label(labels, "pair"),
                ),
                (
                    (
                        '<rect class="lq-bar lq-swatch" x="0" y="-6" width="20" height="12" fill="currentColor"'
                        ' fill-opacity="0.5"/>'
                    ),
                    _label(labels, "decided"),
                ),
            ],
            layout,
        ),
    ]
    desc = _label(
        labels,
        "desc",
        pair=percent(float(dist[0][1]), lang),
        one=percent(float(dist[1][1]), lang),
        last=number(dist[-1][0], lang),
        mean=fraction(mean, lang, 2, share=False),
    )
    return _svg(ident, _label(labels, "title"), desc, body, layout)
