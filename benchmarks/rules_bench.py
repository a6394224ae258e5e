"""Figure 10: what the historical variants cost (spec/VARIANTS.md, issue 41).

- **10a, a move under six packs**: the play page (/play/) opened in Chromium from two
  permalinks of the same game (localsite/games.py ``cycle``, as figure 9), one with
  ``"rules": {"variant": "six_packs"}`` (a pack of 312 cards, V-P1) and one without (the
  standard game); both pages open side by side, a move and an undo on each in turns,
  timed as figure 9a times them (play_bench.PlayPage: the click to the next frame
  painted after the result). Goal: six packs / standard <= ``MOVE_GOAL``.
- **10b, the wheel**: the engine's wheel as the build makes it (bytes), against the
  wheel of the engine at ``BASE``, the commit before the variants were played
  (``git archive``: the same builder, the old sources). Goal: growth <= ``GROWTH_GOAL``.
- **10c, the build's snapshot**: Python's memory snapshot made as the build makes it
  (site_plugins snapshot.py: Node.js, the site's Pyodide and worker; compressed as the
  build compresses it, zstd, what a first visit downloads; gzip's reported beside it)
  with each of those two wheels. Goal: growth <= ``GROWTH_GOAL``.

No test asserts these figures; the smoke run checks that they are numbers.

    python benchmarks/rules_bench.py [REPEATS]     # builds the site in a temporary folder
"""

from __future__ import annotations

import gzip
import io
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: the repository's packages on the path
    _repo = Path(__file__).resolve().parents[1]
    for _path in (_repo, _repo / "engine", _repo / "site_plugins"):
        sys.path.insert(0, str(_path))

from playwright.sync_api import Browser, sync_playwright

from benchmarks.play_bench import ENGINE_MS, PROBE, SHORT, PlayPage
from localsite.chromium import launch_options
from localsite.games import cycle
from localsite.serve import serve

REPO = Path(__file__).resolve().parents[1]
BASE = "aebd47c"  # main before the engine read `rules` (the spec copied in, nothing played)
MOVE_GOAL = 1.1  # 10a: a move under six_packs / a move of the standard game
GROWTH_GOAL = 0.02  # 10b, 10c: at most 2 % bigger than at BASE
SIX_PACKS = {"variant": "six_packs"}


def measure_move(browser: Browser, site: str, rounds: int) -> dict[str, Any]:
    """10a against a site served at ``site``: ``rounds`` moves and undos on each page."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.set_default_timeout(ENGINE_MS)
    try:
        context.add_init_script(PROBE)
        pages = {
            "standard": PlayPage(context, site, SHORT),
            "six_packs": PlayPage(context, site, SHORT, cycle(SHORT) | {"rules": SIX_PACKS}),
        }
        for page in pages.values():  # a warm-up move and undo on each, not counted
            page.move()
            page.undo()
        times: dict[str, list[float]] = {name: [] for name in pages}
        for i in range(rounds):
            for name in pages if i % 2 == 0 else reversed(list(pages)):  # alternate which goes first
                times[name].append(pages[name].move()["frame"])
                pages[name].undo()
        standard, six = statistics.median(times["standard"]), statistics.median(times["six_packs"])
        ratio = round(six / standard, 2)
        return {
            "rounds": rounds,
            "standard_ms": round(standard, 1),
            "six_packs_ms": round(six, 1),
            "ratio": ratio,
            "goal": MOVE_GOAL,
            "ok": ratio <= MOVE_GOAL,
        }
    finally:
        context.close()


def base_root(folder: Path) -> Path:
    """The engine's sources at ``BASE`` (and the catalogues its locales link to), written under ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", BASE, "engine", "locales"],
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def _growth(now: int, base: int) -> dict[str, Any]:
    growth = round(now / base - 1, 4)
    return {
        "bytes": now,
        "base_bytes": base,
        "growth": growth,
        "goal": GROWTH_GOAL,
        "ok": growth <= GROWTH_GOAL,
    }


def measure_sizes(site: Path) -> dict[str, Any]:
    """10b and 10c: the wheel and the snapshot of the engine now and at ``BASE`` (the
    snapshots made from the built ``site``'s Pyodide, by the build's own maker)."""
    from lansquenet_site.snapshot import _make, compress
    from lansquenet_site.wheel import build_engine_wheel

    with tempfile.TemporaryDirectory(prefix="lq-rules-bench-") as tmp:
        wheels = {"now": build_engine_wheel(REPO), "base": build_engine_wheel(base_root(Path(tmp)))}
        out: dict[str, Any] = {
            "base": BASE,
            "wheel": _growth(len(wheels["now"].data), len(wheels["base"].data)),
        }
        gzipped = {key: len(gzip.compress(wheel.data, 9, mtime=0)) for key, wheel in wheels.items()}
        out["wheel"]["gzip"] = _growth(gzipped["now"], gzipped["base"])  # as served: reported
        node = shutil.which("node")
        if node is None:
            out["snapshot"] = {"skipped": "no Node.js"}
            return out
        pyodide = site / "assets" / "pyodide"
        raw = {key: _make(REPO, pyodide, wheel, node)[0] for key, wheel in wheels.items()}
        made = {key: len(compress(data)) for key, data in raw.items()}
        out["snapshot"] = _growth(made["now"], made["base"])
        zipped = {key: len(gzip.compress(data, 9, mtime=0)) for key, data in raw.items()}
        out["snapshot"]["gzip"] = _growth(zipped["now"], zipped["base"])  # the build's before December 2026
        return out


def measure(site: Path, repeats: int = 5, shell: bool = False) -> dict[str, Any]:
    """Figure 10 against the built ``site`` (``shell``: Chromium's headless shell, as a
    quick run does)."""
    figures = measure_sizes(site)
    with serve(site) as url, sync_playwright() as p:
        browser = p.chromium.launch(**launch_options(shell))
        try:
            figures["move"] = measure_move(browser, url, max(3, 3 * repeats))
        finally:
            browser.close()
    return figures


def main(argv: list[str]) -> int:
    from benchmarks import site_bench

    return site_bench.on_a_fresh_build(measure, argv, "rules")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
