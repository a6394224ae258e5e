"""The site's interface words (locales/<lang>/site.po): both languages complete, with the
same placeholders, and every word the play page's scripts name by its full key is there
(a missing one would show the reader a bare key such as "play.range_one"). A counted
word ("{deals} deals") has one entry per form of its language's plural rule, and the
scripts count exactly those (``word.count``): none reads "1 deals"."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from configured import LANGUAGES

from lansquenet.narration import read_header, read_po
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "docs" / "assets" / "js"
WORDS = Words(REPO / "locales")


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
    assert sorted(key for key in named if not set(WORDS.entries(lang, key)) <= set(entries(lang))) == []


def counted(lang: str) -> dict[str, set[int]]:
    """The catalogue's counted words (entries ``key.0``, ``key.1``…): their forms."""
    found: dict[str, set[int]] = {}
    for key in entries(lang):
        word, _, form = key.rpartition(".")
        if form.isdigit():
            found.setdefault(word, set()).add(int(form))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_counted_word_has_one_entry_per_plural_form(lang: str) -> None:
    words, forms = counted(lang), WORDS.plural(lang).forms
    assert {"play.quick_deals", "odds.sim.live", "odds.length.bar"} <= set(words)
    assert {word: found for word, found in words.items() if found != set(range(forms))} == {}
    assert sorted(set(words) & set(entries(lang))) == []  # no one-form entry beside its forms
    for word in words:  # the forms differ in their words only, never in what fills them
        assert len({frozenset(placeholders(entries(lang)[f"{word}.{k}"][0])) for k in range(forms)}) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scripts_count_the_counted_words_and_say_the_others(lang: str) -> None:
    # word.count("odds.sim.live", deals, …) picks a form; word("odds.sim.live") would be
    # a missing word, and word.count of a one-form word too: both stop the page's script.
    text = "\n".join(script.read_text("utf-8") for script in SCRIPTS.glob("*.js"))
    counts = set(re.findall(r'\bword\.count\("([\w.]+)"', text))
    says = set(re.findall(r'\bword\("([\w.]+)"', text))
    assert {"play.quick_deals", "odds.sim.live", "odds.sim.loading.done"} <= counts
    assert sorted(counts - set(counted(lang))) == [] and sorted(says & set(counted(lang))) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_site_and_the_engine_have_one_plural_rule_per_language(lang: str) -> None:
    # Each catalogue carries gettext's Plural-Forms header, and a language's two agree.
    headers = [
        read_header((REPO / "locales" / lang / f"{domain}.po").read_text("utf-8"))
        for domain in ("site", "lansquenet")
    ]
    assert headers[0]["Plural-Forms"] == headers[1]["Plural-Forms"]
    assert headers[0]["Plural-Forms"].startswith("nplurals=")
