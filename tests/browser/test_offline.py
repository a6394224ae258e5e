"""Offline after the first visit: the service worker (sw.js, written at build time by
site_plugins/lansquenet_site/offline.py, registered by docs/assets/js/offline.js).

The browser tests here serve the built site on their own server, which they stop: after
one visit, with no server at all, the rule pages and their steppers work, and the play
page starts Python from the cache and plays a deal to its settlement. A new build
(another version) replaces the old cache whole; a page served by ``mkdocs serve`` (the
script told "off") removes a worker a built site left on the same address. The build
tests check what the worker keeps: every page of both languages, the search indexes,
Pyodide and the wheel, and its version is a digest of them.
"""

from __future__ import annotations

import http.server
import json
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES as LANGS
from helpers import READY_MS, engine_ready, link_to, search_for, settle
from playwright.sync_api import Page, expect

import lansquenet
from lansquenet import lessons
from lansquenet_site import offline
from lansquenet_site.words import Words
from localsite.serve import Server as QuietServer

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
pytestmark = pytest.mark.first_visit  # a fresh profile, on a server of its own
SETTLEMENT = {"fr": "rules/settlement/", "en": "en/rules/settlement/"}
PLAY = {"fr": "play/", "en": "en/play/"}
TOTAL = len(lansquenet.trace(lansquenet.load("worked-example")))


# --- a server of our own, that stops, and whose site can change -------------------------


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, request: Any, client: Any, server: Any) -> None:
        super().__init__(request, client, server, directory=str(server.site))

    def send_head(self) -> Any:
        # The site of the moment, read at each request: a browser opens connections
        # ahead of time, and one opened before a swap may carry a request made after it.
        self.directory = str(self.server.site)  # type: ignore[attr-defined]
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Server:
    """The built site on 127.0.0.1 (a port of its own: a service worker is per origin)."""

    def __init__(self, site: Path) -> None:
        self.httpd = QuietServer(("127.0.0.1", 0), _Handler)  # silent about dropped downloads
        self.httpd.site = site  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def serve(self, site: Path) -> None:
        """From now on, answer with another build."""
        self.httpd.site = site  # type: ignore[attr-defined]

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.httpd.shutdown()
            self.httpd.server_close()
            self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # The other browser tests block service workers (tests/browser/conftest.py).
    return {**browser_context_args, "service_workers": "allow"}


@pytest.fixture
def server(built_site: Any) -> Iterator[Server]:
    running = Server(built_site.path)
    yield running
    running.stop()


def version_of(site: Path) -> str:
    found = re.search(r'const VERSION = "(\w+)";', (site / offline.SW_NAME).read_text("utf-8"))
    assert found, "sw.js names its version"
    return found[1]


def precached(site: Path, name: str = "PRECACHE") -> list[str]:
    text = (site / offline.SW_NAME).read_text("utf-8")
    found = re.search(rf"const {name} = (\[.*?\]);", text, re.DOTALL)
    assert found, "sw.js lists what it keeps"
    paths: list[str] = json.loads(found[1])
    return paths


def wait_for(page: Page, predicate: str, arg: Any = None, timeout_s: float = READY_MS / 1000) -> None:
    """Until ``predicate`` (a page function, which may return a promise) holds.
    (``page.wait_for_function`` takes a promise for a truthy value.)"""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(predicate, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_s} s: {predicate}")
        time.sleep(0.1)


def wait_until_offline_ready(page: Page) -> list[str]:
    """The worker is active (its install, which downloads every listed file, is over)
    and controls the page; the names of the site's caches."""
    wait_for(page, "() => navigator.serviceWorker.ready.then(r => r.active.state === 'activated')")
    wait_for(page, "() => navigator.serviceWorker.controller !== null")
    names: list[str] = page.evaluate("() => caches.keys()")
    return names


def cache_name(version: str) -> str:
    return f"lansquenet:/:{version}"


# --- what the build writes --------------------------------------------------------------


