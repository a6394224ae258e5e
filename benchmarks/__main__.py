"""``make bench``: run every benchmark, print the figures, write benchmarks/RESULTS.md.

    python -m benchmarks                       # everything, full sizes (a few minutes)
    python -m benchmarks --quick --out R.md     # tiny sizes: does it all still run?
                                               # (the browser's parts in Chromium's headless
                                               # shell, as the tests: figures mean nothing)
    python -m benchmarks --only odds deals --out R.md
                                               # some of: odds deals bots session build browser play first rules check
RESULTS.md is only ever written by a whole run (every figure, full sizes), stamped with
its commit, date and machine; a partial run needs --out.

See benchmarks/README.md for what each figure means.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
for _path in (REPO, REPO / "engine", REPO / "site_plugins"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from benchmarks import bots_bench, check_bench, engine_bench, odds_bench, results, session_bench, site_bench

ALL = ("odds", "deals", "bots", "session", "build", "browser", "play", "first", "rules", "check")
FULL = {"odds": 20_000, "odds_repeats": 5, "deals": 3_000, "deals_repeats": 3, "build": 3, "browser": 5}
FULL |= {
    "session_repeats": 5,
    "session_big": 5000,
    "bots": 300,
    "play": 5,
    "first": 5,
    "rules": 5,
    "check": 2,
}
QUICK = {"odds": 300, "odds_repeats": 1, "deals": 20, "deals_repeats": 1, "build": 1, "browser": 1}
QUICK |= {"session_repeats": 1, "session_big": 0, "bots": 5, "play": 1, "first": 1, "rules": 1, "check": 1}


def run(only: tuple[str, ...] = ALL, quick: bool = False, repeats: int | None = None) -> dict[str, Any]:
    """Measure the benchmarks named in ``only``; the figures by name."""
    size = QUICK if quick else FULL
    figures: dict[str, Any] = {}
    if "odds" in only:
        print("== odds: simulator against a minimal loop", flush=True)
        figures["odds"] = odds_bench.measure(size["odds"], size["odds_repeats"])
        print(json.dumps(figures["odds"]), flush=True)
    if "deals" in only:
        print("== deals: CPython against Pyodide in Node.js", flush=True)
        figures["deals"] = engine_bench.measure(size["deals"], repeats or size["deals_repeats"])
        print(json.dumps(figures["deals"]), flush=True)
    if "bots" in only:
        print("== bots: a computer player's decision", flush=True)
        figures["bots"] = bots_bench.measure(size["bots"], repeats or 5)
        print(json.dumps(figures["bots"]), flush=True)
    if "session" in only:
        print("== session: a move at 10, 100, 1 000 actions; opening a long game; answer bytes", flush=True)
        figures["session"] = session_bench.measure(repeats or size["session_repeats"], size["session_big"])
        print(json.dumps(figures["session"]), flush=True)
    with tempfile.TemporaryDirectory(prefix="lq-bench-") as tmp:
        ours = Path(tmp) / "site"
        if "build" in only:
            print("== build: mkdocs build with and without our plugins", flush=True)
            figures["build"] = site_bench.build_times(repeats or size["build"], keep=ours)
            print(json.dumps(figures["build"]), flush=True)
        if "browser" in only:
            from benchmarks import browser_bench  # Playwright, only when needed

            print("== browser: engine ready, long tasks, stepper, page weight", flush=True)
            if not ours.is_dir():
                site_bench.build(REPO / "mkdocs.yml", ours)
            plain = Path(tmp) / "plain-site"
            site_bench.build(site_bench.plain_project(Path(tmp) / "plain"), plain)
            figures["browser"] = browser_bench.measure(ours, plain, repeats or size["browser"], shell=quick)
            print(json.dumps(figures["browser"]), flush=True)
        if "play" in only:
            from benchmarks import play_bench  # Playwright, only when needed

            print("== play: a move, an undo, a language switch at 5 and at 1 000 actions", flush=True)
            if not ours.is_dir():
                site_bench.build(REPO / "mkdocs.yml", ours)
            figures["play"] = play_bench.measure(ours, repeats or size["play"], shell=quick)
            print(json.dumps(figures["play"]), flush=True)
        if "first" in only:
            from benchmarks import first_visit_bench  # Playwright, only when needed

            print("== first: a first visit, the build's Python snapshot against a plain start", flush=True)
            if not ours.is_dir():
                site_bench.build(REPO / "mkdocs.yml", ours)
            figures["first"] = first_visit_bench.measure(ours, repeats or size["first"], shell=quick)
            print(json.dumps(figures["first"]), flush=True)
        if "rules" in only:
            from benchmarks import rules_bench  # Playwright, only when needed

            print(
                "== rules: a move under six packs against the standard game; the wheel, the snapshot",
                flush=True,
            )
            if not ours.is_dir():
                site_bench.build(REPO / "mkdocs.yml", ours)
            figures["rules"] = rules_bench.measure(ours, repeats or size["rules"], shell=quick)
            print(json.dumps(figures["rules"]), flush=True)
    if "check" in only:  # last: the quick loop, quiet, then beside a browser test
        print("== check: make check, quiet and beside a browser test", flush=True)
        figures["check"] = check_bench.measure(repeats or size["check"])
        print(json.dumps(figures["check"]), flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=ALL, default=list(ALL))
    parser.add_argument("--quick", action="store_true", help="tiny sizes (the smoke test's)")
    parser.add_argument("--repeats", type=int, help="repeats for deals, build, browser and play")
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS.md")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    complete = set(args.only) == set(ALL) and not args.quick and args.repeats is None
    if args.out == HERE / "RESULTS.md" and not complete:
        # RESULTS.md holds one run: every figure, full sizes, measured together.
        parser.error(
            "RESULTS.md is written by a whole run only (no --only, --quick or --repeats): give --out"
        )
    machine = results.machine_info()
    machine["run"] = (
        "one run of `python -m benchmarks` (`make bench`): every figure below, full sizes"
        if complete
        else "`python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:]) + "`"
    )
    figures = run(tuple(args.only), args.quick, args.repeats)
    text = results.render(figures, machine)
    args.out.write_text(text, "utf-8")
    if args.json:
        args.json.write_text(json.dumps({"machine": machine, "figures": figures}, indent=2), "utf-8")
    print()
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
