"""The table diagram: a pure function from a step's state to an SVG string.

Seats sit around the table in seat order, anticlockwise (R-S2) with the banker at the
bottom, facing the table: their left is the reader's left. The bank card lies at the
banker's left, the players' card at the banker's right (R-D1), the exposed cards in a
row in the middle, and an arrow shows the direction of covering (R-C1).

>>> from lansquenet import load, trace
>>> svg = diagram(trace(load("worked-example"), "en")[8]["state"], "en")
>>> svg.startswith("<svg") and "Q♦" in svg and "<title" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from typing import Any

from .cards import Card
from .narration import catalogue

WIDTH, HEIGHT = 640, 420
CX, CY, RX, RY = 320, 200, 250, 150


def _word(key: str, lang: str, **params: Any) -> str:
    return catalogue(lang)[f"diagram.{key}"].format_map(params)


def _card(card: str | None, x: float, y: float, label: str, small: bool = False) -> str:
    w, h = (30, 42) if small else (40, 56)
    if card is None:
        return ""
    face = Card.parse(card)
    tone = "lq-red" if face.red else "lq-black"
    return (
        f'<g class="lq-card {tone}" transform="translate({x - w / 2:.0f},{y - h / 2:.0f})">'
        f"<title>{escape(label)}</title>"
        f'<rect width="{w}" height="{h}" rx="4" fill="#fff" stroke="#333"/>'
        f'<text x="{w / 2}" y="{h / 2 + 6}" text-anchor="middle" font-size="{14 if small else 17}"'
        f' fill="{"#b00020" if face.red else "#111"}">{escape(face.symbol())}</text></g>'
    )


def seat_position(offset: int, n: int) -> tuple[float, float]:
    """Where the seat ``offset`` places anticlockwise from the banker sits (R-S2).

    Screen y grows downwards, so anticlockwise is a decreasing angle from the bottom.

    >>> [tuple(round(v) for v in seat_position(k, 4)) for k in range(4)]
    [(320, 350), (570, 200), (320, 50), (70, 200)]
    """
    angle = math.pi / 2 - 2 * math.pi * offset / n
    return CX + RX * math.cos(angle), CY + RY * math.sin(angle)


def description(state: Mapping[str, Any], lang: str) -> str:
    """The diagram's text equivalent: every seat, its counters and its stake."""
    view = state["table"]
    stakes = view["stakes"]
    parts = []
    for name in view["seats"]:
        text = _word("seat", lang, player=name, balance=state["balances"][name])
        if name == view["banker"]:
            text += " " + _word("banker_mark", lang)
        if stakes.get(name):
            text += " " + _word("stake", lang, amount=stakes[name])
        parts.append(text)
    cards = view["cards"] or {}
    if cards.get("bank_card"):
        parts.append(_word("bank_card", lang) + " " + Card.parse(cards["bank_card"]).symbol())
    if cards.get("players_card"):
        parts.append(_word("players_card", lang) + " " + Card.parse(cards["players_card"]).symbol())
    if cards.get("exposed"):
        shown = " ".join(Card.parse(c).symbol() for c in cards["exposed"])
        parts.append(_word("exposed", lang) + " " + shown)
    return "; ".join(parts) + "."


def diagram(state: Mapping[str, Any], lang: str) -> str:
    """The table at one step as inline SVG (``state`` is a trace step's state)."""
    view = state["table"]
    seats: list[str] = view["seats"]
    n = len(seats)
    banker = view["banker"] or seats[0]
    base = seats.index(banker)
    bank = state.get("bank") or {}
    acting = (state.get("to_act") or {}).get("player")
    title = _word("title", lang, players=n)
    out = [
        (
            f'<svg class="lq-diagram" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
            f' xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" aria-label="{escape(title)}">'
        ),
        f"<title>{escape(title)}</title><desc>{escape(description(state, lang))}</desc>",
        (
            f'<ellipse cx="{CX}" cy="{CY}" rx="{RX - 60}" ry="{RY - 45}" class="lq-felt"'
            ' fill="#e8f2ea" stroke="#2e6b3f" stroke-width="2"/>'
        ),
        # R-C1: covering goes anticlockwise, from the banker's right (no ids: many per page)
        (
            f'<path d="M {CX + 70} {CY + 62} A 90 55 0 0 0 {CX + 70} {CY - 62}" fill="none"'
            ' stroke="#2e6b3f" stroke-width="2"/>'
        ),
        f'<path d="M {CX + 70} {CY - 62} l 12 -6 l -2 12 z" fill="#2e6b3f"/>',
        f'<text x="{CX + 112}" y="{CY + 82}" text-anchor="middle" font-size="12" fill="#2e6b3f">{escape(_word("direction", lang))}</text>',
    ]
    for offset in range(n):
        name = seats[(base + offset) % n]
        x, y = seat_position(offset, n)
        classes = "lq-seat" + (" lq-banker" if offset == 0 else "") + (" lq-acting" if name == acting else "")
        stake = view["stakes"].get(name)
        lines = [escape(name), f"{state['balances'][name]}"]
        if offset == 0:
            mark = _word("banker_mark", lang)
            if bank and bank.get("original_holder") not in (None, name):
                mark += " · " + _word("original_mark", lang, player=bank["original_holder"])
            lines.append(escape(mark))
        elif stake:
            lines.append(escape(_word("stake_short", lang, amount=stake)))
        width = 12 + 7.5 * max(len(line) for line in lines)
        stroke = ' stroke-width="3"' if name == acting else ' stroke-width="1.5"'
        out.append(
            f'<g class="{classes}"><rect x="{x - width / 2:.0f}" y="{y - 25:.0f}" width="{width:.0f}"'
            f' height="{16 * len(lines) + 4}" rx="8" fill="#fff" stroke="#333"{stroke}/>'
        )
        for i, line in enumerate(lines):
            weight = ' font-weight="bold"' if i == 0 else ""
            out.append(
                f'<text x="{x:.0f}" y="{y - 8 + 16 * i:.0f}" text-anchor="middle" font-size="13"'
                f' fill="#111"{weight}>{line}</text>'
            )
        out.append("</g>")
    if bank:
        out.append(
            f'<text x="{CX}" y="{CY + 88}" text-anchor="middle" font-size="14" fill="#111">'
            f"{escape(_word('bank', lang, amount=bank['amount']))}</text>"
        )
    cards = view["cards"] or {}
    # R-D1: the bank card at the banker's left (reader's left), the players' card at the right
    out.append(_card(cards.get("bank_card"), CX - 70, CY + 40, _word("bank_card", lang)))
    out.append(_card(cards.get("players_card"), CX + 20, CY + 40, _word("players_card", lang)))
    exposed = cards.get("exposed") or []
    for i, card in enumerate(exposed[-10:]):
        out.append(
            _card(
                card, CX - 25 * len(exposed[-10:]) + 25 + 50 * i - 25, CY - 30, _word("exposed", lang), True
            )
        )
    out.append("</svg>")
    return "".join(out)
