"""The teaching pages in a real Chromium: paper, the two-language grid, the lesson's links.

- The rules sheet, the score sheet and the history handout each print on exactly one A4
  page and one Letter page, in both languages (Chromium's own PDF, pages counted in the
  file).
- On paper, no page prints the site's chrome, buttons or stepper controls, and the table
  diagram prints in greys on white, even for a reader who uses the dark theme.
- The parallel page shows French and English side by side at 1200 px, and one after the
  other (French, then English, section by section) at 400 px.
- Each "open on the play page" link of the lesson opens the play page with that deal.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Literal, cast

import pytest
from configured import LANGUAGES as LANGS
from helpers import READY_MS
from playwright.sync_api import Page, ViewportSize, expect

PREFIX = {"fr": "/", "en": "/en/"}
# A page object in a PDF: "/Type /Page", but not the "/Type /Pages" tree above them.
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_pages(pdf: bytes) -> int:
    return len(PDF_PAGE.findall(pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("sheet", ["sheet", "score", "handout", "ticket"])
@pytest.mark.parametrize("lang", LANGS)
def test_sheet_prints_on_one_page(page: Page, browser_log: Any, lang: str, sheet: str, paper: str) -> None:
    page.goto(f"{PREFIX[lang]}{sheet}/")
    browser_log.settle(page)  # every file the page asked for has come
    pdf = page.pdf(format=paper)
    assert pdf.startswith(b"%PDF")
    assert pdf_pages(pdf) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_exit_ticket_prints_four_to_a_page_between_cut_lines(page: Page, lang: str) -> None:
    page.goto(f"{PREFIX[lang]}ticket/")
    expect(page.locator(".lq-ticket:visible")).to_have_count(1)  # on screen, a pupil's one
    page.emulate_media(media="print")
    tickets = page.locator(".lq-ticket")
    expect(tickets.locator("visible=true")).to_have_count(4)
    for ticket in tickets.all()[:-1]:  # a dashed line to cut along under each but the last
        assert ticket.evaluate("(t) => getComputedStyle(t).borderBottomStyle") == "dashed"
        expect(ticket.locator("ol > li")).to_have_count(3)


# Each question's room to answer on paper: the blank under its last line of text down to
# the next question (or the ticket's end), in CSS px (96 to the inch: 9 mm is 34 px).
ROOM = """(ticket) => {
  const box = ticket.getBoundingClientRect();
  const items = [...ticket.querySelectorAll("ol > li")];
  return { overflow: ticket.scrollHeight - ticket.clientHeight, room: items.map((li, i) => {
    const range = document.createRange();
    range.selectNodeContents(li);
    const rects = [...range.getClientRects()].filter((r) => r.height > 0);
    const text = Math.max(...rects.map((r) => r.bottom));
    const next = i + 1 < items.length ? items[i + 1].getBoundingClientRect().top : box.bottom;
    return next - text;
  }) };
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_exit_ticket_leaves_room_to_answer_each_question(page: Page, browser_log: Any, lang: str) -> None:
    # Issue 52: printed, a ticket left one line to answer in; each question now has 9 mm
    # of paper under it, nothing of the ticket cut off, four tickets still to a page.
    page.goto(f"{PREFIX[lang]}ticket/")
    browser_log.settle(page)
    page.emulate_media(media="print")
    for ticket in page.locator(".lq-ticket").all():
        measured = ticket.evaluate(ROOM)
        assert measured["overflow"] <= 0, measured
        assert len(measured["room"]) == 3 and min(measured["room"]) >= 34, measured
    for paper in ("A4", "Letter"):
        assert pdf_pages(page.pdf(format=paper)) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_plan_prints_whole_on_one_a4_page(page: Page, browser_log: Any, lang: str) -> None:
    # The plan starts a page of its own and is never split: alone, it fills one A4 page.
    page.goto(f"{PREFIX[lang]}teach/")
    browser_log.settle(page)
    page.emulate_media(media="print")
    plan = page.locator("[data-plan]")
    assert plan.evaluate("(p) => getComputedStyle(p).breakInside") == "avoid"
    assert plan.evaluate("(p) => getComputedStyle(p).breakBefore") == "page"
    expect(page.locator(".lq-plan-run, .lq-plan-seats").locator("visible=true")).to_have_count(0)
    # The plan alone, first on the paper (no page to break from): one A4 page.
    page.evaluate("""() => {
      const plan = document.querySelector("[data-plan]");
      plan.closest("article").replaceChildren(plan);
      plan.style.breakBefore = "auto";
    }""")
    assert pdf_pages(page.pdf(format="A4")) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_sheet_holds_every_clause_code_the_answer_keys_cite(page: Page, lang: str) -> None:
    page.goto(f"{PREFIX[lang]}teach/")
    cited = set(re.findall(r"R-[A-Z]+\d+[a-z]?", " ".join(page.locator("details").all_text_contents())))
    assert cited  # the keys cite the rules
    page.goto(f"{PREFIX[lang]}sheet/")
    page.emulate_media(media="print")
    printed = set(re.findall(r"R-[A-Z]+\d+[a-z]?", page.locator(".lq-sheet").inner_text()))
    assert cited <= printed, cited - printed


def test_pdf_page_counter_counts_pages_not_the_page_tree(page: Page) -> None:
    page.set_content("<p>one</p><p style='break-before: page'>two</p><p style='break-before: page'>three</p>")
    assert pdf_pages(page.pdf(format="A4")) == 3


CHROME = [
    ".md-header",
    ".md-sidebar--primary",
    ".md-sidebar--secondary",
    ".md-footer",
    ".md-search",
    ".lq-controls",
    ".lq-screen-only",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/teach/", "/en/teach/", "/sheet/", "/en/score/"])
def test_print_shows_only_the_content_in_black_and_white(
    page: Page, browser_log: Any, path: str, scheme: Literal["light", "dark"]
) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(path)
    browser_log.settle(page)
    page.emulate_media(media="print", color_scheme=scheme)
    shown = page.evaluate(
        """(selectors) => selectors.filter((s) => [...document.querySelectorAll(s)].some(
             (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"))""",
        CHROME,
    )
    assert shown == []
    assert page.locator("button:visible, .md-button:visible").count() == 0
    colours = page.evaluate(
        """() => {
             const article = document.querySelector("article");
             const style = (e, pseudo) => getComputedStyle(e, pseudo);
             const links = [...article.querySelectorAll("a")].filter((a) => a.getClientRects().length);
             return {
               body: style(document.body).backgroundColor,
               text: style(article).color,
               links: links.map((a) => style(a).color),
               after: links.map((a) => style(a, "::after").content),
               figures: [...document.querySelectorAll(".lq-figure svg")].map((s) => style(s).filter),
             };
           }"""
    )
    assert colours["body"] == "rgb(255, 255, 255)"
    assert colours["text"] == "rgb(0, 0, 0)"
    assert set(colours["links"]) <= {"rgb(0, 0, 0)"}, "links print as plain black text"
    assert set(colours["after"]) <= {"none", "normal"}, "no address printed after a link"
    if path.endswith("teach/"):
        assert colours["figures"] and set(colours["figures"]) == {"grayscale(1)"}


def boxes(page: Page) -> list[dict[str, dict[str, float]]]:
    """Each section pair's French and English boxes, in page order."""
    found = page.evaluate(
        """() => [...document.querySelectorAll(".lq-parallel .lq-pair")].map((pair) => {
             const box = (lang) => {
               const r = pair.querySelector(`:scope > .lq-col[lang=${lang}]`).getBoundingClientRect();
               return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};
             };
             return {fr: box("fr"), en: box("en")};
           })"""
    )
    return cast(list[dict[str, dict[str, float]]], found)


def parallel_at(page: Page, lang: str, size: ViewportSize) -> list[dict[str, dict[str, float]]]:
    """The parallel page in ``lang`` in a window of ``size``: its six pairs of columns."""
    page.set_viewport_size(size)
    page.goto(f"{PREFIX[lang]}parallel/")
    pairs = boxes(page)
    assert len(pairs) == 6
    return pairs


@pytest.mark.parametrize("lang", LANGS)
def test_parallel_columns_side_by_side_on_a_wide_screen(page: Page, lang: str) -> None:
    pairs = parallel_at(page, lang, {"width": 1200, "height": 900})
    for pair in pairs:
        fr, en = pair["fr"], pair["en"]
        assert abs(fr["top"] - en["top"]) < 2, pair  # aligned section by section
        assert fr["right"] <= en["left"], pair  # French on the left, English on the right
        assert fr["width"] > 250 and abs(fr["width"] - en["width"]) < 2, pair
    for above, below in itertools.pairwise(pairs):
        assert below["fr"]["top"] >= max(above["fr"]["bottom"], above["en"]["bottom"])


@pytest.mark.parametrize("lang", LANGS)
def test_parallel_columns_alternate_on_a_narrow_screen(page: Page, lang: str) -> None:
    pairs = parallel_at(page, lang, {"width": 400, "height": 800})
    order = [column for pair in pairs for column in (pair["fr"], pair["en"])]
    for above, below in itertools.pairwise(order):  # fr 01, en 01, fr 02, en 02…
        assert below["top"] >= above["bottom"] - 1
    for pair in pairs:
        assert pair["fr"]["right"] > pair["en"]["left"], "stacked, not side by side"
        assert pair["fr"]["right"] <= 400 and pair["en"]["right"] <= 400, "nothing runs off the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= 400


# The balances at the last step of each prepared deal of the lesson, in page order
# (tests/site/test_teaching.py works them out and checks the scenarios themselves).
PREPARED = [
    ({"Anne": 100, "Bruno": 96, "Chloé": 97, "David": 97}, 10, 1),
    ({"Anne": 80, "Bruno": 100, "Chloé": 100, "David": 80}, 40, 1),
    ({"Anne": 118, "Bruno": 95, "Chloé": 75, "David": 112}, None, 2),
    ({"Anne": 60, "Bruno": 110, "Chloé": 120, "David": 180, "Émile": 30}, None, 4),
]


@pytest.mark.parametrize("index", range(len(PREPARED)))
@pytest.mark.parametrize("lang", LANGS)
def test_teach_link_opens_the_play_page_with_its_deal(page: Page, lang: str, index: int) -> None:
    balances, bank, deals = PREPARED[index]
    page.goto(f"{PREFIX[lang]}teach/")
    link = page.locator("article a[href*='play/#scenario=']").nth(index)
    href = link.get_attribute("href")
    assert href
    link.click()
    # The address first (not the page's load event: a loaded machine held it past 30 s once),
    # then the game shown.
    page.wait_for_url(f"**{PREFIX[lang]}play/#scenario=*", wait_until="commit", timeout=READY_MS)
    game = page.locator("#lq-game")
    game.wait_for(state="visible", timeout=READY_MS)
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("#lq-link-error").is_hidden()
    # The play page shows the deal's last step: the same balances, the same bank.
    rows = page.locator("#lq-balances tbody tr")
    shown = dict(zip(rows.locator("th").all_inner_texts(), rows.locator("td").all_inner_texts(), strict=True))
    numbers = {name: int(text.split()[0]) for name, text in shown.items()}
    players = {name: n for name, n in numbers.items() if name in balances}
    assert players == balances
    assert sorted(n for name, n in numbers.items() if name not in balances) == ([bank] if bank else [])
    # Every deal of the scenario is in the ledger, and the address still holds the same scenario.
    page.locator("[data-tab=ledger]").click()  # the ledger is one tab away
    expect(page.locator("#lq-ledger tbody tr")).to_have_count(deals)  # asked for after the game opened
    assert page.url.split("#", 1)[1] == href.split("#", 1)[1]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_dossier_s_quotations_print_at_body_contrast(
    page: Page, lang: str, scheme: Literal["light", "dark"]
) -> None:
    # Issue 52: the documents' texts (the source's words, the published translations) are
    # what the class reads on paper: printed black as the body, never the screen's pale grey.
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{PREFIX[lang]}dossier/")
    page.emulate_media(media="print", color_scheme=scheme)
    colours = page.evaluate(
        """() => [...document.querySelectorAll("article blockquote, article blockquote *")]
             .filter((e) => e.getClientRects().length && e.textContent.trim())
             .map((e) => [e.textContent.trim().slice(0, 30), getComputedStyle(e).color, getComputedStyle(e).opacity])"""
    )
    assert len(colours) >= 7  # the seven documents' texts at least
    pale = [c for c in colours if c[1] != "rgb(0, 0, 0)" or c[2] != "1"]
    assert pale == [], pale
