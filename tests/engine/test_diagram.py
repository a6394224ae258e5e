"""The table diagram: real card faces, in the reader's language, on a table that fits a phone."""

from __future__ import annotations

import re
from html import unescape

import pytest
from helpers import found, overlapping

import lansquenet
from lansquenet.bots import play_session
from lansquenet.diagram import CARD_H, CARD_W, LAYOUTS, PAGE, PROJECTED, WIDTH, Layout, diagram, sprite
from lansquenet.languages import LANGUAGES


def step_with_cards(lang: str) -> dict:
    """The worked example when the bank card, the players' card and two more are shown."""
    steps = lansquenet.trace(lansquenet.load("worked-example"), lang)
    return next(s["state"] for s in steps if s["event"]["code"] == "players_win")


@pytest.mark.parametrize(("lang", "queen"), [("fr", "D"), ("en", "Q")])
def test_every_card_is_drawn_with_its_code_and_its_index_in_the_language(lang: str, queen: str) -> None:
    svg = diagram(step_with_cards(lang), lang)
    # Section 06: 7♠ for the bank, Q♥ for the players, then 2♣ and Q♦ (R-D1, R-D3).
    assert re.findall(r'data-card="(\w+)"', svg) == ["7S", "QH", "2C", "QD"]
    queen_card = found(r'data-card="QH".*?</g>', svg).group(0)
    assert f">{queen}</text>" in queen_card and 'href="#lq-rQ"' in queen_card
    assert 'href="#lq-r7"' in svg and "#b00020" in queen_card


def test_french_cards_say_roi_dame_valet_and_english_ones_king_queen_jack() -> None:
    data = {
        "players": ["A", "B"],
        "first_banker": "A",
        "decks": [["KS", "QH", "JD", "AC", "KC"]],
        "actions": [{"by": "A", "do": "bank", "amount": 5}, {"by": "B", "do": "stake", "amount": 5}],
    }
    for lang, indices in (("fr", ["R", "D", "V", "A", "R"]), ("en", ["K", "Q", "J", "A", "K"])):
        state = lansquenet.trace(data, lang)[-2]["state"]  # the bank wins with K♣
        svg = diagram(state, lang)
        shown = re.findall(r'<g class="lq-card"[^>]*>.*?<text[^>]*>([^<]+)</text>', svg)
        assert shown == indices


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bank_card_lies_on_the_bankers_left_and_both_are_labelled(lang: str) -> None:
    # R-D1: the banker sits at the bottom facing the table: their left is the reader's left.
    svg = diagram(step_with_cards(lang), lang)
    x = {code: float(v) for code, v in re.findall(r'data-card="(\w+)" transform="translate\(([\d.]+)', svg)}
    assert x["7S"] < x["QH"]
    words = lansquenet.narration.catalogue(lang)
    texts = {unescape(t): float(v) for v, t in re.findall(r'<text x="([\d.]+)"[^>]*>([^<]+)</text>', svg)}
    assert texts[words["diagram.bank_card_label"]] < WIDTH / 2 < texts[words["diagram.players_card_label"]]


def test_every_shared_drawing_a_card_uses_is_in_the_sprite() -> None:
    ids = set(re.findall(r'id="([\w-]+)"', sprite()))
    for name in lansquenet.names():
        for step in lansquenet.trace(lansquenet.load(name), "fr"):
            svg = diagram(step["state"], "fr")
            assert 'id="' not in svg  # many diagrams per page: no ids of their own
            assert set(re.findall(r'href="#([\w-]+)"', svg)) <= ids


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
@pytest.mark.parametrize("n", range(2, 11))
def test_every_seat_fits_the_drawing_even_with_long_names(n: int, layout: Layout) -> None:
    players = [f"Player-with-a-very-long-name-{k}" for k in range(n)]
    data = {"players": players, "first_banker": players[0], "actions": []}
    svg = diagram(lansquenet.trace(data, "en")[0]["state"], "en", layout)
    assert f'viewBox="0 0 {layout.width} {layout.height}"' in svg
    for x, y, w, h in re.findall(
        r'<rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg
    ):
        assert 0 <= float(x) and float(x) + float(w) <= layout.width
        assert 0 <= float(y) and float(y) + float(h) <= layout.height
    assert "Player-wi…" in svg and players[0] in svg  # shortened in the drawing, whole in its text


def test_the_acting_seat_is_unmistakable() -> None:
    state = lansquenet.trace(lansquenet.load("worked-example"), "en")[1]["state"]
    svg = diagram(state, "en")
    acting = found(r'<g class="lq-seat[^"]*lq-acting"[^>]*><rect[^>]*>', svg).group(0)
    assert 'stroke-width="4"' in acting and 'fill="#ffefc2"' in acting
    assert svg.count("lq-acting") == 1


