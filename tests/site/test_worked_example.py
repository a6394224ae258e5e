"""The worked example of section 06 on the built settlement page, in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest
from configured import LANGUAGES
from helpers import found

PAGES = {"fr": "rules/settlement/index.html", "en": "en/rules/settlement/index.html"}
BANK = {"fr": "Banque", "en": "Bank"}
# Section 06's cards as each language writes them: D (dame) for the queen in French.
CARDS = {"fr": ("7♠", "D♥", "2♣", "D♦"), "en": ("7♠", "Q♥", "2♣", "Q♦")}
QUEEN = {"fr": "D", "en": "Q"}


def scenarios(html: str) -> list[str]:
    return re.findall(r'<section class="lansquenet-scenario".*?</section>', html, re.DOTALL)


def last_balances(scenario: str) -> dict[str, str]:
    last = re.findall(r'<li class="lq-step".*?</li>', scenario, re.DOTALL)[-1]
    table = last[last.index('<table class="lq-balances"') :]
    return {k: v.split(" ")[0] for k, v in re.findall(r'<th scope="row">([^<]+)</th><td>([^<]+)</td>', table)}


def visible_text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", fragment))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settlement_page_shows_both_endings_from_the_engine(built_site, lang):
    html = (built_site.path / PAGES[lang]).read_text(encoding="utf-8")
    players_win, bank_wins = scenarios(html)[:2]
    # Q♦ decides for the players: B 5 + 5, C 7 + 7, the banker loses 12.
    text = visible_text(players_win)
    for card in CARDS[lang]:
        assert card in text
    other = CARDS["en" if lang == "fr" else "fr"]
    assert other[1] not in text and other[3] not in text  # one way of writing a queen per page
    assert last_balances(players_win) == {"A": "88", "B": "105", "C": "107"}
    assert "(+10)" in text and "(+14)" in text  # stake back plus the same again
    result = {
        "fr": "Résultat de la donne\u00a0: A −12, B +5, C +7",
        "en": "Result of the deal: A −12, B +5, C +7",
    }
    assert result[lang] in text
    # Had 7♦ come first: the bank collects 12 and stands at 24.
    assert "7♦" in visible_text(bank_wins)
    assert last_balances(bank_wins) == {"A": "88", "B": "95", "C": "93", BANK[lang]: "24"}
    assert "A +12, B −5, C −7" in visible_text(bank_wins)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_narration_is_in_the_page_language(built_site, lang):
    html = (built_site.path / PAGES[lang]).read_text(encoding="utf-8")
    text = visible_text(scenarios(html)[0])
    if lang == "fr":
        assert "La carte de banque, à gauche du banquier\u00a0: 7♠." in text  # French typography (issue 12)
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deciding_step_names_its_card_as_the_drawing_shows_it(built_site, lang):
    # The step where Q♦ decides (R-D3): its sentence, the cards beside it and the
    # drawing's corner all write the queen one way, D in French and Q in English.
    html = (built_site.path / PAGES[lang]).read_text(encoding="utf-8")
    steps = re.findall(r'<li class="lq-step".*?</li>', scenarios(html)[0], re.DOTALL)
    step = [s for s in steps if 'data-event="card_exposed"' in s][-1]
    sentence = visible_text(found(r'<p class="lq-text">.*?</p>', step, re.DOTALL).group(0))
    assert sentence.split()[0] == CARDS[lang][3]  # "D♦ répète la carte des pontes…"
    drawn = found(r'<g class="lq-card" data-card="QD".*?</g>', step, re.DOTALL).group(0)
    corners = re.findall(r"<text[^>]*>([^<]+)</text>", drawn)
    assert corners == [QUEEN[lang], QUEEN[lang]]
    title = unescape(found(r"<title>([^<]+)</title>", drawn).group(1))
    assert title.endswith(" " + CARDS[lang][3])
