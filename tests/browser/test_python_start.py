"""How Python starts in the browser (docs/assets/js/engine-worker.mjs, snapshot.mjs).

A first visit restores the memory snapshot the build made (``data-lq-python=
"build-snapshot"``), downloaded with Python's files, and keeps none of its own. Where the
build made none, or its snapshot cannot be restored (damaged, or larger than the heap
a restore starts with: the page then says so in a sentence), or the reader asked to save
data, Python starts plainly, then keeps a memory snapshot of it (the engine imported) in Cache
Storage; a return visit restores it (``data-lq-python="snapshot"``). A corrupt kept
snapshot, or one made for another wheel, is not restored: Python starts plainly, answers
the same, and keeps a new one. The conformance cases get the same answers from every
start; every restore deals its own quick games.

Service workers are blocked here, as in every browser test but test_offline.py (every
file from the server): what is tested is the snapshot alone.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import zstandard
from configured import LANGUAGES
from helpers import PLAY, READY_MS, engine_ready, link_to
from playwright.sync_api import Page, Route, expect
from spec_cases import conformance_cases

import lansquenet
from lansquenet.bots import quick_game
from lansquenet_site.snapshot import decompress
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
ENGINE = "#lq-play"  # the element with data-lq-wheel
SNAPSHOTS = "lansquenet-python:/"
pytestmark = pytest.mark.first_visit  # fresh contexts; ``snapshot_kept`` where one was kept before


def ready(page: Page, how: str) -> None:
    """The engine is ready on ``page``, started ``how`` ("snapshot", "build-snapshot" or
    "plain")."""
    engine_ready(page)
    expect(page.locator(ENGINE)).to_have_attribute("data-lq-python", how)


def kept(page: Page) -> list[str]:
    """Once the page's Python has kept its snapshot: the addresses kept."""
    expect(page.locator(ENGINE)).to_have_attribute("data-lq-snapshot", "kept", timeout=READY_MS)
    urls: list[str] = page.evaluate(
        "name => caches.open(name).then(c => c.keys()).then(k => k.map(r => r.url))", SNAPSHOTS
    )
    return urls


def answers(page: Page) -> dict[str, Any]:
    """Every conformance case, replayed by the page's engine."""
    scenarios = {p.stem: json.loads(p.read_text("utf-8")) for p in conformance_cases()}
    found: dict[str, Any] = page.evaluate(
        """async scenarios => {
            const out = {};
            for (const [name, scenario] of Object.entries(scenarios)) out[name] = await window.lansquenet.replay(scenario);
            return out;
        }""",
        scenarios,
    )
    assert found == {name: lansquenet.replay(s) for name, s in scenarios.items()}
    return found


def follow_status(page: Page) -> list[tuple[str, str]]:
    """Every (data-status, text) the status line shows, from the next page load on."""
    seen: list[tuple[str, str]] = []
    page.expose_function("lqStatus", lambda status, text: seen.append((status, text)))
    page.add_init_script(
        "new MutationObserver(() => { const s = document.getElementById('lq-status');"
        " if (s) window.lqStatus(s.dataset.status, s.textContent); }).observe(document,"
        " {attributes: true, characterData: true, childList: true, subtree: true});"
    )
    return seen


def stages(seen: list[tuple[str, str]]) -> list[str]:
    """The statuses in the order shown, each once."""
    return [status for i, (status, _) in enumerate(seen) if i == 0 or seen[i - 1][0] != status]


def runtime_facts(site_server: Any) -> dict[str, Any]:
    """What runtime.mjs tells the worker (its download's bytes, the build's snapshot)."""
    text = (site_server.root / "assets" / "pyodide" / "runtime.mjs").read_text("utf-8")
    facts: dict[str, Any] = json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))
    return facts


def downloading(seen: list[tuple[str, str]], lang: str, total_bytes: int) -> bool:
    """Whether the status line said "X MB of <total>" (honest progress) at some point."""
    mark = WORDS(lang, "play.loading.decimal")  # the language's decimal mark
    download = WORDS(
        lang, "play.loading.download", loaded="X", total=f"{total_bytes / 1e6:.1f}".replace(".", mark)
    )
    pattern = re.escape(download).replace("X", r"\d+" + re.escape(mark) + r"\d")
    return any(s == "runtime" and re.fullmatch(pattern, t) for s, t in seen)


