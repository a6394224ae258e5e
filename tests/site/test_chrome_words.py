"""Material's own words on our pages are in the page's language: the footer's
"Made with" (overrides/partials/copyright.html) and the headings' permanent links (the
toc extension's title, set per page by the lansquenet plugin), from site.po."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX

from lansquenet_site.words import Words

WORDS = Words(Path(__file__).resolve().parents[2] / "locales")


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    path: Path = built_site.path
    return path


def test_material_words_are_in_the_page_language(site: Path) -> None:
    others = tuple(PREFIX[lang] for lang in LANGUAGES if PREFIX[lang])
    pages = {
        lang: [p for p in site.rglob("index.html") if not p.relative_to(site).as_posix().startswith(others)]
        if not PREFIX[lang]
        else list((site / PREFIX[lang]).rglob("index.html"))
        for lang in LANGUAGES
    }
    for lang, other in ((lang, other) for lang in LANGUAGES for other in LANGUAGES if other != lang):
        assert len(pages[lang]) >= 19  # every page
        for path in pages[lang]:
            html = path.read_text("utf-8")
            assert WORDS(lang, "chrome.made_with") in html, path
            assert WORDS(other, "chrome.made_with") not in html, path
            assert f'title="{WORDS(other, "chrome.permalink")}"' not in html, path
        assert f'title="{WORDS(lang, "chrome.permalink")}"' in (
            site / PREFIX[lang] / "rules" / "covering" / "index.html"
        ).read_text("utf-8")
