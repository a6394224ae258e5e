"""Browser tests: Playwright's pytest plugin driving Chromium against the built site.

What every test in this folder gets for free:

- ``site_server`` (session): the site built by ``built_site`` (tests/conftest.py), served
  on 127.0.0.1 on a free port by a threaded ``http.server``. Like a static host, a
  missing address answers 404 with the site's 404.html. ``site_server.url`` ends with /.
- ``base_url`` (session): that same address, so ``page.goto("/en/")`` works.
- Chromium: the machine's when there is one, else Playwright's own, launched so that it
  cannot reach any host but 127.0.0.1 and makes no background traffic
  (localsite/chromium.py, shared with the benchmarks and the audit).
- ``browser_log`` (autouse): records every request of the test's browser context
  (workers included), every response, every console error and every uncaught page
  error, and FAILS the test at teardown if a request went anywhere but 127.0.0.1, a
  response was 4xx/5xx, or anything was logged as an error. A test that expects an
  error response says so first: ``browser_log.allow_status(404, "/no-such-page/")``.
  Before its checks it waits until every request made has its answer's status
  (``BrowserLog.settle``; not the whole body of a large download, and not
  Playwright's ``networkidle``, which waits half a second of silence every time).

- Service workers blocked (``browser_context_args``): in every fresh context the site's
  offline worker would download the whole site (87 files, 3 MB) and Python again (14 MB)
  after the page's own files, and the test would wait for it. tests/browser/test_offline.py
  tests the worker, and allows it.
- Material's search worker stood in for (``NO_SEARCH_WORKER``), but in tests marked
  ``search``: on each page that holds the engine (search-wait.js) it would build the lunr
  index of the whole site (about 0.15 s of the machine's processor a page), work that
  only the search's own tests look at (tests/browser/test_smoke.py, and the offline
  search of test_offline.py). The stand-in takes Material's messages and answers none:
  the search box opens, and finds nothing.
- ``context`` (per test): pytest-playwright's, with Python's memory snapshot in its
  Cache Storage before a page starts Python, as on a reader's return visit: a page that
  runs the engine restores Python (under a second) instead of starting it plainly
  (several seconds), and answers the same (test_python_start.py checks both ways). The
  snapshot kept is the one the build made (a first visit downloads it), under the key
  a browser keeps it by. A module that tests a first visit says so:
  ``pytestmark = pytest.mark.first_visit`` (its contexts are fresh: Python restores the
  build's snapshot).
- ``one_page`` (per module): one page in one context (``module_browser``) for a
  module's tests that only open a page and look at it (a fresh context costs about half
  a second of the machine's processor); ``browser_log`` checks what each test made it
  do. test_play.py's ``shared`` pages live in that module context too.
- ``browser_log`` also fails a test that leaves a page whose Python started plainly,
  though its snapshot was kept or (``first_visit``) the build made one: the suite would
  only get slower. A test that means a plain start says so: ``pytest.mark.plain_start``.

To add a browser test, write ``def test_x(page: Page) -> None`` in tests/browser/ and
use ``page.goto("/path/")``: the checks above run without asking.
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from configured import LANGUAGES
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Frame,
    Page,
    Request,
    Response,
    Route,
)
from runs import FULL

from lansquenet_site.snapshot import decompress
from localsite import chromium
from localsite.serve import serve

LOCAL_HOSTS = {"127.0.0.1"}


@dataclass(frozen=True)
class SiteServer:
    root: Path
    url: str  # http://127.0.0.1:PORT/
    extra: dict[str, Path]  # files served beside the site, by path (the Python snapshot)


@pytest.fixture(scope="session")
def site_server(built_site: Any) -> Iterator[SiteServer]:
    # As a static host serves it (gzip, the site's 404.html): localsite/serve.py.
    extra: dict[str, Path] = {}
    with serve(built_site.path, extra=extra) as url:
        yield SiteServer(root=built_site.path, url=url, extra=extra)


@pytest.fixture(scope="session")
def base_url(site_server: SiteServer) -> str:
    return site_server.url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # No service worker but in test_offline.py (see above).
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **chromium.launch_options(shell=True)}


# --- one language per flow ---------------------------------------------------------------
# A browser test parametrized by ``lang`` runs in one of the two languages, not both: the
# flows (play.js, learn.js, the steppers) are the same code in French and in English, and
# each page's words come from the catalogues, whose completeness tests/site checks in both.
# The language alternates from one test function to the next in a module, and from one
# variant of a function to the next (a phone in French, a desktop in English), so each
# language runs half the flows. ``LQ_FULL=1 make test`` runs every flow in both (about
# 40 % more browser time; the browser benchmarks too, tests/test_bench_smoke.py).
BROWSER_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if FULL:
        return
    kept: list[pytest.Item] = []
    other: list[pytest.Item] = []
    functions: dict[str, int] = {}  # a module's functions seen so far
    order: dict[tuple[str, str], int] = {}  # a function's rank in its module
    variants: dict[tuple[str, str], list[str]] = {}  # a function's variants, but for the language
    for item in items:
        call = getattr(item, "callspec", None)
        lang = call.params.get("lang") if call is not None else None
        browser = item.path.is_relative_to(BROWSER_TESTS)  # the hook sees every folder's tests
        if not browser or lang not in LANGUAGES:
            kept.append(item)
            continue
        module = item.nodeid.split("::")[0]
        function = (module, getattr(item, "originalname", item.name))
        if function not in order:
            order[function] = functions.get(module, 0)
            functions[module] = order[function] + 1
        variant = repr(sorted((k, repr(v)) for k, v in (call.params if call else {}).items() if k != "lang"))
        seen = variants.setdefault(function, [])
        if variant not in seen:
            seen.append(variant)
        chosen = LANGUAGES[(order[function] + seen.index(variant)) % len(LANGUAGES)]
        (kept if lang == chosen else other).append(item)
    if other:
        config.hook.pytest_deselected(items=other)
        items[:] = kept


# --- Python's memory snapshot, as a return visit finds it --------------------------------
# docs/assets/js/snapshot.mjs keeps it in this Cache Storage cache (the site's path "/"),
# one entry, gzip-compressed, its size before compression in a header.
SNAPSHOTS = "lansquenet-python:/"
SNAPSHOT_PATH = "/__tests__/python-snapshot"  # where site_server serves its bytes
KEEP_SNAPSHOT = """async ({name, path, length, from}) => {
    const body = await (await fetch(from)).blob();
    const cache = await caches.open(name);
    const headers = {"content-type": "application/octet-stream", "x-lq-length": length};
    await cache.put(new URL(path, location.href).href, new Response(body, {headers}));
}"""


@dataclass(frozen=True)
class Snapshot:
    path: str  # the cache entry's path: /python-snapshot/<key>
    length: str  # its size before compression


def build_snapshot(site: Path) -> tuple[Path, dict[str, Any]]:
    """The snapshot the build made for first visits (site_plugins/lansquenet_site/
    snapshot.py): its file and what runtime.mjs says of it (file, key, length, bytes)."""
    text = (site / "assets" / "pyodide" / "runtime.mjs").read_text("utf-8")
    facts = json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))
    assert "snapshot" in facts, f"the build made no Python snapshot (Node.js?): {text}"
    return site / "assets" / "pyodide" / facts["snapshot"]["file"], facts["snapshot"]


@pytest.fixture(scope="session")
def python_snapshot(site_server: SiteServer, tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    """Python's snapshot as a return visit finds it kept: the bytes of the one the build
    made (the same Python a first visit restores; the build serves it zstd-compressed, a
    browser keeps it gzip-compressed), under its key; served by this worker's site_server."""
    file, facts = build_snapshot(site_server.root)
    kept = tmp_path_factory.mktemp("kept-snapshot") / "snapshot.gz"
    kept.write_bytes(gzip.compress(decompress(file.read_bytes()), 1, mtime=0))
    site_server.extra[SNAPSHOT_PATH] = kept
    return Snapshot(path="/python-snapshot/" + facts["key"], length=str(facts["length"]))


