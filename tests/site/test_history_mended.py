"""The historian's fourth reading (issue 53), read from the built site in every language of
the configuration: the three wrong claims mended (the 1680 text is one sentence, the
procureur général's request; Ravenna and Marignano dated by historians, not by a
dictionary; the parallel page's source texts printed as they are, with what later reading
corrects), the loose claims mended or qualified, the timeline's tags by the legend's own
definitions, the five additions a teacher missed, and which game each document speaks of
(issue 51: the court game of the bans and of Montmort, not the later game of our rules).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX
from helpers import article, blocks, read, text

from lansquenet_site import timeline

HISTORY_PAGES = ("rules/history", "sources", "teach", "handout", "dossier", "rules/preparing", "variants")
# The references that are dictionaries (the legend: "dictionary", the date a dictionary
# gives), and the words each entry tagged so names its dictionary by.
DICTIONARIES = {
    "src-tlf": "Trésor de la langue française",
    "src-academie": "Académie française",
    "src-littre": "Littré",
}
GAMES = re.compile(r"\b(lansquenet|bassette|basset|hocca|pharaon|faro)\b", re.IGNORECASE)
WORDS: dict[str, dict[str, Any]] = {
    "fr": {
        "whole": (
            "l'arrêt en entier",
            "l'arrêt entier",
            "cite l'arrêt du parlement contre la bassette, en entier",
        ),
        "request": "requête du procureur général",
        "one_sentence": ("une phrase", "une seule phrase", "qu'une phrase"),
        "ban": "pourquoi-interdire-un-jeu",
        "reasons": (
            "injuste inégalité",
            "d'autres dénominations",
            "libertinage des fils de famille",
            "vols domestiques",
        ),
        "dancourt": ("Désolation des joueuses", "18 juillet 1687", "comédie sur une interdiction"),
        "imperfect": "imparfait",
        "cast": "liste des personnages",
        "fairly_sure": "Assez sûr",
        "environ": "2 livres 15 sous et environ 10 deniers",
        "money": ("0,28", "20 sous", "12 deniers", "10 livres"),
        "three_times": ("de trois époques",),
        "destroyed": ("fit détruire",),
        "ordered": "ordonna de détruire",
        "early_17th": ("Au début du XVII",),
        "packs_32": "32 cartes",
        "juste": "François Juste",
        "psichari": ("Psichari", "pu ni le lire"),
        "boiteau": "historien des cartes à jouer",
        "modernised": "orthographe que nous citons est celle du texte en ligne, modernisée",
        "beaumelle": ("La Beaumelle", "Revue des Deux Mondes"),
        "court": "jeu de la cour",
        "game_part": "Quel jeu",
        "not_archivist": "« épouvantable » est peut-être ceux",
        "defandus": "jeux défandus",
        "defendus": "« jeux défendus »",
        "most_19th": "la plupart des descriptions du XIX e siècle jouent",
        "all_19th": "des descriptions du XIX e siècle jouent",
        "translations": ("« encore joué » (notre traduction)", "(nos traductions)"),
        "handout_differs": "La version anglaise de cette fiche ajoute deux traductions",
        "parallel_note": ("imprimés tels quels", "Salon des jeux", "1542", "jeu de la cour"),
        "index_qualified": "imprime nos deux textes sources inchangés",
        "rennes": "13 mars 1712",
        "montmort_unread": "ne la citons donc pas",
    },
    "en": {
        "whole": ("quotes the ruling whole", "the whole ruling", "ruling against basset, whole"),
        "request": "procureur général's request",
        "one_sentence": ("one sentence", "only one sentence"),
        "ban": "why-ban-a-game",
        "reasons": (
            "injuste inégalité",
            "d'autres dénominations",
            "libertinage des fils de famille",
            "vols domestiques",
        ),
        "dancourt": ("Désolation des joueuses", "18 July 1687", "comedy about a ban"),
        "imperfect": "imperfect",
        "cast": "list of characters",
        "fairly_sure": "Fairly sure",
        "environ": "2 livres 15 sous and about 10 deniers",
        "money": ("0.28", "20 sous", "12 deniers", "10 livres"),
        "three_times": ("from three times",),
        "destroyed": ("had the edition destroyed", "had the edition\ndestroyed"),
        "ordered": "ordered the edition destroyed",
        "early_17th": ("Early in the seventeenth century",),
        "packs_32": "32-card packs",
        "juste": "François Juste",
        "psichari": ("Psichari", "neither read it"),
        "boiteau": "historian of playing cards",
        "modernised": "spelling we quote is the online text's, modernised",
        "beaumelle": ("La Beaumelle", "Revue des Deux Mondes"),
        "court": "court game",
        "game_part": "Which game",
        "not_archivist": "“épouvantable” may be the archivist's.",
        "defandus": "jeux défandus",
        "defendus": '"jeux défendus"',
        "most_19th": "most nineteenth-century descriptions play",
        "all_19th": "nineteenth-century descriptions play",
        "translations": ('"serviteur du pays", servant of the country (our translation)', "(our summary)"),
        "handout_differs": "This English sheet adds two translations",
        "parallel_note": ("printed as they are", "Salon des jeux", "1542", "court game"),
        "index_qualified": "prints our two source texts unchanged",
        "rennes": "13 March 1712",
        "montmort_unread": "so we do not quote it",
    },
}


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def test_every_language_has_its_words() -> None:
    assert set(LANGUAGES) == set(WORDS)


def said(site: Path, lang: str, name: str) -> str:
    return text(article(read(site, lang, name)))


def section(site: Path, lang: str, name: str, ident: str) -> str:
    html = read(site, lang, name)
    return text(html.split(f'id="{ident}"', 1)[1].split("<h2", 1)[0])


def source(site: Path, lang: str, anchor: str) -> str:
    found = re.search(rf'<p\b[^>]*\bid="{anchor}"[^>]*>(.*?)</p>', read(site, lang, "sources"), re.DOTALL)
    assert found, anchor
    return text(found.group(1))


def timeline_items(html: str) -> list[tuple[str, str, str, str]]:
    """(date, its source's anchor, the entry's text, its tag), in order."""
    found = re.search(r'<ol class="lq-timeline"[^>]*>(.*?)</ol>', html, re.DOTALL)
    assert found, "no timeline"
    return [
        (text(date), href.rsplit("#", 1)[1], text(words), tag)
        for tag, href, date, words in re.findall(
            r'<li class="lq-timeline-entry"[^>]*data-tag="([a-z]+)"[^>]*><a class="lq-timeline-date" href="([^"]+)">(.*?)</a>(.*?)</li>',
            found.group(1),
            re.DOTALL,
        )
    ]


def documents(html: str) -> dict[str, str]:
    """The dossier's documents by their anchor: the HTML from the heading to the facts' end."""
    return dict(
        re.findall(
            r'<h2 id="(doc-[a-z0-9-]+)".*?<div class="lq-document">(.*?)</dl>', article(html), re.DOTALL
        )
    )


def answers(html: str) -> dict[str, str]:
    """The key's answers by their anchor: the HTML from the heading to the facts' end."""
    return dict(
        re.findall(r'<h2 id="(key-[a-z0-9-]+)".*?<div class="lq-key">(.*?)</dl>', article(html), re.DOTALL)
    )


def part(document: str, cls: str) -> str:
    found = re.search(rf'<(\w+) class="{cls}"[^>]*>(.*?)</\1>', document, re.DOTALL)
    assert found, cls
    return text(found.group(2))


# ---- the three wrong claims ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_says_the_1680_ruling_is_quoted_whole(site: Path, lang: str) -> None:
    for name in HISTORY_PAGES:
        words = said(site, lang, name).lower()
        for phrase in WORDS[lang]["whole"]:
            assert phrase.lower() not in words, (name, phrase)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["sources", "teach", "dossier", "rules/history"])
def test_the_1680_text_is_called_one_sentence_the_procureurs_request(
    site: Path, lang: str, name: str
) -> None:
    """Boiteau's note gives one sentence, whose voice is the procureur général asking the
    court to act (scan 424): each page that quotes or cites it says so."""
    if name == "rules/history":  # the timeline's 1680 entry
        entry = next(words for date, _, words, _ in timeline_items(read(site, lang, name)) if "1680" in date)
        found = [entry]
    else:
        found = [s for _, s in blocks(read(site, lang, name)) if WORDS[lang]["request"] in s]
    assert found, name
    assert any(any(one in s for one in WORDS[lang]["one_sentence"]) for s in found), found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ravenna_and_marignano_are_dated_by_historians_not_by_a_dictionary(site: Path, lang: str) -> None:
    items = timeline_items(read(site, lang, "rules/history"))
    battles = [(date, anchor, tag) for date, anchor, _, tag in items if date in ("1512", "1515")]
    assert battles == [("1512", "src-dates", "inferred"), ("1515", "src-dates", "inferred")]
    dates = source(site, lang, "src-dates")
    assert "11" in dates and "1512" in dates and "1515" in dates and "1562" in dates


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_parallel_page_says_its_source_texts_are_printed_as_they_are(site: Path, lang: str) -> None:
    html = read(site, lang, "parallel")
    note = re.search(r'<div class="lq-source-note">(.*?)</div>', html, re.DOTALL)
    assert note, "no note"
    for phrase in WORDS[lang]["parallel_note"]:
        assert phrase in text(note.group(1)), phrase
    # the note comes before the texts it qualifies
    assert html.index("lq-source-note") < html.index('class="lq-parallel"')
    home = (site / PREFIX[lang] / "index.html").read_text("utf-8")
    promise = [h for h, s in blocks(home) if WORDS[lang]["index_qualified"] in s]
    assert promise and any('parallel/"' in h for h in promise)


# ---- the loose claims ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loose_claims_are_mended_or_qualified(site: Path, lang: str) -> None:
    w = WORDS[lang]
    sources = said(site, lang, "sources")
    dossier = said(site, lang, "dossier")
    teach = said(site, lang, "teach")
    # Urquhart: 1653 is the translation's date, the spelling the online text's
    assert w["modernised"] in source(site, lang, "src-urquhart")
    # the 1542 edition named; Psichari named as not read
    assert w["juste"] in source(site, lang, "src-rabelais") and w["juste"] in dossier
    assert all(p in source(site, lang, "src-rabelais") for p in w["psichari"])
    # Fæneste: an order to destroy, and a text of 1630
    assert w["ordered"] in source(site, lang, "src-aubigne")
    assert not any(p in sources for p in w["destroyed"])
    assert not any(p in dossier for p in w["early_17th"])
    # Zecchinetta: three 32-card packs
    assert w["packs_32"] in source(site, lang, "src-zecchinetta")
    # the Encyclopédie's « environ » where the source puts it
    assert w["environ"] in dossier
    # three descriptions, one of them undated
    assert not any(p in teach for p in w["three_times"])
    # « défandus » as the copy spells it
    for name in ("sources", "handout"):
        words = said(site, lang, name)
        assert w["defandus"] in words and w["defendus"] not in words, name
    # most nineteenth-century descriptions, not all
    history = said(site, lang, "rules/history")
    assert w["most_19th"] in history and history.count(w["all_19th"]) == history.count(w["most_19th"])
    # translations marked
    assert all(p in sources for p in w["translations"])
    # the dossier's Aurillac sentence
    assert w["not_archivist"] not in dossier
    # the handouts say how they differ
    assert w["handout_differs"] in said(site, lang, "handout")
    # the ordinance's reasons are quoted, not spliced over
    assert all(p in source(site, lang, "src-interdictions") for p in w["reasons"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_french_and_english_give_the_tlfs_dates_and_the_same_links(site: Path, lang: str) -> None:
    tlf = source(site, lang, "src-tlf")
    assert "Ca 1490" in tlf and "III, 308" in tlf and "1542" in tlf
    html = read(site, lang, "sources")
    other = read(site, next(other for other in LANGUAGES if other != lang), "sources")
    for anchor in re.findall(r'<p\b[^>]*\bid="(src-[a-z0-9-]+)"', html):
        ours = re.search(rf'id="{anchor}".*?</p>', html, re.DOTALL)
        theirs = re.search(rf'id="{anchor}".*?</p>', other, re.DOTALL)
        assert ours and theirs, anchor
        assert len(re.findall(r'href="http', ours.group(0))) == len(
            re.findall(r'href="http', theirs.group(0))
        ), anchor


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dossiers_dancourt_regnard_and_encyclopedie_say_what_the_texts_are(site: Path, lang: str) -> None:
    w = WORDS[lang]
    docs = documents(read(site, lang, "dossier"))
    keys = answers(read(site, lang, "dossier-key"))
    assert w["imperfect"] in part(keys["key-dancourt-1687"], "lq-shows")
    assert w["cast"] in part(keys["key-regnard-1696"], "lq-not")
    assert w["fairly_sure"] in part(docs["doc-regnard-1696"], "lq-date")
    explained = part(keys["key-encyclopedie"], "lq-shows") + part(keys["key-encyclopedie"], "lq-leads")
    assert all(p in explained for p in w["money"]), explained
    # the Montmort page, another engineer's: linked by its address in the page's language
    assert re.search(r'href="\.\./montmort/"', docs["doc-encyclopedie"])
    assert re.search(r'href="\.\./montmort/"', keys["key-encyclopedie"])
    question = part(docs["doc-encyclopedie"], "lq-question")
    assert all(p in question for p in w["money"][1:]), question  # the money of account, to answer it


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dossiers_key_gives_each_document_what_it_shows_and_leads(site: Path, lang: str) -> None:
    """Issue 52, item 5: the dossier is the class's worksheet; what each text shows, what
    it does not, and leads for its question are the teachers' key, on a page of its own."""
    dossier = read(site, lang, "dossier")
    docs = documents(dossier)
    keys = answers(read(site, lang, "dossier-key"))
    assert [k.replace("key-", "doc-") for k in keys] == list(docs)
    for key, answer in keys.items():
        assert part(answer, "lq-shows") and part(answer, "lq-not") and part(answer, "lq-leads"), key
        assert f'href="../dossier/#{key.replace("key-", "doc-")}"' in answer, key
    # the pupils' worksheet links neither to its key nor to the teachers' page (issue 52,
    # item 2: no answer one tap from a pupils' page); the teachers' page gives the key
    assert 'href="../dossier-key/' not in article(dossier) and 'href="../teach/' not in article(dossier)
    assert 'href="../dossier-key/"' in article(read(site, lang, "teach"))