def without_the_builds_snapshot(page: Page) -> None:
    """The page's worker told of no snapshot made at build time (a build without Node.js)."""

    def strip(route: Route) -> None:
        response = route.fetch()
        facts = json.loads(response.text().removeprefix("export default ").rstrip().removesuffix(";"))
        assert facts.pop("snapshot")
        route.fulfill(response=response, body=f"export default {json.dumps(facts)};\n")

    page.route("**/assets/pyodide/runtime.mjs", strip)


def test_a_first_visit_restores_the_builds_snapshot_and_answers_the_same(
    page: Page, site_server: Any
) -> None:
    seen = follow_status(page)
    page.goto(PLAY["fr"])
    ready(page, "build-snapshot")
    expect(page.locator("#lq-status")).to_have_text(WORDS("fr", "play.loading.ready"))
    # Honest progress: megabytes of Python's files and the snapshot, then restoring.
    facts = runtime_facts(site_server)
    built = facts["snapshot"]  # its restore loads the standard library's rest, not the whole
    saved = built["stdlib_saved"] if built.get("stdlib") else 0
    assert saved > 0
    assert downloading(seen, "fr", facts["bytes"] + built["bytes"] - saved), seen
    assert stages(seen)[-4:] == ["runtime", "restoring", "engine", "ready"], stages(seen)
    answers(page)  # as CPython answers
    # Nothing kept in Cache Storage: the build's snapshot is Python's files' (the service
    # worker keeps those); a plain start's snapshot would be a second copy.
    page.wait_for_timeout(500)
    assert page.locator(ENGINE).get_attribute("data-lq-snapshot") is None
    assert page.evaluate("name => caches.open(name).then(c => c.keys()).then(k => k.length)", SNAPSHOTS) == 0
    # Four first visits, four quick games: each restore draws afresh.
    seeds = [quick_game_seed(page, ("en", "fr")[i % 2], "build-snapshot") for i in range(4)]
    assert len(set(seeds)) == 4, seeds


@pytest.mark.plain_start
def test_where_the_build_made_no_snapshot_a_return_visit_restores_the_kept_one(
    page: Page, site_server: Any
) -> None:
    without_the_builds_snapshot(page)
    seen = follow_status(page)
    page.goto(PLAY["fr"])
    ready(page, "plain")
    expect(page.locator("#lq-status")).to_have_text(WORDS("fr", "play.loading.ready"))
    # Honest progress: megabytes of the total, then Python starting, then the engine.
    assert downloading(seen, "fr", runtime_facts(site_server)["bytes"]), seen
    assert stages(seen)[-3:] == ["starting", "engine", "ready"], stages(seen)
    assert ("starting", WORDS("fr", "play.loading.starting")) in seen
    first = answers(page)
    [url] = kept(page)
    assert re.search(r"/python-snapshot/pyodide-[\d.]+/wheel-[0-9a-f]{16}/stdlib-[0-9a-f]{16}$", url), url
    # Another visit, in the other language: Python restored, the same answers.
    seen.clear()
    page.goto(PLAY["en"])
    ready(page, "snapshot")
    # Said while it happens: restoring, never downloading then starting Python.
    assert stages(seen)[-4:] == ["runtime", "restoring", "engine", "ready"], stages(seen)
    assert ("restoring", WORDS("en", "play.loading.restoring")) in seen
    assert answers(page) == first
    # A restored Python keeps no new snapshot: the one kept is still the only one.
    page.wait_for_timeout(500)
    assert page.locator(ENGINE).get_attribute("data-lq-snapshot") is None


