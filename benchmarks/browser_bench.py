"""Page timings and page weight in Chromium (Playwright), against a built site.

- **engine ready**: on the play page, from navigation start to the engine's
  ``data-status="ready"`` (Pyodide, the wheel and ``import lansquenet.web`` in the
  module worker), against a bare page that only starts a module worker calling
  ``loadPyodide`` (served from a temporary folder with the same Pyodide files, same
  server). Fresh browser context (cold cache) for each load, the two pages alternating,
  median of ``repeats``. Goal: ready / bare <= 1.15.
- **longest main-thread task** while the play page loads, until the engine is ready
  (PerformanceObserver ``longtask``, which reports tasks of 50 ms and more), against the
  longest task of the same page in plain Material (site_bench.plain_project, the
  ``/rules/settlement/`` the page weight compares; from navigation to its load event and
  half a second more), loaded in turns with the play page. Goal: ours <= 1.1 x plain's, a
  task under 50 ms counting as 50 ms on both sides (the API sees none shorter): Material's
  own script and first layout make tasks of 50-100 ms on this machine, which no page of
  this theme can go under (benchmarks/README.md, "3b").
- **stepper interactive**: on a rule page, from DOMContentLoaded to the first scenario's
  ``data-stepper="ready"`` (a MutationObserver installed before the page's scripts).
- **3c, a return visit**: engine ready on the play page in a browser that has already
  started Python there once (a memory snapshot kept: the service worker's copy of the
  build's, or where the build made none the one a plain start kept), against a plain
  start (a first visit on the Save-Data path, first_visit_bench: Python started without
  a snapshot, as every first visit did before the build made one), medians, the three
  visits alternating. Goal <= 0.35: what a kept snapshot saves. Reported beside it: the
  return visit against the first visit in the same context, which restores the build's
  snapshot too (near 1 by design since the build ships a snapshot: benchmarks/README.md).
- **3d, bytes of a first visit**: every byte the server sends from a fresh context's
  navigation to /play/ until the engine is ready (service worker allowed, as a reader
  gets it), against the same for the build of ``BEFORE`` (the commit before issue 18),
  both served by the same server (localsite/serve.py, which compresses as GitHub Pages
  does). Goal <= 0.75.
- **page weight**: every byte the server sends for a rule page and whatever it loads
  (search worker and index included), counted by the server itself
  (localsite/serve.py), against the same page of a plain mkdocs-material build
  (site_bench.plain_project). Goal: ours / plain <= 1.1; and no byte of Pyodide or of
  the wheel on a rule page. Service workers are blocked for the page weight; what the
  site's service worker then downloads in the background is measured on its own.

Chromium is the browser tests' (localsite/chromium.py: the machine's, else Playwright's),
with their flags: nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks.visits import PROBE, first_visit
from localsite.chromium import launch_options
from localsite.serve import Handler, serve

READY_GOAL = 1.15
LONGTASK_GOAL_MS = 50  # the longest task the API reports: shorter ones count as this
LONGTASK_GOAL = 1.1  # 3b: the play page's longest task / plain Material's page's
WEIGHT_GOAL = 1.1
PYTHON_PATHS = ("/assets/pyodide/", "/assets/wheels/")
RETURN_GOAL = 0.35  # 3c: issue 44's goal
BYTES_GOAL = 0.75  # 3d
BEFORE = "d2940d9"  # the commit before issue 18 (memory snapshot, trimmed stdlib)
REPO = Path(__file__).resolve().parents[1]

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare loadPyodide</title></head>
<body><p id="status" data-status="idle">Loading Python…</p>
<script type="module" src="bare.js"></script></body></html>
"""
BARE_JS = """const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
worker.addEventListener("message", function (event) {
  document.getElementById("status").setAttribute("data-status", event.data);
});
"""
BARE_WORKER = """const indexURL = new URL("../assets/pyodide/", import.meta.url).href;
const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
await loadPyodide({ indexURL });
self.postMessage("ready");
"""


