"""The croupier (issue 34 item 3): a whole quick game played with the keyboard alone,
the keys L, T, M, O and S answering in the page's one polite live region with what is on
the table (the engine's own sentences for the game the address holds); ? and the Keys
button list them; the keys leave a text field alone; a computer players' turn is told in
one message; the skip link still leads to the Quick game button within three Tabs."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import (
    PLAY,
    WORDS,
    open_learn,
    readers_seat,
    readers_turns,
    ready,
    scenario_in,
    settle,
    tabs_to,
    your_turn,
)
from playwright.sync_api import Page, expect

from browser.story import LISTEN, ask
from lansquenet import lessons, web

PHONE = (360, 740)


def engine_say(page: Page, lang: str) -> dict[str, str]:
    """What the engine's croupier says of the game the page's address holds."""
    data = scenario_in(page.url)
    answer: dict[str, Any] = json.loads(
        web.handle(json.dumps({"op": "open", "scenario": data, "lang": lang}))
    )
    say: dict[str, str] = answer["step"]["say"]
    return say


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_quick_game_played_with_the_keyboard_alone_the_croupier_answering(page: Page, lang: str) -> None:
    ready(page, PLAY[lang], PHONE)
    assert tabs_to(page, "[data-act=quick]", 3)[0] <= 3
    page.evaluate(LISTEN)  # before the game: the computer players' first moves are told at once
    page.keyboard.press("Enter")
    expect(page.locator("#lq-game")).to_be_visible()
    reader = readers_seat(page)
    # The list of keys: ? opens it, Escape closes it; the Keys button is visible.
    expect(page.locator('[data-action="keys"]')).to_have_text(WORDS(lang, "play.keys"))
    expect(page.locator('[data-action="keys"]')).to_be_visible()
    decisions = 0
    for _ in readers_turns(page, lang, reader):
        decisions += 1
        # The focus is at the decision: the amount (a text field, where the keys type), else a move.
        focused = page.evaluate("() => document.activeElement.id || document.activeElement.dataset.move")
        if focused == "lq-amount":
            # What the region was last given lands a frame after it is emptied (core.js announce): let
            # it land, so that only the key's own answer could be counted below.
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            told = page.evaluate("() => window.lqTold.length")
            page.keyboard.press("t")  # typed in the field: no answer
            assert page.evaluate("() => window.lqTold.length") == told
            page.keyboard.press("Control+a")
            page.keyboard.press("1")  # the least amount
            while not page.evaluate("() => !!document.activeElement.dataset.move"):
                page.keyboard.press("Tab")
        if decisions <= 2:
            say = engine_say(page, lang)
            last = page.evaluate("() => window.lqTold.at(-1) || null") or WORDS(
                lang, "play.croupier.nothing_yet"
            )
            assert ask(page, "t") == say["table"]
            assert ask(page, "m") == say["moves"] and reader in say["moves"]
            assert ask(page, "o") == say["odds"]
            assert ask(page, "s") == say["counters"]
            assert ask(page, "l") == last
        if decisions == 1:
            page.keyboard.press("?")
            dialog = page.locator("#lq-keys")
            expect(dialog).to_be_visible()
            for key in ("l", "t", "m", "o", "s"):
                expect(dialog).to_contain_text(WORDS(lang, f"play.keys.{key}"))
            page.keyboard.press("Escape")
            expect(dialog).to_be_hidden()
        before = page.evaluate("() => window.lqTold.length")
        page.keyboard.press("Enter")  # the focused move
        settle(page)
        # Until the reader's next decision: the reader's move told once, the computer
        # players' turn once.
        for _ in range(300):
            settle(page)
            if page.locator("#lq-over").is_visible() or your_turn(page, lang, reader):
                break
            page.wait_for_timeout(30)
        assert page.evaluate("() => window.lqTold.length") - before <= 2
    expect(page.locator("#lq-over")).to_be_visible()
    assert decisions >= 2
    expect(page.locator("#lq-standings-title")).to_be_focused()
    page.keyboard.press("s")
    page.wait_for_function(
        "(s) => document.getElementById('lq-announce').textContent === s",
        arg=engine_say(page, lang)["counters"],
    )
    assert ask(page, "m") == engine_say(page, lang)["moves"]  # the game is over


def right_choice(lesson: lessons.Lesson) -> int:
    """The first question's expected choice (a question with none accepts any)."""
    expected = lesson.steps[0]["expect"]
    return 0 if expected is None else int(expected)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_lesson_played_with_the_keyboard_alone_the_croupier_answering(page: Page, lang: str) -> None:
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_learn(page, lang)
    page.evaluate(LISTEN)
    first = lessons.lessons()[0]
    section = page.locator(f'section[data-lesson="{first.id}"]')
    # The skip link, then the first lesson (the list's link to it), within three Tabs.
    ident = str(section.get_attribute("id"))
    link = f'a[href$="#{ident}"]'
    tabs = 0
    while tabs < 3 and not page.evaluate("(s) => document.activeElement.matches(s)", link):
        page.keyboard.press("Tab")
        tabs += 1
        if page.evaluate("() => document.activeElement.matches('a.md-skip')"):
            page.keyboard.press("Enter")
    assert page.evaluate("(s) => document.activeElement.matches(s)", link), f"not within {tabs} Tabs"
    page.keyboard.press("Enter")  # to the lesson: the next Tab goes into it
    while not page.evaluate("(s) => !!document.activeElement.closest(s)", f"#{ident}"):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 12, "the lesson's controls are not next"
    say = lessons.run(first, [], lang)["steps"][-1]["say"]
    assert ask(page, "t") == say["table"]
    assert ask(page, "m") == say["moves"]
    assert ask(page, "o") == say["odds"]
    assert ask(page, "s") == say["counters"]
    # To the right choice with Tab, and Enter: the croupier then tells the new table.
    index = right_choice(first)
    while page.evaluate("() => document.activeElement.dataset.choice") != str(index):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    after = lessons.run(first, [index], lang)
    expect(section.locator(".lq-story li").last).to_contain_text(after["steps"][-1]["text"])
    page.locator(
        f"#{section.get_attribute('id')} [data-choice], #{section.get_attribute('id')} .lq-summary"
    ).first.focus()
    assert ask(page, "t") == after["steps"][-1]["say"]["table"]
    assert ask(page, "l") == " ".join(step["text"] for step in after["steps"])
