"""The class from the back row and from the pupils' phones (issue 45; docs/assets/js/
class.js, templates/plan.html, plan.json's "pupils", projector.css).

- What is projected is for pupils: no teacher's words ("What to say", .lq-teacher, the
  part's "does"), no answer key; read from the back at 1280x720: at least 90 % of the
  characters on the screen (its frames' included) at 24 px or more, none under 18 px;
  the class's table's drawing, drawn for the room, every word of it at 24 px or more.
- Each part's QR code (decoded as a camera reads it) leads to a pupils' page: never the
  teachers' page, no answer key, in the page's language, whole on a 360 px phone.
- PageDown on the last part leaves its countdown running.
- The QR caption, its link as long as a deployed site's, overlaps no control at 1024x768
  and 1280x720 (in the class's table: not its vote, its narration, its rules or its step).
- The class's table, played from the projected table, read from the back at every
  decision at 1024x768 as at 1280x720, whole in its frame at both sizes (issue 52 item 6).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from configured import LANGUAGES, PREFIX
from helpers import UNCOVERED, decoded, overlapping, read_from_the_back
from playwright.sync_api import FrameLocator, Locator, Page, ViewportSize, expect

from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 360, "height": 740}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
TABLE_PARTS = {"play", "odds"}  # the class's table projected in its frame, with its own code


def run_class(page: Page, lang: str, size: ViewportSize) -> Locator:
    page.set_viewport_size(size)
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto(PATH[lang])
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    expect(view).to_have_attribute("data-current", "0")
    return view


def settled(page: Page, view: Locator) -> str:
    """The part on the screen, once its frames' pages are drawn: its id."""
    part = view.locator(".lq-part:not([hidden])")
    name = part.get_attribute("data-part") or ""
    for frame in view.locator("iframe.lq-part-frame:visible").all():
        inner = page.frame_locator(f'iframe[data-frame="{frame.get_attribute("data-frame")}"]')
        expect(inner.locator("html.lq-framed")).to_have_count(1)
        if frame.get_attribute("data-frame") == "game":
            expect(inner.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
            if view.get_attribute("data-coach") is not None:  # the coach's part: projected
                expect(inner.locator("#lq-view.lq-projecting")).to_be_visible()
                expect(inner.locator("#lq-view .lq-figure svg.lq-projected")).to_have_count(
                    1
                )  # drawn for the room
    return name


# The words of the class's table's drawing, each at its size on the screen (px).
DRAWN = """(svg) => Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim())
  .map((t) => [t.textContent, t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)])"""


def drawn_for_the_room(page: Page, name: str) -> None:
    """Every word of the class's table's drawing (names, counters, notes, labels, card
    indices) at 24 px or more: drawn for the room (lansquenet.diagram.PROJECTED)."""
    svg = page.frame_locator('iframe[data-frame="game"]').locator("#lq-view .lq-figure svg")
    small = [(text, round(px, 1)) for text, px in svg.evaluate(DRAWN) if px < 24]
    assert small == [], (name, small)


def code_of(page: Page, name: str) -> Locator:
    """The QR code on the screen: the class's table's own in the coach's part, else the view's."""
    if name in TABLE_PARTS:
        return page.frame_locator('iframe[data-frame="game"]').locator("#lq-view > .lq-share .lq-share-code")
    return page.locator("#lq-class > .lq-share .lq-share-code")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_part_projects_pupils_material_read_from_the_back_and_its_code_leads_to_a_pupils_page(
    page: Page, lang: str
) -> None:
    view = run_class(page, lang, SIZE)
    count = view.locator(".lq-part").count()
    teachers = page.url
    leads: dict[str, str] = {}
    for index in range(count):
        expect(view).to_have_attribute("data-current", str(index))
        name = settled(page, view)
        # Nothing for the teacher's eyes on the screen.
        shown = view.inner_text()
        assert "What to say" not in shown and "Ce qu'il faut dire" not in shown, name
        assert view.locator(".lq-teacher:visible, details:visible, .lq-part-does:visible").count() == 0, name
        leads[name] = decoded(code_of(page, name))
        # Read from the back of the room: nothing under 18 px, 90 % at 24 px and more, the
        # class's table's drawing included (drawn for the room: lansquenet.diagram.PROJECTED).
        read_from_the_back(view, name)
        if name in TABLE_PARTS:
            drawn_for_the_room(page, name)
        page.keyboard.press("PageDown")
    assert len(leads) == count
    phone = page.context.new_page()
    phone.set_viewport_size(PHONE)
    for name, url in leads.items():
        assert not url.split("#")[0].endswith("/teach/") and url.split("#")[0] != teachers.split("#")[0], (
            name,
            url,
        )
        phone.goto(url)
        expect(phone.locator("h1")).to_be_visible()
        assert phone.locator("html").get_attribute("lang") == lang, (name, url)
        # No answer key, no teacher's notes, no plan: a page for pupils.
        assert phone.locator("details, .lq-teacher, .lq-plan, [data-plan]").count() == 0, (name, url)
        assert phone.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), (name, url)
        anchor = url.split("#", 1)[1] if "#" in url and "=" not in url else ""
        if anchor:
            expect(phone.locator(f"#{anchor}")).to_have_count(1)
    phone.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pagedown_on_the_last_part_leaves_its_countdown_running(page: Page, lang: str) -> None:
    page.clock.install()
    view = run_class(page, lang, SIZE)
    last = view.locator(".lq-part").count() - 1
    for _ in range(last):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(last))
    countdown = view.locator(".lq-part:not([hidden]) .lq-countdown")
    seconds = int(countdown.get_attribute("data-seconds") or "0")
    page.clock.run_for(65_000)
    expect(countdown).to_have_attribute("data-left", re.compile(r"^\d+$"))
    left = int(countdown.get_attribute("data-left") or "0")
    assert left <= seconds - 60  # it ran (the clock also flows with real time: a tick either way)
    for _ in range(3):  # a clicker pressed once too often, and again
        page.keyboard.press("PageDown")
    page.clock.run_for(5_000)
    expect(countdown).to_have_attribute("data-state", "running")
    assert int(countdown.get_attribute("data-left") or "0") <= left - 5  # never back to the start
    expect(view).to_have_attribute("data-current", str(last))


