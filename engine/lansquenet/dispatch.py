"""Which game a table holds, read from the table itself: the session, the views and the
computer players call the game's own functions through :func:`game_of`, and never ask
which game it is (DESIGN.md: "the session does not know which game it holds").

>>> from lansquenet.rules import new_table
>>> game_of(new_table(["A", "B"], 10, "A")).legal_moves(new_table(["A", "B"], 10, "A"))
['bank']
>>> table = table_for(["A", "B"], 10, "A", rules={"game": games.COURT.id, "fonds": 2})
>>> game_of(table).legal_moves(table), table.rules.fonds
(['deal'], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeAlias

from . import court, games, rules, table
from .rules import Event, Move

AnyTable: TypeAlias = "table.Table | court.CourtTable"


class Game(NamedTuple):
    """A game's functions over its tables."""

    legal_moves: Callable[[Any], list[str]]
    play: Callable[[Any, Move], list[tuple[Event, Any]]]
    end: Callable[[Any], list[tuple[Event, Any]]]
    state_json: Callable[..., dict[str, Any]]
    started: Callable[[Any], Event]


def _started(found: table.Table) -> Event:
    assert found.to_act is not None
    return Event("session_started", {"player": found.players[found.to_act], "balance": found.balances[0]})


LATER = Game(rules.legal_moves, rules.play, rules.end, table.state_json, _started)
COURT = Game(court.legal_moves, court.play, court.end, court.state_json, court.started)


def game_of(found: object) -> Game:
    """The game a table is a table of."""
    return COURT if isinstance(found, court.CourtTable) else LATER


def table_for(
    players: Iterable[object],
    balance: object,
    first_banker: object,
    *,
    decks: Iterable[Iterable[object]] = (),
    seed: int = 0,
    finish_after: int | None = None,
    rules: object = None,
) -> table.Table | court.CourtTable:
    """The table a scenario starts from, of the game its ``rules`` name (C-16: the rules
    are read first, V-R6), or a refusal."""
    ruled = games.read(rules)
    if isinstance(ruled, court.CourtRules):
        return court.new_table(
            players, balance, first_banker, decks=decks, seed=seed, finish_after=finish_after, rules=ruled
        )
    return _later(
        players, balance, first_banker, decks=decks, seed=seed, finish_after=finish_after, rules=rules
    )


_later = rules.new_table
