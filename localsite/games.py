"""Seeded games for the tests and the benchmarks: a long legal game, and a table whose
deals are all alike. Standard library and ``lansquenet`` only (Pyodide reads this file
too: benchmarks/pyodide_session.mjs).

>>> len(long_scenario(40, seed=1)["actions"]), len(cycle(7)["actions"])
(40, 7)
"""

from __future__ import annotations

import random
from typing import Any


def cycle(actions: int) -> dict[str, Any]:
    """Three players, each deal alike: the banker banks 2, the two others stake 1 each,
    the cards 7♠ Q♥ 2♣ Q♦ (the players win): balances come back every three deals."""
    players = ["A", "B", "C"]
    deals = actions // 3 + 1
    out = []
    for deal in range(deals):
        banker = deal % 3
        out.append({"by": players[banker], "do": "bank", "amount": 2})
        out += [{"by": players[(banker + k) % 3], "do": "stake", "amount": 1} for k in (1, 2)]
    return {
        "players": players,
        "balance": 100,
        "first_banker": "A",
        "decks": [["7S", "QH", "2C", "QD"]] * deals,
        "actions": out[:actions],
    }


def long_scenario(actions: int, seed: int, players: int = 6) -> dict[str, Any]:
    """A seeded game of ``actions`` legal actions: each move drawn at random among the
    legal ones (amounts from 1 to 5), the deals shuffled from the seed."""
    from lansquenet import Move, Session, Table, view

    rng = random.Random(seed)
    names = [chr(ord("A") + i) for i in range(players)]
    session = Session({"players": names, "balance": 100, "first_banker": "A", "seed": seed, "actions": []})
    while len(session) < actions:
        table = session.table
        assert isinstance(table, Table)  # a game of the later form (no rules named)
        if table.to_act is None:
            raise RuntimeError("the game finished early")
        moves = view.moves(table)
        move = rng.choice(moves)
        amount = rng.randint(move["min"], min(move["max"], 5)) if move["amount"] else None
        session.push(Move(table.players[table.to_act], move["do"], amount))
    return session.scenario()