# Material's search worker (assets/javascripts/workers/search.<hash>.min.js), made by
# Material or by search-wait.js, replaced by an inert stand-in in every frame; any other
# worker (Python's) is made as before.
NO_SEARCH_WORKER = """(() => {
  const Native = window.Worker;
  if (!Native) return;
  const Worker = function (url, options) {
    if (!/\\/workers\\/search\\.[^/]*\\.js/.test(String(url))) return new Native(url, options);
    const standIn = new EventTarget();
    standIn.postMessage = function () {};
    standIn.terminate = function () {};
    return standIn;
  };
  Worker.prototype = Native.prototype;
  window.Worker = Worker;
})()"""


def without_search_worker(context: BrowserContext, node: pytest.Item | pytest.Collector) -> None:
    """Material's search worker stood in for in ``context``'s pages, unless ``node`` is
    marked ``search`` (a test, or a module for its shared context)."""
    if node.get_closest_marker("search") is None:
        context.add_init_script(NO_SEARCH_WORKER)


@pytest.fixture
def context(context: BrowserContext, request: pytest.FixtureRequest) -> BrowserContext:
    """pytest-playwright's context, with Python's snapshot kept in it (but under
    ``first_visit``) before any page starts Python (``keep_snapshot_before_python``), and
    Material's search worker stood in for (but under ``search``)."""
    if request.node.get_closest_marker("first_visit") is None:
        keep_snapshot_before_python(context, request.getfixturevalue("python_snapshot"))
    without_search_worker(context, request.node)
    return context


