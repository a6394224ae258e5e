"""Full-rules deals per second: CPython against Pyodide under Node.js, side by side.

Both play the same deals (benchmarks/deals.py: covering bots through the public API,
seeded) and must end with the same checksum. CPython runs in this process; Pyodide is
the npm package under Node.js with the engine's wheel (built by the site plugin's own
code) installed by the site worker's boot(), timed inside Python. Best of ``repeats``
for each, after a warm-up. Goal: CPython / Pyodide <= 2.5 (deals per second).

    python benchmarks/engine_bench.py [deals] [repeats]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
for _path in (REPO, REPO / "engine", REPO / "site_plugins"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from benchmarks.deals import run_deals

GOAL = 2.5
SCRIPT = HERE / "pyodide_deals.mjs"


def cpython(deals: int, repeats: int) -> dict[str, Any]:
    run_deals(max(1, deals // 10))  # warm-up
    best = float("inf")
    result: dict[str, Any] = {}
    for _ in range(repeats):
        start = time.perf_counter()
        result = run_deals(deals)
        best = min(best, time.perf_counter() - start)
    return {"seconds": best, "result": result, "python": sys.version.split()[0]}


def pyodide(deals: int, repeats: int) -> dict[str, Any]:
    from benchmarks.node_pyodide import run as run_in_pyodide

    out = json.loads(run_in_pyodide(SCRIPT, str(HERE / "deals.py"), str(deals), str(repeats)))
    best = min(out["runs"], key=lambda run: run["seconds"])
    return {
        "seconds": best["seconds"],
        "result": best["result"],
        "python": out["python"],
        "boot_s": out["boot_s"],
    }


def measure(deals: int = 3000, repeats: int = 3) -> dict[str, Any]:
    """Deals per second in CPython and in Pyodide (Node.js), and their ratio."""
    ours = cpython(deals, repeats)
    there = pyodide(deals, repeats)
    if ours["result"] != there["result"]:
        raise AssertionError(
            f"CPython and Pyodide played different deals: {ours['result']} != {there['result']}"
        )
    cpython_rate = deals / ours["seconds"]
    pyodide_rate = deals / there["seconds"]
    ratio = cpython_rate / pyodide_rate
    return {
        "deals": deals,
        "repeats": repeats,
        "moves": ours["result"]["moves"],
        "cpython_deals_per_s": round(cpython_rate),
        "pyodide_deals_per_s": round(pyodide_rate),
        "ratio": round(ratio, 2),
        "goal": GOAL,
        "ok": ratio <= GOAL,
        "cpython": ours["python"],
        "pyodide_python": there["python"],
        "pyodide_boot_s": round(there["boot_s"], 2),
    }


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(measure(*args), indent=2))
