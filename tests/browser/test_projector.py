"""The projector view (docs/assets/js/projector.js, projector.css) at 1280×720 (and the
lessons at 1024×768, a 4:3 projector), as a teacher would use it: on a rule page's
stepper, a lesson and the play page's table.

Opened by its button (``data-action="projector"``) or the ``f`` key, it covers the
whole window over Material's chrome; the table's cards are at least 90 px tall, the
players' names and the narration at least 28 px; ←/→/Space/Home/End step; nothing
covers its buttons; the page behind is inert; Escape leaves; axe finds nothing in it.
On a phone (320 and 360 px), the play page's projected table is as wide as the screen and
nothing of it lies under its step bar.
"""

from __future__ import annotations

import pytest
from helpers import (
    PROJECTING,
    READY_MS,
    UNCOVERED,
    UNDER,
    axe_in,
    engine_ready,
    link_to,
    projected_lesson,
    report,
)
from playwright.sync_api import Locator, Page, ViewportSize, expect

import lansquenet
from lansquenet.lessons import lessons

SIZE: ViewportSize = {"width": 1280, "height": 720}

# The table's cards (the bank card, the players' card, the cards turned), their height on screen;
# the players' names in the drawing (the seat's first line) and in the balances table,
# and the narration, in CSS pixels as shown.
MEASURE = """(box) => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const shown = (el) => el.getClientRects().length > 0;
  const svg = Array.from(box.querySelectorAll(".lq-figure svg")).find(shown);
  const cards = Array.from(svg.querySelectorAll("[data-card]"))  // every card drawn, one size
    .map((c) => c.querySelector("rect").getBoundingClientRect().height);
  const names = Array.from(svg.querySelectorAll(".lq-seat text:first-of-type"))
    .map((t) => t.getScreenCTM().a * px(t));
  const heads = Array.from(box.querySelectorAll(".lq-balances tbody th")).filter(shown).map(px);
  const text = Array.from(box.querySelectorAll(".lq-text, .lq-ask")).filter(shown).map(px);
  const r = box.getBoundingClientRect();
  return { cards, names, heads, text, unit: svg.getScreenCTM().d,
           box: [r.left, r.top, r.width, r.height] };
}"""


def check_view(page: Page, box: Locator, *, cards: bool = True) -> None:
    """The view fills the window, reads from the back of a room, hides nothing, and
    passes axe."""
    expect(box).to_have_class(PROJECTING)
    expect(box.locator('[data-action="projector"]')).to_have_attribute("aria-pressed", "true")
    seen = box.evaluate(MEASURE)
    assert seen["box"] == [0, 0, SIZE["width"], SIZE["height"]], seen["box"]
    if cards:
        assert seen["cards"] and min(seen["cards"]) >= 90, seen["cards"]
    assert 68 * seen["unit"] >= 90, seen["unit"]  # any card the drawing shows here
    assert seen["names"] and min(seen["names"]) >= 28, seen["names"]
    assert all(size >= 28 for size in seen["heads"]), seen["heads"]
    assert seen["text"] and min(seen["text"]) >= 28, seen["text"]
    assert box.evaluate(UNCOVERED) == []
    assert box.evaluate(UNDER) == []  # the drawing's words all in sight
    # The page behind takes no focus and no click: Material's header is inert.
    assert page.evaluate("() => document.querySelector('.md-header').closest('[inert]') !== null")
    violations = axe_in(page, box)
    assert not violations, report(violations)


