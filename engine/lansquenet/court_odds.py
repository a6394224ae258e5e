"""Exact odds of the court game (spec/COURT.md), computed from its rules.

Everything is a :class:`~fractions.Fraction` in units of the fonds du jeu F (C-3), worked
out from the rules C-5 … C-13, never typed in. Only ranks matter (C-2), and a coup is
played with a fresh pack (C-5), so the state of a coup is the *multiset* of the ranks'
situations: how many cards of a rank are left in the pack and what stake (0, F, 2F or 4F)
lies on the table on a card of that rank. The computation runs over those multisets,
memoised, instead of over the deals: a few hundred states for ten people.

C-1: ``people`` counts everyone at the table, the holder included; the coupeurs are
``people - 1``, A first (the holder's right, C-6). Montmort's figures in the *Encyclopédie*
(COURT.md §3, C-15):

>>> hand_value(3), hand_value(4)
(Fraction(1125, 4024), Fraction(36635, 73896))
>>> money(hand_value(3))
Money(livres=2, sous=15, deniers=10, rest=Fraction(490, 503), negative=False)
>>> [str(money(loss)) for loss in punters(4)]
['2 l. 13 s. 9 d.', '1 l. 14 s. 1 d.', '11 s. 2 d.']

The coach's view of a position inside a coup is :func:`chances`.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TypeVar

from .games import COURT
from .refusals import OddsError

R = TypeVar("R", bound=Hashable)  # a rank, as the caller names it (a card's rank, a letter)

__all__ = [
    "DENIERS_PER_F",
    "MAX_PEOPLE",
    "MIN_PEOPLE",
    "READINGS",
    "Chances",
    "Money",
    "chances",
    "coup_value",
    "hand_value",
    "keep",
    "money",
    "odds_json",
    "punters",
]

MIN_PEOPLE, MAX_PEOPLE = 2, 10  # C-1
RANKS, PER_RANK = 13, 4  # C-2: one pack of 52 cards, only ranks matter
STAKES = (1, 2, 4)  # C-6, C-7, C-8: a straight card, a double, a triple (in F)

# The money of account (COURT.md §3): F = 1 pistole = 10 livres; 1 livre = 20 sous;
# 1 sou = 12 deniers.
LIVRES_PER_F, SOUS_PER_LIVRE, DENIERS_PER_SOU = 10, 20, 12
DENIERS_PER_F = LIVRES_PER_F * SOUS_PER_LIVRE * DENIERS_PER_SOU

# A rank's situation: (its cards left in the pack, the stake on the table on its card, 0 if none).
Slot = tuple[int, int]
Slots = tuple[Slot, ...]  # sorted: the multiset of the ranks' situations


@dataclass(frozen=True)
class _Future:
    """What is still to come in a coup, as expectations and chances.

    ``gain``: the holder's expected gain from here on; ``loss``, ``taken``, ``void``: the
    marked coupeur's expected loss, the chance that the holder takes his stake and the
    chance that it goes back to him by a quadruple (C-9); ``make``: the chance that the
    holder wins every card on the table (C-10's fourth card, C-12); ``keep``: his chance
    of keeping the hand (``make`` or a quadruple).
    """

    gain: Fraction
    loss: Fraction
    taken: Fraction
    void: Fraction
    make: Fraction
    keep: Fraction


_ZERO = Fraction(0)
_ONE = Fraction(1)
_VOID = _Future(_ZERO, _ZERO, _ZERO, _ONE, _ZERO, _ONE)  # a quadruple, seen from its marked card
_KEPT = _Future(_ZERO, _ZERO, _ZERO, _ZERO, _ZERO, _ONE)  # a quadruple, no card marked: the hand kept


def _voided(marked: Slot | None) -> _Future:
    """C-9: a quadruple voids the coup (every stake goes back, the hand is kept), seen
    from the marked card (``marked``) or from none."""
    return _VOID if marked else _KEPT


def _fourth(won: Fraction, marked: Slot | None) -> _Future:
    """C-10: the holder's card was the last of its rank: he wins ``won`` (every stake on
    the table) and makes the hand; the marked card (``marked``), if any, is taken."""
    if marked is None:
        return _Future(won, _ZERO, _ZERO, _ZERO, _ONE, _ONE)
    return _Future(won, Fraction(marked[1]), _ONE, _ZERO, _ONE, _ONE)


def _sum(weighted: list[tuple[Fraction, _Future]]) -> _Future:
    fields = [
        sum((w * getattr(f, name) for w, f in weighted), _ZERO) for name in _Future.__dataclass_fields__
    ]
    return _Future(*fields)


def _shift(future: _Future, *, gain: Fraction = _ZERO, loss: Fraction = _ZERO) -> _Future:
    return _Future(
        future.gain + gain, future.loss + loss, future.taken, future.void, future.make, future.keep
    )


def _without(slots: Slots, index: int) -> Slots:
    return slots[:index] + slots[index + 1 :]


def _with(slots: Slots, slot: Slot) -> Slots:
    return tuple(sorted((*slots, slot)))


def _left(slots: Slots, marked: Slot | None) -> int:
    """The cards left in the pack: the ranks' of ``slots`` and the marked one's."""
    return sum(c for c, _ in slots) + (marked[0] if marked else 0)


def _next_ranks(slots: Slots, marked: Slot | None) -> Iterator[tuple[Fraction, Slot, Slots]]:
    """The rank of the next card, one situation at a time (ranks alike counted together):
    its chance, its situation and the others' (the marked rank's chance is the rest,
    ``marked[0] / _left(slots, marked)``)."""
    total = _left(slots, marked)
    for index, slot in enumerate(slots):
        if slot[0] == 0 or (index and slots[index - 1] == slot):
            continue
        yield Fraction(slot[0] * slots.count(slot), total), slot, _without(slots, index)


@functools.cache
def _all_before(h: int, counts: tuple[int, ...]) -> Fraction:
    """The chance that a card of each of the ranks with ``counts`` cards left comes before
    the first of the holder's ``h`` (C-11, C-12), the pack in random order.

    Giving every card an independent uniform time u, the holder's first card comes at
    the minimum of h of them, and the answer is the integral over (0, 1) of
    h u^(h-1) * prod(1 - u^c): expanded, a sum over the subsets S of the ranks of
    (-1)^|S| h / (h + sum of S's counts).

    >>> _all_before(3, (3,)), _all_before(3, (3, 3))
    (Fraction(1, 2), Fraction(1, 3))
    """
    terms: Counter[int] = Counter({0: 1})  # sum over the subsets so far: exponent -> signed count
    for c, m in Counter(counts).items():
        step: Counter[int] = Counter()
        for e, coefficient in terms.items():
            for a in range(m + 1):
                step[e + a * c] += coefficient * comb(m, a) * (-1) ** a
        terms = step
    return sum((Fraction(coefficient * h, h + e) for e, coefficient in terms.items()), _ZERO)


def _draw(h: int, table: Slots, marked: Slot | None) -> _Future:
    """C-11: the holder, with ``h`` cards of his rank left (h >= 1), turns the pack over.
    Each card on the table (``table``, and ``marked``) is taken when its rank comes before
    the holder's (chance c / (c + h)) and paid otherwise: a race between two ranks only."""
    gain = sum((Fraction(s * (c - h), c + h) for c, s in table), _ZERO)
    loss = taken = _ZERO
    counts = [c for c, _ in table]
    if marked is not None:
        c, s = marked
        taken = Fraction(c, c + h)
        loss = s * (2 * taken - 1)
        gain += loss
        counts.append(c)
    make = _all_before(h, tuple(sorted(counts)))
    return _Future(gain, loss, taken, _ZERO, make, make)


def _holder_card(slots: Slots, marked: Slot | None, voids: bool) -> _Future:
    """C-10: every coupeur served, the holder deals himself a card. ``voids``: the other
    reading of C-10 (:data:`READINGS`), where his card of a coupeur's rank voids the coup
    (every stake goes back, he keeps the hand)."""
    weighted: list[tuple[Fraction, _Future]] = []
    for chance, (count, stake), rest in _next_ranks(slots, marked):
        table = tuple(slot for slot in rest if slot[1])
        if voids and stake:
            weighted.append((chance, _voided(marked)))
        elif count == 1:  # C-10: no card of his rank left: he wins every stake and keeps the hand
            won = stake + sum(s for _, s in table) + (marked[1] if marked else 0)
            weighted.append((chance, _fourth(Fraction(won), marked)))
        else:  # he wins the card of his rank if one lies on the table (C-10), then draws (C-11)
            weighted.append((chance, _shift(_draw(count - 1, table, marked), gain=Fraction(stake))))
    if marked is not None and marked[0]:
        count, stake = marked
        chance = Fraction(count, _left(slots, marked))
        table = tuple(slot for slot in slots if slot[1])
        if voids:
            future = _VOID
        elif count == 1:
            future = _fourth(Fraction(stake + sum(s for _, s in table)), marked)
        else:
            future = _shift(_draw(count - 1, table, None), gain=Fraction(stake), loss=Fraction(stake))
            future = _Future(future.gain, future.loss, _ONE, _ZERO, future.make, future.keep)
        weighted.append((chance, future))
    return _sum(weighted)


@functools.cache
def _future(left: int, wait: int, marked: Slot | None, slots: Slots, voids: bool = False) -> _Future:
    """The rest of a coup: ``left`` coupeurs still to serve (C-6), then the holder's card
    (C-10) and the draw (C-11). ``slots``: the ranks' situations, the marked coupeur's
    rank apart (``marked``, None if his card is not dealt yet or has been taken); his card
    is the next dealt but ``wait`` (-1: no card to mark); ``voids``: :func:`_holder_card`."""
    if left == 0:
        return _holder_card(slots, marked, voids)
    weighted: list[tuple[Fraction, _Future]] = []
    for chance, (count, stake), rest in _next_ranks(slots, marked):
        if stake == STAKES[-1]:  # C-9: a quadruple: every stake goes back, the hand is kept
            weighted.append((chance, _voided(marked)))
            continue
        new = (count - 1, 2 * stake if stake else 1)  # C-6, C-7, C-8
        if wait == 0:
            future = _future(left - 1, -1, new, rest, voids)
        else:
            future = _future(left - 1, wait - 1 if wait > 0 else -1, marked, _with(rest, new), voids)
        weighted.append((chance, _shift(future, gain=Fraction(stake))))  # C-7, C-8: the earlier card won
    if marked is not None and marked[0]:
        count, stake = marked
        chance = Fraction(count, _left(slots, marked))
        if stake == STAKES[-1]:  # C-9: the marked triple card goes back to its owner
            weighted.append((chance, _VOID))
        else:  # C-7, C-8: the marked card is won; the double or triple is another's
            future = _future(left - 1, -1, None, _with(slots, (count - 1, 2 * stake)), voids)
            taken = _Future(future.gain, _ZERO, _ONE, _ZERO, future.make, future.keep)
            weighted.append((chance, _shift(taken, gain=Fraction(stake), loss=Fraction(stake))))
    return _sum(weighted)


_FRESH: Slots = ((PER_RANK, 0),) * RANKS  # C-5: a fresh pack before each coup


# The readings the odds can be computed under: COURT.md's own (C-1 … C-13), and the other
# reading of C-10 it names, where the holder's card of a coupeur's rank voids the coup
# (the stakes go back, he keeps the hand): 12 s. 4 d. for three people, not the printed
# 2 l. 15 s. 10 d. (COURT.md, C-10). The other reading of C-1 needs no code: it is the
# next row (n coupeurs besides the holder are n + 1 people).
READINGS = (COURT.id, "match_voids")  # COURT.md's reading (named by its game), C-10's other


def _people(people: int) -> int:
    if isinstance(people, bool) or not isinstance(people, int) or not MIN_PEOPLE <= people <= MAX_PEOPLE:
        raise OddsError("invalid_players")
    return people


def _coup(people: int, reading: str, seat: int = -1) -> _Future:
    if reading not in READINGS:
        raise OddsError("invalid_reading")
    return _future(_people(people) - 1, seat, None, _FRESH, reading == "match_voids")


def coup_value(people: int, reading: str = COURT.id) -> Fraction:
    """The holder's expected gain in one coup, in F (C-5 … C-12)."""
    return _coup(people, reading).gain


def keep(people: int, reading: str = COURT.id) -> Fraction:
    """The holder's chance of keeping the hand after a coup: he made it (C-10, C-12) or a
    quadruple voided the coup (C-9)."""
    return _coup(people, reading).keep


def hand_value(people: int, reading: str = COURT.id) -> Fraction:
    """The holder's expected gain over a whole hand, in F: a / (1 - p) (C-13).

    >>> str(money(hand_value(3, "match_voids")))
    '12 s. 4 d.'
    """
    return coup_value(people, reading) / (1 - keep(people, reading))


def punters(people: int, reading: str = COURT.id) -> tuple[Fraction, ...]:
    """Each coupeur's expected loss over a whole hand, in F, A (the holder's right, C-6)
    first; they add up to :func:`hand_value`.

    >>> sum(punters(5)) == hand_value(5)
    True
    """
    hand = 1 - keep(people, reading)
    return tuple(_coup(people, reading, seat).loss / hand for seat in range(_people(people) - 1))


def odds_json(people: int) -> dict[str, object]:
    """The odds of a table of ``people``, fractions written as strings (``"1125/4024"``):
    what ``python -m lansquenet odds --game court --players N`` prints."""
    return {
        "game": COURT.id,
        "players": _people(people),
        "unit": "F",
        "coup_value": str(coup_value(people)),
        "keep": str(keep(people)),
        "hand_value": str(hand_value(people)),
        "punters": [str(loss) for loss in punters(people)],
    }


# --- the money of account --------------------------------------------------------


@dataclass(frozen=True)
class Money:
    """An amount in the money of account, F being one pistole (COURT.md §3): whole livres,
    sous and deniers, and ``rest``, the fraction of a denier left over (0 <= rest < 1);
    ``negative`` for a loss that is a gain (the last coupeurs' from eight people up).

    >>> str(Money(0, 8, 0, Fraction(0))), str(Money(7, 14, 7, Fraction(1, 2)))
    ('8 s. 0 d.', '7 l. 14 s. 7 d.')
    """

    livres: int
    sous: int
    deniers: int
    rest: Fraction
    negative: bool = False

    def __str__(self) -> str:  # the Encyclopédie's abbreviations, the rest left out
        head = f"{self.livres} l. " if self.livres else ""
        return f"{'-' if self.negative else ''}{head}{self.sous} s. {self.deniers} d."

    @property
    def in_deniers(self) -> Fraction:
        size = (self.livres * SOUS_PER_LIVRE + self.sous) * DENIERS_PER_SOU + self.deniers + self.rest
        return -size if self.negative else size


def money(value: Fraction) -> Money:
    """``value`` F (F = 1 pistole = 10 livres = 2 400 deniers) in livres, sous and deniers.

    >>> money(Fraction(1)), money(Fraction(-1, 2400)).in_deniers
    (Money(livres=10, sous=0, deniers=0, rest=Fraction(0, 1), negative=False), Fraction(-1, 1))
    """
    deniers = abs(Fraction(value)) * DENIERS_PER_F
    whole = int(deniers)  # the floor: deniers >= 0
    sous, d = divmod(whole, DENIERS_PER_SOU)
    livres, s = divmod(sous, SOUS_PER_LIVRE)
    return Money(livres, s, d, deniers - whole, value < 0)


# --- the coach ---------------------------------------------------------------------


@dataclass(frozen=True)
class Chances:
    """The coach's figures for a position inside a coup (:func:`chances`).

    ``before[i]``: the chance that coupeur i's card (the i-th of ``table``) comes before
    the holder's, that is, that the holder takes its stake: a double dealt on it (C-7,
    C-8), the holder's own card of its rank (C-10) or its rank turned before his (C-11).
    ``void[i]``: the chance that its stake goes back to him by a quadruple (C-9); he is
    paid in the rest of the cases (1 - before - void). ``make``: the holder's chance of
    winning every card on the table (C-10's fourth card, C-12); ``keep``: his chance of
    keeping the hand (``make``, or a quadruple, C-9).
    """

    before: tuple[Fraction, ...]
    void: tuple[Fraction, ...]
    make: Fraction
    keep: Fraction


def chances(
    pack: Mapping[R, int],
    table: Sequence[tuple[R, int]],
    holder: R | None = None,
    to_deal: int = 0,
) -> Chances:
    """The coach's exact chances at a position inside a coup.

    - ``pack``: each rank still in the pack and how many cards of it (a rank left out
      has none); any hashable rank names, e.g. ``{"K": 3, "7": 4, …}``.
    - ``table``: the coupeurs' cards still on the table, in the order they were dealt
      (A first, C-6), each ``(rank, stake)`` with the stake in F: 1, 2 (a double, C-7)
      or 4 (a triple, C-8). No two of the same rank.
    - ``holder``: the holder's card's rank once he has dealt it (C-10), else None.
    - ``to_deal``: how many coupeurs are still to be served before the holder's card
      (0 once it is dealt).

    Raises :class:`~lansquenet.refusals.OddsError` ``invalid_position`` for a position no
    coup reaches (a negative count, a bad stake, two cards of one rank on the table, the
    holder's rank on the table, cards to deal after the holder's card, too few cards).

    The holder has dealt himself a 7 against A's king (3 left) and B's double 4 (2 left):

    >>> pack = {"K": 3, "4": 2, "7": 3, "2": 4}
    >>> c = chances(pack, [("K", 1), ("4", 2)], holder="7")
    >>> c.before, c.make
    ((Fraction(1, 2), Fraction(2, 5)), Fraction(11, 40))

    At the start of a coup of three people, before the deal (a fresh pack, C-5):

    >>> fresh = {rank: 4 for rank in "A23456789TJQK"}
    >>> chances(fresh, [], to_deal=2).keep == keep(3)
    True
    """
    counts = {rank: count for rank, count in pack.items()}
    ranks = [rank for rank, _ in table]
    if (
        any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts.values())
        or isinstance(to_deal, bool)
        or not isinstance(to_deal, int)
        or to_deal < 0
        or any(stake not in STAKES for _, stake in table)
        or len(set(ranks)) != len(ranks)
        or (holder is not None and (holder in ranks or to_deal))
        or sum(counts.values()) < to_deal + (holder is None)
    ):
        raise OddsError("invalid_position")
    stakes = dict(table)
    others = tuple(
        sorted(
            (counts.get(rank, 0), stakes.get(rank, 0))
            for rank in set(counts) | set(stakes)
            if rank != holder and (counts.get(rank, 0) or rank in stakes)
        )
    )

    def future(marked: R | None) -> _Future:
        if marked is None:
            slots, mark = others, None
        else:
            mark = (counts.get(marked, 0), stakes[marked])
            slots = _without(others, others.index(mark))
        if holder is None:
            return _future(to_deal, -1, mark, slots)
        h = counts.get(holder, 0)
        on_table = tuple(slot for slot in slots if slot[1])
        if h == 0:  # C-10: his card was the last of its rank: every stake is his
            return _fourth(_ZERO, mark)
        return _draw(h, on_table, mark)

    each = [future(rank) for rank in ranks]
    whole = future(None)
    return Chances(tuple(f.taken for f in each), tuple(f.void for f in each), whole.make, whole.keep)
