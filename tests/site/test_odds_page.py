"""The odds page: every figure on it is the engine's, computed when the site is built.

The built page (both languages) shows the rules' figures (1/17, 9/17, 51/7, 48/7, in
tables, in the prose and in the charts), each number written the language's way; the
other packs' table says it is not these rules. And the page follows the engine: the
same fences rendered for another pack, or with an engine that computes something else,
show other numbers.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from configured import LANGUAGES as LANGS
from configured import PREFIX
from helpers import found

from lansquenet import chart, games, odds
from lansquenet_site import odds_page
from lansquenet_site.languages import Languages
from lansquenet_site.page import PageContext, partials
from lansquenet_site.wheel import build_engine_wheel
from lansquenet_site.words import Words

ROOT = Path(__file__).resolve().parents[2]
WORDS = Words(ROOT / "locales")
PAGE = {"fr": "odds/index.html", "en": "en/odds/index.html"}
NNBSP = "\u202f"
SHARE = {"fr": f"52,9{NNBSP}%", "en": "52.9%"}  # 9/17, written the language's way
MEAN = {"fr": "6,86", "en": "6.86"}  # 48/7
FENCES = "```lansquenet-odds\nfigures\n```\n\n```lansquenet-odds\ndistribution\n```\n"


def text(html: str) -> str:
    """The visible text of some HTML: tags dropped, entities decoded, spaces folded."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return re.sub(r"[ \t\n]+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def rows(html: str, attr: str) -> dict[str, str]:
    """``<tr data-ATTR="x">…</tr>`` by x, as text."""
    return {
        m[1]: text(m[2]).strip()
        for m in re.finditer(rf'<tr data-{attr}="([^"]+)"[^>]*>(.*?)</tr>', html, re.DOTALL)
    }


def figure_rows(html: str) -> dict[str, str]:
    return {key: value.strip() for key, value in rows(html, "figure").items()}


@pytest.fixture(scope="module", params=LANGS)
def built(request: pytest.FixtureRequest, built_site: Any) -> tuple[str, str]:
    lang = request.param
    return lang, (built_site.path / PAGE[lang]).read_text("utf-8")


def render(lang: str, markdown: str = FENCES, **kwargs: Any) -> str:
    languages = Languages({"fr": "", "en": "en/"})
    page = PageContext(lang, WORDS, languages, "odds/", build_engine_wheel(ROOT), None, partials(ROOT))
    return odds_page.render_odds(markdown, page, **kwargs)


# --- the built page -------------------------------------------------------------------


def test_the_page_shows_the_rules_figures(built: tuple[str, str]) -> None:
    lang, html = built
    figures = figure_rows(html)
    assert list(figures) == list(odds_page.FIGURES)
    label = {key: WORDS(lang, f"odds.figure.{key}") for key in figures}
    assert figures["opening_pair"].startswith(label["opening_pair"] + " 1/17 ")
    assert figures["bank_wins"] == f"{label['bank_wins']} 9/17 {SHARE[lang]}"
    assert figures["players_win"].startswith(label["players_win"] + " 8/17 ")
    assert figures["bank_edge"].startswith(label["bank_edge"] + " 1/17 ")
    assert (
        figures["cards_after_two"] == f"{label['cards_after_two']} 51/7 {'7,29' if lang == 'fr' else '7.29'}"
    )
    assert figures["cards_per_deal"] == f"{label['cards_per_deal']} 48/7 {MEAN[lang]}"
    # The prose's figures come from the engine too, and none is left unfilled.
    page = text(html)
    assert "{{" not in html and "}}" not in page
    assert f"9/17 ≈ {SHARE[lang]}" in page
    assert "1/17 + (1 − 1/17) × 1/2 = 9/17" in page
    assert "9/17 − 8/17 = 1/17" in page
    assert f"51/7 ≈ {'7,29' if lang == 'fr' else '7.29'}" in page and f"48/7 ≈ {MEAN[lang]}" in page


