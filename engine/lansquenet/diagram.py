"""The table diagram: a pure function from a step's state to an SVG string.

Seats sit around the table in seat order, anticlockwise (R-S2) with the banker at the
bottom, facing the table: their left is the reader's left. The bank card lies at the
banker's left, the players' card at the banker's right (R-D1), each labelled in the
drawing; the last four exposed cards lie above them, each index in view (the earlier
ones counted), and an arrow shows the direction of
covering (R-C1). The drawing is 440 units wide and wider than high (370 units, a line
taller for each of the banker's lines beyond three: a sold bank's first announcer, R-B4,
is told on narrow lines so that the banker's box stays clear of the bank), its
smallest text 18 units tall: where it is 250 px high or more (a 360 px phone), every name,
counter, label and card index is at least 12 CSS px tall.

That is the page's :data:`PAGE` layout. A projected table (the class's, in a short wide
frame, read from the back of the room) is drawn in the :data:`PROJECTED` one: the same
table, its words 22 units tall on a drawing 480 units wide, so that where it is drawn at
1.1 px a unit or more (438 px high in the class view's frame at 1280 x 720) they are
24 px tall or more.

Cards are real faces: the rank in two corners, in the page's language as the sentences
write it (R, D, V on French pages; K, Q, J on English ones:
:func:`lansquenet.narration.rank_text`), pips for 2-10, a figure for the court cards and
one large pip for the ace. Every card carries ``data-card="<code>"``. Pips and
figures are not repeated in every card: each card refers (``<use>``) to the shared
drawings of :func:`sprite`, which a page holds once. A card chooses its suit with a
CSS custom property (``--lq-H:inline``) that the shared pip inherits, so one drawing
per rank serves the four suits.

>>> from lansquenet import load, trace
>>> svg = diagram(trace(load("worked-example"), "fr")[8]["state"], "fr")
>>> svg.startswith("<svg") and 'data-card="QD"' in svg and "<title" in svg
True
>>> ">D</text>" in svg, ">Q</text>" in diagram(trace(load("worked-example"), "en")[8]["state"], "en")
(True, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from .cards import Card
from .narration import card_text, catalogue, rank_text


@dataclass(frozen=True)
class Layout:
    """A drawing's geometry, in its units: its size, the ellipse its seats lie on, the
    felt's and the size of every word (the seats', the labels', the notes'); the cards are
    the same size in every layout."""

    width: int
    height: int
    rx: int  # the seats' ellipse, around the drawing's middle
    ry: int
    felt_rx: int
    felt_ry: int
    font: int
    cards_gap: int  # between the middle and the exposed cards' bottom (the turned cards 6 lower)
    wrap: int  # the banker's longer lines are wrapped at so many characters: the box stays within the corners' notes
    wrap_bank: bool  # the bank's amount on a line of its own under its word (wide words)
    name: str  # as a request names it (lansquenet.web)

    @property
    def k(self) -> float:
        """The words' size against the page's (the boxes and gaps around them follow)."""
        return self.font / 18

    @property
    def line(self) -> int:
        """A seat's line."""
        return round(self.font * 7 / 6)


PAGE = Layout(440, 370, 156, 140, 140, 108, 18, 24, 18, False, "page")
PROJECTED = Layout(480, 370, 190, 140, 160, 108, 22, 20, 12, True, "projected")
LAYOUTS = {layout.name: layout for layout in (PAGE, PROJECTED)}
WIDTH, HEIGHT = PAGE.width, PAGE.height
CARD_W, CARD_H = 48, 68
CARD_SCALE = 1.1  # every card, turned or not, at the same size: 53 x 75 units (in either layout)
SHOWN = 4  # the exposed cards drawn (the last ones); the others are counted
STEP = 34  # each exposed card's shift: its index stays in view
BANKER_LINES = 3  # the banker's lines a drawing HEIGHT high holds
SHORT_LABELS = 5  # from so many seats on, the cards' labels are their short form
NAME_CAP = 10  # longer names are shortened in the drawing only (the text keeps them whole)
PUSHES = 40  # a seat's box moves out from the middle at most so many twentieths of its place
RED, BLACK, INK, GREEN, FELT = "#b00020", "#111", "#111", "#1d4d2b", "#e8f2ea"

