"""The table: a frozen value holding everything the rules need at one moment.

Nothing here decides a rule; :mod:`lansquenet.rules` moves from one table to the next.
The JSON forms are the ones of CONFORMANCE.md (:func:`state_json`) and, for pages and
the stepper, the same plus what a diagram draws (:func:`view_json`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from .cards import Card
from .variants import STANDARD, Rules


class Phase(Enum):
    """What the table is doing now."""

    ANNOUNCE = "announce"  # R-P5: a banker must announce a bank
    COVER = "cover"  # R-C1..C6: players cover the bank in turn
    DEAL = "deal"  # R-D1..D4: cards are turned (no one acts)
    CHOICE = "choice"  # R-B3: the holder keeps, withdraws or leaves after a win
    OFFER = "offer"  # R-B4: the bank is offered for sale
    FINISHED = "finished"  # R-F1, R-F2


@dataclass(frozen=True)
class Bank:
    """The bank in play (R-B1): its holder, the player who announced it, its amount."""

    holder: int
    original: int
    amount: int
    sales: int = 0


@dataclass(frozen=True)
class Deal:
    """One deal: who banked, the stakes, the pack and how many cards are turned."""

    banker: int
    bank: int
    stakes: tuple[int, ...]
    pack: tuple[Card, ...]
    turned: int = 0
    winner: str | None = None  # "bank" or "players" once decided
    cut: int | None = None  # R-P3: where the pack was cut, when the engine shuffled
    pair_halved: bool = False  # V-P3a: an opening pair takes only half of each stake

    @property
    def bank_card(self) -> Card | None:
        return self.pack[0] if self.turned >= 1 else None

    @property
    def players_card(self) -> Card | None:
        return self.pack[1] if self.turned >= 2 else None

    @property
    def exposed(self) -> tuple[Card, ...]:
        return self.pack[2 : self.turned]

    @property
    def opening_pair(self) -> bool:
        """R-D2: the two first cards have the same rank."""
        return self.turned >= 2 and self.pack[0].rank == self.pack[1].rank

    @property
    def covered(self) -> int:
        return sum(self.stakes)

    @property
    def lost(self) -> tuple[int, ...]:
        """What each stake loses when the bank wins: all of it (R-T1), or ⌊s/2⌋ on an
        opening pair under V-P3a (the rest goes back to its owner)."""
        if self.pair_halved and self.opening_pair:
            return tuple(s // 2 for s in self.stakes)
        return self.stakes

    @property
    def winnings(self) -> int:
        """W: what the bank wins when it wins (R-T1; V-P3a: Σ⌊s/2⌋ on an opening pair)."""
        return sum(self.lost)

    def change(self) -> tuple[int, ...]:
        """Each seat's net result once decided (R-T1, R-T2, V-P3b)."""
        if self.winner == "players":
            change, banker = list(self.stakes), -self.covered
        else:
            change, banker = [-s for s in self.lost], self.winnings
        change[self.banker] = banker
        return tuple(change)


