"""Ways into the site (issue 17, item 9): the home page's three doors above the fold,
search that finds every page in its language, a deal log whose columns all show and
whose headers stand apart, and printed headings that never break inside a word."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from configured import LANGUAGES
from helpers import READY_MS, engine_ready, link_to
from playwright.sync_api import Page, expect

HOME = {"fr": "/", "en": "/en/"}
DOORS = {"fr": ["Apprendre en jouant", "Jouer", "Enseigner"], "en": ["Learn by playing", "Play", "Teach"]}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(360, 740), (1280, 720)], ids=["phone", "desktop"])
def test_the_home_page_shows_three_doors_above_the_fold(page: Page, lang: str, size: tuple[int, int]) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(HOME[lang])
    doors = page.locator("article .lq-doors a.md-button")
    expect(doors).to_have_text(DOORS[lang])
    hrefs = [str(door.get_attribute("href")) for door in doors.all()]
    assert [h.rsplit("/", 2)[-2] for h in hrefs] == ["learn", "play", "teach"], hrefs
    for door in doors.all():
        box = door.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (door.text_content(), box)
        assert 0 <= box["x"] and box["x"] + box["width"] <= width
        assert box["height"] >= 44
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


@pytest.mark.search
@pytest.mark.parametrize(
    ("lang", "query", "found"),
    [
        ("fr", "feuille de marque", "score/"),
        ("fr", "règles en deux langues", "parallel/"),
        ("en", "score sheet", "score/"),
        ("en", "rules in two languages", "parallel/"),
    ],
)
def test_search_finds_the_score_sheet_and_the_parallel_page(
    page: Page, lang: str, query: str, found: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(HOME[lang])
    box = page.locator("input.md-search__input")  # in the header at this width
    box.click()
    box.press_sequentially(query, delay=30)  # Material searches on keys, not on fill
    results = page.locator(".md-search-result__item > a.md-search-result__link")
    expect(results.first).to_be_visible(timeout=30_000)
    hrefs = [str(a.get_attribute("href")) for a in results.all()]
    prefix = "/en/" if lang == "en" else "/"
    assert urlsplit(hrefs[0]).path == prefix + found, hrefs  # the first result


def test_the_deal_log_of_five_players_shows_every_column_with_its_headers_apart(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/play/")
    engine_ready(page)
    names = ["Anne-Sophie", "Bruno", "Chloé", "David", "Émilienne"]
    long_deal = ["7S", "QH", "2C", "3D", "4S", "5H", "6C", "8D", "9S", "10H", "JC", "QD"]
    game = {
        "players": names,
        "balance": 100,
        "first_banker": names[0],
        "decks": [long_deal],
        "actions": [
            {"by": names[0], "do": "bank", "amount": 10},
            {"by": "Bruno", "do": "stake", "amount": 5},
            {"by": "Chloé", "do": "stake", "amount": 5},
        ],
    }
    page.evaluate("(f) => { location.hash = f; }", link_to(game))
    expect(page.locator("#lq-game")).to_be_visible(timeout=READY_MS)
    page.locator("[data-tab=ledger]").click()  # the game screen's ledger, one tap away
    ledger = page.locator("#lq-ledger")
    expect(ledger.locator("tbody tr")).to_have_count(1, timeout=READY_MS)
    expect(ledger.locator("thead th")).to_have_count(5 + len(names))
    # Every column shows: the log is no wider than its box (nothing to scroll to).
    fits = ledger.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth")
    assert fits, ledger.evaluate("t => [t.scrollWidth, t.parentElement.clientWidth]")
    # Header texts stand apart: at least 8 px between two neighbours' words.
    gaps = ledger.evaluate(
        """t => { const text = (c) => { const r = document.createRange(); r.selectNodeContents(c);
              return r.getBoundingClientRect(); };
            const cells = Array.from(t.tHead.rows[0].cells);
            return cells.slice(1).map((c, i) => text(c).left - text(cells[i]).right); }"""
    )
    assert min(gaps) >= 8, gaps


@pytest.mark.parametrize(
    "path", ["/score/", "/en/score/", "/sheet/", "/en/sheet/", "/parallel/", "/en/parallel/"]
)
def test_printed_headings_never_break_inside_a_word(page: Page, path: str) -> None:
    # An A4 page less its 12 mm margins, at 96 px an inch: 703 px.
    page.set_viewport_size({"width": 703, "height": 1000})
    page.goto(path)
    page.emulate_media(media="print")
    broken = page.evaluate(
        """() => {
          const broken = [];
          for (const el of document.querySelectorAll(".md-typeset :is(h1, h2, h3, th)")) {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const re = /\\S+/g; let m;
              while ((m = re.exec(node.data))) {
                const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
                const tops = new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top)));
                if (tops.size > 1) broken.push(m[0]);
              }
            }
          }
          return broken;
        }"""
    )
    assert broken == [], broken