# Where the pips of each rank lie on a 48 x 68 card (x, y of each pip's top-left).
_L, _M, _R = 10.0, 19.0, 28.0  # left, middle and right columns
_FOUR = (10.0, 22.5, 35.5, 48.0)  # the rows of the 9 and the 10
_PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(_M, 10), (_M, 48)],
    "3": [(_M, 10), (_M, 29), (_M, 48)],
    "4": [(_L, 10), (_R, 10), (_L, 48), (_R, 48)],
    "5": [(_L, 10), (_R, 10), (_M, 29), (_L, 48), (_R, 48)],
    "6": [(_L, 10), (_R, 10), (_L, 29), (_R, 29), (_L, 48), (_R, 48)],
    "7": [(_L, 10), (_R, 10), (_M, 19.5), (_L, 29), (_R, 29), (_L, 48), (_R, 48)],
    "8": [(_L, 10), (_R, 10), (_M, 19.5), (_L, 29), (_R, 29), (_M, 38.5), (_L, 48), (_R, 48)],
    "9": [(x, y) for y in _FOUR for x in (_L, _R)] + [(_M, 29)],
    "10": [(x, y) for y in _FOUR for x in (_L, _R)] + [(_M, 16), (_M, 42)],
}
# The suits, each in a 10 x 10 box, shown only when the card sets its property.
_SUITS = {
    "S": '<path d="M5 0C3 2.6 0 4 0 6.4 0 8.2 2 9 3.7 7.9L3 10h4L6.3 7.9C8 9 10 8.2 10 6.4 10 4 7 2.6 5 0Z"/>',
    "H": '<path d="M5 9.6 1 5.4C-.7 3.6.4.6 2.7.6 3.8.6 4.6 1.3 5 2.2 5.4 1.3 6.2.6 7.3.6c2.3 0 3.4 3 1.7 4.8Z"/>',
    "D": '<path d="M5 0 9 5 5 10 1 5Z"/>',
    "C": '<circle cx="5" cy="2.6" r="2.4"/><circle cx="2.5" cy="6" r="2.4"/><circle cx="7.5" cy="6" r="2.4"/>'
    '<path d="M4.4 5h1.2l.9 5h-3Z"/>',
}
# The court figures, drawn in the card's colour inside a frame: a crown (king), a
# pointed tiara (queen) or a cap with a feather (jack) over a head and shoulders.
_HATS = {
    "K": '<path d="M16 22l3 5h10l3-5-4 2-4-5-4 5Z"/>',
    "Q": '<path d="M17 27h14l-2-5-2 3-3-5-3 5-2-3Z"/>',
    "J": '<path d="M17 27c0-5 14-5 14 0Z"/><path d="M29 24c3-4 5-4 6-3-2 0-4 1-5 4Z"/>',
}
_FIGURE = (
    '<rect x="9" y="9" width="30" height="50" rx="2" fill="none" stroke="#999"/>'
    '<circle cx="24" cy="32" r="4.5"/><path d="M14 52c0-9 4-13 10-13s10 4 10 13Z"/>'
)


def _word(key: str, lang: str, **params: Any) -> str:
    return catalogue(lang)[f"diagram.{key}"].format_map(params)


