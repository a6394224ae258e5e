"""Full-rules deals through the public API, played by simple covering bots.

Runs unchanged in CPython and inside Pyodide (only ``lansquenet`` and the standard
library): ``engine_bench.py`` times it in both and compares.

The bots: the player to announce banks a fixed fraction of their counters (at least 1);
each player asked to cover stakes a fixed fraction of their counters, at most what is
still uncovered, or passes when they have nothing; a banker who may keep, withdraw or
leave, and a player offered the bank, choose with a seeded ``random.Random``, so that
every run plays the very same deals. When a session finishes (a player can no longer
play), a new table starts, with the next seed.

>>> run_deals(30)["deals"]
30
>>> run_deals(30) == run_deals(30)
True
"""

from __future__ import annotations

import random
from typing import Any

from lansquenet import Move, Phase, apply, legal_moves, new_table

PLAYERS = ("Anne", "Bruno", "Chloé", "David")
BALANCE = 200
BANK_FRACTION = 0.1
STAKE_FRACTION = 0.05
SEED = 2026


def _move(table: Any, rng: random.Random) -> Move:
    seat = table.to_act
    name = table.players[seat]
    can = legal_moves(table)
    mine = table.balances[seat]
    if "bank" in can:
        return Move(name, "bank", max(1, min(mine, round(mine * BANK_FRACTION))))
    if "stake" in can:
        amount = min(table.uncovered, mine, max(1, round(mine * STAKE_FRACTION)))
        return Move(name, "stake", amount) if amount >= 1 else Move(name, "pass")
    if "keep" in can:
        return Move(name, rng.choice([do for do in ("keep", "withdraw", "leave") if do in can]))
    return Move(name, rng.choice(can))  # buy or decline


def run_deals(deals: int, seed: int = SEED) -> dict[str, Any]:
    """Play ``deals`` deals; return how many, the moves made, the tables used and a
    checksum of the final balances (the same in CPython and in Pyodide)."""
    rng = random.Random(seed)
    played = moves = tables = checksum = 0
    table = None
    while True:
        if table is None or table.phase is Phase.FINISHED:
            if table is not None:
                played += len(table.deals)
                checksum = (checksum * 31 + sum(i * b for i, b in enumerate(table.balances))) % 1_000_003
            tables += 1
            table = new_table(PLAYERS, BALANCE, PLAYERS[tables % len(PLAYERS)], seed=seed + tables)
        if played + len(table.deals) >= deals:
            break
        table, _ = apply(table, _move(table, rng))
        moves += 1
    checksum = (checksum * 31 + sum(i * b for i, b in enumerate(table.balances))) % 1_000_003
    return {"deals": played + len(table.deals), "moves": moves, "tables": tables, "checksum": checksum}