def test_the_worker_keeps_every_page_and_python(built_site: Any) -> None:
    site = built_site.path
    paths = precached(site)
    assert len(paths) == len(set(paths))
    pages = {offline.address(p.relative_to(site).as_posix()) for p in site.rglob("index.html")}
    assert pages <= set(paths) and {"./", "en/", "odds/", "en/odds/", "play/", "en/play/"} <= pages
    assert {"404.html", "en/404.html", "search/search_index.json", "en/search/search_index.json"} <= set(
        paths
    )
    # Python is kept when a page first runs it, never on a visit to a rule page.
    on_use = precached(site, "ON_USE")
    pyodide = {f"assets/pyodide/{name}" for name in offline_runtime_files()}
    assert pyodide <= set(on_use) and not pyodide & set(paths)
    assert [p for p in on_use if re.fullmatch(r"assets/wheels/lansquenet-.*\.whl", p)]
    assert not [p for p in paths if p.startswith(("assets/pyodide/", "assets/wheels/"))]
    assert {"assets/js/offline.js", "assets/js/stepper.js", "assets/js/play.js", "assets/js/odds.js"} <= set(
        paths
    )
    # Every listed file exists; nothing no page loads is listed; the worker is not.
    for path in paths:
        target = site / (path if not path.endswith("/") else path + "index.html")
        if path == "./":
            target = site / "index.html"
        assert target.is_file(), path
    assert not [p for p in paths if p.endswith((".map", ".gz")) or p in ("sw.js", "sitemap.xml")]
    assert not [
        p for p in paths if "lunr/min/lunr." in p and not re.search(r"\.(fr|multi|stemmer\.support)\.", p)
    ]
    # Its version is the digest of what it keeps.
    assert version_of(site) == offline.manifest(site, LANGS).version


def offline_runtime_files() -> tuple[str, ...]:
    from lansquenet_site import runtime

    return runtime.PYODIDE_FILES


def test_every_page_registers_the_worker_at_the_site_root(built_site: Any) -> None:
    site = built_site.path
    for html in site.rglob("index.html"):
        depth = len(html.relative_to(site).parts) - 1
        root = "../" * depth or ""
        tag = f'<script src="{root}assets/js/offline.js" data-lq-sw="{root}sw.js" data-lq-scope="{root or "./"}" defer>'
        assert html.read_text("utf-8").count(tag) == 1, html
    # Under `mkdocs serve` the page says "off": the script removes the worker instead.
    assert 'data-lq-sw="off"' in offline.register_script("<body></body>", "rules/covering/", serving=True)


# --- in the browser ---------------------------------------------------------------------


