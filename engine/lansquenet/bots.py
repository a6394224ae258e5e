"""Computer players: readable policies that choose among the engine's legal moves.

A computer player never decides a rule: it asks the engine what it may do
(:func:`~lansquenet.rules.legal_moves`) and within which amounts
(:func:`~lansquenet.rules.amount_range`), then picks by its temperament. Each decision
comes with a reason, a gettext id ``bot.<code>`` of ``locales/<lang>/lansquenet.po``
(:func:`reason_text`). Decisions draw from a seeded ``random.Random``, so the same seed
plays the same game; the moves are ordinary actions, replayed like any other.

>>> import random
>>> table = new_table(["Anne", "Bruno"], 100, "Anne")
>>> move, reason, params = decide(table, 0, "cautious", random.Random(1))
>>> move.do, reason, 1 <= move.amount <= 100
('bank', 'bank_small', True)
>>> reason_text(reason, params, "en")
'Anne announces a small bank of 9, to risk little at a time.'
>>> from lansquenet import replay
>>> scenario = play_session(4, 2, seed=3)
>>> replay(scenario)["status"]
'finished'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .court import CourtTable
from .naming import likeness
from .narration import text
from .refusals import NotToAct, UnknownTemperament
from .rules import DEFAULT_BALANCE, Move, amount_range, apply, legal_moves, new_table  # noqa: F401 - the examples use apply, new_table
from .table import Phase, Table


@dataclass(frozen=True)
class Temperament:
    """How a computer player plays, each a share of its counters or of the bank.

    - ``bank``: the share of its counters it announces as a bank (R-P5);
    - ``stake``: the share of what it may stake that it covers (R-C2);
    - ``rest``: the chance it passes a round of covering it could join;
    - ``banco``: it calls banco when the bank is at most this share of its counters;
    - ``keep``: after a win it keeps the bank while the bank is at most this share of
      all it holds, else takes its winnings (after an opening pair) or leaves (R-B3);
    - ``buy``: it buys a bank offered for at most this share of its counters (R-B4).
    """

    name: str
    bank: float
    stake: float
    rest: float
    banco: float
    keep: float
    buy: float


TEMPERAMENTS = {
    t.name: t
    for t in (
        # A cautious banker takes a win and leaves; a steady one leaves once the bank
        # outgrows a quarter of its holdings (R-B3): banks are then offered for sale
        # (R-B4) in most short games. A bold player calls banco on small banks only,
        # and keeps a bank while it is at most half of all it holds.
        Temperament("cautious", bank=0.1, stake=0.2, rest=0.5, banco=0.0, keep=0.1, buy=0.2),
        Temperament("steady", bank=0.2, stake=0.5, rest=0.25, banco=0.15, keep=0.25, buy=0.4),
        Temperament("bold", bank=0.35, stake=1.0, rest=0.1, banco=0.25, keep=0.5, buy=0.7),
    )
}
# The reason a temperament gives for the size of its bank and of its stake.
_BANK_REASON = {"cautious": "bank_small", "steady": "bank_fair", "bold": "bank_large"}
_STAKE_REASON = {"cautious": "stake_small", "steady": "stake_fair", "bold": "stake_large"}
REASONS = (
    *_BANK_REASON.values(),
    *_STAKE_REASON.values(),
    "stake_all",
    "pass_rest",
    "banco",
    "keep",
    "withdraw",
    "leave",
    "buy",
    "decline",
)
COURT_REASONS = ("court_deal",)  # the court game's one move (COURT.md, C-17)
QUICK_DEALS = (3, 6, 10)  # the quick game's lengths, one tap each; 6 by default
QUICK_PLAYERS = 4  # the reader and three computer players
NAMES = ("Anne", "Bruno", "Chloé", "David", "Émile", "Fanny", "Gaspard", "Hélène", "Irène", "Jules")


class Decision(NamedTuple):
    """A computer player's move, with its reason: a code (``bot.<reason>`` in the
    catalogues) and the reason's parameters."""

    move: Move
    reason: str
    params: dict[str, Any]


def _share(rng: random.Random, low_high: tuple[int, int], base: int, share: float) -> int:
    """About ``share`` of ``base`` (give or take a fifth), within the engine's range."""
    low, high = low_high
    wanted = round(base * share * rng.uniform(0.8, 1.2))
    return max(low, min(high, wanted))


