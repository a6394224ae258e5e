"""A long part's digest is declared once (plan.json's "digest", issue 52, item 3): its
section's items ranked, what matters most first, and the minutes one item takes; the
class view (class.js) projects as many of them as the part's minutes hold, the whole
being on the pupils' phones. Here, without a browser: every ranked item is an item of
its section on the built teachers' page, in every language (a timeline entry by its
key, any other by its mark), and every item of the section is ranked once, so that
enough minutes project the section whole; the projected line saying where the whole is
is in every catalogue."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX

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