def test_after_one_visit_the_site_works_with_no_server(page: Page, server: Server, built_site: Any) -> None:
    page.set_default_timeout(30_000)
    page.goto(server.url + SETTLEMENT["fr"])
    assert wait_until_offline_ready(page) == [cache_name(version_of(built_site.path))]
    count = page.evaluate(
        "() => caches.keys().then(k => caches.open(k[0])).then(c => c.keys()).then(r => r.length)"
    )
    assert count == len(precached(built_site.path))
    # A rule page downloads no Python; the play page, once online, keeps it for later.
    kept = page.evaluate(
        "name => caches.open(name).then(c => c.keys()).then(r => r.map(q => q.url))",
        cache_name(version_of(built_site.path)),
    )
    assert kept and not [url for url in kept if "/assets/pyodide/" in url or "/assets/wheels/" in url]
    page.goto(server.url + PLAY["fr"])
    engine_ready(page)
    wait_for(page, RUNTIME_KEPT, None, 60)  # the visit ends once Python's files are kept

    server.stop()

    for lang in LANGS:
        # A rule page and its stepper.
        response = page.goto(server.url + SETTLEMENT[lang])
        assert response is not None and response.ok and response.from_service_worker
        expect(page.locator("html")).to_have_attribute("lang", lang)
        section = page.locator(".lansquenet-scenario").first
        counter = section.locator(".lq-counter")
        expect(counter).to_have_text(WORDS(lang, "stepper.counter", index=1, total=TOTAL))
        section.locator("[data-go=next]").click()
        expect(counter).to_have_text(WORDS(lang, "stepper.counter", index=2, total=TOTAL))
        section.locator("[data-go=last]").click()
        last = section.locator(".lq-step:visible .lq-balances tbody tr")
        rows = dict(
            zip(last.locator("th").all_inner_texts(), last.locator("td").all_inner_texts(), strict=True)
        )
        assert {k: v.split()[0] for k, v in rows.items()} == {"A": "88", "B": "105", "C": "107"}

    # The play page: Python from the cache, then a deal from the bank to its settlement.
    lang = "en"
    page.goto(server.url + PLAY[lang])
    engine_ready(page)
    names = page.locator("#lq-names li")
    while names.count() > 3:
        names.last.locator("button").click()
    for i, name in enumerate(("A", "B", "C")):
        names.nth(i).locator("input").fill(name)
    page.select_option("#lq-banker", label="A")
    page.fill("#lq-decks", "7S QH 2C QD")  # section 06: the players win
    page.locator("#lq-setup [type=submit]").click()
    for player, do, amount in (("A", "bank", 12), ("B", "stake", 5), ("C", "stake", 7)):
        expect(page.locator("#lq-turn-text")).to_have_text(WORDS(lang, "play.turn", player=player))
        page.fill("#lq-amount", str(amount))
        page.locator(f"#lq-moves [data-move={do}]").click()
    page.locator("[data-tab=ledger]").click()  # the ledger is one tab away
    ledger = page.locator("#lq-ledger tbody tr")
    expect(ledger).to_have_count(1)
    cells = ledger.first.locator("th, td").all_inner_texts()
    assert cells[-3:] == ["−12", "+5", "+7"] and WORDS(lang, "play.winner.players") in cells[4]
    # The class run from the teachers' page, as a teacher would with no network in the
    # room: its parts, its countdown, the class's table projected in its frame with its
    # own QR code (the play part is a coach's part).
    page.goto(server.url + "en/teach/")
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    expect(view).to_be_visible()
    parts = view.locator(".lq-part")
    play = next(i for i in range(parts.count()) if parts.nth(i).get_attribute("data-part") == "play")
    for _ in range(play):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(play))
    table = page.frame_locator('iframe[data-frame="game"]')
    engine_ready(table)
    expect(table.locator("#lq-view .lq-figure svg")).to_be_attached()
    expect(table.locator("#lq-view.lq-projecting > .lq-share .lq-share-code svg")).to_be_visible()


def test_a_new_build_replaces_the_old_cache(
    page: Page, server: Server, built_site: Any, tmp_path: Path
) -> None:
    first = built_site.path
    second = tmp_path / "site"
    shutil.copytree(first, second)
    home = second / "index.html"
    home.write_text(home.read_text("utf-8").replace("</h1>", " (B)</h1>", 1), "utf-8")
    offline.write_service_worker(second, LANGS)
    old, new = version_of(first), version_of(second)
    assert old != new and precached(first) == precached(second)

    page.goto(server.url)
    assert wait_until_offline_ready(page) == [cache_name(old)]
    server.serve(second)
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_for(page, "(name) => caches.keys().then(k => k.length === 1 && k[0] === name)", cache_name(new))
    page.reload()
    expect(page.locator("h1").first).to_contain_text("(B)")
    server.stop()
    page.reload()  # from the new cache: the new page
    expect(page.locator("h1").first).to_contain_text("(B)")


def test_mkdocs_serve_removes_a_worker_left_by_a_build(
    page: Page, server: Server, built_site: Any, tmp_path: Path, browser_log: Any
) -> None:
    browser_log.allow_status(404, "/sw.js")  # the browser checks for a new worker: there is none
    served = tmp_path / "served"
    shutil.copytree(built_site.path, served)
    (served / offline.SW_NAME).unlink()  # mkdocs serve writes none
    for html in served.rglob("index.html"):
        text = html.read_text("utf-8")
        html.write_text(re.sub(r'data-lq-sw="[^"]*"', 'data-lq-sw="off"', text), "utf-8")
    page.goto(server.url)
    assert wait_until_offline_ready(page)
    server.serve(served)
    page.reload()  # pages come from the network first: this one says "off"
    wait_for(page, "() => navigator.serviceWorker.getRegistrations().then(r => r.length === 0)", None, 30)
    wait_for(page, "() => caches.keys().then(k => k.length === 0)", None, 30)


