"""Throughput of :func:`lansquenet.odds.simulate` against a minimal pure-Python deal loop.

The minimal loop is the obvious program: shuffle a 52-card list, turn cards until one
matches the bank card's rank or the players' card's rank (R-D2, R-D3). Both run in the
same process, one after the other, best of a few repeats (``time.perf_counter``). The
goal is ``ratio = ours / minimal >= 0.5`` (deals per second).

    PYTHONPATH=engine python3 benchmarks/odds_bench.py [deals]
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    from lansquenet.odds import simulate
except ImportError:  # run from a checkout without PYTHONPATH=engine
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from lansquenet.odds import simulate

GOAL = 0.5
SEED = 2026


def minimal_loop(n: int, seed: int = SEED) -> int:
    """Play ``n`` deals the obvious way; return the bank's wins."""
    rng = random.Random(seed)
    wins = 0
    for _ in range(n):
        cards = list(range(52))
        rng.shuffle(cards)
        bank, players = cards[0] % 13, cards[1] % 13
        if bank == players:  # R-D2
            wins += 1
            continue
        for card in cards[2:]:  # R-D3
            rank = card % 13
            if rank == bank:
                wins += 1
                break
            if rank == players:
                break
    return wins


def _best(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def measure(n: int = 20_000, repeats: int = 5) -> dict[str, Any]:
    """Time ``simulate(n, seed)`` and the minimal loop side by side.

    Returns deals per second for both and ``ratio`` = ours / minimal (goal >= 0.5).
    """
    ours = _best(lambda: simulate(n, SEED), repeats)
    minimal = _best(lambda: minimal_loop(n, SEED), repeats)
    ours_rate, minimal_rate = n / ours, n / minimal
    return {
        "deals": n,
        "repeats": repeats,
        "ours_deals_per_s": round(ours_rate),
        "minimal_deals_per_s": round(minimal_rate),
        "ratio": round(ours_rate / minimal_rate, 2),
        "goal": GOAL,
        "ok": ours_rate / minimal_rate >= GOAL,
        "python": sys.version.split()[0],
    }


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000), indent=2))
