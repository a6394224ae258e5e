"""The variants page's live simulation in a real Chromium: the reader chooses a variant,
the worker's ``simulate`` op plays that variant's pack, and the summary compares the
result with that variant's exact figures (computed by the engine at build time).
(``browser_log``, conftest.py, fails the test on any console error, failed response or
request that leaves 127.0.0.1.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from configured import LANGUAGES
from helpers import READY_MS, simulation_summary
from playwright.sync_api import Page, expect

from lansquenet import odds
from lansquenet_site.odds_page import figure
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
PAGE = {"fr": "/variants/", "en": "/en/variants/"}
DEALS, SEED = 3_000, 7


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chosen_variant_is_simulated_with_its_own_pack(page: Page, lang: str) -> None:
    page.goto(PAGE[lang])
    options = page.locator("#lq-sim-variant option")
    expect(options).to_have_count(len(odds.VARIANTS))
    variant = odds.variant("italian_forty")  # a 40-card pack: not these rules
    page.select_option("#lq-sim-variant", variant.name)
    page.fill("#lq-sim-deals", str(DEALS))
    page.fill("#lq-sim-seed", str(SEED))
    page.locator("#lq-sim-run").click()
    expect(page.locator("#lq-sim-origin")).to_have_attribute("data-origin", "browser", timeout=READY_MS)

    sim = odds.simulate(DEALS, SEED, pack=variant.pack)
    summary = page.locator("#lq-sim-summary")
    assert float(str(summary.get_attribute("data-share"))) == float(sim.bank_share)
    expected = simulation_summary(lang, DEALS, sim, figure("bank_wins", variant.pack, lang))
    expect(summary).to_have_text(expected)
    reference = page.locator("#lq-sim-chart-box > svg line.lq-reference:not(.lq-swatch)")
    assert float(str(reference.get_attribute("data-value"))) == float(odds.bank_wins(variant.pack))
    data = json.loads(page.locator("#lq-odds-data").text_content() or "{}")
    assert set(data["variants"]) == {v.name for v in odds.VARIANTS}