# The link under a code as a deployed site writes it: its host a school's longer one.
LONGER = (
    "(a) => { a.textContent = a.textContent.replace(location.host, 'lansquenet.teaching-example.org/site'); }"
)


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, SIZE], ids=["1024x768", "1280x720"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_qr_caption_overlaps_no_control(page: Page, lang: str, size: ViewportSize) -> None:
    # The class's names at the table: its code's link is then at its longest (issue 52:
    # "the three-line QR link covers 'Rules: Standard game'").
    page.add_init_script("localStorage.setItem('lq.class.seats', 'Zoé, Yann, Inès, Malo')")
    view = run_class(page, lang, size)
    for index in range(view.locator(".lq-part").count()):
        expect(view).to_have_attribute("data-current", str(index))
        name = settled(page, view)
        if name in TABLE_PARTS:  # the coach's part: the table's own code, beside its vote and its controls
            table = page.frame_locator('iframe[data-frame="game"]').locator("#lq-view")
            caption = table.locator("> .lq-share figcaption")
            expect(caption).to_be_visible()
            expect(table.locator(".lq-decision, .lq-vote").first).to_be_visible(timeout=30_000)
            page.wait_for_timeout(300)  # the code and its link drawn
            # Its vote or its decision, the narration, the step bar (the rules, the step): none under it.
            controls = table.locator(
                ".lq-vote-title, .lq-vote-reveal, .lq-vote-choices li, .lq-decision p, button:visible, "
                ".lq-text, .lq-result, .lq-controls > *, .lq-badge, .lq-counter"
            )
        else:
            caption = view.locator("> .lq-share figcaption")
            expect(caption).to_be_visible()
            controls = view.locator("button:visible, .lq-part:not([hidden]) .lq-part-head")
        # A deployed site's address is longer than this test server's: the link at its
        # longest (as many lines as the caption shows).
        caption.locator(".lq-share-link").evaluate(LONGER)
        box = caption.bounding_box()
        for control in controls.all():
            if control.is_visible():
                assert not overlapping(box, control.bounding_box()), (name, control.inner_text())
        page.keyboard.press("PageDown")


# Where the view's scrolling comes to rest (the arrows scroll it smoothly).
SCROLLED = """(view) => new Promise((done) => {
  let last = -1;
  const look = () => { if (view.scrollTop === last) done(last); else { last = view.scrollTop; setTimeout(look, 150); } };
  look();
})"""


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, SIZE], ids=["1024x768", "1280x720"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_part_scrolls_with_the_arrows_and_pagedown_opens_the_next_part_at_its_top(
    page: Page, lang: str, size: ViewportSize
) -> None:
    # The teachers' page: a long part scrolls with ↓ and ↑, PageDown always goes to the next part.
    view = run_class(page, lang, size)
    names = [part.get_attribute("data-part") for part in view.locator(".lq-part").all()]
    at = names.index("deals")  # the four ready-made deals: longer than the screen
    for _ in range(at):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(at))
    settled(page, view)
    assert view.evaluate("(v) => v.scrollHeight > v.clientHeight + 100")
    for _ in range(6):
        page.keyboard.press("ArrowDown")
    expect(view).to_have_attribute("data-current", str(at))
    down = view.evaluate(SCROLLED)
    assert down > 100
    page.keyboard.press("ArrowUp")
    # Back up: waited for, as a loaded machine may start the smooth scroll late.
    page.wait_for_function(
        "([v, down]) => v.scrollTop < down", arg=[view.element_handle(), down], timeout=10_000
    )
    expect(view).to_have_attribute("data-current", str(at))
    page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(at + 1))
    name = settled(page, view)
    # The next part opens at its top: its title and its code in sight, the code read.
    head = view.locator(".lq-part:not([hidden]) .lq-part-head")
    expect(head).to_be_in_viewport(ratio=1)
    code = code_of(page, name)
    expect(code).to_be_in_viewport(ratio=1)
    assert decoded(code).startswith("http")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_parts_code_opens_the_projected_example_at_its_step_on_a_phone(
    page: Page, lang: str
) -> None:
    view = run_class(page, lang, SIZE)
    names = [part.get_attribute("data-part") for part in view.locator(".lq-part").all()]
    for _ in range(names.index("rules")):
        page.keyboard.press("PageDown")
    settled(page, view)
    example = view.locator(".lq-part:not([hidden]) .lansquenet-scenario").first
    expect(example).to_have_attribute("data-stepper", "ready")
    for _ in range(2):
        example.locator("[data-go=next]").click()
    expect(example).to_have_attribute("data-current", "2")
    code = code_of(page, "rules")
    expect(view).to_have_attribute("data-share", re.compile(r"-3$"))
    url = decoded(code)
    assert not url.split("#")[0].endswith("/teach/"), url
    phone = page.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(url)
    # The pupils' page: the same example, at the step projected, in sight.
    shown = phone.locator(".lansquenet-scenario").first
    expect(shown).to_have_attribute("data-current", "2")
    expect(shown.locator(".lq-step[data-step='2']")).to_be_in_viewport()
    assert phone.locator("details, .lq-teacher").count() == 0
    phone.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_plays_the_class_choice_from_the_projected_table(page: Page, lang: str) -> None:
    view = run_class(page, lang, SIZE)
    names = [part.get_attribute("data-part") for part in view.locator(".lq-part").all()]
    for _ in range(names.index("odds")):
        page.keyboard.press("PageDown")
    settled(page, view)
    table = page.frame_locator('iframe[data-frame="game"]')
    projected = table.locator("#lq-view.lq-projecting")
    decision = table.locator("#lq-turn")
    choices = projected.locator(".lq-vote-choices li")
    for _ in range(3):  # a decision of one move puts no vote: the teacher makes it
        expect(choices.or_(decision.locator(".lq-move")).first).to_be_visible(timeout=30_000)
        if choices.count() >= 2:
            break
        decision.locator(".lq-move:visible button").first.evaluate("(button) => button.click()")
    expect(choices.first).to_be_visible()
    counter = projected.locator(".lq-counter")
    before = counter.inner_text()
    # The class voted: the teacher presses its lettered move on the projected table.
    last = choices.last.locator("button.lq-vote-move")
    box = last.bounding_box()
    assert box and box["height"] >= 44
    last.click()
    expect(counter).not_to_have_text(before)  # the move made: a new step


