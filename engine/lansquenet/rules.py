"""The rules: the legal moves of a table, and a move applied to it.

A table is a value: :func:`apply` returns a new table and the events that led to it,
and a refused move raises :class:`~lansquenet.refusals.Refusal` with nothing changed.

>>> t = new_table(["A", "B", "C"], 100, "A", decks=[["7S", "QH", "2C", "QD"]])
>>> legal_moves(t)
['bank']
>>> t, _ = apply(t, Move("A", "bank", 12))
>>> t, _ = apply(t, Move("B", "stake", 5))
>>> t, events = apply(t, Move("C", "stake", 7))
>>> [e.code for e in events][-4:]  # R-B2: what is left of the bank goes back to A
['card_exposed', 'card_exposed', 'players_win', 'bank_returned']
>>> t.balances
(88, 105, 107)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import variants
from .cards import Card, shuffled, stacked
from .limits import MAX_SAFE, safe_whole
from .refusals import Refusal
from .table import Bank, Deal, Phase, Table, replace

MAX_SALES = 3  # R-B1, R-B6
MAX_PLAYERS = 10  # R-S1: from 2 to 10 players


@dataclass(frozen=True)
class Move:
    """A player's move: ``do`` is one of the words of CONFORMANCE.md."""

    player: str
    do: str
    amount: object = None


@dataclass(frozen=True)
class Event:
    """Something that happened: a code and its parameters (the words are in locales/)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


Step = tuple[Event, Table]


def _with(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + delta,) + values[seat + 1 :]


# --- setting up -----------------------------------------------------------------

DEFAULT_BALANCE = 100  # R-P2: everyone starts with the same counters, 100 by default


def check_seating(
    players: Iterable[object], balance: object, first_banker: object
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The refusals of a table's seating every game checks once its rules are read
    (V-R6, C-16), in the order of CONFORMANCE.md: 2 to 10 names, all different, each a
    text that is not blank (R-S1; the court game's C-1), ``invalid_players``; the
    starting balance a whole number from 1 (R-P2, C-3), ``invalid_balance``; the first
    banker (the court game's first holder, C-4) one of them, ``unknown_player``. The
    names in seat order, and their balances (all equal).

    >>> check_seating(["A", "B"], 10, "B")
    (('A', 'B'), (10, 10))
    >>> check_seating(["A", "A"], 10, "A")
    Traceback (most recent call last):
    lansquenet.refusals.Refusal: invalid_players
    """
    names = list(players)
    if not 2 <= len(names) <= MAX_PLAYERS or len(set(map(str, names))) != len(names):  # R-S1, C-1
        raise Refusal("invalid_players")
    if not all(isinstance(p, str) and p.strip() for p in names):
        raise Refusal("invalid_players")
    if not safe_whole(balance, least=1):  # R-P2, C-3; at most 2^53 - 1 (CONFORMANCE.md, "Limits")
        raise Refusal("invalid_balance")
    if first_banker not in names:  # C-4: the first holder is named too
        raise Refusal("unknown_player", player=str(first_banker))
    return tuple(str(p) for p in names), (balance,) * len(names)


def new_table(
    players: Iterable[object],
    balance: object,
    first_banker: object,
    *,
    decks: Iterable[Iterable[object]] = (),
    seed: int = 0,
    finish_after: int | None = None,
    rules: object = None,
) -> Table:
    """A table ready for its first bank (R-S1, R-P2, R-P3) under ``rules`` (a
    scenario's ``rules`` value, VARIANTS.md; None: the standard game), or a refusal."""
    ruled = variants.read(rules)  # V-R6: before the players, the rules decide the cards
    names, balances = check_seating(players, balance, first_banker)
    packs = tuple(stacked([Card.parse(c) for c in deck], ruled.whole) for deck in decks)  # R-P1, V-P1c
    table = Table(
        players=names,
        balances=balances,
        phase=Phase.ANNOUNCE,
        decks=packs,
        seed=seed,
        finish_after=finish_after,
        rules=ruled,
    )
    return replace(table, to_act=table.seat(str(first_banker)))  # R-P3: drawn at random


# --- what may be done now -------------------------------------------------------


def _moment(table: Table) -> list[str]:
    """Every kind of move of this moment, affordable or not."""
    if table.phase is Phase.ANNOUNCE:
        return ["bank"]
    if table.phase is Phase.COVER:
        return ["stake", "pass", "banco"]
    if table.phase is Phase.CHOICE:
        pair = table.deals[-1].opening_pair
        return ["keep", "withdraw", "leave"] if pair else ["keep", "leave"]  # R-B3
    if table.phase is Phase.OFFER:
        return ["buy", "decline"]
    return []