# A table of five seats or more: with the bank card and the players' card turned, the
# seats beside the cards (the lowest ones but the banker's) stay whole and readable.
RECT = re.compile(r'<rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"')
GROUP = re.compile(r'<g class="(lq-seat[^"]*|lq-note)"[^>]*>(.*?)</g>')


Box = dict[str, float]


def boxes(svg: str) -> tuple[list[tuple[int, Box]], list[tuple[int, Box]]]:
    """The seats' boxes and the notes' grounds, each with its place in the drawing's order."""
    seats: list[tuple[int, Box]] = []
    notes: list[tuple[int, Box]] = []
    for group in GROUP.finditer(svg):
        rect = RECT.search(group.group(2))
        assert rect
        box = dict(zip(("x", "y", "width", "height"), map(float, rect.groups()), strict=True))
        (seats if group.group(1).startswith("lq-seat") else notes).append((group.start(), box))
    return seats, notes


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("n", range(2, 11))
def test_the_cards_labels_leave_every_seat_readable(lang: str, n: int, layout: Layout) -> None:
    steps = lansquenet.trace(play_session(n, 1, seed=3), lang)
    state = next(s["state"] for s in steps if (s["state"]["table"]["cards"] or {}).get("players_card"))
    seats, notes = boxes(diagram(state, lang, layout))
    assert len(seats) == n and len(notes) >= 3  # the bank's amount, the two cards' labels
    for place, seat in seats:
        for where, note in notes:
            if n <= 6:  # up to six seats, no label lies under a seat's box
                assert not overlapping(seat, note), (seat, note)
            elif overlapping(seat, note):  # more: a seat is drawn over a label, never under it
                assert where < place, (seat, note)


def test_a_projected_table_is_the_same_table_its_words_larger_against_its_height() -> None:
    # Read from the back of a room in a short wide frame (the class view's, 1238 x 522 px
    # at 1280 x 720): its words 22 units in a drawing 370 high, against the page's 18.
    state = step_with_cards("en")
    page, projected = diagram(state, "en"), diagram(state, "en", PROJECTED)
    assert 'font-size="18"' in page and 'font-size="22"' in projected and 'font-size="18"' not in projected
    assert PROJECTED.font / PROJECTED.height > 1.2 * PAGE.font / PAGE.height
    for kind in (r'data-card="(\w+)"', r'data-seat="([^"]+)"'):  # the same cards, the same seats
        assert re.findall(kind, page) == re.findall(kind, projected)

    def words(svg: str) -> list[str]:  # (a note may run on two lines)
        return sorted("".join(re.sub("<[^>]+>", "", t).split()) for t in re.findall(r"<text.*?</text>", svg))

    assert words(page) == words(projected)


# The court game (COURT.md): the coupeurs' cards in a row above the middle, the holder's
# card and the draw below it. However many sit at the table, no seat's box lies on a card.
CARD = re.compile(
    r'<g class="lq-card" data-card="(\w+)" transform="translate\((-?[\d.]+),(-?[\d.]+)\) scale\(([\d.]+)\)'
)
SEAT_BOX = re.compile(
    r'<g class="lq-seat[^"]*" data-seat="([^"]+)"><rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"'
)
LONG_NAMES = [
    "Christophe",
    "Bernadette",
    "Marguerite",
    "Antoinette",
    "Maximilien",
    "Gwendoline",
    "Guillaume",
    "Théodore",
    "Joséphine",
    "Henriette",
]


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
@pytest.mark.parametrize("n", range(2, 11))
def test_no_seat_of_the_court_table_lies_on_a_card(n: int, layout: Layout) -> None:
    # C-6, C-10, C-11: every card of three coups stays whole beside the seats' boxes, names as long as a drawing shows them.
    names = LONG_NAMES[:n]
    data = {
        "players": names,
        "first_banker": names[0],
        "rules": {"game": "court", "fonds": 1000},  # C-16: the widest stakes, "4000" on a triple
        "seed": n,
        "actions": [{"by": names[0], "do": "deal"}] * 3,
    }
    steps = lansquenet.trace(data, "en")
    cards_seen = 0
    for step in steps:
        svg = diagram(step["state"], "en", layout)
        seats = [
            dict(zip(("x", "y", "width", "height"), map(float, m[1:]), strict=True))
            for m in SEAT_BOX.findall(svg)
        ]
        assert len(seats) == n
        for code, x, y, scale in CARD.findall(svg):
            card = {
                "x": float(x),
                "y": float(y),
                "width": CARD_W * float(scale),
                "height": CARD_H * float(scale),
            }
            cards_seen += 1
            for seat in seats:
                assert not overlapping(seat, card), (code, seat, card)
    assert cards_seen >= 3 * n  # the row, the holder's card and the draw were drawn