@contextmanager
def chromium(shell: bool = False) -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options(shell))
        try:
            yield browser
        finally:
            browser.close()


def bare_site(site: Path, folder: Path) -> Path:
    """A folder with the site's own Pyodide files and a page that only loads Pyodide."""
    shutil.copytree(site / "assets" / "pyodide", folder / "assets" / "pyodide")
    bench = folder / "bench"
    bench.mkdir()
    (bench / "index.html").write_text(BARE_HTML, "utf-8")
    (bench / "bare.js").write_text(BARE_JS, "utf-8")
    (bench / "bare-worker.mjs").write_text(BARE_WORKER, "utf-8")
    return folder


def _load(browser: Browser, url: str, until: str, service_workers: str = "block") -> dict[str, Any]:
    context = browser.new_context(service_workers=service_workers)  # type: ignore[arg-type]
    try:
        page: Page = context.new_page()
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_function(f"() => window.__lqb && window.__lqb.{until} !== null", timeout=180_000)
        probe: dict[str, Any] = page.evaluate(
            """() => {
                const nav = performance.getEntriesByType("navigation")[0];
                return Object.assign({}, window.__lqb, {
                    dcl: nav.domContentLoadedEventStart, load: nav.loadEventEnd,
                    python: window.__lqb.ready !== null });
            }"""
        )
        return probe
    finally:
        context.close()


def plain_longest(browser: Browser, url: str) -> float:
    """The longest main-thread task (ms; 0: none of 50 ms or more) of a page of plain
    Material, from navigation to its load event and half a second more."""
    context = browser.new_context(service_workers="block")
    try:
        page: Page = context.new_page()
        page.add_init_script(PROBE)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(500)
        longest: float = page.evaluate("() => Math.max(0, ...window.__lqb.long.map(t => t.duration))")
        return longest
    finally:
        context.close()


def engine_ready(
    browser: Browser, site_url: str, bare_url: str, repeats: int = 5, plain_url: str | None = None
) -> dict[str, Any]:
    """Engine ready on the play page against a bare loadPyodide; long tasks, against plain
    Material's (``plain_url``: its site, whose rules/settlement/ is loaded in turns)."""
    ours: list[float] = []
    bare: list[float] = []
    plain: list[float] = []
    longest: list[tuple[float, str]] = []
    phases: dict[str, list[float]] = {"page": [], "python": [], "engine": []}
    if repeats > 1:  # one discarded load of each: the files in the OS cache, Chromium warm
        _load(browser, bare_url + "bench/", "ready")
        _load(browser, site_url + "play/", "ready")
    after_load: list[float] = []
    for i in range(repeats):
        if i % 2:  # alternate which page goes first
            run = _load(browser, site_url + "play/", "ready")
            bare.append(_load(browser, bare_url + "bench/", "ready")["ready"])
        else:
            bare.append(_load(browser, bare_url + "bench/", "ready")["ready"])
            run = _load(browser, site_url + "play/", "ready")
        ours.append(run["ready"])
        if plain_url is not None:
            plain.append(plain_longest(browser, plain_url + "rules/settlement/"))
        status = run["status"]
        if "runtime" in status and "engine" in status:
            phases["page"].append(status["runtime"])  # navigation start to the worker's start
            phases["python"].append(status["engine"] - status["runtime"])  # loadPyodide
            phases["engine"].append(run["ready"] - status["engine"])  # wheel, import
        until_ready = [t for t in run["long"] if t["start"] <= run["ready"]]
        worst: dict[str, Any] = max(
            until_ready, key=lambda t: t["duration"], default={"duration": 0.0, "where": ""}
        )
        longest.append((float(worst["duration"]), str(worst["where"])))
        # Once the page itself has loaded, only Python is still loading (in the worker).
        late = [t["duration"] for t in until_ready if t["start"] >= run["load"]]
        after_load.append(max(late, default=0.0))
    ratio = statistics.median(ours) / statistics.median(bare)
    longest_ms = statistics.median(d for d, _ in longest)
    plain_ms = statistics.median(plain) if plain else None
    task_ratio = (
        max(longest_ms, LONGTASK_GOAL_MS) / max(plain_ms, LONGTASK_GOAL_MS) if plain_ms is not None else None
    )
    worst_run = max(longest)
    return {
        "repeats": repeats,
        "ready_ms": round(statistics.median(ours)),
        "bare_ms": round(statistics.median(bare)),
        "ready_all_ms": [round(t) for t in ours],
        "bare_all_ms": [round(t) for t in bare],
        "ratio": round(ratio, 2),
        "goal": READY_GOAL,
        "ok": ratio <= READY_GOAL,
        "phases_ms": {k: round(statistics.median(v)) for k, v in phases.items() if v},
        "longest_task_ms": round(longest_ms),
        "longest_task_all_ms": [round(d) for d, _ in longest],
        "longest_task_where": worst_run[1] or "(not attributed)",
        "longest_task_after_load_ms": round(statistics.median(after_load)),
        "longest_task_after_load_all_ms": [round(d) for d in after_load],
        "longest_task_plain_ms": round(plain_ms) if plain_ms is not None else None,
        "longest_task_plain_all_ms": [round(d) for d in plain],
        "longest_task_ratio": round(task_ratio, 2) if task_ratio is not None else None,
        "longest_task_goal": LONGTASK_GOAL,
        "longest_task_ok": task_ratio is not None and task_ratio <= LONGTASK_GOAL,
    }