@functools.cache
def sprite(ranks: tuple[str, ...] | None = None) -> str:
    """The drawings every card refers to, once per page (hidden, ``aria-hidden``):
    those of every rank, or only of ``ranks`` (a page that shows a few cards only).

    >>> s = sprite()
    >>> s.count("<symbol"), 'id="lq-r10"' in s, 'id="lq-rK"' in s
    (15, True, True)
    >>> s = sprite(("7", "Q"))
    >>> s.count("<symbol"), 'id="lq-r7"' in s, 'id="lq-rK"' in s
    (4, True, False)
    """
    wanted = None if ranks is None else set(ranks)
    pip = "".join(f'<g style="display:var(--lq-{k},none)">{v}</g>' for k, v in _SUITS.items())
    symbols = [f'<symbol id="lq-pip" overflow="visible">{pip}</symbol>']
    corner = '<use href="#lq-pip" transform="translate(4 23) scale(.7)"/>'
    corners = corner + '<use href="#lq-pip" transform="rotate(180 24 34) translate(4 23) scale(.7)"/>'
    symbols.append(f'<symbol id="lq-corners" overflow="visible">{corners}</symbol>')
    for rank, spots in _PIPS.items():
        if wanted is not None and rank not in wanted:
            continue
        uses = "".join(f'<use href="#lq-pip" x="{x:g}" y="{y:g}"/>' for x, y in spots)
        symbols.append(f'<symbol id="lq-r{rank}" overflow="visible">{uses}</symbol>')
    ace = '<use href="#lq-pip" transform="translate(14 24) scale(2)"/>'
    if wanted is None or "A" in wanted:
        symbols.append(f'<symbol id="lq-rA" overflow="visible">{ace}</symbol>')
    for rank, hat in _HATS.items():
        if wanted is not None and rank not in wanted:
            continue
        symbols.append(f'<symbol id="lq-r{rank}" overflow="visible">{_FIGURE}{hat}</symbol>')
    return (
        # Not displayed (the cards' <use> still draw the symbols), so never styled either.
        '<svg class="lq-sprite" aria-hidden="true" focusable="false" style="display:none"'
        ' xmlns="http://www.w3.org/2000/svg">'
        f"<defs>{''.join(symbols)}</defs></svg>"
    )


def _card(code: str | None, x: float, y: float, label: str, lang: str) -> str:
    """One card face, its top-left corner at (x, y), drawn :data:`CARD_SCALE` times its
    48 x 68 units: its index, 21 units high with a white halo over the pips, is at least
    14 CSS px tall wherever the page's drawing is 230 px high or more (a 360 px phone)."""
    if code is None:
        return ""
    card = Card.parse(code)
    colour = RED if card.red else BLACK
    shown = escape(rank_text(card, lang))
    return (
        f'<g class="lq-card" data-card="{card}" transform="translate({x:.0f},{y:.0f}) scale({CARD_SCALE:g})"'
        f' fill="{colour}" text-anchor="start" font-size="21" font-weight="bold" style="--lq-{card.suit}:inline">'
        f"<title>{escape(label)} {escape(card_text(card, lang))}</title>"
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" stroke="#555"/>'
        f'<use href="#lq-corners"/><use href="#lq-r{card.rank}"/>'
        # The two indexes, in the card's colour (inherited) with a white halo.
        f'<g stroke="#fff" stroke-width="3" paint-order="stroke"><text x="2" y="20">{shown}</text>'
        f'<text x="2" y="20" transform="rotate(180 24 34)">{shown}</text></g></g>'
    )


def seat_position(offset: int, n: int, layout: Layout = PAGE) -> tuple[float, float]:
    """Where the seat ``offset`` places anticlockwise from the banker sits (R-S2).

    Screen y grows downwards, so anticlockwise is a decreasing angle from the bottom.

    >>> [tuple(round(v) for v in seat_position(k, 4)) for k in range(4)]
    [(220, 325), (376, 185), (220, 45), (64, 185)]
    """
    angle = math.pi / 2 - 2 * math.pi * offset / n
    cx, cy = layout.width / 2, layout.height / 2
    return cx + layout.rx * math.cos(angle), cy + layout.ry * math.sin(angle)


