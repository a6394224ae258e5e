"""The Montmort page (issue 51, spec/COURT.md §3 and C-15), read from the built site in
every language of the configuration: the *Encyclopédie*'s printed figures beside the
engine's exact values, rendered at build time. Every computed value on the page is the
engine's (``lansquenet.court_odds``, recomputed here); every printed one is the data
file's, and each data entry's figure is the one its quoted sentence prints; three to five
people agree to the denier, six and seven do not, nor A and C of the four-person split,
and the page says so; the page names where the figures were read, and says that
Montmort's own pages were not."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES
from helpers import article, read, text

from lansquenet.court_odds import DENIERS_PER_F, hand_value, money, punters
from lansquenet_site import montmort
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales", LANGUAGES)
DATA = json.loads(montmort.DATA.read_text("utf-8"))
# What each language's prose says of the agreement (test_the_page_says_where_they_agree).
SAYS: dict[str, dict[str, str]] = {
    "fr": {
        "agree": "Trois, quatre et cinq personnes : d'accord au denier près",
        "differ": "Six et sept personnes : ils diffèrent",
        "split": "B est d'accord au denier près ; A et C ne le sont pas",
        "unread": "Nous n'avons pas lu Montmort lui-même",
    },
    "en": {
        "agree": "Three, four and five people: they agree to the denier",
        "differ": "Six and seven people: they differ",
        "split": "B agrees to the denier; A and C do not",
        "unread": "We have not read Montmort himself",
    },
}


@pytest.fixture(scope="module")
def site(built_site: Any) -> Path:
    return Path(built_site.path)


def page(site: Path, lang: str) -> str:
    return read(site, lang, "montmort")


def table(html: str, part: str) -> str:
    found = re.search(
        rf'<div class="lq-odds lq-montmort" data-montmort="{part}"[^>]*>(.*?)</table>', html, re.DOTALL
    )
    assert found, f"no {part} table"
    return found.group(1)


def rows(html: str, attribute: str) -> dict[str, str]:
    return dict(re.findall(rf'<tr {attribute}="([^"]+)">(.*?)</tr>', html, re.DOTALL))


def cell(row: str, klass: str) -> str:
    found = re.search(rf'<td class="{klass}"[^>]*>(.*?)</td>', row, re.DOTALL)
    assert found, klass
    return text(found.group(1))


def amount(lang: str, value: Fraction) -> str:
    """The engine's value as the page writes it, from the catalogue: ``2 l. 15 s. 10 d.``."""
    m = money(value)
    key = "montmort.money" if m.livres else "montmort.money.nolivres"
    return text(WORDS(lang, key, livres=m.livres, sous=m.sous, deniers=m.deniers))


def printed(lsd: list[int]) -> Fraction:
    return Fraction(montmort.deniers((lsd[0], lsd[1], lsd[2])), DENIERS_PER_F)


def test_every_language_has_its_words() -> None:
    assert set(LANGUAGES) == set(SAYS)


# ---- the data file: the printed figures, once ----


NUMBERS = re.compile(
    r"(\d+) (?:liv\.|l\.) (\d+) (?:s\.|sols)[^\d]*(\d+) (?:den\.|d\.)|(\d+) sols\. (\d+) den\."
)


@pytest.mark.parametrize(
    "entry", [*DATA["holder"], *DATA["split"]["coupeurs"]], ids=lambda e: e["quote"][:24]
)
def test_each_printed_figure_is_the_one_its_sentence_prints(entry: dict[str, Any]) -> None:  # C-15
    found = NUMBERS.search(entry["quote"])
    assert found, entry["quote"]
    figures = [int(n) for n in found.groups() if n is not None]
    assert figures == entry["printed"][-len(figures) :] and sum(entry["printed"][: -len(figures)]) == 0


def test_the_data_covers_three_to_seven_people_and_the_four_person_split() -> None:  # COURT.md §3
    assert [row["people"] for row in DATA["holder"]] == [3, 4, 5, 6, 7]
    assert [row["seat"] for row in DATA["split"]["coupeurs"]] == ["A", "B", "C"]
    assert DATA["split"]["people"] == 4
    assert DATA["address"].startswith(
        "https://fr.wikisource.org/wiki/Page:Diderot_-_Encyclopedie_1ere_edition_tome_9"
    )