def stepper_interactive(
    browser: Browser, site_url: str, page: str = "rules/settlement/", repeats: int = 5
) -> dict[str, Any]:
    """ms from DOMContentLoaded to the first stepper's data-stepper="ready"."""
    after_dcl = []
    longest = []
    if repeats > 1:
        _load(browser, site_url + page, "stepper")
    for _ in range(repeats):
        run = _load(browser, site_url + page, "stepper")
        after_dcl.append(run["stepper"] - run["dcl"])
        longest.append(max((t["duration"] for t in run["long"]), default=0.0))
    return {
        # For comparison with the play page's: the same page chrome, no Python at all.
        "longest_task_ms": round(statistics.median(longest)),
        "longest_task_all_ms": [round(d) for d in longest],
        "repeats": repeats,
        "page": "/" + page,
        "after_dcl_ms": round(statistics.median(after_dcl), 1),
        "after_dcl_all_ms": [round(t, 1) for t in after_dcl],
    }


def _served(browser: Browser, url: str, service_workers: str, settle_ms: int) -> list[tuple[str, int]]:
    Handler.sent.clear()
    context = browser.new_context(service_workers=service_workers)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        if service_workers == "allow":
            page.evaluate(
                "() => navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : false"
            )
        page.wait_for_timeout(settle_ms)
        return list(Handler.sent)
    finally:
        context.close()


def _kinds(sent: list[tuple[str, int]]) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for path, size in sent:
        if path.startswith(PYTHON_PATHS):
            kind = "python"
        elif path.endswith("search_index.json") or "/lunr/" in path or "/workers/search" in path:
            kind = "search"
        elif path.endswith((".css",)):
            kind = "css"
        elif path.endswith((".js", ".mjs")):
            kind = "js"
        elif path.endswith(("/", ".html")):
            kind = "html"
        else:
            kind = "other"
        kinds[kind] = kinds.get(kind, 0) + size
    return kinds