def to_part(page: Page, view: Locator, name: str) -> FrameLocator:
    """The class's table, in the part ``name`` (a coach's part: projected)."""
    names = [part.get_attribute("data-part") for part in view.locator(".lq-part").all()]
    for _ in range(names.index(name) - int(view.get_attribute("data-current") or "0")):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(names.index(name)))
    settled(page, view)
    return page.frame_locator('iframe[data-frame="game"]')


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, SIZE], ids=["1024x768", "1280x720"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_plays_its_game_from_the_projected_table_in_the_play_part(
    page: Page, lang: str, size: ViewportSize
) -> None:
    # Four of the class's names at the table, so the first banker is one of them (its bank
    # to announce: one move, with amounts) and the stakes after it are theirs (the vote):
    # from the projected table alone, the class says whose turn it is, takes an amount the
    # engine offers and makes its move (a lone one: its own button; else a lettered one of
    # the vote).
    page.add_init_script("localStorage.setItem('lq.class.seats', 'Zoé, Yann, Inès, Malo')")
    view = run_class(page, lang, size)
    table = to_part(page, view, "play")
    projected = table.locator("#lq-view.lq-projecting")
    counter = projected.locator(".lq-counter")
    decision, vote = projected.locator(".lq-decision"), projected.locator("button.lq-vote-move")
    lone = amounted = voted = 0
    said = ""  # the amount chosen from the panel, which the narration then says
    while not (lone and amounted and voted):  # the bank announced, then a stake voted on
        assert lone + voted < 4, (lone, amounted, voted)
        expect(decision.or_(vote.first)).to_be_visible(timeout=30_000)
        assert projected.evaluate(UNCOVERED) == []  # every button in sight, none under the bar
        # The table drawn for the room, read from the back at every decision, its drawing too.
        expect(projected.locator(".lq-figure svg.lq-projected")).to_have_count(1)
        read_from_the_back(view, f"play, {counter.inner_text()}")
        drawn_for_the_room(page, f"play, {counter.inner_text()}")
        before = counter.inner_text()
        if decision.is_visible():  # one move: no vote, the panel in its place
            assert vote.count() == 0
            expect(decision.locator(".lq-decision-who")).to_contain_text(re.compile("Zoé|Yann|Inès|Malo"))
            amounts = decision.locator("button[data-amount]")
            if amounts.count():
                expect(decision.locator(".lq-decision-suggested")).to_have_attribute("aria-pressed", "true")
                chosen = amounts.last
                chosen.click()
                expect(chosen).to_have_attribute("aria-pressed", "true")
                said = chosen.get_attribute("data-amount") or ""
                assert said and table.locator("#lq-amount").input_value() == said
                amounted += 1
            move = decision.locator(".lq-decision-move")
            lone += 1
        else:  # two moves or more: the class's vote, no panel
            assert vote.count() >= 2 and decision.count() == 0
            move = vote.first
            amounts = projected.locator(".lq-vote li").first.locator(".lq-vote-amounts button[data-amount]")
            if amounts.count():  # a stake: the class's amount first (issue 52: none is chosen for it)
                amounts.first.click()
            voted += 1
        box = move.bounding_box()
        assert box and box["height"] >= 44
        move.click()
        expect(counter).not_to_have_text(before, timeout=30_000)  # the move made: the table goes on
        if said:  # the bank announced with the amount pressed
            expect(projected.locator(".lq-text").first).to_contain_text(said)
            said = ""


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, SIZE], ids=["1024x768", "1280x720"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_s_table_is_whole_in_its_frame_between_the_head_and_the_bar(
    page: Page, lang: str, size: ViewportSize
) -> None:
    view = run_class(page, lang, size)
    for name in ("play", "odds"):
        table = to_part(page, view, name)
        frame = view.locator('iframe[data-frame="game"]').bounding_box()
        head = view.locator(".lq-part:not([hidden]) .lq-part-head").bounding_box()
        bar = view.locator(".lq-class-bar").bounding_box()
        assert frame and head and bar
        assert head["y"] + head["height"] <= frame["y"] + 1, (name, head, frame)
        assert frame["y"] + frame["height"] <= bar["y"] + 1, (name, frame, bar)
        # The table inside it: nothing cut, no scroll either way.
        projected = table.locator("#lq-view.lq-projecting")
        expect(projected).to_be_visible()
        assert projected.evaluate(
            "(v) => v.scrollWidth <= v.clientWidth + 1 && v.scrollHeight <= v.clientHeight + 1"
        ), name
        assert table.locator("html").evaluate("(h) => h.scrollWidth <= innerWidth"), name