# ---- the timeline: every tag by the legend's own definitions ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_timeline_tag_follows_the_legend(site: Path, lang: str) -> None:
    """dictionary: the date a dictionary gives, so its source is a dictionary and the entry
    names it; attested: a dated text that names the game, so its source is no dictionary,
    the entry names a game and its source's paragraph gives the year; inferred: a
    second-hand date, never a dictionary's."""
    items = timeline_items(read(site, lang, "rules/history"))
    assert len(items) == len(timeline.entries())
    for date, anchor, words, tag in items:
        if tag == "dictionary":
            assert anchor in DICTIONARIES and DICTIONARIES[anchor] in words, (date, anchor)
        else:
            assert anchor not in DICTIONARIES, (date, anchor, tag)
        if tag == "attested":
            year = re.findall(r"\b1[4-9]\d\d\b", date)[0]
            assert GAMES.search(words), (date, words)
            assert year in source(site, lang, anchor), (date, anchor)


def test_french_and_english_give_the_same_sources_for_the_same_dates(site: Path) -> None:
    lines = {
        lang: [
            (re.findall(r"\b1[4-9]\d\d\b", date), anchor, tag)
            for date, anchor, _, tag in timeline_items(read(site, lang, "rules/history"))
        ]
        for lang in LANGUAGES
    }
    first, *others = LANGUAGES
    for lang in others:
        assert lines[lang] == lines[first], lang


