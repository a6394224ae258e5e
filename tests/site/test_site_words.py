"""The site's interface words (locales/<lang>/site.po): both languages complete, with the
same placeholders, and every word the play page's scripts name by its full key is there
(a missing one would show the reader a bare key such as "play.range_one")."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from configured import LANGUAGES

from lansquenet.narration import read_header, read_po

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "docs" / "assets" / "js"


def entries(lang: str) -> dict[str, tuple[str, bool]]:
    return read_po((REPO / "locales" / lang / "site.po").read_text("utf-8"))


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name is not None}


def test_both_languages_have_the_same_words_none_empty_or_fuzzy() -> None:
    en, fr = entries("en"), entries("fr")
    assert sorted(set(en) ^ set(fr)) == []
    for lang, words in (("en", en), ("fr", fr)):
        assert [key for key, (text, fuzzy) in words.items() if not text or fuzzy] == [], lang


def test_both_languages_use_the_same_placeholders() -> None:
    en, fr = entries("en"), entries("fr")
    assert {k: (en[k][0], fr[k][0]) for k in en if placeholders(en[k][0]) != placeholders(fr[k][0])} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_a_play_script_names_is_in_the_catalogue(lang: str) -> None:
    named = {
        key
        for script in SCRIPTS.glob("*.js")
        for key in re.findall(r'"((?:play|steps|stepper)\.[a-z_.]+[a-z_])"', script.read_text("utf-8"))
    }
    assert {"play.you_play", "play.your_turn", "play.seat_mark", "play.range_one"} <= named
    assert sorted(named - set(entries(lang))) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_site_and_the_engine_have_one_plural_rule_per_language(lang: str) -> None:
    # Each catalogue carries gettext's Plural-Forms header, and a language's two agree.
    headers = [read_header((REPO / "locales" / lang / f"{domain}.po").read_text("utf-8")) for domain in ("site", "lansquenet")]
    assert headers[0]["Plural-Forms"] == headers[1]["Plural-Forms"]
    assert headers[0]["Plural-Forms"].startswith("nplurals=")
