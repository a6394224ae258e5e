"""The quick loop's time: ``make check`` (the lint, the types, the engine's and the site's
tests without a browser) as a developer runs it, on a quiet machine and with a browser
test running beside it.

Its goals are times, not ratios (issue 54: at most 45 s quiet, 90 s beside a browser
test): what a developer waits for does not scale with the machine's speed as a ratio
would. Each run is a fresh ``make check`` process in this tree, mypy's cache warm (one run
before the measured ones warms it and the site's test build; it is not counted). Beside:
the play page's browser tests (``pytest tests/browser/test_play.py``: their own build of
the site, Chromium, Pyodide), started again whenever they end, from just before the
``make check`` until it is done. The quiet runs and the loaded runs alternate; the
slower of each kind is judged.

    python benchmarks/check_bench.py [repeats]
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Self

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
QUIET_GOAL_S = 45.0
BESIDE_GOAL_S = 90.0
CHECK = ["make", "--no-print-directory", "check"]
BESIDE = [sys.executable, "-m", "pytest", "tests/browser/test_play.py", "-q", "-n", "0", "-p", "no:randomly"]


def timed_check() -> float:
    """One ``make check``, its wall time in s; it must pass."""
    start = time.perf_counter()
    done = subprocess.run(CHECK, cwd=REPO, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"make check failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return round(seconds, 1)


class Beside:
    """The browser tests, run again and again in the background while the block runs."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.runs = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self.stop.is_set():
            self.process = subprocess.Popen(
                BESIDE, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            self.process.wait()
            self.runs += 1

    def __enter__(self) -> Self:
        self.thread.start()
        time.sleep(2)  # the browser tests under way (pytest collecting, the build starting)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=60)
        self.thread.join(timeout=60)


def measure(repeats: int) -> dict[str, Any]:
    """``repeats`` quiet and ``repeats`` loaded runs of ``make check``, alternating."""
    timed_check()  # warms mypy's cache and the site's test build: not counted
    quiet: list[float] = []
    beside: list[float] = []
    for _ in range(repeats):
        quiet.append(timed_check())
        with Beside():
            beside.append(timed_check())
    return {
        "repeats": repeats,
        "quiet_all_s": quiet,
        "beside_all_s": beside,
        "quiet_s": max(quiet),
        "beside_s": max(beside),
        "quiet_ok": max(quiet) <= QUIET_GOAL_S,
        "beside_ok": max(beside) <= BESIDE_GOAL_S,
    }


def main(argv: list[str]) -> int:
    print(json.dumps(measure(int(argv[0]) if argv else 2), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
