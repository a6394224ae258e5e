"""Charts of the odds: pure functions that return SVG text, for the odds page.

Two charts, drawn the same way at build time (the page is complete without JavaScript)
and in the browser (the worker's ``simulate`` op, :mod:`lansquenet.web`):

- :func:`share_chart`: a simulation's running share of deals won by the bank, against a
  horizontal line at the exact figure (9/17 with the rules' pack) and the band where
  chance keeps the share 95 times in 100;
- :func:`length_chart`: the exact distribution of a deal's length (cards turned after
  the first two), one bar per length, with the mean marked.

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
from fractions import Fraction
from html import escape
from typing import Any

from . import odds
from .languages import FALLBACK
from .narration import catalogue, plural

__all__ = ["fraction", "length_chart", "number", "percent", "share_chart", "summary"]

WIDTH, HEIGHT = 640, 340
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 16, 84  # the plot's margins (room for axes and legend)
FONT = 'font-family="inherit" font-size="12"'


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


def _svg(ident: str, title: str, desc: str, body: list[str]) -> str:
    head, labelled = "", ""
    if title:
        ids = f"{ident}-title {ident}-desc" if desc else f"{ident}-title"
        labelled = f' aria-labelledby="{ids}"'
        head = f'<title id="{ident}-title">{escape(title)}</title>'
        if desc:
            head += f'<desc id="{ident}-desc">{escape(desc)}</desc>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="lq-chart" id="{ident}" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="{WIDTH}" height="{HEIGHT}" role="img"{labelled}>{head}{"".join(body)}</svg>'
    )


def _text(
    x: float, y: float, text: str, anchor: str = "middle", cls: str = "lq-tick", extra: str = ""
) -> str:
    return (
        f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT}'
        f' fill="currentColor"{extra}>{escape(text)}</text>'
    )


def _axes(
    x_ticks: Sequence[tuple[float, str]],
    y_ticks: Sequence[tuple[float, str]],
    x_title: str,
    y_title: str,
) -> list[str]:
    """Grid, axes, tick labels and axis titles; ticks are ``(position in px, label)``."""
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    parts = ['<g class="lq-grid" stroke="currentColor" stroke-opacity="0.15">']
    parts += [f'<line x1="{LEFT}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}"/>' for y, _ in y_ticks]
    parts.append("</g>")
    parts.append(
        f'<path class="lq-axis" d="M{LEFT} {TOP}V{bottom}H{right}" fill="none" stroke="currentColor"/>'
    )
    parts += [_text(LEFT - 6, y + 4, label, "end") for y, label in y_ticks]
    parts += [
        f'<line class="lq-axis" x1="{x:.1f}" x2="{x:.1f}" y1="{bottom}" y2="{bottom + 4}" stroke="currentColor"/>'
        + _text(x, bottom + 17, label)
        for x, label in x_ticks
    ]
    if x_title:
        parts.append(_text((LEFT + right) / 2, bottom + 36, x_title, cls="lq-axis-title"))
    if y_title:
        middle = (TOP + bottom) / 2
        parts.append(
            _text(16, middle, y_title, cls="lq-axis-title", extra=f' transform="rotate(-90 16 {middle:.1f})"')
        )
    return parts


def _legend(items: Sequence[tuple[str, str]]) -> list[str]:
    """Under the x axis, rows of ``(swatch markup drawn at 0,0, text)``; an item that
    would not fit in the row starts the next one (text width is estimated)."""
    parts: list[str] = []
    x, y = float(LEFT), float(HEIGHT - BOTTOM + 58)
    for swatch, text in items:
        if not text:
            continue
        width = 26 + 6.2 * len(text)
        if x > LEFT and x + width > WIDTH - RIGHT:
            x, y = float(LEFT), y + 18
        parts.append(f'<g class="lq-legend" transform="translate({x:.0f},{y - 4:.0f})">{swatch}</g>')
        parts.append(_text(x + 26, y, text, "start", cls="lq-legend-text"))
        x += width + 18
    return parts


# --- the simulation's running share -------------------------------------------------


def share_chart(
    sim: Mapping[str, Any],
    lang: str = FALLBACK,
    labels: Mapping[str, str] | None = None,
    ident: str = "lq-share",
) -> str:
    """The running share of deals won by the bank in ``sim`` (the JSON of
    :func:`lansquenet.odds.simulation_json`), with the exact figure as a horizontal line.

    ``labels`` (all optional): ``title``, ``desc`` (``{deals}``, ``{share}``,
    ``{expected}``), ``x``, ``y``, ``observed``, ``expected`` and ``band`` (``{value}``:
    the exact figure). The line is ``polyline.lq-observed``, the exact figure
    ``line.lq-reference``, the band ``polygon.lq-band``.

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
    step = _nice_step(high - low)
    low, high = max(0.0, math.floor(low / step) * step), min(1.0, math.ceil(high / step) * step)
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT

    def x(n: float) -> float:
        return LEFT + (right - LEFT) * n / deals

    def y(share: float) -> float:
        share = min(high, max(low, share))
        return bottom - (bottom - TOP) * (share - low) / (high - low)

    x_step = _nice_step(deals, 4)
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
        *_axes(x_ticks, y_ticks, _label(labels, "x"), _label(labels, "y")),
        (
            f'<line class="lq-reference" x1="{LEFT}" x2="{right}" y1="{y(p):.1f}" y2="{y(p):.1f}"'
            f' stroke="currentColor" stroke-width="2" stroke-dasharray="6 4" data-value="{p!r}"/>'
        ),
        _text(right - 4, y(p) - 6, _label(labels, "expected", value=value), "end", cls="lq-reference-text"),
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
            ]
        ),
    ]
    desc = _label(
        labels,
        _form(labels, "desc", deals, lang),
        deals=number(deals, lang),
        share=percent(sim["bank_share"]["float"], lang),
        expected=value,
    )
    return _svg(ident, _label(labels, "title"), desc, body)


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
                 ident: str = "lq-length") -> str:  # fmt: skip
    """The exact probability of each length of a deal (cards turned after the first two,
    :func:`lansquenet.odds.length_distribution`) as bars; the opening pair (0 cards) is
    ``rect.lq-pair``, the others ``rect.lq-bar``; the mean is ``line.lq-mean``.

    ``labels`` (all optional): ``title``, ``desc`` (``{pair}``, ``{one}``, ``{last}``,
    ``{mean}``), ``x``, ``y``, ``mean`` (``{value}``), ``pair`` and ``decided`` (the
    legend of the two kinds of bar), ``bar`` (``{k}``, ``{share}``: each bar's tooltip),
    ``tiny`` (a share too small to write: :func:`bar_share`).

    >>> svg = length_chart(lang="fr", labels={"mean": "moyenne {value}", "bar": "{k} : {share}"})
    >>> svg.count('class="lq-bar"'), svg.count('class="lq-pair"'), "moyenne 48/7 ≈ 6,86" in svg
    (45, 1, True)
    >>> "<title>0 : 5,88\u202f%</title>" in svg
    True
    """
    dist = odds.length_distribution(pack)
    mean = odds.expected_cards_per_deal(pack)
    top = max(float(p) for _, p in dist)
    step = _nice_step(top, 5)
    high = math.ceil(top / step) * step
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    width = (right - LEFT) / len(dist)

    def y(share: float) -> float:
        return bottom - (bottom - TOP) * share / high

    def middle(k: float) -> float:
        return LEFT + width * (k + 0.5)

    x_step = _nice_step(len(dist) - 1, 9)
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
            f'<rect class="{cls}" x="{LEFT + width * k + 1:.1f}" y="{y(share):.1f}" width="{width - 2:.1f}"'
            f' height="{bottom - y(share):.1f}" fill="currentColor"'
            f' fill-opacity="{0.85 if k == 0 else 0.5}">{f"<title>{escape(tip)}</title>" if tip else ""}</rect>'
        )
    mean_x = middle(float(mean))
    mean_text = _label(labels, "mean", value=fraction(mean, lang, 2, share=False))
    body = [
        *_axes(x_ticks, y_ticks, _label(labels, "x"), _label(labels, "y")),
        *bars,
        # An invisible polyline through the bar tops: the shape, for tests and tools.
        '<polyline class="lq-outline" fill="none" stroke="none" points="'
        + " ".join(f"{middle(k):.1f},{y(float(p)):.1f}" for k, p in dist)
        + '"/>',
        (
            f'<line class="lq-mean" x1="{mean_x:.1f}" x2="{mean_x:.1f}" y1="{TOP}" y2="{bottom}"'
            ' stroke="currentColor" stroke-width="2" stroke-dasharray="6 4"/>'
        ),
        _text(mean_x + 6, TOP + 12, mean_text, "start", cls="lq-mean-text"),
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
            ]
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
    return _svg(ident, _label(labels, "title"), desc, body)