def description(state: Mapping[str, Any], lang: str) -> str:
    """The diagram's text equivalent: every seat, its counters and its stake."""
    view = state["table"]
    if "coup" in view:  # the court game (COURT.md)
        return _court_description(state, lang)
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
        parts.append(_word("bank_card", lang) + " " + card_text(cards["bank_card"], lang))
    if cards.get("players_card"):
        parts.append(_word("players_card", lang) + " " + card_text(cards["players_card"], lang))
    if cards.get("exposed"):
        shown = " ".join(card_text(c, lang) for c in cards["exposed"])
        parts.append(_word("exposed", lang) + " " + shown)
    return _word("separator", lang).join(parts) + "."


def _short(name: str) -> str:
    return name if len(name) <= NAME_CAP else name[: NAME_CAP - 1] + "…"


def _wrapped(text: str, width: int = PAGE.wrap) -> list[str]:
    """``text`` on lines of at most ``width`` characters, broken between words.

    >>> _wrapped("first bank: Christophe")
    ['first bank:', 'Christophe']
    >>> _wrapped("first bank: Anne")
    ['first bank: Anne']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _seat_lines(state: Mapping[str, Any], name: str, offset: int, lang: str, layout: Layout) -> list[str]:
    """A seat's lines: its name, its counters (the banker's mark beside them) and what
    the seat holds; the bank's first announcer is told on narrow lines under the banker."""
    view, bank = state["table"], state.get("bank") or {}
    balance = str(state["balances"][name])
    lines = [_short(name), balance]
    if offset == 0:
        lines[1] += " " + _word("holder_mark" if "coup" in view else "banker_mark", lang)
        if bank and bank.get("original_holder") not in (None, name):
            lines += _wrapped(
                _word("original_mark", lang, player=_short(bank["original_holder"])), layout.wrap
            )
    elif view["stakes"].get(name):
        lines.append(_word("stake_short", lang, amount=view["stakes"][name]))
    return lines


Rect = tuple[float, float, float, float]
"""A rectangle of the drawing: its left, its top, its width and its height."""


def _meets(a: Rect, b: Rect, gap: float = 0) -> bool:
    """Whether two rectangles come closer than ``gap`` (share any area, with none)."""
    return (
        a[0] < b[0] + b[2] + gap
        and b[0] < a[0] + a[2] + gap
        and a[1] < b[1] + b[3] + gap
        and b[1] < a[1] + a[3] + gap
    )


def _seat(
    state: Mapping[str, Any],
    name: str,
    offset: int,
    acting: bool,
    lang: str,
    bottom: int,
    layout: Layout,
    clear: tuple[Rect, ...] = (),
) -> str:
    """A seat's box and its lines, within a drawing ``bottom`` units high; a box that
    would lie on one of the rectangles ``clear`` (the court game's cards) moves out from
    the middle, along its own direction, until it clears them (or reaches the edges)."""
    view = state["table"]
    x0, y0 = seat_position(offset, len(view["seats"]), layout)
    said = _seat_lines(state, name, offset, lang, layout)
    lines = [escape(line) for line in said]
    k, line_height = layout.k, layout.line
    width = min(192 * k, k * (14 + 9.8 * max(len(line) for line in said)))
    height = round(line_height * len(lines) + 7 * k)
    cx, cy = layout.width / 2, layout.height / 2
    shift = (bottom - layout.height) / 2  # a taller drawing (the banker's lines): the seats spread down
    for step in range(PUSHES + 1):
        away = 1 + step / 20
        # Within the drawing: a box near an edge moves inwards, its text with it.
        x = min(max(cx + (x0 - cx) * away, 2 + width / 2), layout.width - 2 - width / 2)
        top = min(max(cy + (y0 - cy) * away + shift - height / 2, 2), bottom - 2 - height)
        if not any(_meets((x - width / 2, top, width, height), card, 2 * k) for card in clear):
            break
    # The acting seat is unmistakable: a thick dark-amber border on a pale amber fill.
    box = (
        ' fill="#ffefc2" stroke="#7a4a00" stroke-width="4"'
        if acting
        else ' fill="#fff" stroke="#444" stroke-width="1.5"'
    )
    classes = "lq-seat" + (" lq-banker" if offset == 0 else "") + (" lq-acting" if acting else "")
    out = [
        (
            f'<g class="{classes}" data-seat="{escape(name)}"><rect x="{x - width / 2:.0f}" y="{top:.0f}"'
            f' width="{width:.0f}" height="{height}" rx="8"{box}/>'
        )
    ]
    for i, line in enumerate(lines):
        weight = ' font-weight="bold"' if i == 0 else ""
        out.append(f'<text x="{x:.0f}" y="{top + line_height * i + 19 * k:.0f}"{weight}>{line}</text>')
    out.append("</g>")
    return "".join(out)