def _found(snapshot: Snapshot) -> dict[str, str]:
    return {"name": SNAPSHOTS, "path": snapshot.path, "length": snapshot.length, "from": SNAPSHOT_PATH}


def keep_snapshot(context: BrowserContext, base_url: str, snapshot: Snapshot) -> None:
    """Python's snapshot into ``context``'s Cache Storage, where a return visit finds it,
    now: put there from a page of the site's origin (its sitemap, which runs nothing)."""
    page = context.new_page()
    page.goto(base_url + "sitemap.xml")
    page.evaluate(KEEP_SNAPSHOT, _found(snapshot))
    page.close()


def keep_snapshot_before_python(context: BrowserContext, snapshot: Snapshot) -> None:
    """Python's snapshot into ``context``'s Cache Storage when a page first asks for
    engine.js (the module that starts Python's worker), whose answer waits until it is
    kept: the worker finds it, and a test whose pages never start Python (most of them)
    neither downloads nor stores its 4.4 MB (about a third of a second of the machine's
    processor each). Should the page be gone meanwhile, engine.js goes on all the same
    (a plain start: slower, the same answers)."""
    kept = False

    def keep_first(route: Route, request: Request) -> None:
        nonlocal kept
        if not kept:
            kept = True
            try:
                request.frame.page.evaluate(KEEP_SNAPSHOT, _found(snapshot))
            except Error:
                pass
        route.fallback()

    context.route("**/assets/js/engine.js*", keep_first)


@pytest.fixture
def snapshot_kept(context: BrowserContext, base_url: str, python_snapshot: Snapshot) -> str:
    """For a ``first_visit`` test: the snapshot kept in its context all the same (as an
    earlier visit left it); its address."""
    keep_snapshot(context, base_url, python_snapshot)
    return base_url.rstrip("/") + python_snapshot.path