@pytest.mark.plain_start
def test_a_corrupt_snapshot_falls_back_to_a_plain_start(page: Page, snapshot_kept: str) -> None:
    # The snapshot an earlier visit kept, with bytes changed in its middle (the gzip check fails).
    page.goto("sitemap.xml")
    page.evaluate(
        """async ([name, url]) => {
            const cache = await caches.open(name);
            const found = await cache.match(url);
            const bytes = new Uint8Array(await found.arrayBuffer());
            for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 64; i++) bytes[i] ^= 0x5a;
            await cache.put(url, new Response(bytes, { headers: found.headers }));
        }""",
        [SNAPSHOTS, snapshot_kept],
    )
    page.goto(PLAY["en"])
    ready(page, "plain")
    expect(page.locator("#lq-status")).to_have_text(WORDS("en", "play.loading.ready_plain"))
    answers(page)  # as CPython answers, as a restored Python does (the test above)
    assert kept(page) == [snapshot_kept]  # and a sound snapshot in its place
    page.reload()
    ready(page, "snapshot")


@pytest.mark.plain_start
def test_a_new_wheel_invalidates_the_snapshot(page: Page, snapshot_kept: str) -> None:
    # The same site with another engine: the page names a wheel of another digest.
    def other_wheel(route: Route) -> None:
        response = route.fetch()
        html = re.sub(r"(\.whl\?v=)[0-9a-f]{16}", r"\g<1>0123456789abcdef", response.text())
        route.fulfill(response=response, body=html)

    page.route("**/play/", other_wheel)
    page.goto(PLAY["fr"])
    ready(page, "plain")
    [new] = kept(page)  # the old one dropped, a new one kept
    assert new != snapshot_kept and "/wheel-0123456789abcdef/" in new


ENGINE_SCENARIO = """async () => {
  const src = document.querySelector('script[src*="/play.js"]').src;
  const engine = await import(src.replace(/play\\.js.*$/, "engine.js"));
  return (await engine.call({ op: "scenario" })).scenario;
}"""


def quick_game_seed(page: Page, lang: str, how: str) -> int:
    """Python started ``how`` on the play page; the seed of the game its Quick game
    button opens (read from the page's address, which follows the engine)."""
    page.goto(PLAY[lang])
    ready(page, how)
    page.locator("[data-act=quick]").first.click()
    expect(page).to_have_url(re.compile(r"#scenario="))
    scenario: dict[str, Any] = page.evaluate(ENGINE_SCENARIO)
    return int(scenario["seed"])


def until_the_readers_turn(page: Page, lang: str, how: str, fragment: str) -> list[dict[str, Any]]:
    """The play page opened at ``fragment`` (a seeded quick game, no action yet), Python
    started ``how``, computer players at once: their moves until the reader's turn."""
    page.goto("sitemap.xml")
    page.evaluate("localStorage.setItem('lansquenet.pace', '0')")
    page.goto(PLAY[lang] + fragment)
    ready(page, how)
    expect(page.locator("#lq-turn-text")).to_have_text(WORDS(lang, "play.your_turn", player="Bruno"))
    scenario: dict[str, Any] = page.evaluate(ENGINE_SCENARIO)
    actions: list[dict[str, Any]] = scenario["actions"]
    return actions


def test_every_restore_deals_a_new_quick_game_and_a_seeded_one_replays(
    page: Page, snapshot_kept: str
) -> None:
    # Four return visits, Python restored from one snapshot each time: four games.
    seeds = [quick_game_seed(page, ("fr", "en")[i % 2], "snapshot") for i in range(4)]
    assert len(set(seeds)) == 4, seeds
    # A seeded game (quick game 12: David, a computer player, banks first) replays
    # exactly after a restore: the computer players' moves are the seed's, not Python's.
    game = quick_game(12, 3)
    assert game["first_banker"] in game["computer"] and "Bruno" not in game["computer"]
    fragment = link_to(game)
    first = until_the_readers_turn(page, "en", "snapshot", fragment)
    assert first and first == until_the_readers_turn(page, "fr", "snapshot", fragment)


MIB = 1 << 20


def damaged(page: Page) -> None:
    """The build's snapshot with bytes changed in its middle (zstd's check fails)."""

    def corrupt(route: Route) -> None:
        body = bytearray(route.fetch().body())
        middle = len(body) // 2
        body[middle : middle + 64] = bytes(b ^ 0x5A for b in body[middle : middle + 64])
        route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/octet-stream"})

    page.route("**/assets/pyodide/snapshot-*", corrupt)


