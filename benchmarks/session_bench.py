"""Live sessions (issue 10): a move costs the same at move 10 and at move 1 000.

Everything goes through the worker's bridge, ``lansquenet.web.handle`` (JSON in, JSON
out), as the play page does, in CPython here and in Pyodide under Node.js
(``pyodide_session.mjs`` runs :func:`measure_here` of this very file inside Pyodide).

- **a move** on a session of 10, 100 and 1 000 actions: the table of :func:`cycle`
  (three players; every deal the same three actions and the same four cards, so every
  move does the same work wherever it falls), opened at that length, then the next 30
  moves timed one by one; mean per move, best of ``repeats`` rounds after a warm-up
  round. Goal: 1 000 / 10 <= 1.5.
- **opening a permalink**: ``open`` of a seeded six-player game (:func:`long_scenario`)
  of 1 000 actions (goal <= 1 s in Pyodide) and of 5 000 (goal <= 5 s in CPython).
- **bytes of a move's answer**: the largest of 50 moves after 10 and after 1 000
  actions of the six-player game. Goal <= 64 KB whatever the length.

Only the standard library, ``lansquenet`` and ``localsite.games`` are imported (Pyodide
reads this file and that one).

    python benchmarks/session_bench.py [repeats]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: the repository's packages on the path
    _REPO = Path(__file__).resolve().parents[1]
    sys.path[:0] = [str(_REPO), str(_REPO / "engine"), str(_REPO / "site_plugins")]

from localsite.games import cycle, long_scenario

SIZES = (10, 100, 1000)
MOVES = 30  # moves timed per size: a whole number of deals of cycle()
GOALS = {"ratio": 1.5, "open_pyodide_s": 1.0, "open_5000_cpython_s": 5.0, "bytes": 64 * 1024}


def _ask(request: dict[str, Any]) -> str:
    from lansquenet.web import handle

    return handle(json.dumps(request))


def move_cost(size: int) -> float:
    """Mean seconds per move over MOVES moves made on a session of ``size`` actions."""
    data = cycle(size + MOVES)
    answer = json.loads(_ask({"op": "open", "scenario": {**data, "actions": data["actions"][:size]}}))
    assert answer["actions"] == size, answer
    spent = 0.0
    for action in data["actions"][size:]:
        start = time.perf_counter()
        moved = _ask({"op": "move", "action": action, "lang": "fr"})
        spent += time.perf_counter() - start
        assert '"error"' not in moved[:20], moved[:200]
    return spent / MOVES


def move_costs(repeats: int) -> dict[str, float]:
    """:func:`move_cost` of every size, best of ``repeats`` rounds (sizes interleaved,
    so that the machine's changing load falls on every size alike)."""
    best = {str(n): float("inf") for n in SIZES}
    for _ in range(repeats):
        for n in SIZES:
            best[str(n)] = min(best[str(n)], move_cost(n))
    return best


def open_time(actions: int, seed: int = 11) -> dict[str, Any]:
    data = long_scenario(actions, seed)
    request = {"op": "open", "scenario": data, "lang": "fr"}
    start = time.perf_counter()
    answer = _ask(request)
    seconds = time.perf_counter() - start
    assert json.loads(answer)["actions"] == actions
    return {"seconds": seconds, "bytes": len(answer.encode()), "link_bytes": len(json.dumps(data))}


def answer_bytes(actions: int, seed: int = 11, moves: int = 50) -> int:
    """The largest answer of ``moves`` moves made after ``actions`` actions."""
    data = long_scenario(actions + moves, seed)
    _ask({"op": "open", "scenario": {**data, "actions": data["actions"][:actions]}, "lang": "fr"})
    return max(len(_ask({"op": "move", "action": a}).encode()) for a in data["actions"][actions:])


def measure_here(repeats: int = 3, big: int = 5000) -> dict[str, Any]:
    """Every figure of this file in the Python that runs it (CPython or Pyodide)."""
    move_costs(1)  # warm-up: catalogues read, code paths taken once
    moves = move_costs(repeats)
    return {
        "python": sys.version.split()[0],
        "move_s": moves,
        "ratio": moves[str(SIZES[-1])] / moves[str(SIZES[0])],
        "open_1000": open_time(1000),
        "open_big": open_time(big) if big else None,
        "bytes": {str(n): answer_bytes(n) for n in (10, 1000)},
    }


def pyodide(repeats: int) -> dict[str, Any]:
    """:func:`measure_here` inside Pyodide under Node.js (the 5 000-action opening is
    left to CPython)."""
    from benchmarks.node_pyodide import run as run_in_pyodide

    here = Path(__file__).resolve()
    result: dict[str, Any] = json.loads(
        run_in_pyodide(here.with_name("pyodide_session.mjs"), str(here), str(repeats))
    )
    return result


def measure(repeats: int = 3, big: int = 5000) -> dict[str, Any]:
    """The figures in CPython and in Pyodide, with their goals."""
    ours = measure_here(repeats, big)
    there = pyodide(repeats)
    largest = max(max(ours["bytes"].values()), max(there["bytes"].values()))
    return {
        "repeats": repeats,
        "cpython": ours,
        "pyodide": there,
        "ratio": round(max(ours["ratio"], there["ratio"]), 2),
        "ratio_ok": max(ours["ratio"], there["ratio"]) <= GOALS["ratio"],
        "open_pyodide_s": round(there["open_1000"]["seconds"], 3),
        "open_pyodide_ok": there["open_1000"]["seconds"] <= GOALS["open_pyodide_s"],
        "big": big,
        "open_big_cpython_s": round(ours["open_big"]["seconds"], 3) if big else None,
        "open_big_ok": (ours["open_big"]["seconds"] <= GOALS["open_5000_cpython_s"]) if big else None,
        "bytes": largest,
        "bytes_ok": largest <= GOALS["bytes"],
    }


if __name__ == "__main__":
    print(json.dumps(measure(*[int(a) for a in sys.argv[1:2]]), indent=2))
