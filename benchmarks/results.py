"""benchmarks/RESULTS.md: every figure of a ``make bench`` run, its goal, met or not.

``render(figures, machine)`` is a pure function of the measured figures (the dicts the
``measure`` functions return) and of ``machine_info()``; ``python -m benchmarks``
writes its text. A figure that was not measured in a run is shown as not measured.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from localsite import chromium

REPO = Path(__file__).resolve().parents[1]

COMMANDS = {
    "odds": "python benchmarks/odds_bench.py {deals}",
    "deals": "python benchmarks/engine_bench.py {deals} {repeats}",
    "bots": "python benchmarks/bots_bench.py {sessions} {repeats}",
    "build": "python benchmarks/site_bench.py {repeats}",
    "browser": "python -m benchmarks --only browser --repeats {repeats} --out R.md",
    "session": "python benchmarks/session_bench.py {repeats}",
    "play": "python -m benchmarks --only play --repeats {repeats} --out R.md",
    "first": "python -m benchmarks --only first --repeats {repeats} --out R.md",
    "rules": "python -m benchmarks --only rules --repeats {repeats} --out R.md",
    "check": "python benchmarks/check_bench.py {repeats}",
}
# The figures of the browser benchmarks (``--only browser play``): a run without them
# (``make test``'s quick run) shows these as not measured.
BROWSER_FIGURES = (
    "3a",
    "3b",
    "3c",
    "3d",
    "3e",
    "3f",
    "3g",
    "4",
    "5a",
    "5b",
    "9a",
    "9b",
    "9c",
    "9d",
    "10a",
    "10b",
    "10c",
)


def _run(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (done.stdout or done.stderr).strip()


def machine_info() -> dict[str, Any]:
    """What ran the benchmarks: cores, CPU, memory, load, versions, commit."""
    cpu = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo.read_text(), re.MULTILINE)
        cpu = found.group(1).strip() if found else ""
    memory = ""
    meminfo = Path("/proc/meminfo")
    if meminfo.is_file():
        found = re.search(r"^MemTotal:\s*(\d+) kB", meminfo.read_text(), re.MULTILINE)
        memory = f"{int(found.group(1)) / 1024 / 1024:.1f} GiB" if found else ""
    commit = _run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"])
    dirty = _run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"])
    browser = chromium.executable()
    return {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "nproc": _run(["nproc"]) or str(os.cpu_count()),
        "cpu": cpu or platform.processor() or platform.machine(),
        "memory": memory,
        "load": " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "",
        "python": platform.python_version(),
        "node": _run(["node", "--version"]) if shutil.which("node") else "",
        "chromium": _run([browser, "--version"]) if browser else "Playwright's Chromium",
        "commit": (commit or "unknown") + (" (with uncommitted changes)" if dirty else ""),
    }


def _n(value: float) -> str:
    return f"{value:,.0f}".replace(",", " ")


def _kb(value: float) -> str:
    return f"{value / 1024:.1f} KiB"


def _met(ok: bool | None) -> str:
    return "–" if ok is None else ("**yes**" if ok else "**no**")


def rows(figures: dict[str, Any]) -> list[tuple[str, str, str, str, str, str]]:
    """(number, what, measured, goal, met, command) for each figure."""
    out: list[tuple[str, str, str, str, str, str]] = []
    missing = "not measured in this run"
    odds = figures.get("odds")
    cmd = COMMANDS["odds"].format(deals=odds["deals"]) if odds else ""
    out.append(
        (
            "1",
            "odds simulator (`lansquenet.odds.simulate`) / minimal pure-Python deal loop, deals per second",
            f"{odds['ratio']}× ({_n(odds['ours_deals_per_s'])} vs {_n(odds['minimal_deals_per_s'])} deals/s)"
            if odds
            else missing,
            "≥ 0.5×",
            _met(odds["ok"]) if odds else "–",
            cmd,
        )
    )
    deals = figures.get("deals")
    cmd = COMMANDS["deals"].format(deals=deals["deals"], repeats=deals["repeats"]) if deals else ""
    out.append(
        (
            "2a",
            "full-rules deals through the public API (covering bots), CPython",
            f"{_n(deals['cpython_deals_per_s'])} deals/s (Python {deals['cpython']})" if deals else missing,
            "–",
            "–",
            cmd,
        )
    )
    out.append(
        (
            "2b",
            "the same deals in Pyodide under Node.js: CPython rate / Pyodide rate",
            f"{deals['ratio']}× ({_n(deals['pyodide_deals_per_s'])} deals/s, Python {deals['pyodide_python']})"
            if deals
            else missing,
            "≤ 2.5×",
            _met(deals["ok"]) if deals else "–",
            cmd,
        )
    )
    browser = figures.get("browser")
    cmd = COMMANDS["browser"].format(repeats=browser["engine"]["repeats"]) if browser else ""
    engine = browser["engine"] if browser else None
    out.append(
        (
            "3a",
            (
                "Chromium: engine ready on the play page (Pyodide + wheel + import, in the worker)"
                " / bare `loadPyodide` in a worker on an empty page"
            ),
            f"{engine['ratio']}× ({_n(engine['ready_ms'])} ms vs {_n(engine['bare_ms'])} ms, medians)"
            if engine
            else missing,
            "≤ 1.15×",
            _met(engine["ok"]) if engine else "–",
            cmd,
        )
    )
    out.append(
        (
            "3b",
            (
                "longest main-thread task on the play page until the engine is ready (longtask)"
                " / plain Material's rule page's longest, loaded in turns"
            ),
            _longest(engine) if engine else missing,
            "≤ 1.1× plain Material's",
            _met(engine["longest_task_ok"]) if engine else "–",
            cmd,
        )
    )
    back = browser.get("return") if browser else None
    out.append(
        (
            "3c",
            (
                "Chromium: engine ready on a return visit to the play page (the kept snapshot restored)"
                " / a plain start (a first visit on the Save-Data path, no snapshot); beside it,"
                " / the first visit in the same context (the build's snapshot restored)"
            ),
            f"{back['ratio']}× ({_n(back['return_ms'])} ms vs {_n(back['plain_ms'])} ms, medians);"
            f" {back['first_ratio']}× ({_n(back['return_ms'])} ms vs {_n(back['first_ms'])} ms)"
            if back
            else missing,
            "≤ 0.35×",
            _met(back["ok"]) if back else "–",
            cmd,
        )
    )
    sent = browser.get("bytes") if browser else None
    out.append(
        (
            "3d",
            (
                "bytes sent for a first visit to /play/ until the engine is ready"
                f" / the same for the build of {sent['before'] if sent else 'the commit before issue 18'}"
            ),
            f"{sent['ratio']}× ({_kb(sent['ours_bytes'])} vs {_kb(sent['before_bytes'])})"
            if sent
            else missing,
            "≤ 0.75×",
            _met(sent["ok"]) if sent else "–",
            cmd,
        )
    )
    out += first_rows(figures.get("first"), missing)
    stepper = browser["stepper"] if browser else None
    out.append(
        (
            "4",
            "stepper interactive after DOMContentLoaded (no Python), "
            + (stepper["page"] if stepper else "a rule page"),
            f"{stepper['after_dcl_ms']} ms (median)" if stepper else missing,
            "–",
            "–",
            cmd,
        )
    )
    weight = browser["weight"] if browser else None
    out.append(
        (
            "5a",
            "transfer size of a rule page, every request, / the same page of a plain mkdocs-material build",
            f"{weight['ratio']}× ({_kb(weight['ours_bytes'])} vs {_kb(weight['plain_bytes'])})"
            if weight
            else missing,
            "≤ 1.1×",
            _met(weight["ok"]) if weight else "–",
            cmd,
        )
    )
    out.append(
        (
            "5b",
            "Pyodide and wheel bytes loaded by a rule page",
            f"{_n(weight['python_bytes'])} bytes" if weight else missing,
            "0",
            _met(weight["python_ok"]) if weight else "–",
            cmd,
        )
    )
    build = figures.get("build")
    cmd = COMMANDS["build"].format(repeats=build["repeats"]) if build else ""
    out.append(
        (
            "6",
            "`mkdocs build` (both languages) / the same build without our plugins and their fences",
            f"{build['ratio']}× CPU time ({build['ours_cpu_s']} s vs {build['unplugged_cpu_s']} s);"
            f" wall time {build['wall_ratio']}× ({build['ours_s']} s vs {build['unplugged_s']} s); best of"
            f" {build['repeats']}"
            if build
            else missing,
            "≤ 1.5×",
            _met(build["ok"]) if build else "–",
            cmd,
        )
    )
    bots = figures.get("bots")
    out.append(
        (
            "7",
            "a computer player's decision (`lansquenet.bots.decide`), CPython",
            f"{bots['decision_us']} µs a decision (applying the move: {bots['apply_us']} µs;"
            f" {_n(bots['decisions'])} decisions)"
            if bots
            else missing,
            "≤ 1 ms",
            _met(bots["ok"]) if bots else "–",
            COMMANDS["bots"].format(sessions=bots["sessions"], repeats=bots["repeats"]) if bots else "",
        )
    )
    out += session_rows(figures.get("session"), missing)
    out += play_rows(figures.get("play"), missing)
    out += rules_rows(figures.get("rules"), missing)
    out += check_rows(figures.get("check"), missing)
    return out


def check_rows(check: dict[str, Any] | None, missing: str) -> list[tuple[str, str, str, str, str, str]]:
    """Figure 11: the quick loop, ``make check``, quiet and beside a browser test (check_bench.py)."""
    cmd = COMMANDS["check"].format(repeats=check["repeats"]) if check else ""

    def timed(kind: str) -> str:
        if not check:
            return missing
        return f"{check[kind + '_s']} s (the slower of {check[kind + '_all_s']} s; mypy's cache warm)"

    return [
        (
            "11a",
            "`make check` on a quiet machine",
            timed("quiet"),
            "≤ 45 s",
            _met(check["quiet_ok"]) if check else "–",
            cmd,
        ),
        (
            "11b",
            "`make check` with a browser test running beside it (tests/browser/test_play.py)",
            timed("beside"),
            "≤ 90 s",
            _met(check["beside_ok"]) if check else "–",
            cmd,
        ),
    ]


def _longest(engine: dict[str, Any]) -> str:
    """Figure 3b's cell: the ratio, both medians, 50 ms standing for a page with no long task."""
    ours = f"{_n(engine['longest_task_ms'])} ms"
    if engine.get("longest_task_ratio") is None:
        return f"{ours} (median of the runs' longest); plain Material not measured"
    return (
        f"{engine['longest_task_ratio']}× ({ours} vs {_n(engine['longest_task_plain_ms'])} ms, medians of"
        " the runs' longest; a page with no task of 50 ms or more counts as 50 ms)"
    )