def test_numbers_are_written_the_language_s_way(built: tuple[str, str]) -> None:
    lang, html = built
    page = text(html)
    if lang == "fr":
        assert f"52,9{NNBSP}%" in page and "52.9" not in page
        assert f"10{NNBSP}000 donnes" in page  # the simulation drawn at build time
    else:
        assert "52.9%" in page and "52,9" not in page
        assert "10,000 deals" in page


def test_the_length_of_a_deal_in_a_chart_and_its_table(built: tuple[str, str]) -> None:
    lang, html = built
    dist = odds.length_distribution()
    table = rows(html, "k")
    assert len(table) == len(dist)
    for k, p in dist:
        assert f" {p} " in f" {table[str(k)]} ", k  # the exact fraction of each length
    assert table["0"].split()[:2] == ["0", "1/17"] and table["1"].split()[:2] == ["1", "48/425"]
    svg = re.search(r'<svg[^>]*id="lq-length".*?</svg>', html, re.DOTALL)
    assert svg, "the bar chart is in the page"
    chart_svg = svg[0]
    assert chart_svg.count('class="lq-bar"') == len(dist) - 1 and chart_svg.count('class="lq-pair"') == 1
    assert 'role="img"' in chart_svg and "<title" in chart_svg and "<desc" in chart_svg
    assert f"48/7 ≈ {MEAN[lang]}" in unescape(chart_svg)  # the mean, marked on the chart
    # The chart's text equivalent: its description and the table in a <details>.
    assert WORDS(lang, "odds.length.table") in text(html)


def test_the_other_packs_are_labelled_not_these_rules(built: tuple[str, str]) -> None:
    lang, html = built
    box = html[html.index('class="lq-odds lq-odds-packs"') :]
    box = box[: box.index("</table>")]
    assert WORDS(lang, "odds.packs.warning") in unescape(box)
    assert f">{WORDS(lang, 'odds.packs.caption')}</caption>" in unescape(box)
    packs = rows(box, "pack")
    assert list(packs) == [pack.name for pack in odds.PACKS]
    these = re.findall(r'<tr data-pack="(\w+)" data-these-rules="(true|false)"', box)
    assert these == [(p.name, str(p.these_rules).lower()) for p in odds.PACKS]
    assert [name for name, rule in these if rule == "true"] == ["one_pack"]
    for pack in odds.PACKS:
        line = packs[pack.name]
        assert line.startswith(WORDS(lang, f"odds.pack.{pack.name}"))
        verdict = WORDS(lang, "odds.packs.yes" if pack.these_rules else "odds.packs.no")
        assert verdict in line
        assert str(odds.opening_pair(pack)) in line and str(odds.bank_wins(pack)) in line
    assert "7/103" in packs["2x52"] and "7/13" in packs["forty"] and "17/31" in packs["thirty_two"]