def page_weight(
    browser: Browser, ours: str, plain: str, page: str = "rules/settlement/", settle_ms: int = 1000
) -> dict[str, Any]:
    """Bytes served for a rule page, ours against plain Material; Python bytes; and
    what the service worker fetches afterwards."""
    mine = _served(browser, ours + page, "block", settle_ms)
    theirs = _served(browser, plain + page, "block", settle_ms)
    ours_total = sum(size for _, size in mine)
    plain_total = sum(size for _, size in theirs)
    python_bytes = sum(size for path, size in mine if path.startswith(PYTHON_PATHS))
    with_worker = _served(browser, ours + page, "allow", settle_ms)
    worker_total = sum(size for _, size in with_worker) - ours_total
    worker_python = sum(size for path, size in with_worker if path.startswith(PYTHON_PATHS))
    ratio = ours_total / plain_total
    return {
        "page": "/" + page,
        "ours_bytes": ours_total,
        "plain_bytes": plain_total,
        "ours_by_kind": _kinds(mine),
        "plain_by_kind": _kinds(theirs),
        "ours_requests": len(mine),
        "plain_requests": len(theirs),
        "ratio": round(ratio, 3),
        "goal": WEIGHT_GOAL,
        "ok": ratio <= WEIGHT_GOAL,
        "python_bytes": python_bytes,
        "python_ok": python_bytes == 0,
        "service_worker_extra_bytes": max(worker_total, 0),
        "service_worker_python_bytes": worker_python,
    }


def _ready(page: Page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("() => window.__lqb && window.__lqb.ready !== null", timeout=180_000)
    ready: float = page.evaluate("() => window.__lqb.ready")
    return ready


# Whether a Python snapshot is kept in this origin's Cache Storage (the service worker's
# copy of the build's, or one a plain start kept).
SNAPSHOT_KEPT = """async () => {
  for (const name of await caches.keys()) {
    const urls = (await (await caches.open(name)).keys()).map(r => r.url);
    if (urls.some(u => u.includes("/assets/pyodide/snapshot-") || u.includes("/python-snapshot/"))) return true;
  }
  return false;
}"""


def return_visit(browser: Browser, site_url: str, repeats: int = 5) -> dict[str, Any]:
    """3c: engine ready on a return visit to the play page / a plain start (Save-Data);
    and / the first visit in the same context (the build's snapshot restored)."""
    first: list[float] = []
    again: list[float] = []
    plain: list[float] = []
    started: list[str] = []
    for i in range(repeats):
        if i % 2 == 0:
            plain.append(first_visit(browser, site_url, "plain")["ms"])
        context = browser.new_context()
        try:
            context.add_init_script(PROBE)
            page = context.new_page()
            first.append(_ready(page, site_url + "play/"))
            page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
            # The service worker keeps Python's files, the build's snapshot among them (or
            # where the build made none, the page keeps its own).
            page.wait_for_function(SNAPSHOT_KEPT, timeout=180_000, polling=200)
            page.wait_for_timeout(1000)
            page.close()
            page = context.new_page()
            again.append(_ready(page, site_url + "play/"))
            started.append(str(page.locator("#lq-play").get_attribute("data-lq-python")))
        finally:
            context.close()
        if i % 2:
            plain.append(first_visit(browser, site_url, "plain")["ms"])
    ratio = statistics.median(again) / statistics.median(plain)
    return {
        "repeats": repeats,
        "plain_ms": round(statistics.median(plain)),
        "first_ms": round(statistics.median(first)),
        "return_ms": round(statistics.median(again)),
        "plain_all_ms": [round(t) for t in plain],
        "first_all_ms": [round(t) for t in first],
        "return_all_ms": [round(t) for t in again],
        "started": started,
        "ratio": round(ratio, 2),
        "first_ratio": round(statistics.median(again) / statistics.median(first), 2),
        "goal": RETURN_GOAL,
        "ok": ratio <= RETURN_GOAL and set(started) <= {"snapshot", "build-snapshot"},
    }


def first_visit_bytes(browser: Browser, site_url: str) -> int:
    """Bytes the server sends from a fresh context's visit to /play/ until the engine is ready."""
    context = browser.new_context()
    try:
        context.add_init_script(PROBE)
        Handler.sent.clear()
        _ready(context.new_page(), site_url + "play/")
        return sum(size for _, size in Handler.sent)
    finally:
        context.close()


def build_before(folder: Path, commit: str = BEFORE) -> Path:
    """The site as ``commit`` built it (its sources from git, this repository's tools and
    node_modules), into ``folder/site``."""
    source = folder / "source"
    source.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", commit], cwd=REPO, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
        tar.extractall(source, filter="data")
    (source / "node_modules").symlink_to(REPO / "node_modules")
    # Its own plugin, under a name of its own: the name in its mkdocs.yml is this
    # repository's plugin now (installed, editable), whose modules it would mix in.
    plugins = tomllib.loads((source / "site_plugins" / "pyproject.toml").read_text("utf-8"))
    points = plugins["project"]["entry-points"]["mkdocs.plugins"]
    info = folder / "entry" / "lansquenet_before-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lansquenet-before\nVersion: 0\n", "utf-8")
    lines = [f"{name}-before = {target}" for name, target in points.items()]
    (info / "entry_points.txt").write_text("[mkdocs.plugins]\n" + "\n".join(lines) + "\n", "utf-8")
    config = source / "mkdocs.yml"
    named = "|".join(re.escape(name) for name in points)
    config.write_text(
        re.sub(
            rf"^(\s*-\s*)({named})(:?)\s*$", r"\1\2-before\3", config.read_text("utf-8"), flags=re.MULTILINE
        ),
        "utf-8",
    )
    paths = (source / "site_plugins", source / "engine", folder / "entry")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(path) for path in paths)}
    site = folder / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(source / "mkdocs.yml"), "-d", str(site)],
        env=env,
        check=True,
        capture_output=True,
    )
    return site


