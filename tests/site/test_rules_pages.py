"""The historical variants on the built pages (issue 41; spec/VARIANTS.md): the play
page's "Rules" choice (the five presets of V-R3 as its values, each with its source and
the bank's edge from lansquenet.odds, "Custom" and its four parameters), and the
"Play this variant" links of the variants page and the odds page, which open the play
page with those rules. Both languages.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from configured import LANGUAGES, PREFIX
from helpers import found

from lansquenet import chart, games, odds, variants
from lansquenet_site.words import Words

ROOT = Path(__file__).resolve().parents[2]
WORDS = Words(ROOT / "locales")
NAMES = ["standard", "two_packs", "six_packs", "italian_forty", "half_on_pair"]  # V-R3
PRESETS = odds.preset_odds()  # each preset's figures, from the functions the coach uses


def coach(name: str) -> dict[str, Any]:
    """The coach's odds under a preset: move_odds with its pack and pair share."""
    rules = variants.PRESETS[name]
    return odds.move_odds(odds.rules_pack(rules), rules.share)


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def read(site: Path, lang: str, name: str) -> str:
    return (site / PREFIX[lang] / name / "index.html").read_text("utf-8")


def attrs(tag: str) -> dict[str, str]:
    return {k: unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', tag)}


def play_links(html: str, page: str) -> dict[str, str]:
    """The page's "Play this variant" links: the rules they ask for, by the address
    (from the site's top) they lead to."""
    found = {}
    for tag in re.findall(r'<a class="lq-play-variant"[^>]*>', html):
        url = urlsplit(urljoin("http://site/" + page, attrs(tag)["href"]))
        assert url.fragment.startswith("rules="), tag
        found[url.fragment.removeprefix("rules=")] = url.path
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_play_form_offers_the_five_presets_with_their_source_and_edge(site: Path, lang: str) -> None:
    html = read(site, lang, "play")
    select = re.search(r'<select id="lq-rules".*?</select>', html, re.DOTALL)
    assert select, "the set-up form has a Rules choice"
    options = re.findall(r"(<option[^>]*>)([^<]*)</option>", select[0])
    values = [attrs(tag)["value"] for tag, _ in options]
    # V-R3's names, as the option values, then every other game of lansquenet.games (its id)
    assert values == [*NAMES, "custom", *(game.id for game in games.GAMES[1:])]
    for game in games.GAMES[1:]:  # its rules object (COURT.md C-16) and its settings' fields, declared once
        tag = next(tag for tag, _ in options if f'value="{game.id}"' in tag)
        assert json.loads(attrs(tag)["data-game"]) == {"game": game.id}
        value = game.edge_value()  # its figure, computed by the engine (Game.edge)
        edge = WORDS(
            lang,
            "play.game.edge",
            what=WORDS(lang, "games.edge." + game.id, **game.edge[1]),
            exact=str(value),
            percent=chart.percent(float(value), lang, 1),
        )
        assert attrs(tag)["data-about"] == WORDS(lang, "play.game.about." + game.id) + " " + edge
        for setting in game.settings:
            field = re.search(rf'<input id="lq-{game.id}-{setting.key}"[^>]*>', html)
            assert field, setting.key
            bounds = attrs(field[0])
            assert (bounds["min"], bounds["max"], bounds["value"]) == tuple(
                map(str, (setting.least, setting.most, setting.default))
            )
    for (tag, text), preset in zip(options, PRESETS, strict=False):
        exact = preset.edge
        assert exact == Fraction(coach(preset.name)["bank"]["per_counter"])  # the coach's figure
        shown = f"{exact} ≈ {chart.percent(float(exact), lang, 1)}"
        assert shown in unescape(text) and shown in attrs(tag)["data-about"], text
        source = WORDS(lang, "play.rules.source." + preset.name)
        assert source in unescape(text) and source in attrs(tag)["data-about"]
        rules = variants.PRESETS[preset.name]
        assert json.loads(attrs(tag)["data-rules"]) == dict(
            zip(variants.PARAMETERS, rules.parameters(), strict=True)
        )
    # V-P3a: the form says that odd stakes give the bank less under half on a pair
    half = next(tag for tag, _ in options if 'value="half_on_pair"' in tag)
    assert WORDS(lang, "play.rules.odd_stakes") in attrs(half)["data-about"]
    # "Custom": the four parameters of V-R2, each with its values
    for key, values in (
        ("packs", [str(n) for n in range(1, 7)]),
        ("pack", ["52", "40", "32"]),
        ("pair_share", ["1", "1/2"]),
        ("successor", ["right", "left"]),
    ):
        field = re.search(rf'<select id="lq-rule-{key}".*?</select>', html, re.DOTALL)
        assert field and re.findall(r'<option value="([^"]+)"', field[0]) == values, key
    # the table's badge, read as text (a screen reader reads it too)
    assert (
        'id="lq-rules-badge"' in html and "aria-hidden" not in found(r"<[^>]*lq-rules-badge[^>]*>", html)[0]
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["variants", "odds"])
def test_every_variant_row_has_a_play_link_to_the_play_page(site: Path, lang: str, name: str) -> None:
    page = PREFIX[lang] + name + "/"
    links = play_links(read(site, lang, name), page)
    assert sorted(links) == sorted(NAMES)
    for target in links.values():
        assert target == "/" + PREFIX[lang] + "play/"  # the play page, in the page's language
    # each link is named after its variant for a screen reader
    html = read(site, lang, name)
    for preset in NAMES:
        label = WORDS(lang, "variants.play_named", name=WORDS(lang, "variants.name." + preset))
        assert f'aria-label="{label}"'.replace("'", "&#x27;") in html or f'aria-label="{label}"' in unescape(
            html
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_odds_page_gives_each_preset_the_coachs_figures_and_the_odd_stakes_note(
    site: Path, lang: str
) -> None:
    html = read(site, lang, "odds")
    rows = dict(re.findall(r'<tr data-preset="(\w+)">(.*?)</tr>', html, re.DOTALL))
    assert sorted(rows) == sorted(NAMES)
    for preset in PRESETS:
        exacts = [
            Fraction(x) for x in re.findall(r'<span class="lq-exact">([^<]+)</span>', rows[preset.name])
        ]
        stake = coach(preset.name)["stake"]
        assert exacts == [preset.opening_pair, preset.edge, Fraction(stake["win"])]
        assert Fraction(stake["per_counter"]) == -preset.edge  # what a stake loses is the bank's edge
    assert WORDS(lang, "odds.presets.odd_stakes") in unescape(html)
