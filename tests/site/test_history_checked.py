"""The historian's second reading (issue 33): each claim mended, read from the built site
in every language of the configuration, and the history's timeline of checked dates.

Each claim that a test can say has its test: no "our procedure" beside Zecchinetta; a
kept bank "doubles with each win" only "when it was fully covered"; 1534 worded as the
University of Tours (RENOM) words it; Montmort not "the first large treatise", after
Huygens and Sauveur; the cut list of rulings marked […]; Boiteau's note from scan 423,
with hoc and Lansquenet; Skin's rules in the present tense; Sicily credited to Pagat;
the calqued or loose wording gone. The timeline: one list item per entry of
``timeline.json``, in order of date, each date a link to a reference of the sources page
of the same language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from configured import LANGUAGES, PREFIX
from helpers import article, article_texts, blocks, pages, read, text

from lansquenet_site import timeline

# What each language's pages must not say, or must say, where a claim is worded; every
# language of the site has its words here (test_every_language_has_its_words).
WORDS: dict[str, dict[str, Any]] = {
    "fr": {
        "our_procedure": ("notre procédure", "même procédure"),
        "doubles": "double à chaque gain",
        "covered": "couverte",
        "renom": "plus sûrement du début de l'année 1535",
        "first_edition_1534": "date de la première édition",
        "first_treatise": "premier grand traité",
        "past_tense": "en parle au passé",
        "present_tense": "au présent",
        "loose": ("profil de table", "utilisent un banquier"),
        "our_choice": "notre choix",
    },
    "en": {
        "our_procedure": ("our procedure", "same procedure"),
        "doubles": "doubles with each win",
        "covered": "covered",
        "renom": "most surely from the beginning of 1535",
        "first_edition_1534": "the book's first edition",
        "first_treatise": "first large treatise",
        "past_tense": "speaks of it in the past tense",
        "present_tense": "present tense",
        "loose": (
            "what stands is",
            "it makes an exercise",
            "a ready lesson",
            "stacked cards",
            "cards stacked",
        ),
        "our_choice": "our choice",
    },
}


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def source(html: str, ident: str) -> str:
    found = re.search(rf'<p\b[^>]*\bid="{ident}"[^>]*>(.*?)</p>', html, re.DOTALL)
    assert found, ident
    return found.group(1)


def said_in_articles(site: Path, lang: str) -> Iterator[tuple[Path, str]]:
    """Each block of text of the built pages in ``lang`` that have an article, with its page."""
    for path in pages(site, lang):
        html = path.read_text("utf-8")
        if "<article" in html:
            for _, said in blocks(html):
                yield path, said


def test_every_language_has_its_words() -> None:
    assert set(LANGUAGES) == set(WORDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_calls_a_zecchinetta_form_our_procedure(site: Path, lang: str) -> None:
    checked = 0
    for path, said in said_in_articles(site, lang):
        if "Zecchinetta" in said:
            checked += 1
            for phrase in WORDS[lang]["our_procedure"]:
                assert phrase not in said.lower(), (path, said)
    assert checked >= 5  # history, sources, teach, FAQ, variants


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kept_bank_doubles_only_when_it_was_fully_covered(site: Path, lang: str) -> None:
    doubles, covered = WORDS[lang]["doubles"], WORDS[lang]["covered"]
    found = 0
    for path, said in said_in_articles(site, lang):
        if doubles in said:
            found += 1
            assert covered in said, (path, said)
    assert found >= 2  # the FAQ and teach's answer key say it, with "covered"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["rules/history", "teach"])
def test_1534_is_worded_as_the_university_of_tours_words_it(site: Path, lang: str, name: str) -> None:
    said = text(article(read(site, lang, name)))
    assert WORDS[lang]["renom"] in said
    assert WORDS[lang]["first_edition_1534"] not in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rabelais_source_links_the_renom_page_on_the_first_edition(site: Path, lang: str) -> None:
    entry = source(read(site, lang, "sources"), "src-rabelais")
    assert "renom.univ-tours.fr/" in entry and "/gargantua-1534" in entry
    assert WORDS[lang]["renom"].split(" de l'")[0].split(" from")[0] in text(entry)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_montmort_comes_after_huygens_and_sauveur(site: Path, lang: str) -> None:
    html = read(site, lang, "sources")
    entry = text(source(html, "src-montmort"))
    assert WORDS[lang]["first_treatise"] not in entry.lower()
    assert "Huygens" in entry and "1657" in entry and "Sauveur" in entry and "1679" in entry
    assert WORDS[lang]["first_treatise"] not in text(article(html)).lower()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_of_rulings_is_marked_as_cut(site: Path, lang: str) -> None:
    entry = text(source(read(site, lang, "sources"), "src-interdictions"))
    assert re.search(r"1687,? \[…\]", entry), entry


@pytest.mark.parametrize("lang", LANGUAGES)
def test_boiteaus_note_is_read_from_scan_423_with_hoc_and_lansquenet(site: Path, lang: str) -> None:
    entry = source(read(site, lang, "sources"), "src-interdictions")
    assert "Boiteau,_1858.djvu/423" in entry and "Boiteau,_1858.djvu/424" in entry
    said = text(entry)
    assert "comme le hoc ou hocca et le lansquenet" in said
    assert "certitude entière de gagner avec le temps" in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_skins_rules_are_given_in_the_present_tense(site: Path, lang: str) -> None:
    for name in ("rules/history", "sources"):
        said = text(article(read(site, lang, name)))
        assert WORDS[lang]["past_tense"] not in said, name
    assert WORDS[lang]["present_tense"] in text(source(read(site, lang, "sources"), "src-skin"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sicily_is_credited_to_pagat(site: Path, lang: str) -> None:
    """Pagat, not Italian Wikipedia, says where Zecchinetta is played."""
    sicily = re.compile(r"\bSicil(?:e|y)\b")
    cited = 0
    for name in ("rules/history", "sources"):
        for html, said in blocks(read(site, lang, name)):
            if sicily.search(said) and "Zecchinetta" in said:
                cited += 1
                assert "#src-pagat" in html or "Pagat" in said, said
    assert cited >= 1
    assert not sicily.search(text(source(read(site, lang, "sources"), "src-zecchinetta")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loose_wording_is_gone(site: Path, lang: str) -> None:
    for path, said in article_texts(site, lang):
        for phrase in WORDS[lang]["loose"]:
            assert phrase not in said, (path, phrase)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_40_card_row_cites_regole_del_gioco_and_says_its_pair_is_our_choice(
    site: Path, lang: str
) -> None:
    row = re.search(r'<tr data-variant="italian_forty".*?</tr>', read(site, lang, "variants"), re.DOTALL)
    assert row
    assert "#src-regoledelgioco" in row.group(0)
    assert WORDS[lang]["our_choice"] in text(row.group(0))


# ---- the timeline of checked dates ----


def timeline_items(html: str) -> list[tuple[str, str, str]]:
    """(date, its link, the entry's text) of each item of the page's timeline."""
    found = re.search(r'<ol class="lq-timeline"[^>]*>(.*?)</ol>', html, re.DOTALL)
    assert found, "no timeline"
    return [
        (text(date), unescape(href), text(said))
        for href, date, said in re.findall(
            r'<li class="lq-timeline-entry"[^>]*><a class="lq-timeline-date" href="([^"]+)">(.*?)</a>(.*?)</li>',
            found.group(1),
            re.DOTALL,
        )
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_date_of_the_timeline_links_to_a_source_of_the_sources_page(site: Path, lang: str) -> None:
    page_url = f"/{PREFIX[lang]}rules/history/"
    items = timeline_items(read(site, lang, "rules/history"))
    assert len(items) == len(timeline.entries()) >= 12
    sources = read(site, lang, "sources")
    anchors = set(re.findall(r'<p\b[^>]*\bid="(src-[a-z0-9-]+)"', sources))
    for (date, href, said), entry in zip(items, timeline.entries(), strict=True):
        url = urlparse(urljoin(page_url, href))
        assert url.path == f"/{PREFIX[lang]}sources/", href
        assert url.fragment == entry.source and url.fragment in anchors, href
        assert re.search(r"\b1[4-9]\d\d\b", date), date  # the date, as text
        assert said, date


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_timeline_runs_in_order_of_date(site: Path, lang: str) -> None:
    years = [
        int(re.findall(r"\b1[4-9]\d\d\b", date)[0])
        for date, _, _ in timeline_items(read(site, lang, "rules/history"))
    ]
    assert years == sorted(years)


def test_every_timeline_entry_has_its_words_in_every_language() -> None:
    from lansquenet_site.words import Words

    words = Words(Path(__file__).resolve().parents[2] / "locales", LANGUAGES)
    for lang in LANGUAGES:
        for entry in timeline.entries():
            assert words(lang, f"timeline.{entry.key}.date") and words(lang, f"timeline.{entry.key}.text")


def test_the_timeline_modules_examples_hold() -> None:
    import doctest

    result = doctest.testmod(timeline)
    assert result.attempted >= 2 and result.failed == 0
