"""Montmort's figures checked by the engine: a ```` ```lansquenet-montmort ```` fence
rendered at build time, its body naming its part:

- ``holder``: the holder's advantage over a whole hand for 3 to 7 people, as the
  *Encyclopédie* prints it beside the engine's exact value (``lansquenet.court_odds``,
  spec/COURT.md C-15) in livres, sous and deniers, as a fraction of the stake F and as a
  share of it, and whether they agree to the denier;
- ``split``: each coupeur's disadvantage with four people, the same way;
- ``readings``: what the readings COURT.md names give for the same tables (ours; n
  coupeurs besides the holder, C-1; the holder's matching card voiding the coup, C-10).

The printed figures are data, read once from ``montmort.json`` beside this module (each
with its words as printed); every other figure is computed here from the rules. The
markup is ``templates/montmort.html``, the words ``montmort.*`` in ``site.po``.

>>> [row.people for row in printed().holder], printed().split_people
([3, 4, 5, 6, 7], 4)
>>> deniers((2, 15, 10))
670
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from lansquenet import chart
from lansquenet.court_odds import DENIERS_PER_F, Money, hand_value, money, punters
from lansquenet.games import COURT

from . import render
from .markup import fence, macros
from .page import PageContext

FENCE = fence("lansquenet-montmort")
DATA = Path(__file__).with_name("montmort.json")
PARTS = ("holder", "split", "readings")


@dataclass(frozen=True)
class Printed:
    """One printed figure: its table (``people``) and coupeur (``seat``, "" for the
    holder's), its sentence as printed (``quote``) and the figure in l. s. d."""

    people: int
    seat: str
    quote: str
    lsd: tuple[int, int, int]


@dataclass(frozen=True)
class Figures:
    address: str  # the page the figures were read on
    holder: tuple[Printed, ...]
    split_people: int
    split: tuple[Printed, ...]


def _lsd(value: Any) -> tuple[int, int, int]:
    livres, sous, den = (int(part) for part in value)
    return livres, sous, den


@functools.cache
def printed() -> Figures:
    """The printed figures, read once from ``montmort.json``."""
    data = json.loads(DATA.read_text("utf-8"))
    split = data["split"]
    return Figures(
        address=str(data["address"]),
        holder=tuple(
            Printed(int(row["people"]), "", str(row["quote"]), _lsd(row["printed"])) for row in data["holder"]
        ),
        split_people=int(split["people"]),
        split=tuple(
            Printed(int(split["people"]), str(row["seat"]), str(row["quote"]), _lsd(row["printed"]))
            for row in split["coupeurs"]
        ),
    )


def deniers(lsd: tuple[int, int, int]) -> int:
    """An amount in livres, sous and deniers, in deniers (1 livre = 20 sous = 240 deniers)."""
    livres, sous, den = lsd
    return (livres * 20 + sous) * 12 + den


def _amount(page: PageContext, amount: Money) -> str:
    """An amount as the Encyclopédie abbreviates it: ``2 l. 15 s. 10 d.``, ``8 s. 0 d.``."""
    if amount.negative:  # no figure of these tables is a gain of the coupeurs
        raise PluginError(f"montmort: a negative amount ({amount})")
    key = "montmort.money" if amount.livres else "montmort.money.nolivres"
    return page.w(key, livres=amount.livres, sous=amount.sous, deniers=amount.deniers)


def _computed(page: PageContext, value: Fraction, figure: Printed | None = None) -> dict[str, Any]:
    """A computed value's cells: l. s. d. and the fraction of a denier left, the exact
    fraction of F, its share of F, and against the printed ``figure``: the agreement."""
    amount = money(value)
    cells: dict[str, Any] = {
        "exact": str(value),
        "lsd": _amount(page, amount),
        "rest": page.w("montmort.rest", rest=str(amount.rest)) if amount.rest else "",
        "fraction": page.w("montmort.fraction", fraction=str(value)),
        "share": chart.percent(float(value), page.lang, 2),
    }
    if figure is not None:
        gap = deniers((amount.livres, amount.sous, amount.deniers)) - deniers(figure.lsd)
        cells["agree"] = gap == 0
        if gap:
            key = "montmort.more" if gap > 0 else "montmort.less"
            cells["check"] = page.w(key, amount=_amount(page, money(Fraction(abs(gap), DENIERS_PER_F))))
        else:
            cells["check"] = page.w("montmort.agree")
        cells["printed"] = _amount(page, money(Fraction(deniers(figure.lsd), DENIERS_PER_F)))
        cells["quote"] = figure.quote
    return cells


def holder_rows(page: PageContext) -> list[dict[str, Any]]:
    """The holder's advantage for each printed table: printed and computed (C-15)."""
    return [
        {"people": figure.people, **_computed(page, hand_value(figure.people), figure)}
        for figure in printed().holder
    ]


def split_rows(page: PageContext) -> list[dict[str, Any]]:
    """Each coupeur's disadvantage with four people, A first (C-6): printed and computed."""
    figures = printed()
    losses = punters(figures.split_people)
    if len(losses) != len(figures.split):
        raise PluginError(f"montmort.json: {len(figures.split)} coupeurs for {figures.split_people} people")
    return [
        {"seat": figure.seat, **_computed(page, loss, figure)}
        for figure, loss in zip(figures.split, losses, strict=True)
    ]


def split_sums(page: PageContext) -> dict[str, str]:
    """The printed split's sum and the computed one (the hand's value)."""
    figures = printed()
    total = sum(deniers(figure.lsd) for figure in figures.split)
    return {
        "printed": _amount(page, money(Fraction(total, DENIERS_PER_F))),
        "lsd": _amount(page, money(sum(punters(figures.split_people), Fraction(0)))),
    }


def reading_rows(page: PageContext) -> list[dict[str, Any]]:
    """What each reading COURT.md names gives for each printed table: ours; n coupeurs
    besides the holder (C-1's other reading: the next table); the holder's card of a
    coupeur's rank voiding the coup (C-10's other reading)."""
    rows = []
    for figure in printed().holder:
        n = figure.people
        readings = {
            COURT.id: hand_value(n),  # COURT.md's reading, the court game's own
            "shifted": hand_value(n + 1),
            "match_voids": hand_value(n, "match_voids"),
        }
        rows.append(
            {
                "people": n,
                "printed": _amount(page, money(Fraction(deniers(figure.lsd), DENIERS_PER_F))),
                "readings": [
                    {"key": key, "exact": str(value), "lsd": _amount(page, money(value))}
                    for key, value in readings.items()
                ],
            }
        )
    return rows


def montmort_html(page: PageContext, part: str) -> str:
    """One part of the fence (:data:`PARTS`) in the page's language."""
    figures = printed()
    common = {"w": page.w, "address": figures.address, "lang": page.lang}
    if part == "holder":
        return str(macros("montmort.html").holder(rows=holder_rows(page), **common))
    if part == "split":
        return str(
            macros("montmort.html").split(
                rows=split_rows(page), sums=split_sums(page), people=figures.split_people, **common
            )
        )
    if part == "readings":
        return str(macros("montmort.html").readings(rows=reading_rows(page), **common))
    raise PluginError(f"lansquenet-montmort fence: no part {part!r} ({', '.join(PARTS)})")


def render_montmort(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-montmort`` fences with their tables (kept in the
    page's stash until the page is built, :func:`render.keep`), the tables' stylesheet
    (odds.css: their scrolling boxes) once."""

    def one(match: re.Match[str]) -> str:
        return "\n" + render.keep(montmort_html(page, match["body"].strip()), page.stash) + "\n"

    found = FENCE.search(markdown) is not None
    markdown = FENCE.sub(one, markdown)
    if found:
        markdown += f"\n\n{macros('tags.html').stylesheet(page.root + 'assets/css/odds.css')}\n"
    return markdown
