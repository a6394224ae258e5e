"""How Python starts in the browser (docs/assets/js/engine-worker.mjs, snapshot.mjs).

A first visit starts Python plainly, then keeps a memory snapshot of it (the engine
imported) in Cache Storage; a return visit restores it, and says so on the engine's
element (``data-lq-python="snapshot"``). A corrupt snapshot, or one made for another
wheel, is not restored: Python starts plainly, answers the same, and keeps a new one.
The conformance cases get the same answers from a restored Python and a plain one.

Service workers are blocked here, as in every browser test but test_offline.py (every
file from the server): what is tested is the snapshot alone.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect
from spec_cases import conformance_cases

import lansquenet
from lansquenet.bots import quick_game
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
PLAY = {"fr": "/play/", "en": "/en/play/"}
READY_MS = 180_000  # a cold Pyodide start on a busy machine
ENGINE = "#lq-play"  # the element with data-lq-wheel
SNAPSHOTS = "lansquenet-python:/"
pytestmark = pytest.mark.first_visit  # fresh contexts; ``snapshot_kept`` where one was kept before


def ready(page: Page, how: str) -> None:
    """The engine is ready on ``page``, started ``how`` ("snapshot" or "plain")."""
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=READY_MS)
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


def test_a_return_visit_restores_python_and_answers_the_same(page: Page, site_server: Any) -> None:
    seen = follow_status(page)
    page.goto(PLAY["fr"])
    ready(page, "plain")
    expect(page.locator("#lq-status")).to_have_text(WORDS("fr", "play.loading.ready"))
    # Honest progress: megabytes of the total, then Python starting, then the engine.
    facts = (site_server.root / "assets" / "pyodide" / "runtime.mjs").read_text("utf-8")
    found = re.search(r'"bytes": (\d+)', facts)
    assert found, facts
    total = f"{int(found[1]) / 1e6:.1f}".replace(".", ",")
    download = WORDS("fr", "play.loading.download", loaded="X", total=total)
    pattern = re.escape(download).replace("X", r"\d+,\d")
    assert any(s == "runtime" and re.fullmatch(pattern, t) for s, t in seen), seen
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
    expect(page.locator("#lq-status")).to_have_text(WORDS("en", "play.loading.ready"))
    answers(page)  # as CPython answers, as a restored Python does (the test above)
    assert kept(page) == [snapshot_kept]  # and a sound snapshot in its place
    page.reload()
    ready(page, "snapshot")


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
    fragment = "#scenario=" + base64.urlsafe_b64encode(json.dumps(game).encode()).decode().rstrip("=")
    first = until_the_readers_turn(page, "en", "snapshot", fragment)
    assert first and first == until_the_readers_turn(page, "fr", "snapshot", fragment)
