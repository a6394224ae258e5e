"""The worked example of section 06 on the built settlement page, in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest

PAGES = {"fr": "rules/settlement/index.html", "en": "en/rules/settlement/index.html"}
BANK = {"fr": "Banque", "en": "Bank"}


def scenarios(html: str) -> list[str]:
    return re.findall(r'<section class="lansquenet-scenario".*?</section>', html, re.DOTALL)


def last_balances(scenario: str) -> dict[str, str]:
    last = re.findall(r'<li class="lq-step".*?</li>', scenario, re.DOTALL)[-1]
    table = last[last.index('<table class="lq-balances"') :]
    return {k: v.split(" ")[0] for k, v in re.findall(r'<th scope="row">([^<]+)</th><td>([^<]+)</td>', table)}


def visible_text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", fragment))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_settlement_page_shows_both_endings_from_the_engine(built_site, lang):
    html = (built_site.path / PAGES[lang]).read_text(encoding="utf-8")
    players_win, bank_wins = scenarios(html)[:2]
    # Q♦ decides for the players: B 5 + 5, C 7 + 7, the banker loses 12.
    text = visible_text(players_win)
    for card in ("7♠", "Q♥", "2♣", "Q♦"):
        assert card in text
    assert last_balances(players_win) == {"A": "88", "B": "105", "C": "107"}
    assert "(+10)" in text and "(+14)" in text  # stake back plus the same again
    result = {"fr": "Résultat de la donne\u00a0: A −12, B +5, C +7", "en": "Result of the deal: A −12, B +5, C +7"}
    assert result[lang] in text
    # Had 7♦ come first: the bank collects 12 and stands at 24.
    assert "7♦" in visible_text(bank_wins)
    assert last_balances(bank_wins) == {"A": "88", "B": "95", "C": "93", BANK[lang]: "24"}
    assert "A +12, B −5, C −7" in visible_text(bank_wins)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_narration_is_in_the_page_language(built_site, lang):
    html = (built_site.path / PAGES[lang]).read_text(encoding="utf-8")
    text = visible_text(scenarios(html)[0])
    if lang == "fr":
        assert "La carte de banque, à gauche du banquier\u00a0: 7♠."  # French typography (issue 12) in text
        assert "Étape {index} / {total}" in unescape(html)
    else:
        assert "The bank card, to the left of the banker: 7♠." in text
        assert "Step {index} / {total}" in unescape(html)


def test_every_step_of_every_rendered_scenario_has_a_diagram(built_site):
    pages = [p for p in built_site.path.rglob("*.html") if "lansquenet-scenario" in p.read_text("utf-8")]
    assert len(pages) >= 8  # covering, which-value, settlement (twice) in both languages
    for page in pages:
        for scenario in scenarios(page.read_text("utf-8")):
            steps = scenario.count('class="lq-step"')
            assert steps >= 2 and scenario.count("<svg") == steps, page
