"""A long part's digest is declared once (plan.json's "digest", issue 52, item 3): its
section's items ranked, what matters most first, and the minutes one item takes; the
class view (class.js) projects as many of them as the part's minutes hold, the whole
being on the pupils' phones. Here, without a browser: every ranked item is an item of
its section on the built teachers' page, in every language (a timeline entry by its
key, any other by its mark), and every item of the section is ranked once, so that
enough minutes project the section whole; the projected line saying where the whole is
is in every catalogue, and true: the pupils' page, at the part's anchor (plan.json's
"pupils", the part's QR code), holds every item ranked, the same words as the teachers'
page (one source: the history's timeline, the bans' texts and questions,
includes/ban*.md), and no teacher's text."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX
from helpers import ANSWERS, text

from lansquenet_site.class_plan import catalogue
from lansquenet_site.timeline import entries
from lansquenet_site.words import Words

ROOT = Path(__file__).resolve().parents[2]
WORDS = Words(ROOT / "locales")
DIGESTS = {key: part["digest"] for key, part in catalogue().items() if part.get("digest")}
MARK = re.compile(r'\sdata-(?:digest|timeline)="([^"]*)"')


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def section(site: Path, lang: str, key: str) -> str:
    """The part's section of the built teachers' page: from its heading to the next one
    as high (h2)."""
    html = (site / PREFIX[lang] / "teach" / "index.html").read_text("utf-8")
    anchor = WORDS(lang, f"plan.{key}.anchor")
    start = html.index(f'<h2 id="{anchor}"')
    end = html.find("<h2 ", start + 1)
    return html[start : end if end > 0 else len(html)]


def pupils_section(site: Path, key: str, lang: str) -> str:
    """The part's section of the built pupils' page, where its QR code leads (plan.json's
    "pupils": ``class/#ban``): from that heading to the next one as high (h2)."""
    path, anchor = catalogue()[key]["pupils"].split("#", 1)
    html = (site / PREFIX[lang] / path / "index.html").read_text("utf-8")
    start = html.index(f'<h2 id="{anchor}"')
    end = html.find("<h2 ", start + 1)
    return html[start : end if end > 0 else len(html)]


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Items(HTMLParser):
    """The text of each marked item of a section (data-digest or data-timeline: one item may
    be several elements, an entry and its quotation), by its mark."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str | None] = []  # each open element's mark, if any
        self.found: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        names = dict(attrs)
        mark = names.get("data-digest") or names.get("data-timeline")
        self.open.append(mark)
        if mark:
            self.found.setdefault(mark, []).append("")

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for mark in {mark for mark in self.open if mark}:
            self.found[mark][-1] += data


def items(section: str) -> dict[str, str]:
    parser = Items()
    parser.feed(section)
    return {mark: text(" | ".join(parts)) for mark, parts in parser.found.items()}


def test_the_long_parts_declare_a_ranked_digest_and_its_pace() -> None:
    # The three long parts of issue 52: the history's timeline, the four deals, the bans.
    assert set(DIGESTS) == {"history", "deals", "ban"}
    for key, digest in DIGESTS.items():
        ranked = digest["ranked"]
        assert ranked and len(set(ranked)) == len(ranked), key  # each item once
        assert digest["minutes_each"] > 0, key
        assert catalogue()[key].get("section"), key  # a section of the teachers' page to digest
    # The history's items are the timeline's entries, by their keys: all of them.
    assert sorted(DIGESTS["history"]["ranked"]) == sorted(entry.key for entry in entries())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(DIGESTS))
def test_a_digest_names_only_items_of_its_section_and_every_one_of_them(
    site: Path, lang: str, key: str
) -> None:
    marks = MARK.findall(section(site, lang, key))
    # Marked in the page (one item may take several elements: an entry and its quotation).
    assert marks, (key, lang)
    assert set(DIGESTS[key]["ranked"]) == set(marks), (
        key,
        lang,
        sorted(set(marks) ^ set(DIGESTS[key]["ranked"])),
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_projected_digest_says_the_whole_is_on_the_pupils_phones(site: Path, lang: str) -> None:
    said = WORDS(lang, "plan.digest.whole")
    assert said and said != "plan.digest.whole"
    html = unescape((site / PREFIX[lang] / "teach" / "index.html").read_text("utf-8"))
    for key in DIGESTS:
        screen = re.search(rf'<section class="lq-part" data-part="{key}".*?</section>', html, re.DOTALL)
        assert screen, key
        assert f"data-digest-whole hidden>{said}</p>" in screen[0], key


# The parts whose items are the pupils' to read on their phones (the deals' are four
# links on the pupils' page, each opening its deal on the play page).
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["history", "ban"])
def test_the_whole_is_on_the_pupils_phones_in_the_teachers_words_and_no_answer(
    site: Path, lang: str, key: str
) -> None:
    pupils = pupils_section(site, key, lang)
    teachers = items(section(site, lang, key))
    shown = items(pupils)
    # Every item the class view ranks (and may leave off the screen) is on the pupils' page,
    # word for word as on the teachers' page: the dated texts, the 1680 ruling and our
    # translation, the four questions.
    missing = [item for item in DIGESTS[key]["ranked"] if item not in shown]
    assert not missing, (key, lang, missing)
    for item in DIGESTS[key]["ranked"]:
        assert shown[item] == teachers[item], (key, lang, item)
    # No teacher's text on the pupils' page: no note, no answer key, not the plan.
    page = (site / PREFIX[lang] / catalogue()[key]["pupils"].split("#")[0] / "index.html").read_text("utf-8")
    assert not ANSWERS.search(page), (key, lang, ANSWERS.search(page))
    assert "<details" not in pupils