def _note(
    text: str, x: float, y: float, anchor: str, lines: int, longest: int, layout: Layout, fill: str = "#fff"
) -> str:
    """A text (``lines`` lines, baseline of the first at ``y``) on its own rounded ground:
    off the felt it never lies on the page's background, whatever the palette."""
    font, k = layout.font, layout.k
    width = longest * 0.58 * font + 10 * k
    left = x - 5 * k if anchor == "start" else x - width + 4 * k
    top = y - font - k
    height = round((font + 2 * k) * lines + 8 * k)
    ground = (
        f'<rect x="{left:.0f}" y="{top:.0f}" width="{width:.0f}" height="{height}" rx="5" fill="{fill}"/>'
    )
    return f'<g class="lq-note">{ground}{text}</g>'


def _corner_text(
    text: str, x: float, anchor: str, bottom: int, layout: Layout, fill: str = GREEN, bold: bool = False
) -> str:
    """A label in a bottom corner, on two lines when it has two words or more (it then
    stays clear of the banker's seat between the corners); a bold one (the bank's
    amount), when it has two."""
    words = text.rsplit(" ", 1) if text.count(" ") > 1 - bold else [text]
    step = round(layout.font + 2 * layout.k)
    lines = "".join(
        f'<tspan x="{x:.0f}" dy="{0 if i == 0 else step}">{escape(line)}</tspan>'
        for i, line in enumerate(words)
    )
    top = round(bottom - 12 * layout.k - step * (len(words) - 1))
    weight = ' font-weight="bold"' if bold else ""
    label = (
        f'<text x="{x:.0f}" y="{top}" font-size="{layout.font}"{weight} text-anchor="{anchor}"'
        f' fill="{fill}">{lines}</text>'
    )
    return _note(label, x, top, anchor, len(words), max(len(w) for w in words) + bold, layout)