# ---- the five additions ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_why_ban_a_game_uses_the_ordinances_reasons_and_dancourts_play(site: Path, lang: str) -> None:
    w = WORDS[lang]
    ban = section(site, lang, "teach", w["ban"])
    for phrase in (*w["reasons"], *w["dancourt"], w["rennes"]):
        assert phrase in ban, phrase
    assert ban.count("?") >= 4  # the reasons and the play each get their question


@pytest.mark.parametrize("lang", LANGUAGES)
def test_maintenon_boiteau_and_montmort_are_placed(site: Path, lang: str) -> None:
    w = WORDS[lang]
    entries = {
        key: (date, anchor, words, tag)
        for (date, anchor, words, tag), key in zip(
            timeline_items(read(site, lang, "rules/history")),
            (e.key for e in timeline.entries()),
            strict=True,
        )
    }
    _, anchor, words, tag = entries["maintenon"]
    assert (anchor, tag) == ("src-littre", "dictionary") and "La Beaumelle" in words
    assert all(p in source(site, lang, "src-littre") for p in w["beaumelle"])
    assert entries["montmort"][3] == "attested" and entries["sauveur"][3] == "attested"
    assert entries["rennes"][0] == w["rennes"]
    assert w["boiteau"] in source(site, lang, "src-interdictions")
    montmort = source(site, lang, "src-montmort")
    # his remark on the holder's edge is not quoted: the 1708 text could not be read
    assert w["montmort_unread"] in montmort and "avantage considérable" not in said(site, lang, "sources")


# ---- issue 51: which game each document speaks of ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_document_says_which_game_it_speaks_of(site: Path, lang: str) -> None:
    w = WORDS[lang]
    html = read(site, lang, "dossier")
    docs = documents(html)
    assert len(docs) >= 7
    for anchor, document in docs.items():
        assert f"<dt>{w['game_part']}</dt>" in document, anchor
        assert part(document, "lq-game"), anchor
    for anchor in ("doc-arret-1680", "doc-dancourt-1687", "doc-regnard-1696", "doc-encyclopedie"):
        assert w["court"] in part(docs[anchor], "lq-game"), anchor
    for name in ("rules/history", "variants", "teach", "sources"):
        assert w["court"] in said(site, lang, name), name
