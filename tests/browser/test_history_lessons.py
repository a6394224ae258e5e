"""The history a teacher can cite (issue 42), in the browser: the timeline's filter by
kind works from the keyboard alone (a checkbox per kind: Tab to it, Space to show or hide
its entries), and each form of the lesson "how a rule changes" opens the play page with
its rules. ``LQ_FULL=1`` runs each in both languages (tests/browser/conftest.py)."""

from __future__ import annotations

import re

import pytest
from configured import LANGUAGES, PREFIX
from helpers import READY_MS, engine_ready, scenario_in
from playwright.sync_api import Page, expect

from lansquenet_site import timeline

FORMS = ("half_on_pair", "six_packs", "standard")  # V-R3's presets the lesson plays


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_timelines_filter_works_by_keyboard(page: Page, lang: str) -> None:
    page.goto(f"/{PREFIX[lang]}rules/history/")
    box = page.locator(".lq-timeline-box")
    filter_ = box.locator(".lq-timeline-filter")
    expect(filter_).to_be_visible()  # its script ran: without it the filter stays hidden
    entries = box.locator(".lq-timeline-entry")
    total = entries.count()
    assert total == len(timeline.entries())
    checkboxes = filter_.get_by_role("checkbox")
    expect(checkboxes).to_have_count(len(timeline.TAGS))

    def shown(tag: str) -> int:
        return sum(1 for e in timeline.entries() if e.tag == tag)

    first, second = checkboxes.nth(0), checkboxes.nth(1)
    first.focus()
    page.keyboard.press("Space")
    expect(first).not_to_be_checked()
    hidden = first.get_attribute("value") or ""
    expect(box.locator(f'.lq-timeline-entry[data-tag="{hidden}"]').first).to_be_hidden()
    expect(box.locator(".lq-timeline-entry:visible")).to_have_count(total - shown(hidden))
    page.keyboard.press("Tab")  # the next kind's box, from the keyboard
    expect(second).to_be_focused()
    page.keyboard.press("Space")
    other = second.get_attribute("value") or ""
    expect(box.locator(".lq-timeline-entry:visible")).to_have_count(total - shown(hidden) - shown(other))
    page.keyboard.press("Space")
    page.keyboard.press("Shift+Tab")
    expect(first).to_be_focused()
    page.keyboard.press("Space")
    expect(box.locator(".lq-timeline-entry:visible")).to_have_count(total)  # every kind again
    for entry in entries.all():
        expect(entry.locator(".lq-timeline-tag")).to_be_visible()  # each says its kind in words


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", FORMS)
def test_each_form_of_the_lesson_opens_the_play_page_with_its_rules(
    page: Page, lang: str, preset: str
) -> None:
    page.goto(f"/{PREFIX[lang]}teach/")
    link = page.locator(f'a.lq-rule-form[data-rules="{preset}"]')
    link.scroll_into_view_if_needed()
    assert link.get_attribute("href", timeout=5_000) == f"../play/#rules={preset}"
    link.click()
    # The play page opens a game under those rules; its address then holds the game (issue 41).
    page.wait_for_url(re.compile(rf"/{PREFIX[lang]}play/#scenario="), timeout=READY_MS)
    engine_ready(page)
    expect(page.locator("#lq-rules-badge")).not_to_be_empty()
    rules = scenario_in(page.url).get("rules")
    assert rules == (None if preset == "standard" else {"variant": preset})
    # The play page's "Rules" choice holds the preset, by its V-R3 name, for the next game.
    chosen = page.locator(f'option[value="{preset}"]:checked, input[value="{preset}"]:checked')
    expect(chosen).to_have_count(1)