def counter(box: Locator) -> Locator:
    return box.locator(".lq-counter")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_rule_page_stepper_projected_and_stepped_with_the_keys(page: Page, scheme: str) -> None:
    page.set_viewport_size(SIZE)
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto("/rules/settlement/")
    box = page.locator("#lq-scenario-1")
    total = int(box.get_attribute("data-steps") or 0)
    box.locator('[data-action="projector"]').click()
    page.keyboard.press("End")
    expect(counter(box)).to_have_text(f"Étape {total} / {total}")
    check_view(page, box)
    page.keyboard.press("Home")
    expect(counter(box)).to_have_text(f"Étape 1 / {total}")
    page.keyboard.press("ArrowRight")
    expect(counter(box)).to_have_text(f"Étape 2 / {total}")
    page.keyboard.press("Space")
    expect(counter(box)).to_have_text(f"Étape 3 / {total}")
    page.keyboard.press("ArrowLeft")
    expect(counter(box)).to_have_text(f"Étape 2 / {total}")
    page.keyboard.press("Escape")
    expect(box).not_to_have_class(PROJECTING)
    page.wait_for_function("() => document.fullscreenElement === null")  # leaving it takes a frame or two
    expect(box.locator('[data-action="projector"]')).to_be_focused()
    expect(box.locator('[data-action="projector"]')).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => document.querySelector('.md-header').closest('[inert]')") is None


def test_the_f_key_projects_the_stepper_on_screen_not_material_search(page: Page) -> None:
    page.set_viewport_size(SIZE)
    page.goto("/en/rules/settlement/")
    box = page.locator("#lq-scenario-1")
    box.scroll_into_view_if_needed()
    page.locator("body").press("f")
    expect(box).to_have_class(PROJECTING)
    assert not page.locator("#__search").is_checked()  # Material's own "f" opens search
    page.keyboard.press("ArrowRight")
    expect(counter(box)).to_have_text(f"Step 2 / {box.get_attribute('data-steps')}")
    page.keyboard.press("f")
    expect(box).not_to_have_class(PROJECTING)


def test_a_lesson_projected_its_choices_in_view_and_the_arrows_go_to_the_next_lesson(page: Page) -> None:
    page.set_viewport_size(SIZE)
    box = projected_lesson(page, "/learn/", "keep-sell")
    check_view(page, box)
    expect(box.locator("[data-choice]").first).to_be_in_viewport(ratio=1)
    # The way to a phone (the code and its link) lies over none of the drawing's words.
    share = box.locator(".lq-share").bounding_box()
    assert share and share["width"] >= 160
    for word in box.locator(".lq-figure svg text").all():
        drawn = word.bounding_box()
        assert drawn and not (
            drawn["x"] < share["x"] + share["width"]
            and share["x"] < drawn["x"] + drawn["width"]
            and drawn["y"] < share["y"] + share["height"]
            and share["y"] < drawn["y"] + drawn["height"]
        ), f"the QR code lies over {word.text_content()!r}"
    page.keyboard.press("ArrowRight")
    after = page.locator('section[data-lesson="keep-sell"] + section[data-lesson]')
    expect(after).to_have_class(PROJECTING)
    expect(box).not_to_have_class(PROJECTING)
    page.keyboard.press("Escape")
    expect(page.locator(".lq-projecting")).to_have_count(0)


def test_the_play_page_table_projected(page: Page) -> None:
    page.set_viewport_size(SIZE)
    page.goto("/play/")
    engine_ready(page)
    fragment = link_to(lansquenet.load("worked-example"))
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    box = page.locator("[data-projector]:has(.lq-figure)").first
    expect(box.locator(".lq-figure svg")).to_be_attached(timeout=READY_MS)
    box.locator('[data-action="projector"]').click()
    # Drawn again for the room (lansquenet.diagram.PROJECTED: larger words), then for the page.
    projected = box.locator(".lq-figure svg.lq-projected")
    expect(projected).to_have_count(1)
    page.keyboard.press("Home")
    expect(projected).to_have_count(1)  # every step shown, projected
    total = int((counter(box).text_content() or "").split("/")[-1])
    expect(counter(box)).to_have_text(f"Étape 1 / {total}")
    page.keyboard.press("ArrowRight")
    expect(counter(box)).to_have_text(f"Étape 2 / {total}")
    page.keyboard.press("End")
    expect(counter(box)).to_have_text(f"Étape {total} / {total}")
    check_view(page, box)  # the bank is covered: the cards are turned
    page.keyboard.press("Escape")
    expect(box).not_to_have_class(PROJECTING)
    expect(box.locator(".lq-figure svg.lq-diagram:not(.lq-projected)")).to_have_count(1)