def legal_moves(table: Table) -> list[str]:
    """The ``do`` words the player to act may use now (CONFORMANCE ``can``).

    A banco the player cannot afford is left out (R-C2).
    """
    kinds = _moment(table)
    if "banco" in kinds and not _can_banco(table):
        kinds.remove("banco")
    return kinds


def amount_range(table: Table, do: str) -> tuple[int, int] | None:
    """The amounts the player to act may give with ``do`` now, ``(least, most)``, or
    None for a move that takes no amount (what a page's amount field allows).

    >>> t = new_table(["A", "B"], 10, "A")
    >>> amount_range(t, "bank"), amount_range(t, "pass")
    ((1, 10), None)
    >>> t, _ = apply(t, Move("A", "bank", 4))
    >>> amount_range(t, "stake")
    (1, 4)
    """
    if table.to_act is None:
        return None
    seat = table.to_act
    if do == "bank":  # R-P5: at most the banker's balance (and a safe integer)
        return 1, min(table.balances[seat], MAX_SAFE)
    if do == "stake":  # R-C2, R-C5: at most the uncovered part and the player's balance
        return 1, min(table.uncovered, table.balances[seat], MAX_SAFE)
    return None


def _can_banco(table: Table) -> bool:
    assert table.to_act is not None and table.bank is not None
    seat = table.to_act
    return table.balances[seat] + table.stakes[seat] >= table.bank.amount  # R-C2


def _whole(amount: object) -> int:
    if not safe_whole(amount, least=1):  # at most 2^53 - 1 (CONFORMANCE.md, "Limits")
        raise Refusal("invalid_amount", amount=str(amount))
    return amount


class Turned(Protocol):
    """What the turn's checks read of a table, either game's (rules.Table, court.CourtTable)."""

    @property
    def phase(self) -> Phase: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def to_act(self) -> int | None: ...
    def seat(self, name: str) -> int: ...


def check_turn(table: Turned, move: Move) -> None:
    """The refusals every game checks first, in the order of CONFORMANCE.md: the session
    over, an unknown player, not his turn (the court game's too, C-17)."""
    if table.phase is Phase.FINISHED:
        raise Refusal("session_finished")
    if move.player not in table.players:
        raise Refusal("unknown_player", player=str(move.player))
    assert table.to_act is not None
    if table.seat(move.player) != table.to_act:
        raise Refusal("not_your_turn", player=move.player, turn=table.players[table.to_act])


def check(table: Table, move: Move) -> None:
    """Raise the refusal for ``move``, checked in the order of CONFORMANCE.md."""
    check_turn(table, move)
    assert table.to_act is not None  # check_turn refused a finished table
    if move.do not in _moment(table):
        raise Refusal("illegal_action", player=move.player, action=str(move.do))
    seat = table.to_act
    if move.do == "bank":  # R-P5
        amount = _whole(move.amount)
        if amount > table.balances[seat]:
            raise Refusal("bank_exceeds_balance", amount=amount, balance=table.balances[seat])
    elif move.do == "stake":  # R-C2, R-C5
        amount = _whole(move.amount)
        if amount > table.uncovered:
            raise Refusal("stake_exceeds_uncovered", amount=amount, uncovered=table.uncovered)
        if amount > table.balances[seat]:
            raise Refusal("stake_exceeds_balance", amount=amount, balance=table.balances[seat])
    elif move.do == "banco" and not _can_banco(table):  # R-C2
        assert table.bank is not None
        raise Refusal(
            "banco_unaffordable",
            bank=table.bank.amount,
            balance=table.balances[seat] + table.stakes[seat],
        )


# --- applying a move ------------------------------------------------------------
#
# Each step is an event and the table after it. A continuation returns a ``Flow``: the
# table the previous event leads to (whose turn it is now) and the steps that follow.

Flow = tuple[Table, list[Step]]


def _step(event: Event, flow: Flow) -> list[Step]:
    table, rest = flow
    return [(event, table), *rest]


