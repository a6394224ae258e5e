"""History and the classroom (issue 12): the sources page's anchors, the history page's
citations, and the variants page's figures, which must be the engine's exact Fractions.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urljoin, urlparse

import pytest
from configured import LANGUAGES as LANGS

from lansquenet import odds

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
    article = html.split("<article", 1)[1].split("</article>", 1)[0]
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
    assert anchors == sorted(
        i for i in ids(read(site, "en" if lang == "fr" else "fr", "sources")) if i.startswith("src-")
    )


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
    "fr": (
        "retourne les cartes",
        "refuser la banque",
        "taille de banque",
        "partie à deux",
        "carte de la banque",
        "égalité",
        "stratégie",
        "Combien de temps",
        "banco",
        "baccara",
        "plusieurs jeux",
    ),
    "en": (
        "turns the cards",
        "refuse the bank",
        "How big should the bank",
        "two-player game",
        "back the bank's card",
        "tie at the end",
        "strategy",
        "How long",
        "banco",
        "baccarat",
        "several packs",
    ),
}
READINGS = {
    "fr": (
        "compte en **donnes**",
        "repart de **zéro**",
        "sont **sautés**",
        "**reviennent à leurs propriétaires**",
    ),
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
    "fr": (
        "Objectifs",
        "Pour une classe d'une trentaine d'élèves",
        "Un jeu d'argent, en classe",
        "Ticket de sortie",
    ),
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


# ---- issue 19: the history checked again, the class plan honest ----


class _Tree(HTMLParser):
    """Just enough of a DOM: every element with its attributes, parent and text."""

    VOID: ClassVar[set[str]] = {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: dict[str, Any] = {"tag": "#doc", "attrs": {}, "parent": None, "children": []}
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = {"tag": tag, "attrs": {k: v or "" for k, v in attrs}, "parent": self.stack[-1], "children": []}
        self.stack[-1]["children"].append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth]["tag"] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1]["children"].append(data)


def tree(html: str) -> dict[str, Any]:
    parser = _Tree()
    parser.feed(html)
    return parser.root


def text_of(node: dict[str, Any]) -> str:
    return "".join(c if isinstance(c, str) else text_of(c) for c in node["children"])


def texts_with_parents(node: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for child in node["children"]:
        found += [(child, node)] if isinstance(child, str) else texts_with_parents(child)
    return found


def elements(node: dict[str, Any], tag: str) -> list[dict[str, Any]]:
    found = [node] if node["tag"] == tag else []
    for child in node["children"]:
        if not isinstance(child, str):
            found += elements(child, tag)
    return found


def ancestors(node: dict[str, Any]) -> list[dict[str, Any]]:
    chain = []
    while node is not None:
        chain.append(node)
        node = node["parent"]
    return chain


def article(html: str) -> dict[str, Any]:
    found = elements(tree(html), "article")
    assert len(found) == 1
    return found[0]


def pages_of(site: Path, lang: str) -> list[Path]:
    """The built pages of one language that have an article (the French at the root)."""
    pages = [p for p in sorted(site.rglob("index.html")) if "<article" in p.read_text("utf-8")]
    return [p for p in pages if p.relative_to(site).as_posix().startswith("en/") == (lang == "en")]


BLOCKS = {"p", "li", "td", "th", "blockquote", "details", "h1", "h2", "h3", "h4", "caption", "dd"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_dates_rabelais_to_1534_without_giving_1542(site: Path, lang: str) -> None:
    # The TLF dates the word to the 1542 edition; 1534 dates the book (issue 19, item 1).
    # Wherever 1534 appears, the same paragraph (or the same list) gives 1542 too.
    seen = 0
    for path in pages_of(site, lang):
        for text, parent in texts_with_parents(article(path.read_text("utf-8"))):
            if "1534" not in text:
                continue
            seen += 1
            chain = ancestors(parent)
            block = next(n for n in chain if n["tag"] in BLOCKS or n["tag"] == "article")
            if block["tag"] == "li":  # a list of dates or of answers: the whole list
                block = next(n for n in chain if n["tag"] in ("ul", "ol"))
            assert "1542" in text_of(block), (path.relative_to(site).as_posix(), text_of(block)[:200])
    assert seen >= 5  # the history page, the sources, the handout, the teachers' keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_reference_of_the_sources_page_is_cited_from_another_page(site: Path, lang: str) -> None:
    sources = read(site, lang, "sources")
    anchors = {i for i in ids(sources) if i.startswith("src-")}
    cited: dict[str, set[str]] = {a: set() for a in anchors}
    for path in pages_of(site, lang):
        rel = path.relative_to(site).as_posix()
        if rel.endswith("sources/index.html"):
            continue
        url = "/" + rel.removesuffix("index.html")
        html = path.read_text("utf-8")
        for target, fragment in links_to_sources(html, url):
            assert target == f"/{PREFIX[lang]}sources/", (rel, target)
            assert fragment in anchors, (rel, fragment)
            cited[fragment].add(rel)
    assert {a for a, pages in cited.items() if not pages} == set()
    # and each reference gives a link to what was read
    for anchor in anchors:
        entry = sources.split(f'id="{anchor}"', 1)[1].split("</p>", 1)[0]
        assert re.search(r'href="(https?:)?//', entry) or 'href="http' in entry, anchor


def test_the_english_handout_marks_its_french(site: Path) -> None:
    root = article(read(site, "en", "handout"))

    def language(node: dict[str, Any]) -> str:
        return next((n["attrs"]["lang"] for n in ancestors(node) if "lang" in n["attrs"]), "en")

    quotes = elements(root, "blockquote")
    assert len(quotes) == 2
    assert [language(q) for q in quotes] == ["fr", "fr"]
    french = [
        t for t, parent in texts_with_parents(root) if re.search(r"\bau lansquenet\b", t, re.IGNORECASE)
    ]
    assert french, "the handout quotes the game's French name"
    for text, parent in texts_with_parents(root):
        if re.search(r"\b(au lansquenet|Jeu de hasard|On y donne)\b", text, re.IGNORECASE):
            assert language(parent) == "fr", text
    # the French handout has nothing to mark: it is French throughout
    assert 'lang="en"' not in read(site, "fr", "handout").split("<article", 1)[1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_handout_leaves_room_to_answer_each_question(site: Path, lang: str) -> None:
    root = article(read(site, lang, "handout"))
    questions = [ol for ol in elements(root, "ol") if "lq-questions" in ol["attrs"].get("class", "")]
    assert len(questions) == 1
    items = elements(questions[0], "li")
    assert len(items) == 4
    for item in items:
        boxes = [d for d in elements(item, "span") if "lq-answer" in d["attrs"].get("class", "").split()]
        assert len(boxes) == 1, text_of(item)


PLAN = {
    "fr": ("Le déroulé", "S'installer", "Ticket de sortie", "lecture", "partie"),
    "en": ("The plan", "Settling in", "Exit ticket", "reading", "part"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_plan_adds_up_to_fifty_minutes_with_settling_reading_and_exit_ticket(
    site: Path, lang: str
) -> None:
    heading, settle, ticket, reading, part = PLAN[lang]
    html = unescape(read(site, lang, "teach")).replace("\u2019", "'")
    section = html.split(f">{heading}<", 1)[1].split("<h2", 1)[0]
    rows = re.findall(
        r"<tr>\s*<td>(\d+)–(\d+)</td>\s*<td>(\d+) min</td>\s*<td>(.*?)</td>\s*<td>(.*?)</td>",
        section,
        re.DOTALL,
    )
    assert rows, "the plan's table"
    assert sum(int(length) for _, _, length, _, _ in rows) == 50
    assert int(rows[0][0]) == 0 and int(rows[-1][1]) == 50
    for (start, stop, length, _, _), (following, *_rest) in zip(rows, rows[1:] + [("50",)]):
        assert int(stop) - int(start) == int(length) and stop == following
    labels = [re.sub(r"<[^>]+>", "", label).strip() for _, _, _, label, _ in rows]
    assert labels[0] == settle and labels[-1] == ticket
    assert any(reading in what for *_, what in rows)  # the handout's reading has its own time
    # each part's heading states the minutes the plan gives it
    headings = {
        m.group(1): re.sub(r"<[^>]+>|¶", "", m.group(2)).replace("\xa0", " ").strip()
        for m in re.finditer(r'<h2 id="([^"]+)"[^>]*>(.*?)</h2>', html, re.DOTALL)
    }
    for _, _, length, label, _ in rows[1:-1]:
        anchor = re.search(r'href="#([^"]+)"', label)
        assert anchor, label
        assert headings[anchor.group(1)].endswith(f"({length} minutes)"), (
            label,
            headings.get(anchor.group(1)),
        )
    # every objective names the part of the lesson that works on it
    objectives = html.split(">Objecti", 1)[1].split("<h2", 1)[0]
    numbered = {h.split(".", 1)[0] for h in headings.values() if re.match(r"\d+\.", h)}
    items = re.findall(r"<li>(.*?)</li>", objectives, re.DOTALL)
    assert len(items) == 5
    for item in items:
        named = re.findall(rf"\b{part}s? (\d+)(?: (?:et|and|à|to) (\d+))?", re.sub(r"<[^>]+>", "", item))
        assert named, item
        assert {n for pair in named for n in pair if n} <= numbered, item