def test_the_simulation_drawn_at_build_time(built: tuple[str, str], built_site: Any) -> None:
    lang, html = built
    sim = odds.simulation_json(odds.simulate(odds_page.SIM_DEALS, odds_page.SIM_SEED))
    first, second = odds_page.summary(lang, WORDS, sim)
    assert first in unescape(html) and second in unescape(html)
    summary = re.search(r'<p id="lq-sim-summary" data-share="([^"]+)" data-deals="(\d+)">', html)
    assert summary and float(summary[1]) == sim["bank_share"]["float"] and int(summary[2]) == sim["deals"]
    svg = re.search(r'<svg[^>]*id="lq-sim-chart".*?</svg>', html, re.DOTALL)
    assert svg and 'class="lq-reference"' in svg[0] and 'class="lq-observed"' in svg[0]
    reference = re.search(r'<line class="lq-reference"[^>]*data-value="([^"]+)"', svg[0])
    assert reference and float(reference[1]) == 9 / 17
    # The words and figures odds.js needs, as data (not a script: the CSP has nothing to allow).
    data = json.loads(found(r'<script type="application/json" id="lq-odds-data">(.*?)</script>', html)[1])
    assert data["expected"]["share"] == f"9/17 ≈ {SHARE[lang]}"
    # A counted word in each of its forms (the engine picks one for its number of deals).
    assert data["chart"] == {
        entry.removeprefix("odds.chart."): WORDS.catalogue(lang)[entry]
        for key in odds_page.CHART_LABELS
        for entry in WORDS.entries(lang, f"odds.chart.{key}")
    }
    assert data["summary"] == {
        entry.removeprefix("odds.sim."): WORDS.catalogue(lang)[entry]
        for key in odds_page.SUMMARY
        for entry in WORDS.entries(lang, f"odds.sim.{key}")
    }
    assert len(data["summary"]) == 1 + WORDS.plural(lang).forms  # the summary counts, not the details
    assert all(key.startswith("odds.sim.") for key in data["words"])
    deals = odds_page.SIM_DEALS
    origin = WORDS.count(
        lang, "odds.sim.built", deals, deals=chart.number(deals, lang), seed=odds_page.SIM_SEED
    )
    assert f'<p id="lq-sim-origin" data-origin="build">{origin}</p>' in unescape(html)
    # The wheel the worker installs is the one in the site.
    wheel = re.search(r'data-lq-wheel="((?:\.\./)+)(assets/wheels/[^"?]+)\?v=', html)
    assert wheel and (built_site.path / wheel[2]).is_file()


def test_every_word_the_script_names_is_in_the_page(built: tuple[str, str]) -> None:
    """odds.js reads its words from the page (#lq-odds-data): every key it names is there."""
    lang, html = built
    script = (ROOT / "docs" / "assets" / "js" / "odds.js").read_text("utf-8")
    keys = set(re.findall(r'"(odds\.sim\.[\w.]+)"', script))
    prefixes = {key for key in keys if key.endswith(".")}  # a status's words: the prefix and the status
    named = keys - prefixes
    data = json.loads(found(r'<script type="application/json" id="lq-odds-data">(.*?)</script>', html)[1])
    assert named and {entry for key in named for entry in WORDS.entries(lang, key)} <= set(data["words"])
    assert prefixes == {"odds.sim.loading."}
    for status in ("idle", "runtime", "engine", "ready", "running", "done", "failed"):
        assert set(WORDS.entries(lang, f"odds.sim.loading.{status}")) <= set(data["words"])


def test_only_the_odds_page_loads_its_script(built_site: Any) -> None:
    site = built_site.path
    for lang in LANGS:
        html = (site / PAGE[lang]).read_text("utf-8")
        assert (
            html.count('src="../assets/js/odds.js"' if lang == "fr" else 'src="../../assets/js/odds.js"') == 1
        )
        assert 'type="module"' in html
    # the variants page runs the same simulation for its variants (test_history.py)
    others = [p for p in site.rglob("*.html") if p.parent.name not in ("odds", "variants")]
    assert others and not [p for p in others if "odds.js" in p.read_text("utf-8")]


# --- the page follows the engine ------------------------------------------------------


def test_another_pack_gives_other_numbers() -> None:
    rules = figure_rows(render("en"))
    forty = figure_rows(render("en", pack=odds.FORTY))
    assert "9/17" in rules["bank_wins"] and "7/13" in forty["bank_wins"] and "9/17" not in forty["bank_wins"]
    assert "1/13" in forty["opening_pair"] and "39/7" in forty["cards_after_two"]
    assert "36/7" in forty["cards_per_deal"]
    lengths = rows(render("fr", pack=odds.THIRTY_TWO), "k")
    assert len(lengths) == len(odds.length_distribution(odds.THIRTY_TWO)) != len(odds.length_distribution())
    prose = render("fr", "La banque gagne {{ odds.bank_wins.approx }}.", pack=odds.FORTY)
    assert prose == f"La banque gagne 7/13 ≈ 53,8{NNBSP}%."


