"""The court game's part of the teachers' plan (issue 51, item 6; plan.json's optional
part ``court_game``, class.js, class-frame.js).

A teacher's own plan with the court game's part added runs from its link in a browser
that never saw it; in that part the screen shows the play page opened on the court game
(COURT.md), its table seated with the names typed beforehand and projected for the coach:
the holder's one move, "Deal" (C-17). The view's QR code (decoded as a camera reads it)
leads to the pupils' page at the part's section, not to the game, and neither that page
nor a page one tap from it shows an answer (the crawl's rules, test_class_crawl.py)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from configured import LANGUAGES, PREFIX
from helpers import ANSWERS, decoded
from playwright.sync_api import Page, ViewportSize, expect

from browser.test_class_crawl import Links, teachers
from lansquenet_site.class_plan import catalogue
from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
PART = "court_game"
NAMES = ["Zoé", "Yann", "Inès", "Malo"]  # every seat the class's: the holder is a pupil


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plan_with_the_court_game_projects_its_table_and_its_code_leads_to_the_pupils_question(
    page: Page, lang: str
) -> None:
    page.set_viewport_size(SIZE)
    page.goto(PATH[lang])
    part_item = page.locator(f'[data-plan-parts] [data-part-item="{PART}"]')
    part_item.locator("[data-plan-in]").check()
    rows = page.locator("[data-plan-table] tbody tr:not([hidden])")
    titles = [r.locator("td").nth(2).inner_text().strip() for r in rows.all()]
    assert WORDS(lang, f"plan.{PART}.title") in titles
    page.locator('[data-plan-action="share"]').click()
    link = str(page.locator("[data-plan-share] .lq-share .lq-share-link").get_attribute("href"))

    # Its link, in a browser that never saw it, the class's names typed there beforehand.
    browser = page.context.browser
    assert browser
    other = browser.new_context(service_workers="block")
    other.add_init_script("localStorage.setItem('lansquenet.pace', '0')")
    other.add_init_script(f"localStorage.setItem('lq.class.seats', {', '.join(NAMES)!r})")
    fresh = other.new_page()
    fresh.set_viewport_size(SIZE)
    fresh.goto(link)
    view = fresh.locator("#lq-class")
    expect(view).to_be_visible()
    for _ in range(len(catalogue())):
        if view.locator(".lq-part:not([hidden])").get_attribute("data-part") == PART:
            break
        fresh.keyboard.press("PageDown")
    part = view.locator(".lq-part:not([hidden])")
    expect(part).to_have_attribute("data-part", PART)
    expect(part.locator(".lq-countdown")).to_have_attribute(
        "data-seconds", str(catalogue()[PART]["minutes"] * 60)
    )

    # The court game's table, seated with the names, projected for the coach.
    (name,) = catalogue()[PART]["frames"]
    frame = view.locator(f'iframe[data-frame="{name}"]')
    expect(frame).to_be_visible()
    expect(view.locator('iframe[data-frame="game"]')).to_be_hidden()
    table = fresh.frame_locator(f'iframe[data-frame="{name}"]')
    expect(table.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
    projected = table.locator("#lq-view")
    expect(projected).to_have_class(re.compile(r"\blq-projecting\b"))
    deal = table.locator("#lq-moves [data-move=deal]")
    expect(deal).to_be_visible(timeout=30_000)  # C-17: the holder's one move
    expect(deal).to_have_text(re.compile(re.escape(WORDS(lang, "play.move.deal"))))
    seated = projected.inner_text()
    assert all(each in seated for each in NAMES[:2]), seated
    names = {each: seated.count(each) for each in NAMES}
    assert sum(1 for count in names.values() if count) >= 2, names

    # The view's code, not the table's: the pupils' page at the part's section.
    expect(projected.locator("> .lq-share .lq-share-code")).to_be_hidden()
    code = view.locator("> .lq-share .lq-share-code")
    expect(code).to_be_visible()
    url = decoded(code)
    assert url.endswith(f"/{PREFIX[lang]}class/#court-game"), url
    assert not teachers(url), url

    # No answer on it, nor one tap away.
    html = fresh.request.get(url.split("#")[0]).text()
    assert not ANSWERS.search(html)
    assert 'id="court-game"' in html
    links = Links()
    links.feed(html)
    for href in links.found:
        target = urljoin(url, href).split("#")[0]
        if urlsplit(target).netloc != urlsplit(url).netloc:
            continue
        assert not teachers(target), target
        assert not ANSWERS.search(fresh.request.get(target).text()), target
    other.close()
