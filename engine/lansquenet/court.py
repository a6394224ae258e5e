"""The court game (spec/COURT.md): Lansquenet as Montmort and the *Encyclopédie* describe it.

Another game under the same name as RULES.md's: one holder of the hand deals a card to
each coupeur (C-6), stakes double and triple on a double and a triple card (C-7, C-8),
a quadruple voids the coup (C-9), the holder deals himself a card last (C-10) and turns
the draw until his rank or every coupeur's has come (C-11, C-12). A table is a frozen
value, as the later game's: :func:`play` returns each step (an event and the table
after it), one per card dealt or turned and one per payment, so a page can step a coup
card by card. The one move is the holder's ``deal`` (C-17), which plays a whole coup.

>>> t = new_table(["A", "B", "C"], 100, "A", decks=[["7S", "7H", "QD", "2C", "7D"]],
...               rules=CourtRules())
>>> legal_moves(t)
['deal']
>>> steps = play(t, Move("A", "deal"))
>>> [e.code for e, _ in steps]  # doctest: +NORMALIZE_WHITESPACE
['court_coup', 'court_card', 'court_card', 'court_won', 'court_holder_card', 'court_turned',
 'court_turned', 'court_won', 'court_end']
>>> steps[-1][1].balances, steps[-1][0].params["end"]
((103, 99, 98), 'made')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import PACK, Card, shuffled, stacked
from .games import COURT
from .limits import safe_whole
from .refusals import Refusal
from .rules import Event, Move, check_seating, check_turn
from .table import Phase, Seating, replace

GAME = COURT.id  # C-16: the value of the rules' ``game`` key (lansquenet.games declares it)
KEYS = ("game", *COURT.keys)  # C-16: the court game's two keys
FONDS = COURT.setting("fonds")  # C-16: fonds, a whole number from 1 to 1 000, 1 by default (declared)
MOST_FONDS = FONDS.most
STAKES = {"straight": 1, "double": 2, "triple": 4}  # C-6, C-7, C-8: the stake, in F
KINDS = ("straight", "double", "triple", "quadruple")  # the n-th card of a rank dealt to a coupeur
ENDS = ("made", "lost", "void", "fourth")  # C-12, C-11, C-9, C-10


@dataclass(frozen=True)
class CourtRules:
    """The court game's rules (C-16): its ``fonds`` F, the stake of a straight card."""

    fonds: int = 1
    game: str = GAME
    standard = False  # never the later game's standard rules (V-R1)
    variant = None

    def record(self) -> dict[str, Any]:
        """The ``rules`` a scenario writes for the court game: its game and its fonds."""
        return {"game": self.game, "fonds": self.fonds}


def read(rules: dict[str, Any]) -> CourtRules:
    """The court game's rules, once :func:`lansquenet.games.read` has found ``"game"``
    naming it (C-16.1, C-16.2): a key other than ``game`` and ``fonds``, or a fonds
    that is not a whole number from 1 to 1 000, is ``invalid_rules`` (C-16.4).

    >>> read({"game": GAME, "fonds": 5}).fonds
    5
    >>> read({"game": GAME, "variant": "x"})
    Traceback (most recent call last):
    lansquenet.refusals.Refusal: invalid_rules
    """
    for key in rules:  # C-16.4: only game and fonds
        if key not in KEYS:
            raise Refusal("invalid_rules", reason="court_key", key=str(key)[:40])
    fonds = rules.get("fonds", FONDS.default)
    if not safe_whole(fonds, least=FONDS.least) or fonds > MOST_FONDS:  # C-16.4
        raise Refusal("invalid_rules", reason="fonds", key="fonds")
    return CourtRules(fonds=fonds)