class Seating:
    """The seats around a table of either game (R-S1, R-S2, R-F1): its ``players`` in seat
    order and their ``balances``, what a seat's neighbours are and how the players rank.
    :class:`Table` and the court game's :class:`~lansquenet.court.CourtTable` are both
    seated so, as python-chess's boards share their ``BaseBoard``.

    >>> seated = Table(players=("A", "B", "C"), balances=(5, 9, 5), phase=Phase.ANNOUNCE)
    >>> seated.n, seated.seat("B"), seated.right(2), seated.left(0)
    (3, 1, 0, 2)
    >>> seated.standings()
    [('B', 9, 1), ('A', 5, 2), ('C', 5, 2)]
    """

    players: tuple[str, ...]
    balances: tuple[int, ...]

    @property
    def n(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def right(self, seat: int) -> int:
        """R-S2: the player to the right of ``seat`` is the next seat anticlockwise (the
        court game's next holder and next coupeur, C-4, C-6)."""
        return (seat + 1) % self.n

    def left(self, seat: int) -> int:
        """R-S2: the player to the left of ``seat`` (who cuts, R-P3, C-5)."""
        return (seat - 1) % self.n

    def standings(self) -> list[tuple[str, int, int]]:
        """R-F1: (player, balance, place), best first; ties share a place, seat order."""
        order = sorted(range(self.n), key=lambda s: -self.balances[s])
        return [
            (self.players[s], self.balances[s], 1 + sum(b > self.balances[s] for b in self.balances))
            for s in order
        ]


@dataclass(frozen=True)
class Table(Seating):
    """The whole table at one moment. Balances are counters in hand (R-P2)."""

    players: tuple[str, ...]
    balances: tuple[int, ...]
    phase: Phase
    to_act: int | None = None
    bank: Bank | None = None
    stakes: tuple[int, ...] = ()  # while covering and dealing, by seat (R-C2, R-T3)
    round_added: bool = False  # R-C3: something was added in this round of covering
    deal: Deal | None = None  # the deal being turned, or the last one played
    deals: tuple[Deal, ...] = ()
    decks: tuple[tuple[Card, ...], ...] = ()
    seed: int = 0
    finish_after: int | None = None
    rules: Rules = STANDARD  # VARIANTS.md: the packs, the pair share, the successor

    def successor(self, seat: int) -> int:
        """R-B2: the next seat to announce a bank after ``seat``'s: its right, or its
        left under ``"successor": "left"`` (V-P4a)."""
        return self.left(seat) if self.rules.successor == "left" else self.right(seat)

    def holdings(self, seat: int) -> int:
        """Counters a participant holds: in hand, staked, or in the bank they hold."""
        held = self.balances[seat] + (self.stakes[seat] if self.stakes else 0)
        if self.bank is not None and self.bank.holder == seat:
            held += self.bank.amount
        return held

    @property
    def uncovered(self) -> int:
        assert self.bank is not None
        return self.bank.amount - sum(self.stakes)

    @property
    def total(self) -> int:
        """R-T3: every counter on the table, wherever it lies."""
        return sum(self.holdings(s) for s in range(self.n))


Record = TypeVar("Record")  # a frozen record of either game (Bank, Deal, Table, court.Coup, …)


def replace(record: Record, **changes: Any) -> Record:
    """``record`` with ``changes``: what :func:`dataclasses.replace` gives for these frozen
    records (no ``__post_init__``, every field in ``__init__``), without its walk over the
    fields at each call, which was half the time of replaying a game (benchmarks 8b, 9c).
    A name that is not a field is refused, as there.

    >>> bank = Bank(holder=0, original=10, amount=10)
    >>> replace(bank, amount=20)
    Bank(holder=0, original=10, amount=20, sales=0)
    >>> bank.amount
    10
    >>> replace(bank, amout=20)
    Traceback (most recent call last):
    ...
    TypeError: Bank has no field amout
    """
    fields = record.__dict__
    values = {**fields, **changes}
    if len(values) != len(fields):  # a name that is not a field made the record larger
        raise TypeError(
            f"{type(record).__name__} has no field {', '.join(sorted(changes.keys() - fields.keys()))}"
        )
    new = object.__new__(type(record))
    _set(new, "__dict__", values)  # the frozen record's own __setattr__ refuses
    return new


_set = object.__setattr__


def _by_name(table: Table, values: tuple[int, ...], order: list[int] | None = None) -> dict[str, int]:
    seats = order if order is not None else range(table.n)
    return {table.players[s]: values[s] for s in seats}


def _covering_order(table: Table, banker: int) -> list[int]:
    return [(banker + i) % table.n for i in range(1, table.n)]


def deal_json(table: Table, deal: Deal) -> dict[str, Any]:
    """A played deal as CONFORMANCE.md writes it."""
    order = _covering_order(table, deal.banker)
    change = deal.change()
    return {
        "banker": table.players[deal.banker],
        "bank": deal.bank,
        "stakes": {table.players[s]: deal.stakes[s] for s in order if deal.stakes[s]},
        "bank_card": str(deal.pack[0]),
        "players_card": str(deal.pack[1]),
        "exposed": [str(c) for c in deal.exposed],
        "opening_pair": deal.opening_pair,
        "winner": deal.winner,
        "change": _by_name(table, change, [deal.banker] + order),
    }


def state_json(table: Table, can: list[str] | None = None, deals: bool = True) -> dict[str, Any]:
    """The state as ``python -m lansquenet replay`` prints it (CONFORMANCE.md); with
    ``deals=False``, without the list of played deals (a step's view: its size does not
    grow with the session, the ledger carries the deals)."""
    finished = table.phase is Phase.FINISHED
    out: dict[str, Any] = {
        "status": "finished" if finished else "awaiting",
        "to_act": None if table.to_act is None else {"player": table.players[table.to_act], "can": can or []},
        "balances": _by_name(table, table.balances),
        "bank": None
        if table.bank is None
        else {
            "holder": table.players[table.bank.holder],
            "original_holder": table.players[table.bank.original],
            "amount": table.bank.amount,
            "sales": table.bank.sales,
        },
    }
    if table.phase is Phase.COVER:
        assert table.bank is not None
        order = _covering_order(table, table.bank.holder)
        out["stakes"] = {table.players[s]: table.stakes[s] for s in order if table.stakes[s]}
    if deals:
        out["deals"] = [deal_json(table, d) for d in table.deals]
    out["standings"] = (
        [{"player": p, "balance": b, "place": k} for p, b, k in table.standings()] if finished else None
    )
    return out


def view_json(table: Table, can: list[str] | None = None) -> dict[str, Any]:
    """:func:`state_json` without the played deals, plus what a diagram needs: seats,
    phase, cards on the table."""
    out = state_json(table, can, deals=False)
    if table.phase is Phase.FINISHED:
        out["status"] = "finished"
    elif table.to_act is None:
        out["status"] = "dealing"
    deal = table.deal
    in_play = table.phase is Phase.DEAL and deal is not None
    banker = table.bank.holder if table.bank else (deal.banker if deal else table.to_act)
    if table.phase is Phase.ANNOUNCE:
        banker = table.to_act
    out["table"] = {
        "seats": list(table.players),
        "phase": table.phase.value,
        "banker": None if banker is None else table.players[banker],
        "uncovered": table.uncovered if table.phase is Phase.COVER else None,
        "stakes": _by_name(table, deal.stakes)
        if in_play and deal is not None
        else (_by_name(table, table.stakes) if table.stakes else {}),
        "cards": None
        if deal is None or deal.turned == 0
        else {
            "bank_card": str(deal.bank_card) if deal.bank_card else None,
            "players_card": str(deal.players_card) if deal.players_card else None,
            "exposed": [str(c) for c in deal.exposed],
            "winner": deal.winner,
        },
    }
    return out