def decide(table: Table | CourtTable, seat: int, temperament: str, rng: random.Random) -> Decision:
    """The move of the computer player at ``seat``, who must be the one to act, with
    its reason code and the reason's parameters.

    >>> t = new_table(["A", "B"], 100, "A")
    >>> t, _ = apply(t, Move("A", "bank", 20))
    >>> decide(t, 1, "bold", random.Random(0))[:2]
    (Move(player='B', do='banco', amount=None), 'banco')
    >>> decide(t, 0, "bold", random.Random(0))
    Traceback (most recent call last):
    lansquenet.refusals.NotToAct: seat 0 is not the one to act
    >>> decide(t, 1, {"a": 1}, random.Random(0))  # type: ignore[arg-type]
    Traceback (most recent call last):
    lansquenet.refusals.UnknownTemperament: a temperament is one of cautious, steady, bold
    """
    if table.to_act != seat:
        raise NotToAct(f"seat {seat} is not the one to act")
    if not isinstance(temperament, str) or temperament not in TEMPERAMENTS:
        raise UnknownTemperament(f"a temperament is one of {', '.join(TEMPERAMENTS)}")
    style = TEMPERAMENTS[temperament]
    name = table.players[seat]
    if isinstance(table, CourtTable):  # C-17: the holder's one move; no decision to make
        return Decision(Move(name, "deal"), "court_deal", {"player": name, "fonds": table.rules.fonds})
    can = legal_moves(table)
    balance = table.balances[seat]

    def move(do: str, reason: str, amount: int | None = None, **params: Any) -> Decision:
        shown = {"player": name, **params} | ({} if amount is None else {"amount": amount})
        return Decision(Move(name, do, amount), reason, shown)

    if can == ["bank"]:  # R-P5
        allowed = amount_range(table, "bank")
        assert allowed is not None
        return move("bank", _BANK_REASON[style.name], _share(rng, allowed, balance, style.bank))
    bank = table.bank
    assert bank is not None
    if "stake" in can:  # R-C1..C5: covering
        if "banco" in can and bank.amount <= style.banco * (balance + table.stakes[seat]):
            return move("banco", "banco", bank=bank.amount)
        allowed = amount_range(table, "stake")
        assert allowed is not None
        if rng.random() < style.rest:
            return move("pass", "pass_rest")
        amount = _share(rng, allowed, allowed[1], style.stake)
        if amount == table.uncovered:
            return move("stake", "stake_all", amount)
        return move("stake", _STAKE_REASON[style.name], amount)
    if "keep" in can:  # R-B3: after the bank won
        if bank.amount <= style.keep * table.holdings(seat):
            return move("keep", "keep", bank=bank.amount)
        if "withdraw" in can:
            return move("withdraw", "withdraw", winnings=table.deals[-1].winnings)  # V-P3c: W
        return move("leave", "leave", bank=bank.amount)
    if "buy" in can:  # R-B4: the bank is offered
        if bank.amount <= style.buy * balance:
            return move("buy", "buy", price=bank.amount)
        return move("decline", "decline", price=bank.amount)
    raise NotToAct(f"no decision for the moves {can}")  # pragma: no cover - every moment is above


def reason_text(code: str, params: dict[str, Any], lang: str) -> str:
    """A decision's reason as one sentence in ``lang``."""
    return text(f"bot.{code}", params, lang)


def generator(seed: object, index: int) -> random.Random:
    """The generator of a computer player's decision at action ``index`` of a game
    seeded ``seed``: the same game, replayed from its link, decides the same."""
    return random.Random(f"lansquenet-bot:{seed or 0}:{index}")


def explain(
    table: Table | CourtTable, action: dict[str, Any], temperament: str, seed: object, index: int
) -> Decision | None:
    """The decision behind action ``index`` of a game (``table``: the table before it),
    if a computer player of that ``temperament`` made it; None for any other action
    (a reader's, or one a link changed).

    >>> t = new_table(["A", "B"], 100, "A")
    >>> move, reason, _ = decide(t, 0, "bold", generator(7, 0))
    >>> explain(t, {"by": "A", "do": "bank", "amount": move.amount}, "bold", 7, 0).reason
    'bank_large'
    >>> explain(t, {"by": "A", "do": "bank", "amount": move.amount + 1}, "bold", 7, 0) is None
    True
    """
    if temperament not in TEMPERAMENTS or table.to_act is None:
        return None
    if action.get("by") != table.players[table.to_act]:
        return None
    decision = decide(table, table.to_act, temperament, generator(seed, index))
    move = decision.move
    if {"by": move.player, "do": move.do, "amount": move.amount} != {"amount": None, **action}:
        return None
    return decision


