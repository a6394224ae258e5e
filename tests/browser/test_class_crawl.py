"""A pupils' path with no answers on it (issue 52, point 2; class.js, plan.json's
"pupils", class-frame.js, projector.css).

- Every QR code the class view shows (each part's, the class's table's own in the
  coach's parts: decoded as a camera reads it) leads to a pupils' page, and so does the
  pupils' card of the teachers' page; no example's own projector view opens inside the
  class view (its code would be the teachers' page's), not by its button, not by F.
- A crawl: each of those pages, and every page one tap away from it (every link of the
  page: its content's, and the site's navigation, which the sidebar shows on a wide
  screen and the drawer on a phone, the footer's previous and next), is never the
  teachers' page and shows no answer key (the teachers' notes, their collapsed answer
  keys, the plan, the dossier's key).
- Projected: no teacher's instruction, no "To print" box in a frame, and the bank's odds
  (the odds page, "the bank wins 9/17") only after R.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from configured import LANGUAGES, PREFIX
from helpers import ANSWERS, decoded  # ANSWERS: what only the teachers' pages carry
from playwright.sync_api import Page, ViewportSize, expect

SIZE: ViewportSize = {"width": 1280, "height": 720}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}


class Links(HTMLParser):
    """Every link of a page a tap may follow: its content's, and the site's own (the
    navigation: the sidebar on a wide screen, the same list in a phone's drawer; the
    footer's previous and next; the header's)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "a" and names.get("href"):
            self.found.append(str(names["href"]))


def teachers(url: str) -> bool:
    return urlsplit(url).path.rstrip("/").endswith("/teach") or urlsplit(url).path.rstrip("/") == "/teach"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_qr_code_of_the_class_view_nor_a_tap_from_a_pupils_page_leads_to_an_answer(
    page: Page, lang: str
) -> None:
    page.set_viewport_size(SIZE)
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto(PATH[lang])
    card = page.locator("[data-pupils-card] .lq-share")
    expect(card.locator(".lq-share-code svg")).to_be_visible()
    starts = {str(card.locator(".lq-share-link").get_attribute("href"))}
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    for at in range(view.locator(".lq-part").count()):
        expect(view).to_have_attribute("data-current", str(at))
        part = view.locator(".lq-part:not([hidden])")
        name = part.get_attribute("data-part")
        # Projected for pupils: no teacher's words, no answer key, no "To print" box in a frame.
        assert part.locator(".lq-teacher:visible, details:visible, .lq-part-does:visible").count() == 0, name
        for frame in view.locator("iframe.lq-part-frame:visible").all():
            inner = page.frame_locator(f'iframe[data-frame="{frame.get_attribute("data-frame")}"]')
            expect(inner.locator("html.lq-framed")).to_have_count(1)
            assert inner.locator(".admonition:visible, .lq-screen-only:visible").count() == 0, name
        # No example's own projector view inside the class view: no button, and F does nothing.
        expect(part.locator('[data-action="projector"]:visible')).to_have_count(0)
        page.keyboard.press("f")
        expect(page.locator(".lq-projecting")).to_have_count(0)
        if view.get_attribute("data-coach") is not None:
            table = page.frame_locator('iframe[data-frame="game"]').locator("#lq-view")
            expect(page.frame_locator('iframe[data-frame="game"]').locator("#lq-status")).to_have_attribute(
                "data-status", "ready", timeout=60_000
            )
            expect(table).to_have_class(re.compile(r"\blq-projecting\b"))
            code = table.locator("> .lq-share .lq-share-code")
            if part.get_attribute("data-reveal"):  # the bank's odds: only after R
                chart = view.locator('iframe[data-frame="chart"]')
                expect(chart).to_be_hidden()
                page.keyboard.press("r")
                expect(chart).to_be_visible()
        else:
            code = view.locator("> .lq-share .lq-share-code")
        url = decoded(code)
        assert not teachers(url), (name, url)
        starts.add(url)
        page.keyboard.press("PageDown")
    assert len(starts) >= 5, starts

    # The crawl: each start, and each page one tap from it.
    seen: dict[str, str] = {}

    def fetched(url: str) -> str:
        address = url.split("#", 1)[0]
        if address not in seen:
            answer = page.request.get(address)
            assert answer.ok, address
            seen[address] = answer.text()
        return seen[address]

    taps: set[str] = set()
    for start in starts:
        absolute = urljoin(page.url, start)
        assert not teachers(absolute), absolute
        html = fetched(absolute)
        assert not ANSWERS.search(html), (absolute, ANSWERS.search(html))
        links = Links()
        links.feed(html)
        for href in links.found:
            target = urljoin(absolute, href)
            if urlsplit(target).netloc == urlsplit(page.url).netloc:
                taps.add(target)
    assert taps
    for tap in sorted(taps):
        assert not teachers(tap), tap
        html = fetched(tap)
        assert not ANSWERS.search(html), (tap, ANSWERS.search(html))