# ---- the built pages ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_holders_advantage_printed_and_computed(site: Path, lang: str) -> None:  # C-15, C-13
    found = rows(table(page(site, lang), "holder"), "data-people")
    assert [int(n) for n in found] == [row["people"] for row in DATA["holder"]]
    for entry in DATA["holder"]:
        row, n = found[str(entry["people"])], entry["people"]
        value = hand_value(n)
        computed = re.search(r'data-exact="([^"]+)"', row)
        assert computed and Fraction(computed.group(1)) == value
        assert cell(row, "lq-montmort-computed").startswith(amount(lang, value))
        assert cell(row, "lq-montmort-printed") == amount(lang, printed(entry["printed"]))
        assert text(WORDS(lang, "montmort.fraction", fraction=str(value))) == cell(row, "lq-exact")
        assert unescape(entry["quote"]) in unescape(row)  # the sentence, as read
        rest = money(value).rest
        assert text(WORDS(lang, "montmort.rest", rest=str(rest))) in cell(row, "lq-montmort-computed")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_to_five_agree_to_the_denier_six_and_seven_do_not(site: Path, lang: str) -> None:  # C-15
    found = rows(table(page(site, lang), "holder"), "data-people")
    agree = {n: 'data-agree="true"' in row for n, row in found.items()}
    assert agree == {"3": True, "4": True, "5": True, "6": False, "7": False}
    for entry in DATA["holder"]:
        gap = money(hand_value(entry["people"])).in_deniers // 1 - printed(entry["printed"]) * DENIERS_PER_F
        said = cell(found[str(entry["people"])], "lq-montmort-check")
        if gap == 0:
            assert said == text(WORDS(lang, "montmort.agree"))
        else:  # the engine's figure is higher than the printed one, by the gap said
            assert gap > 0
            assert said == text(
                WORDS(lang, "montmort.more", amount=amount(lang, Fraction(gap, DENIERS_PER_F)))
            )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_four_person_split(site: Path, lang: str) -> None:  # C-15, C-6: A first
    found = rows(table(page(site, lang), "split"), "data-seat")
    losses = punters(DATA["split"]["people"])
    for entry, loss in zip(DATA["split"]["coupeurs"], losses, strict=True):
        row = found[entry["seat"]]
        computed = re.search(r'data-exact="([^"]+)"', row)
        assert computed and Fraction(computed.group(1)) == loss
        assert cell(row, "lq-montmort-computed").startswith(amount(lang, loss))
        assert cell(row, "lq-montmort-printed") == amount(lang, printed(entry["printed"]))
    agree = {seat: 'data-agree="true"' in found[seat] for seat in "ABC"}
    assert agree == {"A": False, "B": True, "C": False}
    total = found["sum"]
    assert (
        cell(total, "lq-montmort-computed")
        == amount(lang, sum(losses, Fraction(0)))
        == amount(lang, hand_value(4))
    )
    printed_sum = sum((printed(entry["printed"]) for entry in DATA["split"]["coupeurs"]), Fraction(0))
    assert cell(total, "lq-montmort-printed") == amount(lang, printed_sum)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_reading_is_the_engines(site: Path, lang: str) -> None:  # C-1, C-10: the readings COURT.md names
    found = rows(table(page(site, lang), "readings"), "data-people")
    for entry in DATA["holder"]:
        n, row = entry["people"], found[str(entry["people"])]
        cells = dict(re.findall(r'data-reading="([^"]+)" data-exact="([^"]+)">', row))
        expected = {
            "court": hand_value(n),
            "shifted": hand_value(n + 1),
            "match_voids": hand_value(n, "match_voids"),
        }
        assert {key: Fraction(value) for key, value in cells.items()} == expected
        shown = dict(re.findall(r'data-reading="([^"]+)" data-exact="[^"]+">(.*?)</td>', row))
        assert {key: text(value) for key, value in shown.items()} == {
            key: amount(lang, value) for key, value in expected.items()
        }
        # only our readings agree with the printed figure, and only for three to five people
        for key, value in expected.items():
            agrees = money(value).in_deniers // 1 == printed(entry["printed"]) * DENIERS_PER_F
            assert agrees == (key == "court" and n <= 5), (n, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_where_they_agree_and_what_stays_open(site: Path, lang: str) -> None:
    said = text(article(page(site, lang)))
    for phrase in SAYS[lang].values():
        assert phrase in said, phrase


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_names_where_it_read_the_figures(site: Path, lang: str) -> None:
    html = article(page(site, lang))
    assert f'href="{DATA["address"]}"' in html  # the Encyclopédie's page, read
    assert 'href="../sources/#src-montmort"' in html and 'href="../sources/#src-encyclopedie"' in html
    quoted = len(DATA["holder"]) + len(DATA["split"]["coupeurs"])
    assert html.count('<td class="lq-montmort-quote">') == quoted
    assert html.count('<span lang="fr">') >= quoted  # the quoted sentences are French in every language


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_wide_table_scrolls_in_its_own_box(site: Path, lang: str) -> None:  # phone first
    html = page(site, lang)
    assert html.count("<table>") == 3
    assert html.count('<div class="lq-scroll" role="region" tabindex="0"') == 3
    assert "assets/css/odds.css" in html


def test_the_printed_figures_are_written_once() -> None:
    """Declare once: no page's Markdown and no other file of the plugins repeats a printed
    figure in l. s. d.; the data file holds them."""
    written = [entry["quote"] for entry in DATA["holder"]]
    for path in [*(REPO / "docs").glob("montmort*.md"), *(REPO / "site_plugins").rglob("*.py")]:
        source = path.read_text("utf-8")
        for quote in written:
            assert quote not in source, (path, quote)
        assert "liv." not in source and "den. de deniers" not in source, path


def test_the_montmort_modules_examples_hold() -> None:
    import doctest

    result = doctest.testmod(montmort)
    assert result.failed == 0 and result.attempted >= 2
