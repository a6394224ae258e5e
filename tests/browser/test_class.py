"""Run the class (issue 33, point 1; docs/assets/js/class.js, site_plugins/lansquenet_site/templates/plan.html):
from the teachers' page, the plan as a projected sequence, one screen per part, each with
its title, minutes and countdown (Playwright's clock: no real waiting), its material live;
PageDown and PageUp walk the parts, P pauses, Escape returns to the page where it was.
The parts and minutes come from one source (plan.json): the table and the view agree."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from configured import LANGUAGES, PREFIX
from helpers import UNDER, axe_in, decoded, report
from playwright.sync_api import Page, ViewportSize, expect

from lansquenet_site.class_plan import length, plan
from lansquenet_site.words import Words

SIZE: ViewportSize = {"width": 1280, "height": 720}
PATH = {lang: f"/{PREFIX[lang]}teach/" for lang in LANGUAGES}
WORDS = Words(Path(__file__).resolve().parents[2] / "locales")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_the_class_walks_every_part_and_its_countdown_runs_pauses_and_ends(page: Page, lang: str) -> None:
    page.clock.install()
    page.set_viewport_size(SIZE)
    page.goto(PATH[lang])
    rows = page.locator(".lq-plan-table tbody tr:not([hidden])")  # the suggested plan's parts
    expect(rows).to_have_count(len(plan()))
    titles = [t.strip() for t in rows.locator("td:nth-child(3)").all_text_contents()]
    minutes = [int(m.split()[0]) for m in rows.locator("td:nth-child(2)").all_text_contents()]
    assert len(titles) == len(plan()) and sum(minutes) == length()
    run = page.locator('[data-action="run-class"]')
    run.scroll_into_view_if_needed()
    before = page.evaluate("() => window.scrollY")
    run.click()
    view = page.locator("#lq-class")
    expect(view).to_be_visible()
    assert view.bounding_box() == {"x": 0, "y": 0, **SIZE}

    def shown(index: int) -> None:
        part = view.locator(".lq-part:not([hidden])")
        expect(part).to_have_count(1)
        expect(view.locator(".lq-class-counter")).to_have_text(
            WORDS(lang, "plan.counter", index=index + 1, total=len(titles))
        )
        expect(part.locator("h2")).to_have_text(titles[index])
        expect(part.locator(".lq-part-minutes")).to_have_text(
            WORDS.count(lang, "plan.minutes", minutes[index], minutes=minutes[index])
        )
        # The part's own minutes, counted down from the moment it is shown (the clock
        # runs as it does in a room: on a loaded machine a second or two may pass here).
        expect(part.locator(".lq-countdown")).to_have_attribute("data-seconds", str(minutes[index] * 60))
        expect(part.locator(".lq-countdown")).to_have_text(
            re.compile(rf"^({minutes[index]}:00|{minutes[index] - 1}:5\d)$")
        )

    shown(0)
    # The countdown: it runs, P pauses it and resumes it, and at zero it says so.
    countdown = view.locator(".lq-part:not([hidden]) .lq-countdown")
    page.clock.run_for(5_000)
    expect(countdown).to_have_text(re.compile(rf"^{minutes[0] - 1}:5[0-5]$"))
    page.keyboard.press("p")
    expect(countdown).to_have_attribute("data-state", "paused")
    held = countdown.get_attribute("data-left")
    page.clock.run_for(30_000)
    expect(countdown).to_have_attribute("data-left", held or "")
    page.keyboard.press("p")
    page.clock.run_for(minutes[0] * 60_000)
    expect(countdown).to_have_text(WORDS(lang, "plan.time_up"))
    expect(countdown).to_have_attribute("data-state", "up")

    for index in range(1, len(titles)):
        page.keyboard.press("PageDown")
        shown(index)
        if index == 3:  # the rules: the worked example's stepper, live on the screen
            stepper = view.locator(".lq-part:not([hidden]) .lansquenet-scenario").first
            expect(stepper).to_be_visible()
            stepper.locator("[data-go=next]").click()
            expect(stepper).to_have_attribute("data-current", "1")
            # Its QR code leads to the pupils' page of this part (share.js; plan.json's "pupils"),
            # at the example's step (stepper.js's words for the address: its data-hash).
            word = json.loads(stepper.get_attribute("data-hash") or "{}")[lang]
            expect(page.locator("#lq-class > .lq-share .lq-share-link")).to_have_attribute(
                "href", re.compile(rf"/class/#{word}-2$")
            )
            assert decoded(page.locator("#lq-class > .lq-share .lq-share-code")).endswith(
                f"/{PREFIX[lang]}class/#{word}-2"
            )
            violations = axe_in(page, view)
            assert not violations, report(violations)
        if index == len(titles) - 1:  # the exit ticket, the pupils' page in its frame: its three questions
            ticket = page.frame_locator('iframe[data-frame="ticket"]')
            expect(ticket.locator(".lq-ticket:visible ol > li")).to_have_count(3)
    page.keyboard.press("PageDown")  # the last part stays
    shown(len(titles) - 1)
    for index in reversed(range(len(titles) - 1)):
        page.keyboard.press("PageUp")
        shown(index)

    page.keyboard.press("Escape")
    expect(view).to_be_hidden()
    expect(run).to_be_focused()
    assert page.evaluate("() => window.scrollY") == before
    # The parts' sections are back in the page, their steppers with them.
    expect(page.locator(".md-content .lansquenet-scenario").first).to_be_visible()
    expect(page.locator(".lq-part-material > *")).to_have_count(0)


def test_the_class_view_on_a_phone_never_scrolls_sideways(page: Page) -> None:
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(PATH["en"])
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    for index in range(len(plan())):
        expect(view).to_have_attribute("data-current", str(index))
        assert view.evaluate("(v) => v.scrollWidth <= v.clientWidth"), index
        for button in view.locator(".lq-class-bar button").all():
            box = button.bounding_box()
            assert box and box["height"] >= 44 and box["x"] + box["width"] <= 320
        page.keyboard.press("PageDown")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_table_seats_the_names_typed_and_its_coach_waits_for_r(page: Page, lang: str) -> None:
    # The names typed before the class (kept on this device), seated in the play part
    # with computer players in the empty seats; the same game in the odds part, projected
    # with the coach: the moves lettered, the odds hidden until R; the keys work from
    # inside the table's frame as from the view.
    page.set_viewport_size(SIZE)
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto(PATH[lang])
    page.locator("#lq-class-seats").fill("Zoé, Yann")
    page.reload()
    expect(page.locator("#lq-class-seats")).to_have_value("Zoé, Yann")
    page.locator('[data-action="run-class"]').click()
    view = page.locator("#lq-class")
    parts = view.locator(".lq-part")
    play = next(i for i in range(parts.count()) if parts.nth(i).get_attribute("data-part") == "play")
    odds = next(i for i in range(parts.count()) if parts.nth(i).get_attribute("data-part") == "odds")
    for _ in range(play):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(play))
    frame = view.locator('iframe[data-frame="game"]')
    expect(frame).to_be_visible()
    table = page.frame_locator('iframe[data-frame="game"]')
    expect(table.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=60_000)
    drawn = table.locator("#lq-view")
    for name in ("Zoé", "Yann", "Anne", "Bruno"):  # the class's two, two computer players
        expect(drawn).to_contain_text(name)
    # The frame under the part's head: its countdown whole, the frame's top in sight, the
    # game's tabs whole words (a 1 238 px frame).
    expect(page.locator(".lq-part:not([hidden]) .lq-countdown")).to_be_in_viewport(ratio=1)
    head = page.locator(".lq-part:not([hidden]) .lq-part-head").bounding_box()
    top = frame.bounding_box()
    assert head and top and head["y"] + head["height"] <= top["y"] + 1, (head, top)
    # The table speaks the page's language; the view's QR code leads to the class's game
    # at its step, in the compact form that holds the class's names (one code all
    # lesson), its caption showing them as names.
    assert table.locator("html").get_attribute("lang") == lang
    code = table.locator("#lq-view > .lq-share .lq-share-link")  # the table projected: its own code
    expect(code).to_have_attribute(
        "href", re.compile(rf"/{PREFIX[lang]}play/#quick=6\.\d+\.\d+\.[a-z0-9]*~Zo%C3%A9,Yann(&step=\d+)?$")
    )
    expect(code).to_contain_text("~Zoé,Yann")
    url = decoded(table.locator("#lq-view > .lq-share .lq-share-code"))
    assert url == code.get_attribute("href")
    phone = page.context.new_page()  # a pupil's phone opens the same table
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(url)
    expect(phone.locator("#lq-game")).to_be_visible(timeout=60_000)
    for name in ("Zoé", "Yann", "Anne", "Bruno"):
        expect(phone.locator("#lq-view")).to_contain_text(name)
    expect(phone.locator("#lq-counter")).to_have_text(table.locator("#lq-counter").inner_text())
    phone.close()
    for _ in range(odds - play):
        page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(odds))
    expect(frame).to_be_visible()
    projected = table.locator("#lq-view.lq-projecting")
    expect(projected).to_be_visible()
    vote = projected.locator(".lq-vote")
    # A decision of one move (a bank to announce) puts no vote: it is made, and the next
    # decision, of two moves or more, is voted on.
    decision = table.locator("#lq-turn")  # where the table's moves are (play.js)
    for _ in range(3):
        expect(
            projected.locator(".lq-vote-choices li").or_(decision.locator(".lq-move")).first
        ).to_be_visible(timeout=30_000)
        moves = decision.locator(".lq-move:visible")
        if moves.count() != 1:
            break
        expect(vote).to_have_count(0)
        moves.locator("button").first.evaluate("(button) => button.click()")  # the teacher's move, made
    expect(vote.locator(".lq-vote-choices li").first).to_be_visible(timeout=30_000)
    assert vote.locator(".lq-vote-choices li").count() >= 2
    expect(vote.locator(".lq-vote-odds").first).to_be_hidden()  # the class guesses first
    expect(page.locator("#lq-class > .lq-share")).to_be_hidden()  # the table's own code shows
    # Read from the back of the room: the part's countdown whole above the frame, every
    # choice of the vote and every word of the table's drawing in sight in the frame.
    expect(page.locator(".lq-part:not([hidden]) .lq-countdown")).to_be_in_viewport(ratio=1)
    choices = vote.locator(".lq-vote-choices li")
    for i in range(choices.count()):
        expect(choices.nth(i)).to_be_in_viewport(ratio=1)
    assert projected.evaluate(UNDER) == []
    page.keyboard.press("r")
    expect(vote.locator(".lq-vote-odds").first).to_be_visible()
    expect(vote.locator(".lq-vote-odds").first).to_contain_text("%")
    # The clicker moves on from the coach, wherever the focus is; the table goes back plain.
    page.keyboard.press("PageDown")
    expect(view).to_have_attribute("data-current", str(odds + 1))
    expect(frame).to_be_hidden()
    expect(table.locator("#lq-view.lq-projecting")).to_have_count(0)
    page.keyboard.press("PageUp")
    expect(view).to_have_attribute("data-current", str(odds))
    table.locator("#lq-view .lq-figure").click()  # the focus in the table's frame
    # The class left at once: the table not knocked out of its layout first (issue 52).
    page.keyboard.press("Escape")
    expect(view).to_be_hidden()
    expect(table.locator("#lq-view.lq-projecting")).to_have_count(0)  # back plain, with the class