def diagram(state: Mapping[str, Any], lang: str, layout: Layout = PAGE) -> str:
    """The table at one step as inline SVG (``state`` is a trace step's state), in
    ``layout``'s geometry (:data:`PAGE`, :data:`PROJECTED`).

    Its cards refer to the drawings of :func:`sprite`, which the page holds once.
    """
    view = state["table"]
    seats: list[str] = view["seats"]
    n = len(seats)
    banker = view["banker"] or seats[0]
    base = seats.index(banker)
    bank = state.get("bank") or {}
    acting = (state.get("to_act") or {}).get("player")
    title = _word("title", lang, players=n)
    width, k, font = layout.width, layout.k, layout.font
    cx, cy = width / 2, layout.height / 2
    # The banker's box sits at the bottom, between the bank and the covering order: a
    # taller box (the bank's first announcer told) makes the drawing taller, not wider.
    bottom = layout.height + layout.line * max(
        0, len(_seat_lines(state, banker, 0, lang, layout)) - BANKER_LINES
    )
    kind = "" if layout is PAGE else " lq-projected"
    out = [
        (
            f'<svg class="lq-diagram{kind}" viewBox="0 0 {width} {bottom}" role="img" xmlns="http://www.w3.org/2000/svg"'
            # Its text in INK unless it says otherwise (the seats', the bank's, the stakes').
            f' font-family="sans-serif" font-size="{font}" text-anchor="middle" fill="{INK}" aria-label="{escape(title)}">'
        ),
        f"<title>{escape(title)}</title><desc>{escape(description(state, lang))}</desc>",
        (
            f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{layout.felt_rx}" ry="{layout.felt_ry}" class="lq-felt" fill="{FELT}"'
            f' stroke="#2e6b3f" stroke-width="2"/>'
        ),
    ]
    court = "coup" in view  # the court game (COURT.md): its coup on the felt
    if not court:  # R-C1: covering goes anticlockwise, from the banker's right (no ids: many per page)
        out += [
            f'<path d="M{cx + 92:g} {cy + 75:g}A24 40 0 0 0 {cx + 92:g} {cy - 5:g}" fill="none" stroke="{GREEN}" stroke-width="2"/>',
            f'<path d="M{cx + 86:g} {cy - 5:g}l10-6v12z" fill="{GREEN}"/>',
        ]
    # C-6: the holder deals anticlockwise, from his right, as covering goes (R-C1)
    out.append(
        _corner_text(
            "↺ " + _word("deal_direction" if court else "direction", lang), width - 6, "end", bottom, layout
        )
    )
    if court:
        out += _court_table(state, lang, layout, bottom)
    if bank:
        said = _word("bank", lang, amount=bank["amount"])
        if layout.wrap_bank:
            out.append(_corner_text(said, 8, "start", bottom, layout, INK, bold=True))
        else:
            label = (
                f'<text x="8" y="{bottom - 12}" font-weight="bold" text-anchor="start">{escape(said)}</text>'
            )
            out.append(_note(label, 8, bottom - 12, "start", 1, len(said) + 1, layout))
    cards = view["cards"] or {}
    wide, high = CARD_W * CARD_SCALE, CARD_H * CARD_SCALE
    # R-D1: the bank card at the banker's left (the reader's left), the players' card at the right
    # Each label runs outwards from the middle, under its card: the two never meet. Beside
    # five seats or more, the lowest side seats come near: the labels say "bank" and
    # "players" only (the cards' own names stay in the description).
    short = "_short" if n >= SHORT_LABELS else ""
    turned = cy - layout.cards_gap + 6  # the turned cards' top
    for code, key, left, anchor in (
        (cards.get("bank_card"), "bank_card", cx - 6 - wide, "end"),
        (cards.get("players_card"), "players_card", cx + 6, "start"),
    ):
        if code:
            out.append(_card(code, left, turned, _word(key, lang), lang))
            x = left + wide if anchor == "end" else left
            said, y = _word(key + "_label" + short, lang), turned + high + font
            label = (
                f'<text x="{x:.0f}" y="{y:.0f}" font-size="{font}" text-anchor="{anchor}"'
                f' fill="{GREEN}">{escape(said)}</text>'
            )
            out.append(_note(label, x, y, anchor, 1, len(said), layout, FELT))
    # The last exposed cards side by side, each showing its index; the earlier ones counted.
    exposed = cards.get("exposed") or []
    shown = exposed[-SHOWN:]
    fan = wide + STEP * (len(shown) - 1)
    above = cy - layout.cards_gap - high
    for i, code in enumerate(shown):
        out.append(_card(code, cx - fan / 2 + STEP * i, above, _word("exposed", lang), lang))
    if len(exposed) > len(shown):
        out.append(
            f'<text class="lq-more" x="{cx - fan / 2 - 6 * k:.0f}" y="{above + high / 2 + 6 * k:.0f}"'
            f' font-weight="bold" text-anchor="end" fill="{GREEN}">+{len(exposed) - len(shown)}</text>'
        )
    # The seats last, over everything else: a name and its counters are never hidden; at
    # the court game, none lies on the place of a card (C-6, C-10, C-11).
    clear = _court_places(n, layout).cards if court else ()
    for offset in range(n):
        name = seats[(base + offset) % n]
        out.append(_seat(state, name, offset, name == acting, lang, bottom, layout, clear))
    out.append("</svg>")
    return "".join(out)


