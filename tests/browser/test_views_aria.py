"""Every interactive view for every reader (issue 44, item 3): each walked with the
keyboard alone, read as assistive technology reads it (Playwright's ARIA snapshots in
tests/browser/aria/, written with LQ_ARIA_WRITE=1 and read before being kept), what its
live region says told once, and axe finding nothing in every state reached. The views:
the lessons (a wrong and a right choice, their feedback, the next lesson), every rule
page's stepper, the odds page's chart and its text equivalent, its simulation, the coach's
vote and its reveal, the class view (its parts, the countdown), the history's timeline,
the play page's step view. A key whose answer the live region already holds is told again (the
one live-region mechanism, docs/assets/js/core.js announce). Each flow runs in one language,
``LQ_FULL=1`` in both (tests/browser/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from configured import LANGUAGES, PREFIX
from helpers import (
    AT_COVERING,
    PLAY,
    READY_MS,
    aria_matches,
    assert_no_violations,
    heard,
    heard_raw,
    link_to,
    listen,
    ready,
    settle,
    tab_to,
)
from playwright.sync_api import Locator, Page, expect

from browser.conftest import SiteServer
from lansquenet import lessons
from lansquenet_site.words import Words

WORDS = Words(Path(__file__).resolve().parents[2] / "locales")


def spoken(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_by_keyboard_its_feedback_told_then_the_next_lesson(page: Page, lang: str) -> None:
    page.goto(f"/{PREFIX[lang]}learn/")
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=READY_MS)
    first, second = lessons.lessons()[:2]
    section = page.locator(f'section[data-lesson="{first.id}"]')
    aria_matches(section.locator(".lq-question"), f"{lang}-lesson-asked")
    listen(page)
    path = lessons.expected_path(first)
    # A wrong choice first: its feedback, the engine's reason, told once; the lesson waits,
    # the focus still on that choice.
    wrong = next(i for i in range(len(first.steps[0]["choices"])) if i != path[0])
    tab_to(page, f'section[data-lesson="{first.id}"] [data-choice="{wrong}"]')
    page.keyboard.press("Enter")
    said = WORDS(lang, "learn.wrong", message=lessons.run(first, [wrong], lang)["message"])
    expect(section.locator(".lq-feedback")).to_have_text(said)
    expect(section.locator(f'[data-choice="{wrong}"]')).to_be_focused()  # still where the reader was
    aria_matches(section.locator(".lq-question"), f"{lang}-lesson-wrong")
    assert_no_violations(page, f"{lang}: a lesson's wrong choice explained")
    assert heard(page).count(said) == 1, heard(page)
    for k, right in enumerate(path):
        choice = f'section[data-lesson="{first.id}"] [data-choice="{right}"]'
        if not page.evaluate("(s) => document.activeElement.matches(s)", choice):
            tab_to(page, choice)
        page.keyboard.press("Enter")
        if k < len(path) - 1:
            expect(section.locator(".lq-feedback")).to_have_text(WORDS(lang, "learn.right"))
    expect(section).to_have_attribute("data-state", "done")
    # The right answers told in the feedback's live region, each once.
    told = heard(page)
    assert told.count(WORDS(lang, "learn.right")) == len(path) - 1, told
    aria_matches(section.locator(".lq-lesson-play"), f"{lang}-lesson-done")
    assert_no_violations(page, f"{lang}: a lesson done")
    # On to the next lesson with the keyboard: its first choice is reached, its question read.
    tab_to(page, f'section[data-lesson="{second.id}"] [data-choice]')
    aria_matches(page.locator(f'section[data-lesson="{second.id}"] .lq-question'), f"{lang}-lesson-next")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_croupier_s_answer_already_in_the_live_region_is_told_again(page: Page, lang: str) -> None:
    """L twice: the second answer is the same sentence, still a change a screen reader
    reads (the region emptied, then given it again)."""
    page.goto(f"/{PREFIX[lang]}learn/")
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=READY_MS)
    first = lessons.lessons()[0]
    tab_to(page, f'section[data-lesson="{first.id}"] [data-choice]')
    listen(page)
    for key in ("t", "t", "l", "l"):
        page.keyboard.press(key)
        page.wait_for_function("(n) => window.lqHeard.filter(Boolean).length >= n", arg=1)
        page.wait_for_function(
            "() => { const h = window.lqHeard; return h.length && h[h.length - 1] !== ''; }"
        )
    told = heard(page)
    assert len(told) == 4 and told[0] == told[1] and told[2] == told[3], told
    assert told[2] == WORDS(lang, "play.croupier.nothing_yet")
    raw = heard_raw(page)
    assert raw.count("") >= 3, raw  # emptied before each repeat


def steppers(site: Path, lang: str) -> list[tuple[str, int]]:
    """Every rule page's steppers in the built site: (the page's address, how many)."""
    found = []
    for html in sorted((site / PREFIX[lang] / "rules").glob("*/index.html")):
        count = html.read_text("utf-8").count('class="lansquenet-scenario"')
        if count:
            found.append((f"/{PREFIX[lang]}rules/{html.parent.name}/", count))
    return found


def step_told(section: Locator, lang: str, index: int, total: int) -> str:
    """What the stepper's live region says of its step ``index`` (from 0), moved to."""
    text = spoken(section.locator(f'.lq-step[data-step="{index}"] .lq-text').text_content() or "")
    return WORDS(lang, "stepper.told", index=index + 1, total=total, text=text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_page_s_stepper_tells_each_step_once(
    page: Page, site_server: SiteServer, lang: str
) -> None:
    pages = steppers(site_server.root, lang)
    assert len(pages) >= 3
    for address, count in pages:
        page.goto(address)
        for j in range(count):
            section = page.locator(".lansquenet-scenario").nth(j)
            where = f"{address} stepper {j + 1}"
            expect(section.locator(".lq-controls")).to_be_visible()
            total = int(section.get_attribute("data-steps") or 0)
            assert total >= 2, where
            listen(page)
            tab_to(page, f"#{section.get_attribute('id')}", most=250)

            for key, said in (("ArrowRight", 1), ("End", 2), ("End", 2), ("Home", 3)):
                page.keyboard.press(key)  # a second End: nothing changes, nothing is said
                page.wait_for_function("(n) => window.lqHeard.filter(Boolean).length >= n", arg=said)
            tab_to(page, f"#{section.get_attribute('id')} [data-go=next]")
            page.keyboard.press("Enter")
            page.wait_for_function("() => window.lqHeard.filter(Boolean).length >= 4")
            page.wait_for_timeout(100)  # nothing more comes
            told = [step_told(section, lang, index, total) for index in (1, total - 1, 0, 1)]
            assert heard(page) == told, where
            if j == 0 and address.endswith("/settlement/"):
                aria_matches(section.locator(".lq-controls"), f"{lang}-stepper-controls")
            assert_no_violations(page, f"{lang} {where}: at its second step")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_odds_chart_has_a_table_of_every_bar_reached_by_keyboard(page: Page, lang: str) -> None:
    page.goto(f"/{PREFIX[lang]}odds/")
    length = page.locator(".lq-odds-length")
    chart = length.locator("svg[role=img]:visible")
    expect(chart).to_have_attribute("aria-labelledby", re.compile(r"\S"))
    bars = chart.locator("rect:has(title)")
    rows = length.locator("tbody tr")
    assert bars.count() >= 10 and rows.count() == bars.count()
    # Each bar's own words (its tooltip) are its row's: the length and its share.
    for i in (0, bars.count() - 1):
        tip = bars.nth(i).locator("title").text_content() or ""
        row = rows.nth(i)
        assert (row.locator("th").text_content() or "").strip() in tip
        assert (row.locator("td").nth(1).text_content() or "").strip() in tip
    tab_to(page, ".lq-odds-length summary", most=200)
    page.keyboard.press("Enter")
    expect(length.locator("details")).to_have_attribute("open", "")
    page.keyboard.press("Tab")
    expect(length.locator(".lq-scroll")).to_be_focused()
    aria_matches(length, f"{lang}-odds-length")
    sim = page.locator("#lq-sim-figure svg[role=img]:visible")
    expect(sim).to_have_attribute("aria-labelledby", re.compile(r"\S"))
    assert_no_violations(page, f"{lang}: the odds page, its chart's table open")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_view_by_keyboard_each_part_told_once_its_countdown_quiet(page: Page, lang: str) -> None:
    page.clock.install()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/{PREFIX[lang]}teach/")
    tab_to(page, '[data-action="run-class"]', most=200)
    listen(page)
    page.keyboard.press("Enter")
    view = page.locator("#lq-class")
    expect(view).to_be_visible()
    total = view.locator(".lq-part").count()
    counter = view.locator(".lq-class-counter")
    expect(counter).to_have_text(WORDS(lang, "plan.counter", index=1, total=total))
    part = view.locator(".lq-part:not([hidden])")
    aria_matches(view.locator(".lq-class-bar"), f"{lang}-class-bar")
    aria_matches(part, f"{lang}-class-first-part")  # its countdown a pattern there: it runs
    countdown = part.locator(".lq-countdown")
    expect(countdown).to_have_attribute("role", "timer")  # not read aloud every second
    expect(countdown).to_have_accessible_name(WORDS(lang, "plan.timer"))
    before = len(heard(page))
    page.clock.run_for(5000)
    expect(countdown).not_to_have_text(re.compile(r":00$"))
    assert len(heard(page)) == before  # the clock ran, nothing was said
    assert_no_violations(page, f"{lang}: the class view's first part")
    for index in range(total):
        if index:
            page.keyboard.press("PageDown")
        expect(counter).to_have_text(WORDS(lang, "plan.counter", index=index + 1, total=total))
        # Each part read as a region named by its title, its countdown a named timer.
        title = part.locator("h2").inner_text()
        expect(page.get_by_role("region", name=title)).to_be_visible()
        expect(part.get_by_role("timer")).to_have_accessible_name(WORDS(lang, "plan.timer"))
        assert_no_violations(page, f"{lang}: the class view's part {index + 1}", frames=False)
    page.wait_for_timeout(100)
    parts = [WORDS(lang, "plan.counter", index=i + 1, total=total) for i in range(total)]
    assert [t for t in heard(page) if t in parts] == parts, heard(page)
    page.keyboard.press("Escape")
    expect(view).to_be_hidden()
    expect(page.locator('[data-action="run-class"]')).to_be_focused()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_timeline_by_keyboard_every_date_reached_in_order(page: Page, lang: str) -> None:
    page.goto(f"/{PREFIX[lang]}rules/history/")
    timeline = page.locator(".lq-timeline")
    dates = timeline.locator("a.lq-timeline-date")
    tab_to(page, ".lq-timeline a", most=250)
    for i in range(dates.count()):
        expect(dates.nth(i)).to_be_focused()
        outline = dates.nth(i).evaluate("(a) => getComputedStyle(a).outlineStyle")
        assert outline != "none"  # where the focus is shows
        page.keyboard.press("Tab")
    aria_matches(timeline, f"{lang}-timeline")
    assert_no_violations(page, f"{lang}: the history's timeline")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_s_vote_revealed_from_the_keyboard_keeps_the_focus(page: Page, lang: str) -> None:
    """A lesson projected at a move question (the coach): its vote read, its Reveal button
    reached with Tab and pressed with Enter; the focus goes to the odds it revealed (the
    button goes: it was left on nothing), every choice's odds read there."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/{PREFIX[lang]}learn/")
    expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=READY_MS)
    box = page.locator('section[data-lesson="keep-sell"]')
    tab_to(page, 'section[data-lesson="keep-sell"] [data-action="projector"]', most=250)
    page.keyboard.press("Enter")
    vote = box.locator(".lq-vote")
    expect(vote).to_be_visible()
    aria_matches(vote, f"{lang}-coach-vote")
    tab_to(page, ".lq-vote-reveal")
    page.keyboard.press("Enter")
    expect(vote).to_have_attribute("data-revealed", "yes")
    expect(vote.locator(".lq-vote-choices")).to_be_focused()
    question = lessons.run(lessons.get("keep-sell"), [], lang)["question"]
    for i, odds in enumerate(question["odds"]):
        if odds is not None:
            short = odds["odds_short"] or WORDS(lang, "play.odds.nothing")
            expect(vote.locator(".lq-vote-choices li").nth(i)).to_contain_text(short)
    aria_matches(vote, f"{lang}-coach-revealed")
    assert_no_violations(page, f"{lang}: the coach's vote revealed")
    page.keyboard.press("Escape")
    expect(box.locator('[data-action="projector"]')).to_be_focused()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_odds_simulation_run_from_the_keyboard_its_chart_read_and_told_once(
    page: Page, lang: str
) -> None:
    """The reader's own simulation: the number of deals typed, Run pressed with Enter; the
    live status tells when it is done, once; the new chart read (its name the engine's
    description of it, the summary under it), axe clean."""
    page.goto(f"/{PREFIX[lang]}odds/")
    tab_to(page, "#lq-sim-deals", most=250)
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("200")
    tab_to(page, "#lq-sim-run")
    listen(page)
    page.keyboard.press("Enter")
    expect(page.locator("#lq-sim-origin")).to_have_attribute("data-origin", "browser", timeout=READY_MS)
    status = page.locator("#lq-sim-status")
    expect(status).to_have_attribute("data-status", "done")
    done = status.inner_text()
    assert heard(page).count(done) == 1, heard(page)
    figure = page.locator("#lq-sim-figure")
    expect(figure.locator("svg[role=img]:visible")).to_have_attribute("aria-labelledby", re.compile(r"\S"))
    aria_matches(figure, f"{lang}-odds-simulated")
    assert_no_violations(page, f"{lang}: the odds page after a simulation")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_play_page_tells_a_step_moved_to_once_and_a_move_without_its_counter(
    page: Page, lang: str
) -> None:
    """The game's step view, walked back with the arrow keys: each step moved to told once
    in the page's one live region, its number and sentence (the visible counter is not a
    live region: it said "Step 25 / 25" between a move's sentences, and only that when
    the reader stepped back); a move then told by its sentences alone."""
    ready(page, PLAY[lang] + link_to(AT_COVERING), (1280, 720))
    settle(page)
    tab_to(page, "#lq-view", most=250)
    total = int((page.locator("#lq-counter").inner_text().split("/")[-1]).strip())
    listen(page)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => window.lqHeard.filter(Boolean).length >= 1")
    page.wait_for_timeout(200)  # nothing more comes
    text = spoken(page.locator("#lq-step-text").inner_text())
    assert heard(page) == [WORDS(lang, "stepper.told", index=total - 1, total=total, text=text)]
    page.keyboard.press("End")
    page.wait_for_function("() => window.lqHeard.filter(Boolean).length >= 2")
    listen(page)
    tab_to(page, "#lq-moves [data-move]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.lqHeard.filter(Boolean).length >= 1")
    settle(page)
    page.wait_for_timeout(200)
    counter = re.compile(r"^\S+ \d+ / \d+$")
    assert heard(page) and not [told for told in heard(page) if counter.match(told)], heard(page)
    assert_no_violations(page, f"{lang}: the game's step view after a move")
