"""3e, 3f, 3g: a first visit to /play/, Python restored from the build's snapshot against
Python started plainly (the Save-Data path), in Chromium.

- **3e**: from navigation start to the engine's ``data-status="ready"`` in a fresh
  context (cold cache, service workers blocked), the two paths alternating, medians.
  Goal: build snapshot / plain <= 0.4.
- **3f**: the same on a phone's means: Chromium's processes (workers included: CDP's
  CPU throttling does not reach workers) limited to 0.35 of a core by a cgroup (the
  ``cpu`` controller, v2 ``cpu.max`` or v1 ``cpu.cfs_quota_us``; where the machine has
  neither, the figure says so), and the network to 150 ms and 9 Mbit/s each way (CDP
  ``Network.emulateNetworkConditions``). Goal <= 0.7.
- **3g**: the bytes the server sends until ready (compressed as GitHub Pages compresses:
  localsite/serve.py), build snapshot / plain; and the Save-Data path's bytes against
  a plain start where the build made no snapshot (runtime.mjs without it): equal.

    python benchmarks/first_visit_bench.py SITE [REPEATS]
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from benchmarks.visits import NETWORK, first_visit
from localsite.chromium import launch_options
from localsite.serve import serve

FAST_GOAL = 0.4  # 3e
PHONE_GOAL = 0.7  # 3f
CORE = 0.35


def _pair(browser: Browser, url: str, repeats: int, network: bool = False) -> dict[str, Any]:
    runs: dict[str, list[dict[str, Any]]] = {"build-snapshot": [], "plain": []}
    for i in range(repeats):
        order = ("build-snapshot", "plain") if i % 2 == 0 else ("plain", "build-snapshot")
        for path in order:
            runs[path].append(first_visit(browser, url, path, network))
    fast = statistics.median(r["ms"] for r in runs["build-snapshot"])
    plain = statistics.median(r["ms"] for r in runs["plain"])
    return {
        "repeats": repeats,
        "snapshot_ms": round(fast),
        "plain_ms": round(plain),
        "snapshot_all_ms": [round(r["ms"]) for r in runs["build-snapshot"]],
        "plain_all_ms": [round(r["ms"]) for r in runs["plain"]],
        "started": sorted({str(r["how"]) for rs in runs.values() for r in rs}),
        "ratio": round(fast / plain, 2),
        "bytes": {k: round(statistics.median(r["bytes"] for r in rs)) for k, rs in runs.items()},
        "python_bytes": {
            k: round(statistics.median(r["python_bytes"] for r in rs)) for k, rs in runs.items()
        },
        "right_paths": all(r["how"] == k for k, rs in runs.items() for r in rs),
    }


def _cgroup(share: float) -> Path | None:
    """A new cgroup limited to ``share`` of a core (v2 cpu.max, else v1 cpu's quota), or
    None where the machine allows neither."""
    name = f"lq-bench-{os.getpid()}"
    root = Path("/sys/fs/cgroup")
    period = 100_000
    for folder, files in (
        (root, {"cpu.max": f"{int(share * period)} {period}"}),
        (root / "unified", {"cpu.max": f"{int(share * period)} {period}"}),
        (root / "cpu", {"cpu.cfs_period_us": str(period), "cpu.cfs_quota_us": str(int(share * period))}),
    ):
        controllers = folder / "cgroup.controllers"
        if folder.name != "cpu" and not (controllers.is_file() and "cpu" in controllers.read_text().split()):
            continue
        group = folder / name
        try:
            group.mkdir()
            for file, value in files.items():
                (group / file).write_text(value)
            return group
        except OSError:
            with contextlib.suppress(OSError):
                group.rmdir()
    return None


@contextlib.contextmanager
def limited_chromium(share: float) -> Iterator[tuple[Browser | None, str]]:
    """Chromium with all its processes in a cgroup limited to ``share`` of a core (a
    wrapper script puts itself in it, then runs Chromium); (None, why) where the machine
    allows no such cgroup."""
    group = _cgroup(share)
    if group is None:
        yield None, "no cgroup with a cpu controller can be made here"
        return
    options = launch_options(False)
    executable = options.get("executable_path") or shutil.which("chromium")
    with tempfile.TemporaryDirectory(prefix="lq-bench-cg-") as tmp:
        wrapper = Path(tmp) / "chromium"
        wrapper.write_text(f'#!/bin/sh\necho $$ > {group}/cgroup.procs\nexec {executable} "$@"\n')
        wrapper.chmod(0o755)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**{**options, "executable_path": str(wrapper)})
                try:
                    yield browser, f"{group} ({share} of a core)"
                finally:
                    browser.close()
        finally:
            with contextlib.suppress(OSError):
                group.rmdir()


def measure(site: Path, repeats: int = 5, phone_repeats: int = 3, shell: bool = False) -> dict[str, Any]:
    """3e, 3f and 3g against the built ``site`` (``shell``: a quick run, Chromium's headless
    shell, no cgroup)."""
    out: dict[str, Any] = {}
    with serve(site) as url:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options(shell))
            try:
                if repeats > 1:  # one discarded visit of each: files in the OS cache
                    first_visit(browser, url, "build-snapshot")
                    first_visit(browser, url, "plain")
                fast = _pair(browser, url, repeats)
                fast["goal"] = FAST_GOAL
                fast["ok"] = fast["ratio"] <= FAST_GOAL and fast["right_paths"]
                out["fast"] = fast
                no_snapshot = first_visit(browser, url, "no-snapshot")
            finally:
                browser.close()
        plain_bytes = fast["bytes"]["plain"]
        out["bytes"] = {
            "snapshot_bytes": fast["bytes"]["build-snapshot"],
            "plain_bytes": plain_bytes,
            "ratio": round(fast["bytes"]["build-snapshot"] / plain_bytes, 2),
            "no_snapshot_bytes": no_snapshot["bytes"],
            # Python's files alike on both paths (the page's others may come before or after ready)
            "plain_python_bytes": fast["python_bytes"]["plain"],
            "no_snapshot_python_bytes": no_snapshot["python_bytes"],
            "save_data_same": fast["python_bytes"]["plain"] == no_snapshot["python_bytes"]
            and no_snapshot["how"] == "plain",
        }
        if shell:
            out["phone"] = {"skipped": "a quick run"}
            return out
        with limited_chromium(CORE) as (limited, where):
            if limited is None:
                out["phone"] = {"skipped": where}
            else:
                phone = _pair(limited, url, phone_repeats, network=True)
                phone |= {"goal": PHONE_GOAL, "cgroup": where, "network": NETWORK}
                phone["ok"] = phone["ratio"] <= PHONE_GOAL and phone["right_paths"]
                out["phone"] = phone
    return out


if __name__ == "__main__":
    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo))
    print(json.dumps(measure(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5), indent=2))