# Whether the offline cache holds every file Python needs (the site's runtime): for wait_for.
RUNTIME_KEPT = """async () => {
  const name = (await caches.keys()).find(n => n.startsWith("lansquenet:/:"));
  if (!name) return false;  // (caches.open would make one)
  const urls = (await (await caches.open(name)).keys()).map(q => q.url);
  return ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
          "pyodide-lock.json", "runtime.mjs"].every(f => urls.some(u => u.endsWith("/assets/pyodide/" + f)))
      && urls.some(u => /\\/assets\\/wheels\\/lansquenet-.*\\.whl$/.test(u));
}"""


# Records the engine's state (<html data-lq-engine>) each time the page registers a
# service worker.
REGISTERED = """(() => {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    window.__lqRegistered = window.__lqRegistered || [];
    window.__lqRegistered.push(document.documentElement.getAttribute("data-lq-engine"));
    return register.apply(this, args);
  };
})()"""


def test_the_first_engine_page_leaves_python_for_offline_visits(page: Page, server: Server) -> None:
    # A fresh profile whose first page is the play page: Python started before the
    # service worker was there, and is kept all the same once it has started.
    page.add_init_script(REGISTERED)
    page.goto(server.url + PLAY["en"])
    engine_ready(page)
    # The worker came after Python (offline.js): its download of the site did not share
    # the network with Python's, which a first visit waits for (benchmarks, figure 3d).
    wait_for(page, "() => (window.__lqRegistered || []).length > 0")
    assert page.evaluate("window.__lqRegistered")[0] == "ready"
    wait_until_offline_ready(page)
    wait_for(page, "() => navigator.serviceWorker.controller !== null")
    wait_for(page, RUNTIME_KEPT, None, 60)

    server.stop()

    page.reload()
    engine_ready(page)
    page.locator("[data-act=quick]").click()
    expect(page.locator("#lq-game")).to_be_visible()


@pytest.mark.search
def test_offline_with_python_never_fetched_the_page_says_so_plainly(page: Page, server: Server) -> None:
    page.goto(server.url + SETTLEMENT["fr"])  # a rule page: the site kept, Python not
    wait_until_offline_ready(page)

    server.stop()

    for lang in LANGS:
        page.goto(server.url + PLAY[lang])
        status = page.locator("#lq-status")
        expect(status).to_have_attribute("data-status", "offline", timeout=READY_MS)
        expect(status).to_contain_text(WORDS(lang, "play.loading.offline"))
        # and, with it, what the site keeps here (the pages it can read offline), to see or erase
        keeps = status.locator("[data-lq-forget-open]")
        expect(keeps).to_have_text(WORDS(lang, "forget.open"))
        keeps.click()
        expect(page.locator("#lq-forget [data-lq-kept=pages]")).to_have_text(
            re.compile(r"^\d+([.,]\d)?\s?(MB|Mo)$")
        )
        expect(page.locator("#lq-forget [data-lq-kept=python]")).to_have_text(WORDS(lang, "forget.none"))
        page.keyboard.press("Escape")
        # Nothing to press: no quick game, no table to set up; no progress bar.
        for hidden in ("[data-act=quick]", "#lq-setup", "#lq-game", "#lq-progress"):
            expect(page.locator(hidden)).to_be_hidden()
        # The search, held while Python was starting (search-wait.js), answers offline.
        found = search_for(page, "banque" if lang == "fr" else "bank")
        assert "/" + SETTLEMENT[lang].replace("settlement", "covering") in found, found

    # A game's link, opened offline: the same sentence, and no game, form or quick game
    # (the page hides the form while a link opens, and shows it again when the link fails).
    for lang in LANGS:
        page.goto(server.url + PLAY[lang] + link_to(lansquenet.load("worked-example")))
        expect(page.locator("#lq-status")).to_have_attribute("data-status", "offline", timeout=READY_MS)
        expect(page.locator("#lq-status")).to_contain_text(WORDS(lang, "play.loading.offline"))
        settle(page)  # the link's open answered: refused, the engine offline
        # Said as the status says it, not as Python that could not start in this browser.
        expect(page.locator("#lq-link-error")).to_have_text(WORDS(lang, "play.loading.offline"))
        for hidden in ("[data-act=quick]", "#lq-setup", "#lq-game", "#lq-progress"):
            expect(page.locator(hidden)).to_be_hidden()