@dataclass
class BrowserLog:
    """Everything a test's browser context asked for or complained about."""

    requests: list[str] = field(default_factory=list)  # every request, the service worker's too
    page_requests: list[str] = field(default_factory=list)  # what the pages and their workers asked
    errors: list[str] = field(default_factory=list)  # 4xx/5xx responses, console, page errors
    allowed: list[tuple[int, str]] = field(default_factory=list)
    in_flight: set[Request] = field(default_factory=set)  # asked for, no answer's status yet
    # Each frame's documents so far (its address but for the fragment changed), and the
    # document each request in flight came from: a document gone (its page closed, its
    # frame sent elsewhere) takes its workers' requests with it (Material's search worker
    # loading lunr.fr), never answered, never reported finished.
    documents: dict[Frame, tuple[int, str]] = field(default_factory=dict)
    born: dict[Request, tuple[Frame, int]] = field(default_factory=dict)

    def allow_status(self, status: int, path: str) -> None:
        """Expect this error status for URLs whose path ends with ``path``."""
        self.allowed.append((status, path))

    def _is_allowed(self, status: int, url: str) -> bool:
        path = urlsplit(url).path
        return any(status == s and path.endswith(p) for s, p in self.allowed)

    def on_navigated(self, frame: Frame) -> None:
        count, address = self.documents.get(frame, (0, ""))
        now = frame.url.split("#")[0]
        if now != address:
            self.documents[frame] = (count + 1, now)

    def _of_a_document_gone(self, request: Request) -> bool:
        frame, count = self.born.get(request, (None, 0))
        if frame is None:
            return False
        return frame.page.is_closed() or frame.is_detached() or self.documents.get(frame, (0, ""))[0] != count

    def on_request(self, request: Request) -> None:
        self.in_flight.add(request)
        if request.service_worker is None:
            try:
                frame = request.frame
                self.born[request] = (frame, self.documents.get(frame, (0, ""))[0])
            except Error:
                pass  # a request of no frame
        self.requests.append(request.url)
        if request.service_worker is None:  # the offline worker fills its cache on its own
            self.page_requests.append(request.url)

    def on_done(self, request: Request) -> None:
        self.in_flight.discard(request)
        self.born.pop(request, None)

    def watch(self, context: BrowserContext) -> None:
        """Record everything ``context`` asks for and complains about."""
        for page in context.pages:
            page.on("framenavigated", self.on_navigated)
        context.on("page", lambda page: page.on("framenavigated", self.on_navigated))
        context.on("request", self.on_request)
        context.on("requestfinished", self.on_done)
        context.on("requestfailed", self.on_done)
        context.on("response", self.on_response)
        context.on("console", self.on_console)
        context.on("weberror", lambda web_error: self.on_page_error(web_error.error))

    def settle(self, page: Page, timeout_s: float = 120) -> None:
        """Until every request of the context has its answer's status (or failed): late
        ones (scripts run after the load event) have been answered and checked."""
        deadline = time.monotonic() + timeout_s
        # The browser's own request for a tab's icon may never be said finished.
        self.in_flight = {r for r in self.in_flight if not urlsplit(r.url).path.endswith("/favicon.svg")}
        while self.in_flight:
            self.in_flight = {r for r in self.in_flight if not self._of_a_document_gone(r)}
            if not self.in_flight:
                break
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"still loading after {timeout_s} s: {sorted(r.url for r in self.in_flight)}"
                )
            page.wait_for_timeout(25)  # Playwright delivers the context's events meanwhile

    def on_response(self, response: Response) -> None:
        self.in_flight.discard(response.request)
        self.born.pop(response.request, None)
        if response.status >= 400 and not self._is_allowed(response.status, response.url):
            self.errors.append(f"HTTP {response.status} {response.url}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        url = message.location.get("url", "")
        # Chromium also logs each failed response; an expected one is not an error.
        if "status of" in message.text and any(
            f"status of {s}" in message.text and urlsplit(url).path.endswith(p) for s, p in self.allowed
        ):
            return
        self.errors.append(f"console error: {message.text} ({url})")

    def on_page_error(self, error: Error) -> None:
        self.errors.append(f"page error: {error}")

    def outside_requests(self, since: int = 0) -> list[str]:
        """The requests (from the ``since``-th on) that went anywhere but 127.0.0.1."""
        return [
            url
            for url in self.requests[since:]
            if urlsplit(url).scheme not in ("data", "blob", "about")
            and urlsplit(url).hostname not in LOCAL_HOSTS
        ]


@dataclass
class ModuleBrowser:
    """A module's own browser context, made as ``context`` makes one (no service worker,
    Python's snapshot kept before a page starts Python), and its log: for tests that only
    open a page and look at it (``one_page``, its one page) and for a module whose tests
    share pages (test_play.py's ``shared``). ``browser_log`` checks what each test made
    it do."""

    context: BrowserContext
    log: BrowserLog
    _page: Page | None = None

    @property
    def page(self) -> Page:
        if self._page is None:
            self._page = self.context.new_page()
        return self._page


@pytest.fixture(scope="module")
def module_browser(
    browser: Browser,
    browser_context_args: dict[str, Any],
    base_url: str,
    python_snapshot: Snapshot,
    request: pytest.FixtureRequest,
) -> Iterator[ModuleBrowser]:
    context = browser.new_context(**{**browser_context_args, "base_url": base_url, "accept_downloads": True})
    keep_snapshot_before_python(context, python_snapshot)
    without_search_worker(context, request.node)
    log = BrowserLog()
    log.watch(context)
    yield ModuleBrowser(context, log)
    context.close()


@pytest.fixture
def one_page(module_browser: ModuleBrowser) -> Page:
    """The module's one page, for a test that opens a page and looks at it: a fresh
    context per test costs about half a second of the machine's processor more (a new
    renderer, the site's scripts compiled again). Nothing a test does outlives it: what it
    stored (a choice, a cookie) ``browser_log`` forgets after it (``forget_stored``)."""
    return module_browser.page


def plain_starts(context: BrowserContext) -> list[str]:
    """Each page of ``context`` whose Python started plainly though its snapshot was kept
    (``keep_snapshot_before_python``) or, on a first visit, the build made one, as a
    problem to report: unreported, such a slip would only make the suite slower."""
    found = []
    for page in context.pages:
        try:
            how = page.evaluate("() => (document.querySelector('[data-lq-python]') || {}).dataset")
        except Error:
            continue  # a page closing, or navigating: nothing to read
        if how and how.get("lqPython") == "plain":
            found.append(f"Python started plainly, not from a snapshot, on {page.url}")
    return found


def forget_stored(context: BrowserContext) -> None:
    """What a ``one_page`` test stored (a choice in local or session storage, a cookie),
    forgotten after it: the next test starts from what a page alone stores. Python's
    snapshot (Cache Storage) stays."""
    context.clear_cookies()
    for page in context.pages:
        try:
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        except Error:
            pass  # a page closing, or not of the site's origin: nothing of the site's to forget


@pytest.fixture(autouse=True)
def browser_log(request: pytest.FixtureRequest) -> Iterator[BrowserLog]:
    """The log of the test's browser context (``context``, or the module's own, for
    ``one_page`` and test_play.py's ``shared``), checked at the end of the test for what
    happened during it, and (but under ``plain_start``) for a page whose Python started
    plainly. A test that drives no browser gets a log that
    records nothing (and no context is made for it)."""
    if "module_browser" in request.fixturenames:  # one_page, or a module's shared pages
        module: ModuleBrowser = request.getfixturevalue("module_browser")
        log, context = module.log, module.context
    elif "context" in request.fixturenames:
        context = request.getfixturevalue("context")
        log = BrowserLog()
        log.watch(context)
    else:
        yield BrowserLog()
        return
    requests, errors, allowed = len(log.requests), len(log.errors), len(log.allowed)
    yield log
    if context.pages:  # let late requests (scripts run after load) arrive
        log.settle(context.pages[0])
    problems = [f"request outside 127.0.0.1: {url}" for url in log.outside_requests(requests)]
    problems += log.errors[errors:]
    if request.node.get_closest_marker("plain_start") is None:
        problems += plain_starts(context)
    if "one_page" in request.fixturenames:
        forget_stored(context)
    del log.allowed[allowed:]  # what this test expected, for it alone
    assert not problems, "\n".join(problems)