def play(table: Table, move: Move) -> list[Step]:
    """Apply ``move`` and return every step that follows, each an event and the table
    after it, up to the next moment someone must act (dealing runs by itself)."""
    check(table, move)
    assert table.to_act is not None
    seat, name = table.to_act, move.player
    if move.do == "bank":
        return _announce(table, seat, _whole(move.amount))
    if move.do == "stake":
        return _stake(table, seat, _whole(move.amount))
    if move.do == "pass":
        return _step(Event("passed", {"player": name}), _next_coverer(table))
    if move.do == "banco":
        return _banco(table, seat)
    if move.do == "keep":
        return _keep(table)
    if move.do == "withdraw":
        return _withdraw(table)
    if move.do == "leave":
        return _leave(table)
    if move.do == "buy":
        return _buy(table, seat)
    return _step(Event("bank_declined", {"player": name}), _offer(table, seat))


def apply(table: Table, move: Move) -> tuple[Table, list[Event]]:
    """Apply ``move``: the new table and the events, or a refusal (nothing changed)."""
    steps = play(table, move)
    return steps[-1][1], [event for event, _ in steps]


def _announce(table: Table, seat: int, amount: int) -> list[Step]:
    # R-P5: the bank leaves the banker's balance; R-B1: the announcer is its original holder.
    table = replace(
        table,
        balances=_with(table.balances, seat, -amount),
        bank=Bank(holder=seat, original=seat, amount=amount),
    )
    event = Event("bank_announced", {"player": table.players[seat], "amount": amount})
    return _step(event, _start_covering(table))


def _start_covering(table: Table) -> Flow:
    """R-C1: covering starts at the banker's right, the banker skipped."""
    assert table.bank is not None
    table = replace(
        table,
        phase=Phase.COVER,
        stakes=(0,) * table.n,
        round_added=False,
        deal=None,
        to_act=table.bank.holder,  # the first round starts just after the banker
    )
    return _next_coverer(table)


def _next_coverer(table: Table) -> Flow:
    """Whose turn is it to cover, or has covering ended (R-C3, R-C4)?"""
    assert table.bank is not None and table.to_act is not None
    banker, seat = table.bank.holder, table.to_act
    if table.uncovered > 0:  # R-C3: covering ends as soon as stakes equal the bank
        for _ in range(2 * table.n):
            seat = table.right(seat)
            if seat == banker:  # R-C3: a round ends after the banker's left-hand neighbour
                if not table.round_added:
                    break  # a whole round with nothing added
                table = replace(table, round_added=False)
            elif table.balances[seat] > 0:  # R-C4: no counters, not asked
                return replace(table, to_act=seat), []
    return replace(table, to_act=None), _end_covering(table)


def _stake(table: Table, seat: int, amount: int) -> list[Step]:
    # R-C2: a stake grows across rounds; it leaves the balance.
    table = replace(
        table,
        balances=_with(table.balances, seat, -amount),
        stakes=_with(table.stakes, seat, amount),
        round_added=True,
    )
    params = {
        "player": table.players[seat],
        "amount": amount,
        "stake": table.stakes[seat],
        "uncovered": table.uncovered,
    }
    return _step(Event("staked", params), _next_coverer(table))


def _banco(table: Table, seat: int) -> list[Step]:
    # R-C2: every other stake goes back; this player's stake becomes the whole bank.
    assert table.bank is not None
    amount = table.bank.amount
    returned = sum(s for i, s in enumerate(table.stakes) if i != seat)
    balances = tuple(b + s for b, s in zip(table.balances, table.stakes))
    balances = _with(balances, seat, -amount)
    stakes = tuple(amount if i == seat else 0 for i in range(table.n))
    table = replace(table, balances=balances, stakes=stakes, round_added=True)
    params = {"player": table.players[seat], "amount": amount, "returned": returned}
    return _step(Event("banco", params), _next_coverer(table))


def _end_covering(table: Table) -> list[Step]:
    """R-C6: stakes are fixed; the pack is shuffled and cut (R-P3), then dealt (R-D1).

    R-C7: with no stake at all the deal is still played; its result decides the bank's fate.
    """
    assert table.bank is not None
    banker = table.bank.holder
    number = len(table.deals)
    if number < len(table.decks):
        pack, cut = table.decks[number], None
    else:
        pack, cut = shuffled(table.seed, number, table.rules.whole)  # V-P1b
    half = table.rules.share < 1  # V-P3a
    deal = Deal(
        banker=banker, bank=table.bank.amount, stakes=table.stakes, pack=pack, cut=cut, pair_halved=half
    )
    # R-T3: the stakes stay on the table (counted in ``total``) until the settlement.
    table = replace(table, phase=Phase.DEAL, to_act=None, deal=deal)
    params = {"covered": deal.covered, "uncovered": deal.bank - deal.covered}
    steps: list[Step] = [(Event("covering_ended", params), table)]
    if cut is not None:
        cutter = table.players[table.left(banker)]  # R-P3: the banker's left cuts
        steps.append((Event("pack_cut", {"player": cutter, "at": cut}), table))
    steps.extend(_turn_cards(table))
    return steps


