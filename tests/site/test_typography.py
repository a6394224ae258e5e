"""French typography (issue 12): a narrow no-break space before ; ? !, a no-break space
before : and inside « », typographic apostrophes; never inside code, URLs or attributes.

Counted over the prose of every built French page (code, scripts and tags excluded),
and over the French catalogues, which the browser's engine reads too.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from lansquenet_site import typography

NBSP, NNBSP = "\u00a0", "\u202f"
# The root 404 page is bilingual (overrides/404.html, the site chrome): not a French page.
NOT_FRENCH = {"404.html"}


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def french_pages(site: Path) -> list[Path]:
    return [
        path
        for path in sorted(site.rglob("*.html"))
        if not path.relative_to(site).as_posix().startswith(("en/", "assets/"))
        and path.relative_to(site).as_posix() not in NOT_FRENCH
    ]


def test_french_pages_have_no_typographic_fault(site: Path) -> None:
    pages = french_pages(site)
    assert len(pages) > 15
    faults = {
        p.relative_to(site).as_posix(): typography.faults(typography.prose(p.read_text("utf-8")))
        for p in pages
    }
    assert {page: n for page, n in faults.items() if n} == {}
    # and the French really is there: the history page's prose uses the marks
    history = typography.prose((site / "rules/history/index.html").read_text("utf-8"))
    assert f"{NBSP}:" in history and "’" in history and f"«{NBSP}lansquenet{NBSP}»" in history


def test_code_urls_and_attributes_are_left_alone(site: Path) -> None:
    for page in french_pages(site):  # the doctype is markup, not prose
        assert page.read_text("utf-8").lstrip().lower().startswith("<!doctype html>"), page
    teach = (site / "teach/index.html").read_text("utf-8")
    assert "<code>https://</code>" in teach  # code keeps its colon
    assert 'href="https://' in (site / "sources/index.html").read_text("utf-8")
    for code in re.findall(r"<code>(.*?)</code>", teach):
        assert NNBSP not in code and "’" not in code
    for attrs in re.findall(r"<[a-z]+ [^>]*>", teach):
        assert NNBSP not in attrs and "’" not in attrs


def test_french_text_on_english_pages_is_set_the_french_way(site: Path) -> None:
    english = [p for p in sorted((site / "en").rglob("*.html")) if p.name != "404.html"]
    faults = {
        p.relative_to(site).as_posix(): typography.faults(
            typography.prose(p.read_text("utf-8"), french=False)
        )
        for p in english
    }
    assert {page: n for page, n in faults.items() if n} == {}
    column = typography.prose((site / "en/parallel/index.html").read_text("utf-8"), french=False)
    assert f"{NNBSP}?" in column  # the French column of the English parallel page


def test_english_pages_keep_english_typography(site: Path) -> None:
    faq = unescape((site / "en/faq/index.html").read_text("utf-8"))
    assert f"{NNBSP}?" not in faq and f"{NBSP}:" not in faq
    assert 'What do "banco" and "ponte" mean?' in faq


def msgstrs(po: Path) -> list[str]:
    return [
        json.loads(line[7:]) for line in po.read_text("utf-8").splitlines() if line.startswith('msgstr "')
    ]


@pytest.mark.parametrize("domain", ["lansquenet", "site"])
def test_french_catalogues_have_no_typographic_fault(repo_root: Path, domain: str) -> None:
    entries = [s for s in msgstrs(repo_root / "locales" / "fr" / f"{domain}.po") if s]
    assert len(entries) > 40
    bad = [s for s in entries if typography.faults(s)]
    assert bad == []
    assert any(NNBSP in s for s in entries) and any("’" in s for s in entries)


def test_the_fix_is_a_fixed_point() -> None:
    text = "Que veut dire « partir de la droite » ? L'as : banco ; oui !"
    once = typography.fix(text)
    assert typography.fix(once) == once and typography.faults(once) == 0
    assert typography.faults(text) == 7
