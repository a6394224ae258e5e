"""A plan the teacher builds (issue 52, point 3; docs/assets/js/class-plan.js, class.js,
templates/plan.html, plan.json).

A teacher's own plan, reordered (the odds before the deals), one part dropped (written
rule or reading), one added (why ban a game?), new times: the total is said against the
lesson's length, the plan's table and the page's part numbers follow it; its link and
QR code (decoded as a camera reads it) open the class view on it in a browser that never
saw it, its parts in its order with its minutes; printed ("Print the plan"), it takes
one or two A4 pages. The pupils' card shows their page's link and code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from configured import LANGUAGES, PREFIX
from helpers import decoded
from playwright.sync_api import Locator, Page, ViewportSize, expect

from lansquenet_site.class_plan import catalogue, length, plan
from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
PAGES = re.compile(rb"/Type\s*/Page(?!s)")


def item(page: Page, key: str) -> Locator:
    return page.locator(f'[data-plan-parts] [data-part-item="{key}"]')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_teachers_own_plan_runs_from_its_link_and_prints_on_two_a4_pages_at_most(
    page: Page, lang: str
) -> None:
    page.set_viewport_size(SIZE)
    page.goto(PATH[lang])
    build = page.locator("[data-plan-build]")
    expect(build).to_be_visible()
    suggested = [part["id"] for part in plan()]
    expect(page.locator("[data-plan-parts] [data-part-item]")).to_have_count(len(catalogue()))
    total = page.locator("[data-plan-total]")
    expect(total).to_have_attribute("data-total", str(length()))

    # Reordered: the odds moved up above the deals; dropped: written; added: why ban a game?
    item(page, "odds").locator('[data-plan-move="up"]').click()
    item(page, "written").locator("[data-plan-in]").uncheck()
    ban = item(page, "ban")
    ban.locator("[data-plan-in]").check()
    for _ in range(len(catalogue())):  # up to just above the exit ticket
        if (
            ban.evaluate("(li) => li.previousElementSibling && li.previousElementSibling.dataset.partItem")
            == "ticket"
        ):
            ban.locator('[data-plan-move="up"]').click()
            break
        ban.locator('[data-plan-move="up"]').click()
    # New times: play 9 minutes, the ban 6, in a lesson of 55.
    item(page, "play").locator("[data-plan-minutes]").fill("9")
    ban.locator("[data-plan-minutes]").fill("6")
    page.locator("[data-plan-length]").fill("55")
    order = [k for k in suggested if k != "written"]
    deals, odds_at = order.index("deals"), order.index("odds")
    order[deals], order[odds_at] = "odds", "deals"
    order.insert(order.index("ticket"), "ban")
    minutes = {part["id"]: part["minutes"] for part in plan()} | {"play": 9, "ban": 6}
    spent = sum(minutes[k] for k in order)
    expect(total).to_have_attribute("data-total", str(spent))
    said = WORDS(
        lang,
        "plan.build.under",
        minutes=WORDS.count(lang, "plan.minutes", spent, minutes=spent),
        length=WORDS.count(lang, "plan.minutes", 55, minutes=55),
        gap=WORDS.count(lang, "plan.minutes", 55 - spent, minutes=55 - spent),
    )
    expect(total).to_have_text(said)
    # The table and the page's numbers follow.
    rows = page.locator("[data-plan-table] tbody tr:not([hidden])")
    expect(rows).to_have_count(len(order))
    titles = [r.locator("td").nth(2).inner_text().strip() for r in rows.all()]
    assert titles == [WORDS(lang, f"plan.{key}.title") for key in order]
    odds = WORDS(lang, "plan.odds.anchor")
    expect(page.locator(f"h2#{odds} [data-part-number]")).to_have_text(f"{order.index('odds') + 1}. ")
    written = WORDS(lang, "plan.written.anchor")
    expect(page.locator(f"h2#{written} [data-part-number]")).to_have_text("")

    # Printed: the plan alone, on one or two A4 pages.
    page.locator('[data-plan-action="share"]').click()
    share = page.locator("[data-plan-share] .lq-share")
    link = str(share.locator(".lq-share-link").get_attribute("href"))
    assert decoded(share.locator(".lq-share-code")) == link
    page.evaluate("() => document.documentElement.classList.add('lq-print-plan')")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    assert 1 <= len(PAGES.findall(pdf)) <= 2
    page.emulate_media(media="screen")

    # Its link, in a browser that never saw it: the class view on that plan.
    browser = page.context.browser
    assert browser
    other = browser.new_context(service_workers="block")
    fresh = other.new_page()
    fresh.set_viewport_size(SIZE)
    fresh.goto(link)
    view = fresh.locator("#lq-class")
    expect(view).to_be_visible()
    for at, key in enumerate(order):
        expect(view).to_have_attribute("data-current", str(at))
        part = view.locator(".lq-part:not([hidden])")
        expect(part).to_have_attribute("data-part", key)
        expect(view.locator(".lq-class-counter")).to_have_text(
            WORDS(lang, "plan.counter", index=at + 1, total=len(order))
        )
        expect(part.locator(".lq-countdown")).to_have_attribute("data-seconds", str(minutes[key] * 60))
        fresh.keyboard.press("PageDown")
    fresh.keyboard.press("Escape")
    expect(view).to_be_hidden()
    # Back on the page, the plan is the link's.
    expect(fresh.locator("[data-plan-length]")).to_have_value("55")
    other.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pupils_card_and_the_run_button_are_near_the_top_and_in_the_contents(
    page: Page, lang: str
) -> None:
    page.set_viewport_size(SIZE)
    page.goto(PATH[lang])
    run = page.locator('[data-action="run-class"]')
    box = run.bounding_box()
    assert box and box["y"] < 2 * SIZE["height"], box  # not five screens down
    # The page's contents link to it.
    section = run.evaluate(
        "(b) => { let h = b.closest('.lq-plan').previousElementSibling; "
        "while (h && !/^H2$/.test(h.tagName)) h = h.previousElementSibling; return h && h.id; }"
    )
    assert section
    expect(page.locator(f'.md-nav--secondary a[href="#{section}"]').first).to_be_attached()
    # The pupils' card: the pupils' page, its link and its code.
    card = page.locator("[data-pupils-card]")
    expect(card.locator(".lq-share-code svg")).to_be_visible()
    href = str(card.locator(".lq-share-link").get_attribute("href"))
    assert href.endswith(f"/{PREFIX[lang]}class/"), href


def test_the_plan_and_its_builder_on_a_phone_never_scroll_the_page_sideways(page: Page) -> None:
    page.set_viewport_size({"width": 320, "height": 640})
    for lang in LANGUAGES:
        page.goto(PATH[lang])
        expect(page.locator("[data-plan-build]")).to_be_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320, lang