def _turn_cards(table: Table) -> Iterator[Step]:
    """R-D1..D4: turn cards one by one until the first decisive one."""
    deal = table.deal
    assert deal is not None
    while True:
        if deal.turned >= len(deal.pack):  # pragma: no cover - R-D4: cannot happen
            raise AssertionError("R-D4: the pack ran out before a decision")
        card = deal.pack[deal.turned]
        deal = replace(deal, turned=deal.turned + 1)
        if deal.turned == 1:  # R-D1: to the banker's left, for the bank
            event = Event("bank_card", {"card": str(card)})
        elif deal.turned == 2:  # R-D1: to the banker's right, for the players
            event = Event("players_card", {"card": str(card)})
            if deal.opening_pair:  # R-D2, V-P1d: equal ranks, the bank wins at once
                deal = replace(deal, winner="bank")
                event = Event("opening_pair", _met(card, deal.pack[0]))
        else:  # R-D3: the first card of either rank decides; others do nothing
            if card.rank == deal.pack[0].rank:
                deal = replace(deal, winner="bank")
            elif card.rank == deal.pack[1].rank:
                deal = replace(deal, winner="players")
            met = deal.pack[0] if deal.winner == "bank" else deal.pack[1]
            event = Event("card_exposed", _met(card, met) | {"decides": deal.winner})
        table = replace(table, deal=deal)
        if deal.winner is not None:
            yield from _step(event, (table, _settle(table)))
            return
        yield event, table


def _met(card: Card, other: Card) -> dict[str, Any]:
    """A card's event parameters; ``copies`` when it meets another copy of itself, from
    another pack (V-P1a, V-P1d): the narration says so."""
    return {"card": str(card), "copies": True} if card == other else {"card": str(card)}


def _settle(table: Table) -> list[Step]:
    """R-T1, R-T2: the bank takes every stake (V-P3a: half of each on an opening pair,
    the rest going back at once, R-T3), or pays each 1 to 1."""
    deal, bank = table.deal, table.bank
    assert deal is not None and bank is not None
    if deal.winner == "bank":  # R-T1, V-P3b
        bank = replace(bank, amount=bank.amount + deal.winnings)
        balances = tuple(b + s - lost for b, s, lost in zip(table.balances, deal.stakes, deal.lost))
    else:  # R-T2
        bank = replace(bank, amount=bank.amount - deal.covered)
        balances = tuple(b + 2 * s for b, s in zip(table.balances, deal.stakes))
    table = replace(table, bank=bank, balances=balances, stakes=(), deals=table.deals + (deal,))
    won = deal.winnings if deal.winner == "bank" else deal.covered
    params: dict[str, Any] = {"player": table.players[bank.holder], "amount": won, "bank": bank.amount}
    if deal.winner == "bank" and deal.pair_halved and deal.opening_pair:
        params["half"] = True  # V-P3a: the narration says the rest went back
    code = "bank_wins" if deal.winner == "bank" else "players_win"
    return _step(Event(code, params), _after_deal(table))


def _after_deal(table: Table) -> Flow:
    assert table.bank is not None
    if table.finish_after is not None and len(table.deals) >= table.finish_after:
        return table, _finish(table, "deals")  # R-P4: the agreed finish, counted in deals; R-F1
    if sum(table.holdings(s) > 0 for s in range(table.n)) < 2:
        return table, _finish(table, "counters")  # R-F2
    if table.deals[-1].winner == "bank":  # R-B3: the holder chooses
        return replace(table, phase=Phase.CHOICE, to_act=table.bank.holder), []
    # R-B2: what is left returns to the holder; the original holder's right announces.
    return table, _return_bank(table, "bank_returned")


def _return_bank(table: Table, code: str) -> list[Step]:
    """The bank goes back to its holder's balance; the next bank is announced (R-B2, R-B5)."""
    bank = table.bank
    assert bank is not None
    table = replace(
        table,
        balances=_with(table.balances, bank.holder, bank.amount),
        bank=None,
        phase=Phase.ANNOUNCE,
        to_act=None,
    )
    event = Event(code, {"player": table.players[bank.holder], "amount": bank.amount})
    return _step(event, _next_announcer(table, bank.original))