def quick_game(
    seed: int,
    deals: int = 6,
    players: Sequence[str] = (),
    rules: Mapping[str, Any] | None = None,
    computers: bool = True,
) -> dict[str, Any]:
    """The quick game of the play page, as a scenario: the reader and three computer
    players of mixed temperaments, a random first banker and a random seat for the
    reader (the one seat without a temperament), ``deals`` deals (R-P4); all drawn from
    ``seed``, so the link replays it.

    >>> game = quick_game(5)
    >>> game == quick_game(5), game["finish_after"], len(game["computer"])
    (True, 6, 3)
    >>> sorted(game["computer"].values())
    ['bold', 'cautious', 'steady']

    With ``players`` (a class's names: the class view's table, the seats its pupils
    take), they sit first, in their order, and computer players fill the empty seats up
    to :data:`QUICK_PLAYERS`, named from :data:`NAMES` unlike any of theirs
    (:func:`lansquenet.naming.likeness`); the first banker is still drawn from the seed.

    >>> game = quick_game(5, 3, ["Zoé", "anne"])
    >>> game["players"], sorted(game["computer"]), game["first_banker"] in game["players"]
    (['Zoé', 'anne', 'Bruno', 'Chloé'], ['Bruno', 'Chloé'], True)
    >>> quick_game(5, 3, ["Anne", "Bruno", "Chloé", "David"])["computer"]
    {}

    With ``rules`` (VARIANTS.md), the game is played under them (V-R8); the same draws:

    >>> from lansquenet.games import PRESET_IDS
    >>> game = quick_game(5, rules={"variant": PRESET_IDS[2]})
    >>> game["rules"] == {"variant": PRESET_IDS[2]}, {k: v for k, v in game.items() if k != "rules"} == quick_game(5)
    (True, True)

    With ``computers=False`` (the class view's table of named pupils only), the names
    sit alone, no computer player in an empty seat; the first banker drawn the same way
    (a table of fewer than two is the table's refusal, R-S1, when it opens):

    >>> game = quick_game(5, 3, ["Zoé", "Yann"], computers=False)
    >>> game["players"], game["computer"], game["first_banker"] in game["players"]
    (['Zoé', 'Yann'], {}, True)
    """
    rng = random.Random(f"lansquenet-quick:{seed}")
    temperaments = list(TEMPERAMENTS)
    if not computers:
        names, computer = list(players), {}
    elif players:
        taken = {likeness(name) for name in players}
        others = [name for name in NAMES if likeness(name) not in taken][
            : max(0, QUICK_PLAYERS - len(players))
        ]
        names = [*players, *others]
        rng.shuffle(temperaments)
        computer = {name: temperaments[k % len(temperaments)] for k, name in enumerate(others)}
    else:
        names = list(NAMES[:QUICK_PLAYERS])
        reader = rng.randrange(QUICK_PLAYERS)
        rng.shuffle(temperaments)
        others = [name for seat, name in enumerate(names) if seat != reader]
        computer = dict(zip(others, temperaments, strict=True))
    game: dict[str, Any] = {"players": names, "first_banker": rng.choice(names)}
    if rules:
        game["rules"] = dict(rules)  # V-R8: the game carries its rules
    return game | {"seed": seed, "finish_after": deals, "computer": computer, "actions": []}


def play_session(
    players: int,
    deals: int,
    seed: int = 0,
    temperaments: list[str] | None = None,
    balance: int = DEFAULT_BALANCE,
    rules: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A whole session of computer players as a scenario (CONFORMANCE.md): ``players``
    seats, finished after ``deals`` deals (R-P4) or when counters run out (R-F2), under
    ``rules`` (VARIANTS.md; a refused one is its :class:`~lansquenet.refusals.Refusal`).

    ``temperaments`` go round the seats (by default cautious, steady, bold).

    >>> from lansquenet import replay
    >>> from lansquenet.games import PRESET_IDS
    >>> replay(play_session(3, 4, seed=1, rules={"variant": PRESET_IDS[3]}))["status"]
    'finished'
    """
    chosen = temperaments or list(TEMPERAMENTS)
    unknown = [t for t in chosen if t not in TEMPERAMENTS]
    if unknown:
        raise UnknownTemperament(f"no temperament named {unknown[0]!r}; one of {', '.join(TEMPERAMENTS)}")
    names = list(NAMES[:players])
    scenario: dict[str, Any] = {"players": names, "balance": balance, "first_banker": names[0]}
    if rules:
        scenario["rules"] = dict(rules)  # V-R8
    scenario |= {"seed": seed, "finish_after": deals, "actions": []}
    rng = random.Random(f"lansquenet-bots:{seed}")
    from .dispatch import game_of, table_for  # either game (COURT.md: the holders deal)

    table = table_for(names, balance, names[0], seed=seed, finish_after=deals, rules=rules)
    while table.phase is not Phase.FINISHED:
        assert table.to_act is not None
        seat = table.to_act
        move, _, _ = decide(table, seat, chosen[seat % len(chosen)], rng)
        table = game_of(table).play(table, move)[-1][1]
        action: dict[str, Any] = {"by": move.player, "do": move.do}
        if move.amount is not None:
            action["amount"] = move.amount
        scenario["actions"].append(action)
    return scenario
