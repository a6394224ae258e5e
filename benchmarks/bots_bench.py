"""What a computer player's decision costs in CPython (:func:`lansquenet.bots.decide`).

The tables are every moment someone had to act in seeded sessions of computer players
(2 to 10 seats, each temperament); each is decided again, in turn, best of a few
repeats (``time.perf_counter``). Beside it, for scale, the cost of applying the move
decided (:func:`lansquenet.apply`) to the same tables. The goal (issue 11) is
``≤ 1 ms`` a decision: a page can let computer players think without a pause.

    PYTHONPATH=engine python3 benchmarks/bots_bench.py [sessions] [repeats]
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

try:
    from lansquenet import Phase, apply, new_table
    from lansquenet.bots import NAMES, TEMPERAMENTS, decide
except ImportError:  # run from a checkout without PYTHONPATH=engine
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from lansquenet import Phase, apply, new_table
    from lansquenet.bots import NAMES, TEMPERAMENTS, decide

GOAL_MS = 1.0


def moments(sessions: int) -> list[tuple[Any, int, str]]:
    """(table, seat to act, temperament) at every decision of ``sessions`` sessions."""
    found = []
    order = list(TEMPERAMENTS)
    for seed in range(sessions):
        n = 2 + seed % 9
        table = new_table(NAMES[:n], 100, NAMES[0], seed=seed, finish_after=3)
        rng = random.Random(seed)
        while table.phase is not Phase.FINISHED:
            seat = table.to_act
            assert seat is not None
            temperament = order[seat % 3]
            found.append((table, seat, temperament))
            table, _ = apply(table, decide(table, seat, temperament, rng)[0])
    return found


def measure(sessions: int = 300, repeats: int = 5) -> dict[str, Any]:
    tables = moments(sessions)
    moves = [decide(t, s, k, random.Random(0))[0] for t, s, k in tables]
    best_decide = best_apply = float("inf")
    for _ in range(repeats):
        rng = random.Random(1)
        start = time.perf_counter()
        for table, seat, temperament in tables:
            decide(table, seat, temperament, rng)
        best_decide = min(best_decide, time.perf_counter() - start)
        start = time.perf_counter()
        for (table, _, _), move in zip(tables, moves):
            apply(table, move)
        best_apply = min(best_apply, time.perf_counter() - start)
    per_decision_ms = 1000 * best_decide / len(tables)
    return {
        "sessions": sessions,
        "decisions": len(tables),
        "repeats": repeats,
        "decision_us": round(1000 * per_decision_ms, 2),
        "apply_us": round(1_000_000 * best_apply / len(tables), 2),
        "python": sys.version.split()[0],
        "ok": per_decision_ms <= GOAL_MS,
    }


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(measure(*args)))