# --- the court game (COURT.md) -----------------------------------------------------------

COURT_ROW = 200  # the coupeurs' cards: a row at most so wide, however many (C-6: up to nine)
TURNED_SHOWN = 2  # the draw's last cards drawn (the others counted): as wide as the row's half


@dataclass(frozen=True)
class _CourtPlaces:
    """Where the court game's cards lie, for ``n`` people in a layout: the coupeurs' row
    above the middle (its left when full, the step between cards, its top), the
    holder's card and the draw's below (their left, their top), and every card's place
    (what the seats' boxes keep clear of)."""

    row_left: float
    row_step: float
    row_top: float
    holder_left: float
    turned_left: float
    below: float
    cards: tuple[Rect, ...]


@functools.cache
def _court_places(n: int, layout: Layout) -> _CourtPlaces:
    """The places of :class:`_CourtPlaces` (the same at every step of a table: its seats
    do not move as the cards come).

    >>> places = _court_places(10, PAGE)
    >>> [round(v) for v in places.cards[0]], [round(v) for v in places.cards[-1]]
    ([120, 96, 53, 75], [260, 187, 53, 75])
    """
    wide, high = CARD_W * CARD_SCALE, CARD_H * CARD_SCALE
    cx, cy, k = layout.width / 2, layout.height / 2, layout.k
    coupeurs = max(1, n - 1)
    step = min(STEP, (COURT_ROW - wide) / max(1, coupeurs - 1))
    row_left = cx - (wide + step * (coupeurs - 1)) / 2
    row_top = cy - high - 14 * k
    holder_left, turned_left, below = cx - 6 - wide, cx + 6, cy + 2 * k
    cards = [(row_left + step * i, row_top, wide, high) for i in range(coupeurs)]
    cards.append((holder_left, below, wide, high))
    cards += [(turned_left + STEP * i, below, wide, high) for i in range(TURNED_SHOWN)]
    return _CourtPlaces(row_left, step, row_top, holder_left, turned_left, below, tuple(cards))


def _court_description(state: Mapping[str, Any], lang: str) -> str:
    """The court game's drawing in words: each seat, its counters and the stake on its
    card; the coupeurs' cards with their stakes, the holder's card, the cards turned."""
    view = state["table"]
    coup = view.get("coup") or {}
    parts = []
    for name in view["seats"]:
        text = _word("seat", lang, player=name, balance=state["balances"][name])
        if name == view["banker"]:
            text += " " + _word("holder_mark", lang)
        if view["stakes"].get(name):
            text += " " + _word("stake", lang, amount=view["stakes"][name])
        parts.append(text)
    live = [c for c in coup.get("coupeurs", []) if c["fate"] is None and c["kind"] != "quadruple"]
    if live:
        parts.append(
            _word("coupeurs", lang)
            + " "
            + " ".join(f"{c['player']} {card_text(c['card'], lang)} ({c['stake']})" for c in live)
        )
    if coup.get("holder_card"):
        parts.append(_word("holder_card", lang) + " " + card_text(coup["holder_card"], lang))
    if coup.get("turned"):
        parts.append(_word("turned", lang) + " " + " ".join(card_text(c, lang) for c in coup["turned"]))
    if coup.get("end"):
        parts.append(catalogue(lang)[f"coup.end.{coup['end']}"])
    return _word("separator", lang).join(parts) + "."


def _in_fonds(stake: int, fonds: int) -> str:
    """A card's stake as a multiple of the fonds: F, 2F, 4F (C-6 … C-8)."""
    times = stake // fonds if fonds else 0
    return "F" if times == 1 else f"{times}F"