def _next_announcer(table: Table, original: int) -> Flow:
    """R-B2, R-B5: the player to the right of the original holder announces (V-P4a: to
    the left, under ``"successor": "left"``); R-B7: a player with no counters is passed
    over, on the same side; R-F2: fewer than two with counters ends."""
    if sum(b > 0 for b in table.balances) < 2:
        return table, _finish(table, "counters")
    seat = table.successor(original)
    skipped: list[int] = []
    while table.balances[seat] == 0:
        skipped.append(seat)
        seat = table.successor(seat)
    ready = replace(table, to_act=seat)
    if not skipped:
        return ready, []
    steps = [(Event("passed_over", {"player": table.players[s]}), table) for s in skipped]
    steps[-1] = (steps[-1][0], ready)
    return table, steps


def end(table: Table) -> list[Step]:
    """R-P4: the table ends the session by hand ("time is up") between two moves.

    Stakes not yet played go back to their owners (nothing is won or lost on a deal
    that was never dealt), any bank returns to its holder, and the players are ranked
    (R-F1). An ended session refuses further moves.

    >>> t = new_table(["A", "B"], 10, "A")
    >>> t, _ = apply(t, Move("A", "bank", 4))
    >>> t, _ = apply(t, Move("B", "stake", 3))
    >>> finished = end(t)[-1][1]
    >>> finished.balances, finished.phase.value
    ((10, 10), 'finished')
    """
    if table.phase is Phase.FINISHED:
        raise Refusal("session_finished")
    if table.stakes:
        balances = tuple(b + s for b, s in zip(table.balances, table.stakes, strict=True))
        table = replace(table, balances=balances, stakes=())
    return _finish(table, "time")


def _finish(table: Table, reason: str) -> list[Step]:
    """R-F1: any bank returns to its holder; players are ranked by balance."""
    balances = table.balances
    if table.bank is not None:
        balances = _with(balances, table.bank.holder, table.bank.amount)
    table = replace(table, balances=balances, bank=None, phase=Phase.FINISHED, to_act=None)
    standings = table.standings()
    leader, balance, _ = standings[0]
    leaders = [name for name, _, place in standings if place == 1]  # R-F1: a tie shares the place
    params = {"reason": reason, "player": leader, "balance": balance, "leaders": leaders}
    return [(Event("session_finished", params), table)]


def _keep(table: Table) -> list[Step]:
    # R-B3: the bank stays whole, old amount + winnings.
    assert table.bank is not None
    params = {"player": table.players[table.bank.holder], "amount": table.bank.amount}
    return _step(Event("bank_kept", params), _start_covering(table))


def _withdraw(table: Table) -> list[Step]:
    # R-B3: only after an opening pair; the winnings go to the holder's balance (V-P3c: W).
    bank = table.bank
    assert bank is not None
    winnings = table.deals[-1].winnings
    bank = replace(bank, amount=bank.amount - winnings)
    table = replace(table, balances=_with(table.balances, bank.holder, winnings), bank=bank)
    params = {"player": table.players[bank.holder], "amount": winnings, "bank": bank.amount}
    return _step(Event("winnings_withdrawn", params), _start_covering(table))


def _leave(table: Table) -> list[Step]:
    bank = table.bank
    assert bank is not None
    if bank.sales >= MAX_SALES:  # R-B6: a fourth holder cannot resell
        return _return_bank(table, "bank_left")
    # R-B4: the price is the whole current bank, offered from the holder's right.
    params = {"player": table.players[bank.holder], "price": bank.amount}
    return _step(Event("bank_offered", params), _offer(table, bank.holder))


def _offer(table: Table, after: int) -> Flow:
    """R-B4: ask the next player, anticlockwise, who can pay the price."""
    bank = table.bank
    assert bank is not None
    seat = table.right(after)
    while seat != bank.holder:
        if table.balances[seat] >= bank.amount:  # R-B4: who cannot pay is skipped
            return replace(table, phase=Phase.OFFER, to_act=seat), []
        seat = table.right(seat)
    return replace(table, to_act=None), _return_bank(table, "bank_unsold")  # R-B5


def _buy(table: Table, buyer: int) -> list[Step]:
    # R-B4: the buyer pays into a fresh bank; the seller takes the old bank.
    bank = table.bank
    assert bank is not None
    balances = _with(_with(table.balances, buyer, -bank.amount), bank.holder, bank.amount)
    table = replace(table, balances=balances, bank=replace(bank, holder=buyer, sales=bank.sales + 1))
    params = {"player": table.players[buyer], "seller": table.players[bank.holder], "price": bank.amount}
    return _step(Event("bank_bought", params), _start_covering(table))