@dataclass(frozen=True)
class Coup:
    """One coup (C-5 … C-12): the holder, the pack, the coupeurs served and their cards
    in order, the stake lying on each (0 once it left the table) and what became of it,
    the holder's card, the cards turned, how it ended and each seat's change so far."""

    holder: int
    fonds: int
    pack: tuple[Card, ...]
    cut: int | None = None
    seats: tuple[int, ...] = ()  # C-6: the coupeurs served, A first
    cards: tuple[Card, ...] = ()
    kinds: tuple[str, ...] = ()  # straight, double, triple, quadruple
    stakes: tuple[int, ...] = ()  # what each card carries (F, 2F, 4F; 0 for a quadruple)
    fates: tuple[str | None, ...] = ()  # None: on the table; won, paid, returned
    holder_card: Card | None = None
    turned: tuple[Card, ...] = ()
    end: str | None = None
    change: tuple[int, ...] = ()

    @property
    def used(self) -> int:
        """How many cards of the pack were seen."""
        return len(self.cards) + (self.holder_card is not None) + len(self.turned)

    def live(self) -> list[int]:
        """The indices of the cards still on the table, in dealing order."""
        return [k for k, fate in enumerate(self.fates) if fate is None and self.kinds[k] != "quadruple"]

    @property
    def at_stake(self) -> int:
        """Every stake still lying on the table."""
        return sum(self.stakes[k] for k in self.live())


@dataclass(frozen=True)
class CourtTable(Seating):
    """The court game's table at one moment, seated as the later game's (R-S2: its
    neighbours, R-F1: its standings). ``balances`` are a running score (C-3): a stake on
    a card is owed, not taken out of a balance; a balance moves when a stake is won or
    paid, and may fall below zero."""

    players: tuple[str, ...]
    balances: tuple[int, ...]
    phase: Phase  # ANNOUNCE: the holder is to deal (C-17); DEAL: a coup runs; FINISHED
    rules: CourtRules
    to_act: int | None = None
    holder: int | None = None  # who holds the hand (C-4)
    coup: Coup | None = None  # the coup being played, or the last one played
    deals: tuple[Coup, ...] = ()  # the coups played (a session counts them as its deals)
    decks: tuple[tuple[Card, ...], ...] = ()
    seed: int = 0
    finish_after: int | None = None


Step = tuple[Event, CourtTable]  # an event and the table after it


def new_table(
    players: Iterable[object],
    balance: object,
    first_banker: object,
    *,
    decks: Iterable[Iterable[object]] = (),
    seed: int = 0,
    finish_after: int | None = None,
    rules: CourtRules | None = None,
) -> CourtTable:
    """A table whose first holder is to deal (C-1, C-3, C-4), or a refusal in
    CONFORMANCE.md's order (the rules were read first, C-16)."""
    names, balances = check_seating(players, balance, first_banker)  # C-1, C-3, C-4 (R-S1, R-P2)
    packs = tuple(stacked([Card.parse(c) for c in deck], PACK) for deck in decks)  # C-2, C-17
    seat = names.index(str(first_banker))
    return CourtTable(
        players=names,
        balances=balances,
        phase=Phase.ANNOUNCE,
        rules=rules or CourtRules(),
        to_act=seat,
        holder=seat,
        decks=packs,
        seed=seed,
        finish_after=finish_after,
    )


def legal_moves(table: CourtTable) -> list[str]:
    """C-17: the holder's one move, ``deal``, before every coup."""
    return ["deal"] if table.to_act is not None else []


def check(table: CourtTable, move: Move) -> None:
    """Raise the refusal for ``move``, in CONFORMANCE.md's order (C-17)."""
    check_turn(table, move)
    if move.do != "deal":
        raise Refusal("illegal_action", player=move.player, action=str(move.do))


def play(table: CourtTable, move: Move) -> list[Step]:
    """Apply ``move`` (the holder's ``deal``): every step of the coup it plays."""
    check(table, move)
    return _Coup(table).run()


def _with(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + delta,) + values[seat + 1 :]


