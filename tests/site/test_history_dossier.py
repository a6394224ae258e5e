"""The historian's third reading (issue 42), read from the built site in every language
of the configuration: each mended claim that a test can say; the dossier of primary
sources (at least six documents, each with its parts); the timeline's missing century
and its tags; every reference of the sources page cited from another page; the lesson
"how a rule changes" (each form a link that plays it, its bank's edge from the engine)
and "why ban a game?".
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from configured import LANGUAGES, PREFIX
from helpers import article, article_texts, blocks, pages, read, text

from lansquenet import odds
from lansquenet_site import timeline
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
# The one sentence of the 1680 ruling that Boiteau's note quotes (Wikisource, scan 424), in its
# spelling: the procureur général's request, not the court's decision (issue 53).
RULING_1680 = (
    "Comme, outre tous ces jeux de hazard cy-devant défendus, on en a introduit un depuis "
    "quelque temps, appelé la bassette, où l'on assure que ceux qui le tiennent ont une "
    "certitude entière de gagner avec le temps, et que les pertes faites audit jeu par "
    "plusieurs enfants de famille les ont engagez emprunter de l'argent à tel denier que "
    "lesdits particuliers accusez d'usure ont voulu exiger d'eux, ledit procureur général "
    "estime estre obligé d'avoir recours à l'autorité de la cour pour faire renouveler les "
    "défenses générales prononcées contre tous les jeux de hazard, et encore plus grandes "
    "contre ceux qui donneront à jouer chez eux audit jeu de la bassette, et contre ceux qui "
    "y joueront."
)
URQUHART = "At the surly. / At the lansquenet. / At the cuckoo."
# What each language's pages must not say, or must say (test_every_language_has_its_words).
WORDS: dict[str, dict[str, Any]] = {
    "fr": {
        "word_1542": (
            "date le mot de 1542",
            "le mot lui-même de 1542",
            "date qu'il donne au mot",
            "pour dater un mot",
            "le mot n'entre dans la liste",
            "le mot n'y entre",
            "le mot entre dans la liste",
        ),
        "word": "mot",
        "sense": "sens",
        "traditionally": ("traditionnellement plusieurs jeux", "on jouait traditionnellement"),
        "several_packs": "plusieurs jeux",
        "ravenna": "Ravenne",
        "marignano": "Marignan",
        "later": "descriptions françaises plus tardives",
        "ours": "notre traduction",
        "published": "traduction anglaise publiée",
        "ban": "pourquoi-interdire-un-jeu",
        "lesson": "comment-une-regle-change",
    },
    "en": {
        "word_1542": (
            "dates the word to 1542",
            "dates the word itself to 1542",
            "date it gives the word",
            "to date a word",
            "the word enters",
        ),
        "word": "word",
        "sense": "sense",
        "traditionally": ("traditionally several packs", "several packs were traditionally"),
        "several_packs": "several packs",
        "ravenna": "Ravenna",
        "marignano": "Marignano",
        "later": "later french descriptions",
        "ours": "our translation",
        "published": "published translation",
        "ban": "why-ban-a-game",
        "lesson": "how-a-rule-changes",
    },
}
HISTORY_PAGES = ("rules/history", "sources", "teach", "handout", "faq", "dossier", "rules/preparing")
# A document's place names a numbered spot: a page, folio, column, scan, line, chapter or
# scene, or an archive's bundle (its shelfmark).
PLACE = re.compile(
    r"\b(?:p\.|pages?|f°|folio|col\.|colonnes?|columns?|vues?|scans?|lignes?|lines?|chapitres?|chapters?"
    r"|scènes?|scenes?|liasse|bundle)\s*[\dIVXL]",
    re.IGNORECASE,
)


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def test_every_language_has_its_words() -> None:
    assert set(LANGUAGES) == set(WORDS)


# ---- the mended claims ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_dates_the_word_to_1542(site: Path, lang: str) -> None:
    """1542 dates the game's sense (the Trésor's "date d'éd."), not the word."""
    for name in HISTORY_PAGES:
        said = text(article(read(site, lang, name)))
        for phrase in WORDS[lang]["word_1542"]:
            assert phrase not in said, (name, phrase)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["teach", "handout", "rules/history"])
def test_the_words_first_date_1490_stands_beside_the_senses_1542(site: Path, lang: str, name: str) -> None:
    word, sense = WORDS[lang]["word"], WORDS[lang]["sense"]
    found = [said for _, said in blocks(read(site, lang, name)) if "1490" in said and "1542" in said]
    assert any(word in said and sense in said for said in found), found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_several_packs_are_said_by_whom_and_when_never_traditionally(site: Path, lang: str) -> None:
    for path, said in article_texts(site, lang):
        for phrase in WORDS[lang]["traditionally"]:
            assert phrase not in said, (path, phrase)
    for name in ("rules/history", "rules/preparing", "faq"):
        # The timeline aside (Montmort's "several card games" is no pack).
        html = re.sub(r'<ol class="lq-timeline".*?</ol>', "", read(site, lang, name), flags=re.DOTALL)
        named = [s for _, s in blocks(html) if WORDS[lang]["several_packs"] in s.lower()]
        assert named and all("Boussac" in s and "1896" in s for s in named), (name, named)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["teach", "dossier", "rules/history"])
def test_the_1680_sentence_is_quoted_as_the_source_gives_it(site: Path, lang: str, name: str) -> None:
    """Teach's section, the dossier and the timeline's 1680 entry quote it as the source
    gives it; wherever the "certitude" is quoted, "l'on assure" or the ruling (or the
    request it quotes) comes with it: the text reports what is said, it asserts nothing."""
    html = read(site, lang, name)
    assert RULING_1680 in text(article(html)), name
    for _, said in blocks(html):
        if "certitude entière" in said:
            assert "on assure" in said or re.search(r"\b(arrêt|ruling|requête|request)\b", said), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ravenna_and_marignano_each_have_their_year(site: Path, lang: str) -> None:
    items = timeline_items(read(site, lang, "rules/history"))
    ravenna = [(date, said) for date, _, said, _ in items if WORDS[lang]["ravenna"] in said]
    marignano = [(date, said) for date, _, said, _ in items if WORDS[lang]["marignano"] in said]
    assert [date for date, _ in ravenna] == ["1512"]
    assert [date for date, _ in marignano] == ["1515"]
    assert WORDS[lang]["ravenna"] not in marignano[0][1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_urquharts_translation_is_quoted_exactly(site: Path, lang: str) -> None:
    assert URQUHART in text(article(read(site, lang, "sources")))
    assert URQUHART in text(article(read(site, lang, "dossier")))
    if lang == "en":
        assert URQUHART in text(article(read(site, lang, "handout")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_later_french_descriptions_are_named(site: Path, lang: str) -> None:
    for name in ("rules/history", "teach"):
        named = [s for _, s in blocks(read(site, lang, name)) if WORDS[lang]["later"] in s.lower()]
        assert named and all("Boussac" in s and "1896" in s and "Pagat" in s for s in named), name


# ---- the dossier ----


def documents(html: str) -> list[str]:
    return re.findall(r'<div class="lq-document">(.*?)</dl>', article(html), re.DOTALL)


def part(document: str, cls: str) -> str:
    found = re.search(rf'<(\w+) class="{cls}"[^>]*>(.*?)</\1>', document, re.DOTALL)
    assert found, cls
    return text(found.group(2))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dossier_has_six_documents_each_with_its_parts(site: Path, lang: str) -> None:
    found = documents(read(site, lang, "dossier"))
    assert len(found) >= 6
    for document in found:
        original = re.search(
            r'<blockquote class="lq-original" lang="([a-z-]+)">(.*?)</blockquote>', document, re.DOTALL
        )
        assert original and text(original.group(2)), document[:200]  # transcribed, its language marked
        translation = part(document, "lq-translation").lower()
        assert WORDS[lang]["ours"] in translation or WORDS[lang]["published"] in translation, translation
        assert PLACE.search(part(document, "lq-place")), part(document, "lq-place")
        assert re.search(r"\b1[5-9]\d\d\b|XVIII", part(document, "lq-date")), part(document, "lq-date")
        assert "?" in part(document, "lq-question")  # a question, not an instruction
        # a worksheet for the class: what it shows and does not show is the key's (issue 53)
        assert 'class="lq-shows"' not in document and 'class="lq-not"' not in document


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["rules/history", "teach", "sources"])
def test_the_dossier_is_linked(site: Path, lang: str, name: str) -> None:
    page_url = f"/{PREFIX[lang]}{name}/"
    hrefs = [
        urlparse(urljoin(page_url, unescape(h))).path
        for h in re.findall(r'href="([^"]+)"', article(read(site, lang, name)))
    ]
    assert f"/{PREFIX[lang]}dossier/" in hrefs


# ---- the timeline: the missing century, every entry tagged ----


def timeline_items(html: str) -> list[tuple[str, str, str, str]]:
    """(date, its link, the entry's text, its tag) of each entry of the page's timeline."""
    found = re.search(r'<ol class="lq-timeline"[^>]*>(.*?)</ol>', html, re.DOTALL)
    assert found, "no timeline"
    return [
        (text(date), unescape(href), text(said), tag)
        for tag, href, date, said in re.findall(
            r'<li class="lq-timeline-entry"[^>]*data-tag="([a-z]+)"[^>]*><a class="lq-timeline-date" href="([^"]+)">(.*?)</a>(.*?)</li>',
            found.group(1),
            re.DOTALL,
        )
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_missing_century_has_at_least_three_witnesses(site: Path, lang: str) -> None:
    years = [
        int(re.findall(r"\b1[4-9]\d\d\b", date)[0])
        for date, _, _, _ in timeline_items(read(site, lang, "rules/history"))
    ]
    assert len([y for y in years if 1543 <= y <= 1679]) >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_tagged_in_words_with_a_legend_and_a_filter(site: Path, lang: str) -> None:
    words = Words(REPO / "locales", LANGUAGES)
    html = read(site, lang, "rules/history")
    items = timeline_items(html)
    assert len(items) == len(timeline.entries())
    for (_, href, said, tag), entry in zip(items, timeline.entries(), strict=True):
        assert tag == entry.tag in timeline.TAGS
        assert said.startswith(text(words(lang, f"timeline.tag.{tag}"))), said  # shown in words
        assert "#src-" in href
    legend = re.search(r'<dl class="lq-timeline-legend"[^>]*>(.*?)</dl>', html, re.DOTALL)
    assert legend
    for tag in timeline.TAGS:
        assert text(words(lang, f"timeline.tag.{tag}")) in text(legend.group(1))
        assert text(words(lang, f"timeline.tag.{tag}.means")) in text(legend.group(1))
    boxes = re.findall(r'<input type="checkbox" name="lq-timeline-tag" value="([a-z]+)" checked>', html)
    assert boxes == list(timeline.TAGS)


# ---- the sources page: every reference cited from another page ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reference_of_the_sources_page_is_cited_from_another_page(site: Path, lang: str) -> None:
    sources_path = f"/{PREFIX[lang]}sources/"
    anchors = set(re.findall(r'<p\b[^>]*\bid="(src-[a-z0-9-]+)"', read(site, lang, "sources")))
    assert {"src-parlett", "src-depaulis", "src-aubigne", "src-urquhart"} <= anchors
    cited: set[str] = set()
    for path in pages(site, lang):
        page_url = "/" + path.relative_to(site).parent.as_posix() + "/"
        if page_url == sources_path:
            continue
        for href in re.findall(r'href="([^"]+)"', path.read_text("utf-8")):
            url = urlparse(urljoin(page_url, unescape(href)))
            if url.path == sources_path and url.fragment:
                cited.add(url.fragment)
    assert anchors <= cited, sorted(anchors - cited)


# ---- the teachers' page: how a rule changes, why ban a game ----

FORMS = {
    "half_on_pair": odds.variant("half_on_pair"),
    "six_packs": odds.variant("six_packs"),
    "standard": odds.Variant("standard", odds.ONE_PACK),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_form_of_the_lesson_plays_from_its_link_beside_its_engine_edge(site: Path, lang: str) -> None:
    html = read(site, lang, "teach")
    section = html.split(f'id="{WORDS[lang]["lesson"]}"', 1)[1].split("<h2", 1)[0]
    for preset, variant in FORMS.items():
        row = re.search(rf'<tr>(?:(?!</tr>).)*?href="([^"]*#rules={preset})".*?</tr>', section, re.DOTALL)
        assert row, preset
        assert urlparse(urljoin(f"/{PREFIX[lang]}teach/", row.group(1))).path == f"/{PREFIX[lang]}play/"
        edge = re.search(r'data-figure="bank_edge" data-value="([^"]+)"', row.group(0))
        assert edge and edge.group(1) == str(odds.variant_edge(variant)), preset
    # The class predicts before it reads: the figures wait behind "show".
    assert section.count("<details>") >= len(FORMS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_optional_part_is_listed_under_the_plan(site: Path, lang: str) -> None:
    html = read(site, lang, "teach")
    optional = re.search(r'<p class="lq-plan-optional">(.*?)</p>', html, re.DOTALL)
    assert optional and f'href="#{WORDS[lang]["lesson"]}"' in optional.group(1)
    assert f'<h2 id="{WORDS[lang]["lesson"]}"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_why_ban_a_game_quotes_the_bans_and_asks_its_two_questions(site: Path, lang: str) -> None:
    html = read(site, lang, "teach")
    section = html.split(f'id="{WORDS[lang]["ban"]}"', 1)[1].split("<h2", 1)[0]
    said = text(section)
    for date in ("1661", "1680", "1685", "1712", "1734"):
        assert date in said, date
    assert RULING_1680 in said
    edges = set(re.findall(r'data-figure="bank_edge" data-value="([^"]+)"', section))
    assert edges == {str(odds.variant_edge(v)) for v in FORMS.values()}