def test_a_different_engine_gives_a_different_page(monkeypatch: pytest.MonkeyPatch) -> None:
    before = figure_rows(render("fr"))
    monkeypatch.setattr(odds, "opening_pair", lambda pack=odds.ONE_PACK: Fraction(1, 5))
    after = figure_rows(render("fr"))
    assert "1/17" in before["opening_pair"] and "1/5" in after["opening_pair"]
    assert "9/17" in before["bank_wins"] and "3/5" in after["bank_wins"]  # 1/5 + 4/5 x 1/2
    assert "3/5 = 60,0" in render("fr", "{{ odds.bank_wins.approx }}")


def test_fences_and_figures_that_do_not_exist_stop_the_build() -> None:
    from mkdocs.exceptions import PluginError

    for markdown in (
        "```lansquenet-odds\ndice\n```\n",
        "{{ odds.house_edge }}",
        "{{ odds.bank_wins.roman }}",
    ):
        with pytest.raises(PluginError):
            render("en", markdown)
    assert render("en", "no odds here") == "no odds here"


@pytest.mark.parametrize("lang", LANGS)
def test_every_odds_word_exists_in_both_languages(lang: str) -> None:
    keys = {key for key in WORDS.catalogue(lang) if key.startswith("odds.")}
    other = {key for key in WORDS.catalogue("en" if lang == "fr" else "fr") if key.startswith("odds.")}
    assert keys == other
    used = {f"odds.figure.{k}" for k in odds_page.FIGURES} | {
        f"odds.chart.{k}" for k in odds_page.CHART_LABELS
    }
    used |= {f"odds.length.{k}" for k in odds_page.LENGTH_LABELS} | {
        f"odds.pack.{p.name}" for p in odds.PACKS
    }
    assert {entry for key in used for entry in WORDS.entries(lang, key)} <= keys


def test_numbers_in_both_languages() -> None:
    assert chart.percent(9 / 17, "fr") == f"52,9{NNBSP}%" and chart.percent(9 / 17, "en") == "52.9%"
    assert (
        chart.number(1_000_000, "fr") == f"1{NNBSP}000{NNBSP}000"
        and chart.number(1_000_000, "en") == "1,000,000"
    )
    assert chart.fraction(Fraction(48, 7), "fr", 2, share=False) == "48/7 ≈ 6,86"


TEACH = {"fr": "teach/index.html", "en": "en/teach/index.html"}


@pytest.mark.parametrize("lang", LANGS)
def test_how_a_rule_changes_sets_every_game_side_by_side_with_its_edge(built_site: Any, lang: str) -> None:
    """Issue 51: the teachers' "How a rule changes" sets the two games side by side (one
    row per entry of lansquenet.games), each with the figure the engine computes for it at
    build time (the bank's edge per counter covered; the holder's gain over a whole hand,
    C-13), exact and as a percentage, and the link that plays it."""
    html = (built_site.path / TEACH[lang]).read_text("utf-8")
    box = html[html.index('class="lq-odds lq-odds-games"') :]
    box = box[: box.index("</table>")]
    found = re.findall(r'<tr data-game="([^"]+)">(.*?)</tr>', box, re.DOTALL)
    assert [ident for ident, _ in found] == [game.id for game in games.GAMES]
    for (ident, row), game in zip(found, games.GAMES, strict=True):
        value = game.edge_value()
        assert re.search(rf'data-value="{value}"', row), ident
        assert chart.percent(float(value), lang, 1) in unescape(row)
        assert WORDS(lang, "games.name." + ident) in unescape(row)
        assert WORDS(lang, "games.edge." + ident, **game.edge[1]) in unescape(row)  # what it measures
        played = game.presets[0].id if game.presets else game.id
        href = unescape(re.findall(r'href="([^"]+)"', row)[-1])
        assert urljoin(f"/{PREFIX[lang]}teach/", href) == f"/{PREFIX[lang]}play/#rules={played}"
    assert games.GAMES[0].edge_value() == odds.bank_edge(odds.ONE_PACK)  # 1/17, R-D2