class _Coup:
    """One coup being played: the table moves at each event (C-17)."""

    def __init__(self, table: CourtTable) -> None:
        assert table.holder is not None
        number = len(table.deals)
        if number < len(table.decks):  # C-17: one list per coup, in order
            pack, cut = table.decks[number], None
        else:  # C-5: a fresh pack, shuffled and cut
            pack, cut = shuffled(table.seed, number, PACK)
        coup = Coup(holder=table.holder, fonds=table.rules.fonds, pack=pack, cut=cut, change=(0,) * table.n)
        self.table = replace(table, phase=Phase.DEAL, to_act=None, coup=coup)
        self.steps: list[Step] = []

    @property
    def coup(self) -> Coup:
        assert self.table.coup is not None
        return self.table.coup

    def name(self, seat: int) -> str:
        return self.table.players[seat]

    def emit(self, code: str, **params: Any) -> None:
        self.steps.append((Event(code, params), self.table))

    def set(self, **changes: Any) -> None:
        self.table = replace(self.table, coup=replace(self.coup, **changes))

    def pay(self, k: int, fate: str) -> int:
        """Card ``k`` leaves the table: the holder wins its stake (``won``) or pays it
        (``paid``); the balances move now (C-17). Returns the amount."""
        coup = self.coup
        seat = coup.seats[k]
        amount = coup.stakes[k]
        delta = amount if fate == "won" else -amount
        balances = _with(_with(self.table.balances, coup.holder, delta), seat, -delta)
        change = _with(_with(coup.change, coup.holder, delta), seat, -delta)
        fates = coup.fates[:k] + (fate,) + coup.fates[k + 1 :]
        self.table = replace(self.table, balances=balances, coup=replace(coup, fates=fates, change=change))
        code = "court_won" if fate == "won" else "court_paid"
        self.emit(
            code,
            player=self.name(coup.holder),
            coupeur=self.name(seat),
            amount=amount,
            card=str(coup.cards[k]),
        )
        return amount

    def same_rank(self, card: Card) -> int | None:
        """The coupeur's card of ``card``'s rank still on the table, if any."""
        found = [k for k in self.coup.live() if self.coup.cards[k].rank == card.rank]
        return found[0] if found else None

    def run(self) -> list[Step]:
        table, coup = self.table, self.coup
        holder = coup.holder
        self.emit("court_coup", player=self.name(holder), coup=len(table.deals) + 1, fonds=coup.fonds)
        if coup.cut is not None:  # C-5: cut by the holder's left
            self.emit("court_cut", player=self.name(table.left(holder)), at=coup.cut)
        seat = holder
        for _ in range(table.n - 1):  # C-6: from the holder's right, anticlockwise
            seat = table.right(seat)
            card = self.coup.pack[self.coup.used]
            earlier = self.same_rank(card)
            rank_seen = sum(c.rank == card.rank for c in self.coup.cards)
            kind = KINDS[rank_seen]
            stake = STAKES.get(kind, 0) * coup.fonds
            self.set(
                seats=self.coup.seats + (seat,),
                cards=self.coup.cards + (card,),
                kinds=self.coup.kinds + (kind,),
                stakes=self.coup.stakes + (stake,),
                fates=self.coup.fates + (None,),
            )
            params: dict[str, Any] = {
                "player": self.name(seat),
                "card": str(card),
                "kind": kind,
                "stake": stake,
            }
            if earlier is not None:
                params["over"] = self.name(self.coup.seats[earlier])
            if kind == "quadruple":  # C-9: the coup ends at once, every stake goes back
                returned, live = self.coup.at_stake, self.coup.live()
                fates = tuple("returned" if k in live else f for k, f in enumerate(self.coup.fates))
                self.set(fates=fates)  # the quadruple card itself carries nothing
                self.emit("court_card", **params)
                return self.finish("void", returned=returned)
            self.emit("court_card", **params)
            if earlier is not None:  # C-7, C-8: the holder wins the earlier card's stake
                self.pay(earlier, "won")
        return self.draw()

    def draw(self) -> list[Step]:
        coup = self.coup
        card = coup.pack[coup.used]  # C-10: the holder's card, dealt last
        self.set(holder_card=card)
        fourth = sum(c.rank == card.rank for c in coup.cards) == 3
        match = self.same_rank(card)
        kind = "fourth" if fourth else "match" if match is not None else "plain"
        params: dict[str, Any] = {"player": self.name(coup.holder), "card": str(card), "kind": kind}
        if match is not None:
            params["coupeur"] = self.name(coup.seats[match])
        self.emit("court_holder_card", **params)
        if match is not None:  # C-10: he wins that card's stake
            self.pay(match, "won")
        if fourth:  # C-10: no card of his rank left: every stake on the table is his
            for k in self.coup.live():
                self.pay(k, "won")
            return self.finish("fourth")
        while self.coup.live():  # C-11: the draw, one card at a time
            card = self.coup.pack[self.coup.used]
            self.set(turned=self.coup.turned + (card,))
            assert self.coup.holder_card is not None
            if card.rank == self.coup.holder_card.rank:  # C-11: his own rank: he pays all
                self.emit("court_turned", card=str(card), kind="holder", player=self.name(coup.holder))
                for k in self.coup.live():
                    self.pay(k, "paid")
                return self.finish("lost")
            hit = self.same_rank(card)
            if hit is None:
                self.emit("court_turned", card=str(card), kind="none")
            else:  # C-11: a coupeur's rank: he wins that card
                self.emit("court_turned", card=str(card), kind="coupeur", player=self.name(coup.seats[hit]))
                self.pay(hit, "won")
        return self.finish("made")  # C-12

    def finish(self, end: str, returned: int = 0) -> list[Step]:
        """The coup's end: the hand kept (C-9, C-10, C-12) or passed to the right (C-11, C-4)."""
        table = self.table
        coup = replace(self.coup, end=end)
        holder = coup.holder
        after = table.right(holder) if end == "lost" else holder
        table = replace(table, coup=coup, deals=table.deals + (coup,), holder=after, phase=Phase.ANNOUNCE)
        params: dict[str, Any] = {
            "player": self.name(holder),
            "end": end,
            "amount": coup.change[holder],
            "next": self.name(after),
        }
        if end == "void":
            params["returned"] = returned
        if table.finish_after is not None and len(table.deals) >= table.finish_after:
            self.steps.append((Event("court_end", params), replace(table, to_act=None)))
            self.steps.extend(_finish(table, "coups"))  # C-17: finish_after counts coups
        else:
            self.steps.append((Event("court_end", params), replace(table, to_act=after)))
        return self.steps


