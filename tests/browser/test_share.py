"""The projector view's way to a phone (issue 33, point 2; docs/assets/js/share.js): the
QR code beside a projected table, read by a real decoder (zxing-cpp) from a screenshot,
leads to exactly what is on the screen, and that link opened on a 360 px phone shows the
same step. A quick game's link is its short form (lansquenet/quicklink.py); a game too
long for one code says so and shows its plain link."""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import PROJECTING, READY_MS, decoded, engine_ready, link_to, projected_lesson
from playwright.sync_api import Browser, Page, ViewportSize, expect

from lansquenet import bots, lessons
from lansquenet.session import Session

PROJECTOR = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 360, "height": 740}
PREFIX = {"fr": "", "en": "/en"}
WORD = {"fr": "Étape", "en": "Step"}


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PROJECTOR}  # every page here is projected


def on_phone(browser: Browser) -> Page:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def quick_game_at_the_readers_turn(seed: int, least: int) -> dict[str, Any]:
    """A quick game whose every move (the reader's too) a computer player chose, cut at
    the reader's turn after at least ``least`` actions: the page then waits for the reader."""
    scenario = bots.quick_game(seed)
    session = Session(scenario)
    computer = scenario["computer"]
    while True:
        table = session.table
        assert table.to_act is not None
        player = table.players[table.to_act]
        if len(session) >= least and player not in computer:
            return session.scenario()
        move, _, _ = bots.decide(
            table,
            table.to_act,
            computer.get(player, "steady"),
            bots.generator(scenario["seed"], len(session)),
        )
        session.push(move)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rule_stepper_projected_its_code_opens_the_same_step_on_a_phone(
    page: Page, browser: Browser, lang: str
) -> None:
    page.goto(f"{PREFIX[lang]}/rules/settlement/")
    box = page.locator("#lq-scenario-1")
    box.locator('[data-action="projector"]').click()
    expect(box).to_have_class(PROJECTING)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    total = box.get_attribute("data-steps")
    expect(box.locator(".lq-counter")).to_have_text(f"{WORD[lang]} 4 / {total}")
    code = box.locator(".lq-share-code")
    expect(code.locator("svg")).to_be_visible()
    expect(box.locator(".lq-share-link")).to_have_attribute("href", re.compile(r"-4$"))
    url = decoded(code)
    assert url == box.locator(".lq-share-link").get_attribute("href")
    page.keyboard.press("ArrowRight")  # the code follows the step
    expect(box.locator(".lq-share-link")).to_have_attribute("href", re.compile(r"-5$"))
    assert decoded(code).endswith("-5")

    phone = on_phone(browser)
    phone.goto(url)
    there = phone.locator("#lq-scenario-1")
    expect(there).to_have_attribute("data-current", "3")
    expect(there.locator(".lq-counter")).to_have_text(f"{WORD[lang]} 4 / {total}")
    expect(there.locator(".lq-step[data-step='3']")).to_be_visible()
    there.locator("[data-go=next]").click()  # and steps on from there
    expect(there.locator(".lq-counter")).to_have_text(f"{WORD[lang]} 5 / {total}")
    phone.context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_play_table_mid_game_its_code_is_the_short_link_and_opens_the_same_step(
    page: Page, browser: Browser, lang: str
) -> None:
    page.goto(f"{PREFIX[lang]}/play/")
    engine_ready(page)
    game = quick_game_at_the_readers_turn(seed=21, least=12)
    page.evaluate("(fragment) => { location.hash = fragment; }", link_to(game))
    box = page.locator("#lq-view")
    expect(box.locator(".lq-figure svg")).to_be_attached(timeout=READY_MS)
    box.locator('[data-action="projector"]').click()
    expect(box).to_have_class(PROJECTING)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    counter = box.locator(".lq-counter")
    expect(counter).to_have_text(re.compile(rf"^{WORD[lang]} 3 / \d+$"))
    link = box.locator(".lq-share-link")
    expect(link).to_have_attribute(
        "href", re.compile(r"#quick=6\.21\.\d+\.[a-z0-9]*&step=2$"), timeout=READY_MS
    )
    url = decoded(box.locator(".lq-share-code"))
    assert url == link.get_attribute("href") and len(url) <= 1000
    shown = counter.text_content()
    text = page.locator("#lq-step-text").text_content()

    phone = on_phone(browser)
    phone.goto(url)
    expect(phone.locator("#lq-counter")).to_have_text(shown or "", timeout=READY_MS)
    expect(phone.locator("#lq-step-text")).to_have_text(text or "")
    for name in game["players"]:  # the same names at the table
        expect(phone.locator("#lq-view .lq-figure svg")).to_contain_text(name)
    # The phone's address now holds the whole game: the same actions as the projector's.
    phone.wait_for_function("() => location.hash.startsWith('#scenario=')")
    opened = phone.evaluate("() => location.hash")
    assert opened.split("&")[0] == link_to(game)
    phone.context.close()


def test_a_game_too_long_for_one_code_says_so_and_keeps_its_plain_link(page: Page) -> None:
    page.goto("/en/play/")
    engine_ready(page)
    fragment = link_to(bots.play_session(4, 12, seed=3))
    assert len(fragment) > 1000
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    box = page.locator("#lq-view")
    expect(box.locator(".lq-figure svg")).to_be_attached(timeout=READY_MS)
    box.locator('[data-action="projector"]').click()
    expect(box.locator(".lq-share-long")).to_have_text(
        "This game is too long for one code: here is its link."
    )
    expect(box.locator(".lq-share-code")).to_be_hidden()
    expect(box.locator(".lq-share-link")).to_have_attribute("href", re.compile("#scenario="))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_lesson_projected_at_its_second_question_its_code_opens_that_question_on_a_phone(
    page: Page, browser: Browser, lang: str
) -> None:
    lesson = lessons.get("keep-sell")
    box = projected_lesson(page, f"{PREFIX[lang]}/learn/", lesson.id)
    anchor = box.get_attribute("id")  # learn.anchor: "lesson-…", "lecon-…"
    link = box.locator(".lq-share-link")
    expect(link).to_have_attribute("href", re.compile(rf"/learn/#{anchor}$"))
    path = lessons.expected_path(lesson)
    box.locator(f'[data-choice="{path[0]}"]').click()  # the class answers: the next question
    second = lessons.run(lesson, path[:1], lang)["question"]
    expect(box.locator(".lq-ask")).to_have_text(second["ask"])
    expect(link).to_have_attribute("href", re.compile(rf"/learn/#{anchor}&answers={path[0]}$"))
    url = decoded(box.locator(".lq-share-code"))
    assert url == link.get_attribute("href")
    story = box.locator(".lq-story li").all_text_contents()

    phone = on_phone(browser)
    phone.goto(url)
    there = phone.locator(f'section[data-lesson="{lesson.id}"]')
    expect(there.locator(".lq-ask")).to_have_text(second["ask"], timeout=READY_MS)  # the same question
    expect(there.locator(".lq-story li")).to_have_text(story)  # after the same story
    expect(there.locator("[data-choice]")).to_have_count(len(second["choices"]))
    expect(there).to_be_in_viewport()
    assert len(path) == 2
    there.locator(f'[data-choice="{path[1]}"]').tap()  # and the pupil answers on from there, to its end
    expect(there.locator(".lq-summary")).to_be_visible(timeout=READY_MS)
    phone.context.close()
