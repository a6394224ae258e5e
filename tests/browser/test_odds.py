"""The odds page's live simulation in a real Chromium, in both languages.

Python starts only when the reader presses Run; the engine in the worker plays the
deals (op ``simulate``) and draws the chart (``lansquenet.chart.share_chart``): an SVG
with the horizontal line of the exact figure, 9/17, and the running share as a
polyline. The summary under it shows a share near 9/17 (within three standard errors),
and it is exactly what the engine computes for that seed in CPython; its sentences count
the deals in the form the language gives their number ("1 deal", "20,000 deals"). A
browser where Python cannot start says so plainly. (``browser_log``, conftest.py, also fails a test
on any console error, failed response or request that leaves 127.0.0.1.)
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from configured import LANGUAGES as LANGS
from helpers import READY_MS, simulation_summary
from playwright.sync_api import Browser, Page, Request, expect

from lansquenet import chart, odds
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
PAGE = {"fr": "/odds/", "en": "/en/odds/"}
DEALS, SEED = 20_000, 2024
PYTHON = re.compile(r"/assets/(pyodide|wheels)/|engine-worker\.mjs")


def page_requests(page: Page) -> list[str]:
    """The addresses the page itself (and its workers) asks for from now on; the
    service worker's own downloads for offline reading are not the page's."""
    seen: list[str] = []

    def record(request: Request) -> None:
        if request.service_worker is None:
            seen.append(request.url)

    page.on("request", record)
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_the_simulation_runs_in_the_browser(page: Page, lang: str) -> None:
    asked = page_requests(page)
    page.goto(PAGE[lang])
    status = page.locator("#lq-sim-status")
    expect(status).to_have_attribute("data-status", "idle")
    expect(status).to_have_text(WORDS(lang, "odds.sim.loading.idle"))
    expect(page.locator("#lq-sim-origin")).to_have_attribute("data-origin", "build")
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if PYTHON.search(url)], "Python loaded before Run"

    # What is not a number of deals is refused at once, before any Python.
    page.fill("#lq-sim-deals", "0")
    page.locator("#lq-sim-run").click()
    refusal = page.locator("#lq-sim-refusal")
    expect(refusal).to_have_text(WORDS(lang, "odds.sim.invalid_deals", max=chart.number(1_000_000, lang)))
    expect(page.locator("#lq-sim-deals")).to_have_attribute("aria-invalid", "true")
    expect(status).to_have_attribute("data-status", "idle")

    page.fill("#lq-sim-deals", str(DEALS))
    page.fill("#lq-sim-seed", str(SEED))
    page.locator("#lq-sim-run").click()
    expect(refusal).to_be_hidden()
    expect(status).not_to_have_attribute("data-status", "idle")  # loading, visibly
    expect(page.locator("#lq-sim-origin")).to_have_attribute("data-origin", "browser", timeout=READY_MS)
    expect(status).to_have_attribute("data-status", "done")
    expect(status).to_have_text(
        WORDS.count(lang, "odds.sim.loading.done", DEALS, deals=chart.number(DEALS, lang))
    )
    expect(page.locator("#lq-sim-progress")).to_be_hidden()
    assert [url for url in asked if "/assets/pyodide/" in url] and [
        url for url in asked if "/assets/wheels/" in url
    ]

    # The chart: the exact figure as a horizontal line, the running share as a line.
    svg = page.locator("#lq-sim-chart-box > svg")
    expect(svg).to_have_count(1)
    reference = svg.locator("line.lq-reference:not(.lq-swatch)")
    expect(reference).to_have_count(1)
    assert reference.get_attribute("y1") == reference.get_attribute("y2")
    assert float(str(reference.get_attribute("data-value"))) == 9 / 17
    points = str(svg.locator("polyline.lq-observed").get_attribute("points")).split()
    assert len(points) == 100 and all(re.fullmatch(r"[\d.]+,[\d.]+", p) for p in points)
    assert svg.get_attribute("role") == "img"
    expect(svg.locator("title")).to_have_text(WORDS(lang, "odds.chart.title"))
    # The same run drawn for the room (shown in the class view's frame, issue 52), redrawn
    # with it: the same running share (each axis scaled to 0..1), the same exact figure.
    room = page.locator("#lq-sim-chart-room > svg.lq-projected")
    expect(room).to_have_count(1)
    expect(room).to_be_hidden()  # on the page itself, the page's chart alone
    assert room.locator("line.lq-reference:not(.lq-swatch)").get_attribute(
        "data-value"
    ) == reference.get_attribute("data-value")
    drawn = str(room.locator("polyline.lq-observed").get_attribute("points")).split()
    assert scaled(drawn) == pytest.approx(scaled(points), abs=0.01)

    # The summary: near 9/17, and exactly what the engine says for this seed.
    summary = page.locator("#lq-sim-summary")
    share = float(str(summary.get_attribute("data-share")))
    p = 9 / 17
    assert abs(share - p) < 3 * math.sqrt(p * (1 - p) / DEALS), share
    sim = odds.simulate(DEALS, SEED)
    assert share == float(sim.bank_share) and summary.get_attribute("data-deals") == str(DEALS)
    expected = simulation_summary(lang, DEALS, sim, f"9/17 ≈ {chart.percent(p, lang)}")
    expect(summary).to_have_text(expected)
    expect(page.locator("#lq-sim-origin")).to_have_text(
        WORDS.count(lang, "odds.sim.live", DEALS, deals=chart.number(DEALS, lang), seed=SEED)
    )

    # A second run needs no second start: the engine answers at once with the new chart.
    page.fill("#lq-sim-deals", "500")
    page.locator("#lq-sim-run").click()
    expect(summary).to_have_attribute("data-deals", "500", timeout=60_000)
    assert float(str(summary.get_attribute("data-share"))) == float(odds.simulate(500, SEED).bank_share)

    # One deal is said as one deal, not as many ("1 deal played", "1 donne jouée"): every
    # sentence that counts the deals takes the form the language's plural rule gives 1.
    assert WORDS.plural(lang)(1) != WORDS.plural(lang)(DEALS)
    page.fill("#lq-sim-deals", "1")
    page.locator("#lq-sim-run").click()
    expect(summary).to_have_attribute("data-deals", "1", timeout=60_000)
    one = odds.simulate(1, SEED)
    shown = chart.percent(float(one.bank_share), lang)
    exact = f"9/17 ≈ {chart.percent(p, lang)}"
    expect(status).to_have_text(WORDS.count(lang, "odds.sim.loading.done", 1, deals="1"))
    expect(page.locator("#lq-sim-origin")).to_have_text(
        WORDS.count(lang, "odds.sim.live", 1, deals="1", seed=SEED)
    )
    wins = chart.number(one.bank_wins, lang)
    expect(summary).to_have_text(
        WORDS.count(lang, "odds.sim.summary", 1, deals="1", wins=wins, share=shown, expected=exact)
    )
    expect(svg.locator("desc")).to_have_text(
        WORDS.count(lang, "odds.chart.desc", 1, deals="1", share=shown, expected=exact)
    )


def test_python_that_cannot_start_is_said_plainly(browser: Browser, base_url: str) -> None:
    # No service worker here: it would answer the worker's requests before the route.
    context = browser.new_context(base_url=base_url, service_workers="block")
    context.route("**/assets/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(PAGE["en"])
        page.locator("#lq-sim-run").click()
        status = page.locator("#lq-sim-status")
        expect(status).to_have_attribute("data-status", "failed", timeout=READY_MS)
        plainly = WORDS("en", "odds.sim.loading.failed", detail="").split("(")[0].strip()
        expect(status).to_contain_text(plainly)
        expect(page.locator("#lq-sim-run")).to_be_disabled()
        expect(page.locator("#lq-sim-progress")).to_be_hidden()
        # The chart computed when the site was built stays.
        expect(page.locator("#lq-sim-origin")).to_have_attribute("data-origin", "build")
        expect(page.locator("#lq-sim-chart-box line.lq-reference:not(.lq-swatch)")).to_have_count(1)
        assert errors == []
    finally:
        context.close()


def scaled(points: list[str]) -> list[float]:
    """A polyline's points, each axis scaled to 0..1: the same data in any geometry."""
    pairs = [tuple(float(v) for v in p.split(",")) for p in points]
    spans = [(min(p[i] for p in pairs), max(p[i] for p in pairs)) for i in (0, 1)]
    return [(p[i] - spans[i][0]) / ((spans[i][1] - spans[i][0]) or 1) for p in pairs for i in (0, 1)]


def test_the_page_without_javascript_still_has_its_figures_and_chart(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(PAGE["fr"])
        expect(page.locator('tr[data-figure="bank_wins"] .lq-exact')).to_have_text("9/17")
        expect(page.locator("#lq-sim-chart-box svg polyline.lq-observed")).to_have_count(1)
        expect(page.locator("#lq-sim-form")).to_be_hidden()  # nothing to press without a script
    finally:
        context.close()