def rules_rows(rules: dict[str, Any] | None, missing: str) -> list[tuple[str, str, str, str, str, str]]:
    """Figure 10: what the historical variants cost (benchmarks/rules_bench.py)."""
    cmd = COMMANDS["rules"].format(repeats=max(1, rules["move"]["rounds"] // 3)) if rules else ""

    def grown(part: str) -> str:
        fig = rules[part] if rules else None
        if not fig or not rules:
            return missing
        if "skipped" in fig:
            return f"not measured: {fig['skipped']}"
        text = f"{fig['growth'] * 100:+.2f} % ({_n(fig['bytes'])} B vs {_n(fig['base_bytes'])} B at {rules['base']})"
        served = fig.get("gzip")
        # The wheel is served gzip-compressed; the snapshot zstd-compressed (its bytes above),
        # gzip-compressed until December 2026.
        said = "gzip, as served" if part == "wheel" else "gzip, as served until December 2026"
        return text + (f"; {said}: {served['growth'] * 100:+.2f} %" if served else "")

    def met(part: str) -> str:
        return _met(rules[part]["ok"]) if rules and "ok" in rules[part] else "–"

    move = rules["move"] if rules else None
    return [
        (
            "10a",
            "Chromium: a move on /play/ under `six_packs` (312 cards) / the same move in the standard game",
            f"{move['ratio']}× ({_n(move['six_packs_ms'])} ms vs {_n(move['standard_ms'])} ms, medians)"
            if move
            else missing,
            "≤ 1.1×",
            met("move"),
            cmd,
        ),
        (
            "10b",
            "the engine's wheel, against the engine before the variants",
            grown("wheel"),
            "≤ +2 %",
            met("wheel"),
            cmd,
        ),
        (
            "10c",
            "the build's Python snapshot (zstd, as served), made with each of those wheels",
            grown("snapshot"),
            "≤ +2 %",
            met("snapshot"),
            cmd,
        ),
    ]


def first_rows(first: dict[str, Any] | None, missing: str) -> list[tuple[str, str, str, str, str, str]]:
    """3e, 3f, 3g: a first visit, the build's Python snapshot against a plain start
    (benchmarks/first_visit_bench.py)."""
    cmd = COMMANDS["first"].format(repeats=first["fast"]["repeats"]) if first else ""

    def timed(fig: dict[str, Any] | None) -> str:
        if not fig:
            return missing
        if "skipped" in fig:
            return f"not measured: {fig['skipped']}"
        return f"{fig['ratio']}× ({_n(fig['snapshot_ms'])} ms vs {_n(fig['plain_ms'])} ms, medians)"

    fast = first["fast"] if first else None
    phone = first["phone"] if first else None
    sent = first["bytes"] if first else None
    return [
        (
            "3e",
            (
                "Chromium: a first visit to /play/ until the engine is ready, Python restored from the"
                " build's snapshot / started plainly (the Save-Data path)"
            ),
            timed(fast),
            "≤ 0.4×",
            _met(fast["ok"]) if fast else "–",
            cmd,
        ),
        (
            "3f",
            (
                "the same with Chromium's processes limited to 0.35 of a core (a cgroup) and the network"
                " to 150 ms, 9 Mbit/s"
            ),
            timed(phone),
            "≤ 0.7×",
            _met(phone["ok"]) if phone and "ok" in phone else "–",
            cmd,
        ),
        (
            "3g",
            (
                "bytes sent for that first visit until ready (wasm and text compressed as GitHub Pages"
                " does), build's snapshot / plain; the Save-Data path's bytes of Python's files = a plain"
                " start's where the build made no snapshot"
            ),
            f"{sent['ratio']}× ({_kb(sent['snapshot_bytes'])} vs {_kb(sent['plain_bytes'])}); Python's"
            f" files: Save-Data {_kb(sent['plain_python_bytes'])}, no snapshot"
            f" {_kb(sent['no_snapshot_python_bytes'])}"
            if sent
            else missing,
            "(reported); equal",
            _met(sent["save_data_same"]) if sent else "–",
            cmd,
        ),
    ]


def play_rows(play: dict[str, Any] | None, missing: str) -> list[tuple[str, str, str, str, str, str]]:
    """Figure 9: what a reader waits for on the play page (benchmarks/play_bench.py)."""
    cmd = COMMANDS["play"].format(repeats=play["switches"]) if play else ""

    def measured(part: str) -> str:
        if not play:
            return missing
        fig = play[part]
        return f"{fig['ratio']}× ({_n(fig['long_ms'])} ms vs {_n(fig['short_ms'])} ms, medians)"

    def met(part: str) -> str:
        return _met(play[part]["ok"]) if play else "–"

    sizes = f"{_n(play['long'])} / {_n(play['short'])}" if play else "1 000 / 10"
    switch = measured("switch")
    if play:
        parts = play["switch"]["parts_ms"][str(play["long"])]
        switch += (
            f"; at {_n(play['long'])} actions: page {_n(parts['page'])} ms, Python {_n(parts['python'])} ms,"
            f" reopening {_n(parts['reopen'])} ms ({play['switch']['reopen_ratio']}× the reopening at"
            f" {play['short']})"
        )
    return [
        (
            "9a",
            (
                "Chromium, the play page opened from a permalink: a move, from the click to the result shown"
                f" (counter changed, not busy, next frame painted), time at {sizes} actions"
            ),
            measured("move"),
            "≤ 1.5×",
            met("move"),
            cmd,
        ),
        ("9b", f"the same for Undo, time at {sizes} actions", measured("undo"), "≤ 1.5×", met("undo"), cmd),
        (
            "9c",
            (
                "the language switcher's link (the game carried to the other language), clicked 0.3 s after"
                " the language menu opened: from the click to the"
                f" game shown with its engine ready, at {_n(play['long']) if play else '1 000'} actions"
                " / engine ready on a first visit to /play/ (fresh context, plain start)"
            ),
            (
                f"{play['switch']['first_ratio']}× ({_n(play['switch']['long_ms'])} ms vs"
                f" {_n(play['switch']['first_visit_ms'])} ms, medians); {switch}"
            )
            if play and "first_ratio" in play["switch"]
            else missing,
            "≤ 0.4×; the reopening at 1 000 ≤ 1.5× the one at 10",
            _met(play["switch"]["first_ok"]) if play and "first_ok" in play["switch"] else "–",
            cmd,
        ),
        (
            "9d",
            (
                f"the play page opened from a permalink of {_n(play['open']['actions']) if play and 'open' in play else '8 000'}"
                " actions: the longest main-thread task"
                " (PerformanceObserver longtask) until the game is shown with its engine ready"
            ),
            _opened(play.get("open") if play else None, missing),
            "≤ 200 ms",
            _met(play["open"]["ok"]) if play and "open" in play else "–",
            cmd,
        ),
    ]


def _opened(fig: dict[str, Any] | None, missing: str) -> str:
    """Figure 9d's cell: the median of its rounds' longest tasks, each round's, and the
    longest task after the engine answered."""
    if not fig:
        return missing
    return (
        f"{_n(fig['longest_ms'])} ms (median of {fig['rounds']}:"
        f" {', '.join(_n(t) for t in fig['longest_all_ms'])} ms;"
        f" after the engine answered: {_n(fig['after_ready_ms'])} ms)"
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def session_rows(session: dict[str, Any] | None, missing: str) -> list[tuple[str, str, str, str, str, str]]:
    """Figure 8: live sessions (benchmarks/session_bench.py)."""
    cmd = COMMANDS["session"].format(repeats=session["repeats"]) if session else ""
    if session:
        here, there = session["cpython"], session["pyodide"]
        costs = " / ".join(_ms(here["move_s"][k]) for k in ("10", "100", "1000"))
        costs_py = " / ".join(_ms(there["move_s"][k]) for k in ("10", "100", "1000"))
        move = (
            f"{session['ratio']}× (CPython {costs}, ratio {here['ratio']:.2f};"
            f" Pyodide {costs_py}, ratio {there['ratio']:.2f})"
        )
        big = (
            f"{session['open_big_cpython_s']} s (CPython, {_kb(here['open_big']['link_bytes'])} of scenario)"
            if session["big"]
            else "skipped (quick run)"
        )
        opened = f"{session['open_pyodide_s']} s (CPython {here['open_1000']['seconds']:.3f} s)"
        size = f"{_kb(session['bytes'])} (largest of 50 moves after 10 and after 1 000 actions)"
    else:
        move = big = opened = size = missing
    return [
        (
            "8a",
            (
                "a move on a live session (`lansquenet.web` op `move`) of 10 / 100 / 1 000 actions:"
                " time at 1 000 / time at 10, the worse of CPython and Pyodide under Node.js"
            ),
            move,
            "≤ 1.5×",
            _met(session["ratio_ok"]) if session else "–",
            cmd,
        ),
        (
            "8b",
            "opening a 1 000-action permalink (op `open`), Pyodide under Node.js",
            opened,
            "≤ 1 s",
            _met(session["open_pyodide_ok"]) if session else "–",
            cmd,
        ),
        (
            "8c",
            f"opening a {_n(session['big']) if session and session['big'] else '5 000'}-action permalink, CPython",
            big,
            "≤ 5 s",
            _met(session["open_big_ok"]) if session else "–",
            cmd,
        ),
        (
            "8d",
            "bytes of a move's answer, whatever the length",
            size,
            "≤ 64 KiB",
            _met(session["bytes_ok"]) if session else "–",
            cmd,
        ),
    ]


def notes(figures: dict[str, Any]) -> list[str]:
    """The details behind the figures, from the figures themselves."""
    out = []
    deals = figures.get("deals")
    if deals:
        out.append(
            f"- **2.** {deals['deals']} deals ({_n(deals['moves'])} moves), best of {deals['repeats']} after a"
            f" warm-up; both ends played the very same deals (same checksum). CPython {deals['cpython']},"
            f" Pyodide's Python {deals['pyodide_python']}; Pyodide took {deals['pyodide_boot_s']} s to start"
            " in Node.js (not counted)."
        )
    browser = figures.get("browser")
    if browser:
        engine = browser["engine"]
        phases = engine.get("phases_ms", {})
        out.append(
            f"- **3.** {engine['repeats']} cold loads of each page, alternating. Engine ready:"
            f" {engine['ready_all_ms']} ms; bare: {engine['bare_all_ms']} ms. On the play page, median"
            f" {phases.get('page', '?')} ms from navigation to the worker's start (the page, Material,"
            f" play.js), {phases.get('python', '?')} ms in `loadPyodide`, {phases.get('engine', '?')} ms"
            " for the wheel and `import lansquenet.web`. Longest tasks per run:"
            f" {engine['longest_task_all_ms']} ms; counting only tasks after the page's load event, while"
            f" nothing but Python is still loading (in the worker): {engine['longest_task_after_load_all_ms']}"
            f" ms. For comparison, the longest task on the rule page of figure 4, which loads no Python:"
            f" {browser['stepper']['longest_task_all_ms']} ms; on plain Material's, loaded in turns with"
            f" the play page (3b): {engine.get('longest_task_plain_all_ms')} ms."
        )
        back = browser["return"]
        out.append(
            f"- **3c.** {back['repeats']} of each, alternating: a plain start (Save-Data, fresh context)"
            f" {back['plain_all_ms']} ms; a first visit (the build's snapshot) {back['first_all_ms']} ms,"
            f" then a return visit in the same context {back['return_all_ms']} ms (Python started:"
            f" {', '.join(sorted(set(back['started'])))})."
        )
        stepper = browser["stepper"]
        out.append(f"- **4.** {stepper['after_dcl_all_ms']} ms over {stepper['repeats']} loads.")
        weight = browser["weight"]
        kinds = sorted(set(weight["ours_by_kind"]) | set(weight["plain_by_kind"]))
        parts = [
            f"{k} {_kb(weight['ours_by_kind'].get(k, 0))} vs {_kb(weight['plain_by_kind'].get(k, 0))}"
            for k in kinds
        ]
        out.append(
            f"- **5.** Bytes the server sent (gzip, headers included), service workers blocked:"
            f" {weight['ours_requests']} requests vs {weight['plain_requests']}; by kind (ours vs plain): "
            + "; ".join(parts)
            + f". With the site's service worker allowed, it then downloads {_kb(weight['service_worker_extra_bytes'])}"
            f" more in the background, {_kb(weight['service_worker_python_bytes'])} of it Pyodide and the wheel"
            " (its offline precache)."
        )
    first = figures.get("first")
    if first:
        fast, phone = first["fast"], first["phone"]
        text = (
            f"- **3e–3g.** {fast['repeats']} first visits of each path, alternating, fresh contexts,"
            f" service workers blocked: build's snapshot {fast['snapshot_all_ms']} ms, plain"
            f" {fast['plain_all_ms']} ms (Python started: {', '.join(fast['started'])})."
        )
        if "skipped" in phone:
            text += f" 3f not measured: {phone['skipped']}."
        else:
            text += (
                f" Limited ({phone['cgroup']}, 150 ms and 9 Mbit/s): {phone['repeats']} of each,"
                f" build's snapshot {phone['snapshot_all_ms']} ms, plain {phone['plain_all_ms']} ms."
            )
        out.append(text)
    build = figures.get("build")
    if build:
        out.append(
            f"- **6.** Build CPU times, ours: {build['ours_all_cpu_s']} s, without our plugins:"
            f" {build['unplugged_all_cpu_s']} s; wall times, ours: {build['ours_all_s']} s, without our"
            f" plugins: {build['unplugged_all_s']} s. The goal is judged on CPU time (site_bench.py says why)."
        )
    play = figures.get("play")
    if play:
        out.append(
            f"- **9.** The game of figure 8a (localsite/games.py `cycle`, deals all alike) opened from"
            f" permalinks of {play['short']} and {_n(play['long'])} actions, the same table at both lengths"
            f" ({_kb(play['link_bytes'][str(play['short'])])} and {_kb(play['link_bytes'][str(play['long'])])}"
            f" of link; {_n(play['journal'][str(play['short'])])} and {_n(play['journal'][str(play['long'])])}"
            " journal entries), both pages open side by side, measured in turns."
            f" {play['repeats']} moves and undos each: move {play['move']['short_all_ms']} ms at"
            f" {play['short']}, {play['move']['long_all_ms']} ms at {_n(play['long'])}; undo"
            f" {play['undo']['short_all_ms']} ms and {play['undo']['long_all_ms']} ms. Until the page's script"
            f" is done (before the frame): move {play['move']['dom_ms']} ms, undo {play['undo']['dom_ms']} ms."
            f" {play['switches']} language switches each: {play['switch']['short_all_ms']} ms and"
            f" {play['switch']['long_all_ms']} ms; medians of their parts (the new page until the engine's"
            f" worker starts, Python's loading, the game's reopening and drawing):"
            f" {play['switch']['parts_ms']}. Python's loading does not depend on the game; the reopening"
            " replays no action (the record of the game the page before kept, lansquenet/carry.py, asked for"
            " as the language menu opens), but still reads the link and the record, so it grows a little"
            f" with the game: here {round(100 * play['switch']['reopen_share'])}% of the switch at"
            f" {_n(play['long'])}."
        )
    return out


def shortfalls(table: list[tuple[str, str, str, str, str, str]]) -> list[str]:
    """One line for each figure of ``table`` short of its goal, saying by how much."""
    return [
        f"- **{number}** is short of its goal ({goal}): {measured}."
        for number, _what, measured, goal, met, _command in table
        if met == _met(False)
    ]


def render(figures: dict[str, Any], machine: dict[str, Any]) -> str:
    lines = [
        "# Benchmark results",
        "",
        (
            "Written by `make bench` (`python -m benchmarks`); what each figure measures and how:"
            " benchmarks/README.md. Ratios are measured side by side in one run, on a shared,"
            " noisy machine: read them, not the absolute times."
        ),
        "",
        f"- run: {machine.get('run', 'every figure below')}",
        f"- date: {machine['date']}",
        f"- commit: {machine['commit']}",
        (
            f"- machine: {machine['nproc']} cores (`nproc`), {machine['cpu']}, {machine['memory']} memory;"
            f" load average at the start: {machine['load']}"
        ),
        f"- Python {machine['python']}, Node.js {machine['node']}, {machine['chromium']}",
        "",
        "| # | figure | measured | goal | met | command |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    table = rows(figures)
    for number, what, measured, goal, met, command in table:
        lines.append(
            f"| {number} | {what} | {measured} | {goal} | {met} | {f'`{command}`' if command else ''} |"
        )
    short = shortfalls(table)
    lines += ["", "## Short of their goals", ""]
    lines += short or ["- none: every figure measured in this run is within its goal."]
    details = notes(figures)
    if details:
        lines += ["", "## Details", "", *details]
    return "\n".join(lines) + "\n"