def _court_table(state: Mapping[str, Any], lang: str, layout: Layout, bottom: int) -> list[str]:
    """The coup on the felt: the coupeurs' cards in a row above the middle, A (the holder's
    right) first, each with its stake (F, 2F, 4F, C-6 … C-8) marked on it, a card that left
    the table faded; below, the holder's card at the left and the cards turned at the
    right (C-10, C-11), labelled; at the coup's end, how it ended in their place."""
    view = state["table"]
    coup = view.get("coup") or {}
    width, font, k = layout.width, layout.font, layout.k
    cx = width / 2
    wide, high = CARD_W * CARD_SCALE, CARD_H * CARD_SCALE
    fonds = coup.get("fonds", state.get("fonds", 1))
    out: list[str] = []
    said = _word("fonds", lang, amount=fonds)
    label = f'<text x="8" y="{bottom - 12}" font-weight="bold" text-anchor="start">{escape(said)}</text>'
    out.append(_note(label, 8, bottom - 12, "start", 1, len(said) + 1, layout))
    cards = coup.get("coupeurs", [])
    places = _court_places(len(view["seats"]), layout)
    top, step = places.row_top, places.row_step
    left = cx - (wide + step * (len(cards) - 1)) / 2  # the cards dealt, centred within the row's place
    if cards:
        for i, card in enumerate(cards):
            x = left + step * i
            drawn = _card(card["card"], x, top, card["player"], lang)
            gone = card["fate"] is not None
            out.append(f'<g class="lq-gone" opacity=".35">{drawn}</g>' if gone else drawn)
            if card["stake"] and not gone:  # C-6 … C-8: what lies on it, on a white ground
                mark = _in_fonds(card["stake"], fonds)
                strip = min(step, wide) if i < len(cards) - 1 else wide
                middle = x + strip / 2
                y = top + high - 8 * k
                text = f'<text class="lq-stake" x="{middle:.0f}" y="{y:.0f}" font-weight="bold">{escape(mark)}</text>'
                ground = max(strip - 2, len(mark) * 0.62 * font + 4 * k)
                out.append(
                    f'<rect x="{middle - ground / 2:.0f}" y="{y - font:.0f}" width="{ground:.0f}"'
                    f' height="{font + 5 * k:.0f}" rx="4" fill="#fff" stroke="{GREEN}"/>{text}'
                )
    below = places.below
    labels = []
    if coup.get("holder_card"):
        x = places.holder_left
        out.append(_card(coup["holder_card"], x, below, _word("holder_card", lang), lang))
        labels.append((_word("holder_card_label", lang), x + wide, "end"))
    turned = coup.get("turned") or []
    shown = turned[-TURNED_SHOWN:]
    for i, code in enumerate(shown):
        out.append(_card(code, places.turned_left + STEP * i, below, _word("turned", lang), lang))
    if len(turned) > len(shown):
        right = places.turned_left + STEP * (len(shown) - 1) + wide
        out.append(
            f'<text class="lq-more" x="{right + 4 * k:.0f}" y="{below + high / 2 + 6 * k:.0f}"'
            f' font-weight="bold" text-anchor="start" fill="{GREEN}">+{len(turned) - len(shown)}</text>'
        )
    if turned:
        labels.append((_word("turned_label", lang), places.turned_left, "start"))
    y = below + high + font
    if coup.get("end"):  # C-9 … C-12: how the coup ended, where the labels were
        said = catalogue(lang)[f"coup.end.{coup['end']}"]
        label = f'<text class="lq-end" x="{cx:.0f}" y="{y:.0f}" font-weight="bold">{escape(said)}</text>'
        half = (len(said) + 1) * 0.29 * font + 5 * k
        out.append(_note(label, cx - half + 5 * k, y, "start", 1, len(said) + 1, layout))
    else:
        for said, x, anchor in labels:
            label = (
                f'<text x="{x:.0f}" y="{y:.0f}" text-anchor="{anchor}" fill="{GREEN}">{escape(said)}</text>'
            )
            out.append(_note(label, x, y, anchor, 1, len(said), layout, FELT))
    return out