def bytes_against_before(
    browser: Browser, site_url: str, before_url: str | None, repeats: int = 2
) -> dict[str, Any]:
    """3d: bytes of a first visit to /play/ until ready / the same for the build of BEFORE
    (``before_url`` None, in a quick run: against this build itself, BEFORE not built)."""
    ours = [first_visit_bytes(browser, site_url) for _ in range(repeats)]
    theirs = [first_visit_bytes(browser, before_url) for _ in range(repeats)] if before_url else ours
    ratio = statistics.median(ours) / statistics.median(theirs)
    return {
        "before": BEFORE if before_url else "this build (a quick run)",
        "ours_bytes": round(statistics.median(ours)),
        "before_bytes": round(statistics.median(theirs)),
        "ratio": round(ratio, 2),
        "goal": BYTES_GOAL,
        "ok": ratio <= BYTES_GOAL,
    }


def measure(site: Path, plain_site: Path, repeats: int = 5, shell: bool = False) -> dict[str, Any]:
    """Every browser figure, against the built ``site`` and ``plain_site`` (``shell``:
    a quick run, in Chromium's headless shell as the tests are, localsite/chromium.py, and
    3d against this build itself: BEFORE's build is left out)."""
    with tempfile.TemporaryDirectory(prefix="lq-bench-bare-") as tmp, contextlib.ExitStack() as servers:
        bare = bare_site(site, Path(tmp) / "bare")
        ours = servers.enter_context(serve(site))
        bare_url = servers.enter_context(serve(bare))
        plain = servers.enter_context(serve(plain_site))
        before_url = None if shell else servers.enter_context(serve(build_before(Path(tmp) / "before")))
        with chromium(shell) as browser:
            return {
                "return": return_visit(browser, ours, repeats),
                "bytes": bytes_against_before(browser, ours, before_url, min(2, repeats)),
                "engine": engine_ready(browser, ours, bare_url, repeats, plain),
                "stepper": stepper_interactive(browser, ours, repeats=repeats),
                "weight": page_weight(browser, ours, plain),
            }
