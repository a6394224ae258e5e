"""History and the classroom (issue 12): the sources page's anchors, the history page's
citations, and the variants page's figures, which must be the engine's exact Fractions.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest

from lansquenet import odds

LANGS = ("fr", "en")
PREFIX = {"fr": "", "en": "en/"}


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def read(site: Path, lang: str, name: str) -> str:
    return (site / PREFIX[lang] / name / "index.html").read_text("utf-8")


def ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


def links_to_sources(html: str, page_url: str) -> list[tuple[str, str]]:
    """(path, fragment) of every link from the page's article to a ``#src-`` anchor."""
    article = html.split('<article', 1)[1].split("</article>", 1)[0]
    found = []
    for href in re.findall(r'href="([^"]+#src-[^"]+)"', article):
        url = urlparse(urljoin(page_url, unescape(href)))
        found.append((url.path, url.fragment))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_sources_page_has_eight_references_with_anchors(site: Path, lang: str) -> None:
    html = read(site, lang, "sources")
    anchors = sorted(i for i in ids(html) if i.startswith("src-"))
    assert len(anchors) >= 8, anchors
    for anchor in anchors:
        assert re.fullmatch(r"src-[a-z0-9-]+", anchor)
    # both languages cite the same references
    assert anchors == sorted(i for i in ids(read(site, "en" if lang == "fr" else "fr", "sources")) if i.startswith("src-"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["rules/history", "variants"])
def test_every_citation_resolves_to_a_source(site: Path, lang: str, name: str) -> None:
    page_url = f"/{PREFIX[lang]}{name}/"
    html = read(site, lang, name)
    cited = links_to_sources(html, page_url)
    assert cited, "no citation"
    targets = ids(read(site, lang, "sources"))
    for path, fragment in cited:
        assert path == f"/{PREFIX[lang]}sources/", path  # the sources page of the same language
        assert fragment in targets, fragment


@pytest.mark.parametrize("lang", LANGS)
def test_history_cites_four_sources_and_dates_rabelais(site: Path, lang: str) -> None:
    html = read(site, lang, "rules/history")
    cited = {fragment for _, fragment in links_to_sources(html, f"/{PREFIX[lang]}rules/history/")}
    assert len(cited) >= 4, cited
    assert {"src-rabelais", "src-pagat", "src-zecchinetta"} <= cited
    body = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html.split("<article", 1)[1])))
    assert "1534" in body
    assert ("only named" if lang == "en" else "que nommé") in body  # a name in a list
    assert ("do not agree" if lang == "en" else "ne concordent pas") in body  # descriptions vary
    assert "Skin" in body and "Zecchinetta" in body


def variant_rows(html: str) -> dict[str, dict[str, Fraction]]:
    rows = {}
    for name, row in re.findall(r'<tr data-variant="([^"]+)"[^>]*>(.*?)</tr>', html, re.DOTALL):
        rows[name] = {k: Fraction(v) for k, v in re.findall(r'data-figure="(\w+)" data-value="([^"]+)"', row)}
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_variants_figures_are_the_engines(site: Path, lang: str) -> None:
    html = read(site, lang, "variants")
    rows = variant_rows(html)
    assert len(rows) >= 4
    assert set(rows) == {v.name for v in odds.VARIANTS}
    for v in odds.VARIANTS:
        expected = odds.variant_figures(v)
        assert rows[v.name] == {k: expected[k] for k in ("opening_pair", "bank_edge", "cards_per_deal")}
    assert rows["half_on_pair"]["bank_edge"] == Fraction(1, 34)


@pytest.mark.parametrize("lang", LANGS)
def test_variants_are_labelled_not_these_rules_and_cite_a_source(site: Path, lang: str) -> None:
    html = read(site, lang, "variants")
    label = "not these rules" if lang == "en" else "ce ne sont pas ces règles"
    for name, row in re.findall(r'<tr data-variant="([^"]+)"[^>]*>(.*?)</tr>', html, re.DOTALL):
        assert 'data-these-rules="false"' in html.split(f'data-variant="{name}"', 1)[1][:40]
        assert label in unescape(row), name
        assert "#src-" in row, name
    # the live simulation offers every variant, and sends it to the worker
    options = re.findall(r'<option value="([^"]+)"', html)
    assert options == [v.name for v in odds.VARIANTS]
    assert "assets/js/odds.js" in html


REQUIRED_FAQ = {
    "fr": ("retourne les cartes", "refuser la banque", "taille de banque", "partie à deux",
           "carte de la banque", "égalité", "stratégie", "Combien de temps", "banco",
           "baccara", "plusieurs jeux"),
    "en": ("turns the cards", "refuse the bank", "How big should the bank", "two-player game",
           "back the bank's card", "tie at the end", "strategy", "How long", "banco",
           "baccarat", "several packs"),
}
READINGS = {
    "fr": ("compte en **donnes**", "repart de **zéro**", "sont **sautés**", "**reviennent à leurs propriétaires**"),
    "en": ("in **deals**", "again at **zero**", "are **skipped**", "**go back to their"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_faq_has_33_questions_and_states_the_readings(repo_root: Path, site: Path, lang: str) -> None:
    source = (repo_root / "docs" / ("faq.md" if lang == "fr" else "faq.en.md")).read_text("utf-8")
    questions = re.findall(r"^### (.+)$", source, re.MULTILINE)
    assert len(questions) >= 33
    assert len(set(questions)) == len(questions)
    for words in REQUIRED_FAQ[lang]:
        assert any(words in q for q in questions), words
    for reading in READINGS[lang]:
        assert reading in source, reading
    html = read(site, lang, "faq")
    assert len(re.findall(r"<h3 id=", html)) == len(questions)


TEACH = {
    "fr": ("Objectifs", "Pour une classe d'une trentaine d'élèves", "Un jeu d'argent, en classe", "Ticket de sortie"),
    "en": ("Objectives", "For a class of about 30", "A gambling game, in class", "Exit ticket"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_teach_page_has_objectives_logistics_keys_and_an_exit_ticket(site: Path, lang: str) -> None:
    html = read(site, lang, "teach")
    headings = [
        re.sub(r"<[^>]+>|¶", "", unescape(h)).strip().replace("\u2019", "'")
        for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html)
    ]
    for heading in TEACH[lang]:
        assert heading in headings, (heading, headings)
    # every question the lesson asks has its key, collapsed for the teacher
    keys = re.findall(r'<details class="note">\s*<summary>(.*?)</summary>', html)
    assert len(keys) >= 5, keys
    assert 'href="../handout/"' in html and 'href="../variants/"' in html


@pytest.mark.parametrize("lang", LANGS)
def test_history_handout_quotes_two_primary_texts(site: Path, lang: str) -> None:
    html = read(site, lang, "handout")
    assert 'class="lq-sheet"' in html
    quotes = re.findall(r"<blockquote>(.*?)</blockquote>", html, re.DOTALL)
    assert len(quotes) == 2
    assert "Au lansquenet" in quotes[0] and "il gagne" in quotes[1]


@pytest.mark.parametrize("lang", LANGS)
def test_score_sheet_never_uses_b_for_the_bank(site: Path, lang: str) -> None:
    # "B" is a player's initial ("B 5, C 7"): the winner column uses signs, not letters
    text = unescape(re.sub(r"<[^>]+>", "", read(site, lang, "score")))
    assert not re.search(r"\bB (la banque|the bank)\b", text)
    assert ("+ la banque gagne" if lang == "fr" else "+ the bank wins") in re.sub(r"\s+", " ", text)