def test_a_step_address_shows_the_stepper_buttons_below_the_header_and_nothing_over_them(page: Page) -> None:
    # As after a language switch: the address names step 5 of the first scenario.
    page.set_viewport_size(SIZE)
    page.goto("/en/rules/settlement/#step-5")
    box = page.locator("#lq-scenario-1")
    expect(counter(box)).to_have_text(f"Step 5 / {box.get_attribute('data-steps')}")
    header = page.locator(".md-header").bounding_box()
    controls = box.locator(".lq-controls").bounding_box()
    assert header and controls and controls["y"] >= header["y"] + header["height"], (header, controls)
    page.mouse.wheel(0, -200)  # scrolling up is when Material showed its "back to top" pill
    page.wait_for_timeout(300)
    assert box.evaluate(UNCOVERED) == []
    expect(page.locator(".md-top")).to_have_count(0)


SMALL: ViewportSize = {"width": 1024, "height": 768}  # a school's projector, 4:3

# Whether the element scrolls its own content (more of it than it shows).
SCROLLS = "(el) => el.scrollHeight > el.clientHeight + 1"


def test_every_lesson_projected_at_1024x768_shows_its_question_and_choices_whole(page: Page) -> None:
    # A 4:3 projector: each lesson's question and every choice (lettered for the class's
    # vote at a move) are on the screen at once, none scrolled inside the lesson's column.
    page.set_viewport_size(SMALL)
    page.goto("/learn/")
    engine_ready(page)
    for lesson in lessons():
        box = page.locator(f'section[data-lesson="{lesson.id}"]')
        box.locator('[data-action="projector"]').click()
        expect(box).to_have_class(PROJECTING)
        assert not box.locator(".lq-lesson-play").evaluate(SCROLLS), f"{lesson.id}: its column scrolls"
        assert not box.evaluate(SCROLLS), f"{lesson.id}: the projected lesson scrolls"
        expect(box.locator(".lq-ask")).to_be_in_viewport(ratio=1)
        choices = box.locator("[data-choice]")
        assert choices.count() >= 2, lesson.id
        for choice in choices.all():
            expect(choice).to_be_in_viewport(ratio=1)
        page.keyboard.press("Escape")
        expect(page.locator(".lq-projecting")).to_have_count(0)


@pytest.mark.parametrize("width", [320, 360])
def test_the_play_page_table_projected_on_a_phone_is_as_wide_as_the_screen_and_nothing_under_its_bar(
    page: Page, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 2 * width + 20})
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto("/en/play/")
    page.locator('[data-act="quick"]').click()
    box = page.locator("#lq-view")
    expect(box.locator(".lq-figure svg")).to_have_count(1, timeout=READY_MS)
    box.focus()
    page.keyboard.press("f")
    expect(box).to_have_class(PROJECTING)
    expect(box.locator(".lq-figure svg.lq-projected")).to_have_count(1)
    # As wide as the window, its margins aside (waited for: each computer move draws anew).
    page.wait_for_function(
        """(least) => { const svg = document.querySelector("#lq-view .lq-figure svg.lq-projected");
          return svg !== null && svg.getBoundingClientRect().width >= least; }""",
        arg=width - 60,
        timeout=10_000,
    )
    assert box.evaluate("(v) => v.scrollWidth <= v.clientWidth")  # no sideways scrolling
    # Scrolled to its end, the view's last words (its code's link, the decision under it)
    # lie above the step bar.
    expect(box.locator("> .lq-share .lq-share-link")).to_be_visible()
    box.evaluate("(v) => v.scrollTo({top: v.scrollHeight, behavior: 'instant'})")
    page.wait_for_function(
        "(v) => Math.abs(v.scrollTop + v.clientHeight - v.scrollHeight) < 2", arg=box.element_handle()
    )
    last, bar = box.evaluate(
        """(v) => [Math.max(...Array.from(v.children).filter((c) => !c.matches(".lq-controls")
          && c.getClientRects().length && getComputedStyle(c).position !== "fixed")
          .map((c) => c.getBoundingClientRect().bottom)),
          v.querySelector(".lq-controls").getBoundingClientRect().top]"""
    )
    assert last <= bar, (last, bar)