def end(table: CourtTable) -> list[Step]:
    """R-P4, "time is up": between two coups nothing lies on the table (C-17)."""
    if table.phase is Phase.FINISHED:
        raise Refusal("session_finished")
    return _finish(table, "time")


def _finish(table: CourtTable, reason: str) -> list[Step]:
    """R-F1: the players ranked by balance (C-3: a balance below zero takes no one out)."""
    table = replace(table, phase=Phase.FINISHED, to_act=None)
    standings = table.standings()
    leader, balance, _ = standings[0]
    leaders = [name for name, _, place in standings if place == 1]
    params = {"reason": reason, "player": leader, "balance": balance, "leaders": leaders}
    return [(Event("session_finished", params), table)]


def started(table: CourtTable) -> Event:
    """The first step of a session of the court game: who holds the hand first (C-4)."""
    assert table.holder is not None
    return Event(
        "court_started",
        {"player": table.players[table.holder], "balance": table.balances[0], "fonds": table.rules.fonds},
    )


# --- the result (C-17) ------------------------------------------------------------


def coup_json(table: CourtTable, coup: Coup) -> dict[str, Any]:
    """A coup as the result writes it (C-17): the holder, each coupeur's card in order
    (its kind, its stake, its fate), the holder's card, the cards turned, the end and
    each player's change (the holder first, then the coupeurs from his right)."""
    order = [(coup.holder + i) % table.n for i in range(table.n)]
    return {
        "holder": table.players[coup.holder],
        "cards": [
            {
                "player": table.players[seat],
                "card": str(card),
                "kind": kind,
                "stake": stake,
                "fate": fate,
            }
            for seat, card, kind, stake, fate in zip(
                coup.seats, coup.cards, coup.kinds, coup.stakes, coup.fates, strict=True
            )
        ],
        "holder_card": None if coup.holder_card is None else str(coup.holder_card),
        "turned": [str(c) for c in coup.turned],
        "end": coup.end,
        "change": {table.players[s]: coup.change[s] for s in order},
    }


def state_json(table: CourtTable, can: list[str] | None = None, deals: bool = True) -> dict[str, Any]:
    """The state as ``python -m lansquenet replay`` prints it for the court game (C-17);
    with ``deals=False``, without the coups played (a step's view)."""
    finished = table.phase is Phase.FINISHED
    out: dict[str, Any] = {
        "status": "finished" if finished else "awaiting",
        "to_act": None if table.to_act is None else {"player": table.players[table.to_act], "can": can or []},
        "balances": {p: b for p, b in zip(table.players, table.balances, strict=True)},
        "holder": None if finished or table.holder is None else table.players[table.holder],
        "fonds": table.rules.fonds,
    }
    if deals:
        out["coups"] = [coup_json(table, c) for c in table.deals]
    out["standings"] = (
        [{"player": p, "balance": b, "place": k} for p, b, k in table.standings()] if finished else None
    )
    return out