# --- erasing what the site keeps (the footer's button: docs/assets/js/forget.js) ---------

LEARN = {"fr": "learn/", "en": "en/learn/"}
# Everything of this site in Cache Storage, the browser's storage and service workers.
KEPT = """async () => ({
  caches: await caches.keys(),
  local: Object.keys(localStorage),
  session: Object.keys(sessionStorage),
  workers: (await navigator.serviceWorker.getRegistrations()).map(r => r.scope),
})"""


@pytest.mark.parametrize("lang", LANGS)
def test_erasing_what_the_site_keeps_makes_the_next_visit_a_first_one(
    page: Page, server: Server, lang: str
) -> None:
    # A visit: the lessons page, Python started, a lesson done (kept in this browser),
    # every page and Python's files kept by the service worker.
    page.set_default_timeout(30_000)
    page.goto(server.url + LEARN[lang])
    engine_ready(page)
    lesson = lessons.lessons()[0]
    section = page.locator(f'section[data-lesson="{lesson.id}"]')
    for choice in lessons.expected_path(lesson):
        section.locator(f'[data-choice="{choice}"]').click()
    expect(section).to_have_attribute("data-state", "done")
    total = len(lessons.lessons())
    expect(page.locator("#lq-progress")).to_have_text(WORDS(lang, "learn.progress", done=1, total=total))
    wait_until_offline_ready(page)
    wait_for(page, RUNTIME_KEPT, None, 60)
    before = page.evaluate(KEPT)
    assert before["caches"] and before["local"] and before["workers"] == [server.url]

    # The footer's button lists it, with sizes, in the page's language.
    page.locator("footer [data-lq-forget-open]").click()
    dialog = page.locator("#lq-forget")
    expect(dialog).to_be_visible()
    nothing = WORDS(lang, "forget.none")
    megabytes = re.compile(r"^\d+([.,]\d)?\s?(MB|Mo)$")
    expect(dialog.locator("[data-lq-kept=python]")).to_have_text(megabytes)  # Pyodide's files: megabytes
    expect(dialog.locator("[data-lq-kept=pages]")).to_have_text(megabytes)
    expect(dialog.locator("[data-lq-kept=storage]")).not_to_have_text(re.compile(f"^({nothing}|…)$"))
    expect(dialog.locator("[data-lq-kept=worker]")).to_have_text(WORDS(lang, "forget.worker_on"))
    # Erased on confirmation.
    dialog.locator("[data-lq-forget-erase]").click()
    expect(dialog.locator(".lq-forget__said")).to_have_text(WORDS(lang, "forget.done"))
    expect(dialog.locator(".lq-forget__said")).to_be_focused()
    for what in ("python", "pages", "storage"):
        expect(dialog.locator(f"[data-lq-kept={what}]")).to_have_text(nothing)
    expect(dialog.locator("[data-lq-forget-erase]")).to_be_disabled()
    # Nothing left: no cache, no storage, no service worker.
    assert page.evaluate(KEPT) == {"caches": [], "local": [], "session": [], "workers": []}
    page.wait_for_timeout(1000)  # the worker, still serving this page, puts nothing back
    assert page.evaluate("() => caches.keys()") == []

    # The next visit is a first visit: no worker serves it, no lesson done, the build's
    # snapshot restored (no snapshot kept from before).
    page.goto(server.url + LEARN[lang])
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    engine_ready(page)
    expect(page.locator("#lq-progress")).to_have_text(WORDS(lang, "learn.progress", done=0, total=total))
    expect(page.locator("[data-lq-wheel]").first).to_have_attribute("data-lq-python", "build-snapshot")