def oversized(page: Page) -> None:
    """The build's snapshot as a Python that grew its heap by 1 MiB would make it: sound,
    named by runtime.mjs with its size, and larger than the heap a restore starts with
    (Pyodide copies it there and never grows it: snapshot.py's check, issue 6254)."""

    def grown(route: Route) -> None:
        raw = decompress(route.fetch().body())
        body = zstandard.ZstdCompressor(level=1, write_checksum=True).compress(raw + bytes(MIB))
        route.fulfill(status=200, body=body, headers={"content-type": "application/octet-stream"})

    def named(route: Route) -> None:
        response = route.fetch()
        facts = json.loads(response.text().removeprefix("export default ").rstrip().removesuffix(";"))
        facts["snapshot"]["length"] += MIB
        route.fulfill(response=response, body=f"export default {json.dumps(facts)};\n")

    page.route("**/assets/pyodide/snapshot-*", grown)
    page.route("**/assets/pyodide/runtime.mjs", named)


@pytest.mark.plain_start
# Each in another language, both in every run (not "lang": make test would run one).
@pytest.mark.parametrize(
    ("snapshot", "language"),
    [(damaged, LANGUAGES[-1]), (oversized, LANGUAGES[0])],
    ids=["damaged", "oversized"],
)
def test_a_build_snapshot_that_cannot_be_restored_gives_a_plain_start_said_in_a_sentence(
    page: Page, snapshot: Callable[[Page], None], language: str
) -> None:
    lang = language
    snapshot(page)
    page.goto(PLAY[lang])
    ready(page, "plain")
    # Said in a sentence: ready, started afresh, nothing lost.
    expect(page.locator("#lq-status")).to_have_text(WORDS(lang, "play.loading.ready_plain"))
    answers(page)  # as CPython answers, as the build's snapshot does (the first test)
    plays(page)  # and a game goes on
    [url] = kept(page)  # and a sound snapshot of its own, for the next visit
    assert "/wheel-" in url
    page.reload()
    ready(page, "snapshot")


def plays(page: Page) -> None:
    """A quick game opens on the page and the reader's turn comes: the game works."""
    page.locator("[data-act=quick]").first.click()
    expect(page).to_have_url(re.compile(r"#scenario="))
    expect(page.locator("#lq-turn-text")).not_to_be_empty(timeout=READY_MS)


@pytest.mark.plain_start
def test_a_reader_saving_data_gets_the_plain_start(page: Page, site_server: Any) -> None:
    # The browser's data saver (navigator.connection.saveData), as Chromium's setting sets it.
    page.context.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(PLAY["fr"])
    assert page.evaluate("() => navigator.connection.saveData") is True
    ready(page, "plain")
    answers(page)
    file = runtime_facts(site_server)["snapshot"]["file"]
    assert not [url for url in asked if url.endswith(file)], asked  # never downloaded
    assert asked and any("pyodide.asm.wasm" in url for url in asked)


@pytest.mark.plain_start
def test_an_engine_that_fails_to_import_is_said_in_a_sentence_without_its_traceback(page: Page) -> None:
    # A wheel whose package raises on import (as the engine did when it imported a module
    # Pyodide lacks): Python starts, the engine does not, and its error is a traceback.
    wheel = io.BytesIO()
    with zipfile.ZipFile(wheel, "w") as made:
        made.writestr("lansquenet/__init__.py", "import a_module_pyodide_lacks\n")
        made.writestr("lansquenet/web.py", "")
    without_the_builds_snapshot(page)
    page.route(
        "**/assets/wheels/*.whl*",
        lambda route: route.fulfill(status=200, body=wheel.getvalue(), content_type="application/zip"),
    )
    page.goto(PLAY["en"])
    status = page.locator("#lq-status")
    expect(status).to_have_attribute("data-status", "failed", timeout=READY_MS)
    plainly = WORDS("en", "play.loading.failed", detail="").split("(")[0].strip()
    expect(status).to_contain_text(plainly)
    said = status.text_content() or ""
    assert "a_module_pyodide_lacks" in said  # the detail: the error's own line
    assert "Traceback" not in said and 'File "' not in said and "\n" not in said, said
