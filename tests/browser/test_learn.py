"""The lessons page (/learn/, /en/learn/): every lesson played by clicking, as a learner
would, each answer judged by the engine in the worker; progress kept; keyboard; no JS;
links from the home page, the rule pages and the teachers' page; phones at 360 px."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from configured import LANGUAGES
from helpers import LEARN, engine_ready, open_learn
from playwright.sync_api import Browser, Page, expect

from browser.devices import PHONE
from lansquenet import lessons
from lansquenet_site.learn_page import story_items
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")


def a_wrong_choice(lesson: lessons.Lesson, k: int) -> int | None:
    step = lesson.steps[k]
    wrong = [i for i in range(len(step["choices"])) if step["expect"] is not None and i != step["expect"]]
    return wrong[0] if wrong else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_is_completed_by_clicking_and_a_wrong_move_is_explained(page: Page, lang: str) -> None:
    open_learn(page, lang)
    total = len(lessons.lessons())
    expect(page.locator("#lq-progress")).to_have_text(WORDS(lang, "learn.progress", done=0, total=total))
    for lesson in lessons.lessons():
        section = page.locator(f'section[data-lesson="{lesson.id}"]')
        path = lessons.expected_path(lesson)
        for k, right in enumerate(path):
            wrong = a_wrong_choice(lesson, k)
            if wrong is not None:
                said = lessons.run(lesson, [*path[:k], wrong], lang)["message"]
                section.locator(f'[data-choice="{wrong}"]').click()
                expect(section.locator(".lq-feedback")).to_have_text(WORDS(lang, "learn.wrong", message=said))
            section.locator(f'[data-choice="{right}"]').click()
            expected = lessons.run(lesson, path[: k + 1], lang)
            if not expected["done"]:
                expect(section.locator(".lq-ask")).to_have_text(expected["question"]["ask"])
                expect(section.locator(".lq-feedback")).to_have_text(WORDS(lang, "learn.right"))
        expect(section).to_have_attribute("data-state", "done")
        expect(section.locator(".lq-summary-text")).to_have_text(lessons.words(lesson, "summary", lang))
        last = expected["steps"][-1]["text"]
        expect(section.locator(".lq-story li").last).to_have_text(last)
        cards = expected["state"]["table"]["cards"] or {}
        coup = expected["state"]["table"].get("coup") or {}  # the court game's (COURT.md C-6, C-10, C-11)
        codes = (
            [c for c in [cards.get("bank_card"), cards.get("players_card"), *cards.get("exposed", [])] if c]
            + [c["card"] for c in coup.get("coupeurs", [])]
            + [c for c in [coup.get("holder_card")] if c]
            + list(coup.get("turned", []))
        )
        expect(section.locator(".lq-figure svg [data-card]")).to_have_count(len(codes))
        for code in codes:
            expect(section.locator(f'.lq-figure svg [data-card="{code}"]')).to_be_attached()
    expect(page.locator("#lq-progress")).to_have_text(WORDS(lang, "learn.progress", done=total, total=total))
    # Progress is kept in this browser: a reload still shows every lesson done.
    page.reload()
    expect(page.locator("#lq-progress")).to_have_text(WORDS(lang, "learn.progress", done=total, total=total))
    expect(page.locator("[data-lesson-mark]:not([hidden])")).to_have_count(total)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_deal_against_computer_players_tells_their_reasons(page: Page, lang: str) -> None:
    open_learn(page, lang)
    section = page.locator('section[data-lesson="whole-deal"]')
    expect(section.locator(".lq-story li .lq-said").first).to_be_visible()
    section.locator('[data-choice="2"]').click()  # banco: any legal move will do
    expect(section).to_have_attribute("data-state", "done")
    told = lessons.run(lessons.get("whole-deal"), [2], lang)["steps"]
    # One numbered item a move, its computer player's reason inside it.
    items = [text + (f" {reason}" if reason else "") for text, reason in story_items(told)]
    expect(section.locator(".lq-story li.lq-new")).to_have_text(items)
    story = section.locator(".lq-story > li").all_inner_texts()
    assert len(story) == len(set(story)), story  # no line told twice
    # Numbered 1, 2, 3... without a gap: every item is a counted list item.
    numbers = section.locator(".lq-story > li").evaluate_all(
        "items => items.map((li) => getComputedStyle(li).display + ':' + getComputedStyle(li).listStyleType)"
    )
    assert set(numbers) == {"list-item:decimal"}, numbers


def test_a_lesson_is_played_with_the_keyboard_alone(page: Page) -> None:
    open_learn(page, "en")
    section = page.locator('section[data-lesson="keep-sell"]')
    section.locator('[data-choice="0"]').focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # to "Leave"
    page.keyboard.press("Enter")
    expect(section.locator(".lq-ask")).to_contain_text("offered to Bruno")
    expect(section.locator('[data-choice="0"]')).to_be_focused()  # the next question's first choice
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # "Buy"
    expect(section.locator(".lq-summary")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # start the lesson again
    expect(section.locator(".lq-ask")).to_contain_text("stop banking")
    expect(section.locator('[data-choice="0"]')).to_be_focused()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_every_lesson_reads_with_its_solution(
    browser: Browser, base_url: str, lang: str
) -> None:
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    try:
        page = context.new_page()
        page.goto(LEARN[lang])
        sections = page.locator("section[data-lesson]")
        expect(sections).to_have_count(len(lessons.lessons()))
        for lesson in lessons.lessons():
            section = page.locator(f'section[data-lesson="{lesson.id}"]')
            expect(section.locator("h2")).to_contain_text(lessons.words(lesson, "title", lang))
            expect(section.locator(".lq-intro")).to_have_text(lessons.words(lesson, "intro", lang))
            expect(section.locator(".lq-question")).to_be_hidden()  # its buttons need the engine
            section.locator(".lq-solution summary").click()
            expect(section.locator(".lq-solution")).to_contain_text(lessons.words(lesson, "summary", lang))
        expect(page.locator("noscript")).to_have_count(1)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "pages"),
    [
        (
            "fr",
            [
                "/",
                "/teach/",
                "/rules/preparing/",
                "/rules/covering/",
                "/rules/which-value/",
                "/rules/keeping-the-bank/",
                "/rules/settlement/",
            ],
        ),
        (
            "en",
            [
                "/en/",
                "/en/teach/",
                "/en/rules/preparing/",
                "/en/rules/covering/",
                "/en/rules/which-value/",
                "/en/rules/keeping-the-bank/",
                "/en/rules/settlement/",
            ],
        ),
    ],
)
def test_the_lessons_are_linked_from_home_teachers_and_every_rule_page(
    page: Page, lang: str, pages: list[str]
) -> None:
    for path in pages:
        page.goto(path)
        link = page.locator("article a[href*='learn/']").first
        expect(link).to_be_attached()
        href = link.get_attribute("href") or ""
        if "rules/" in path:
            assert re.search(r"#(lecon|lesson)-[\w-]+$", href), href
            expect(page.locator(".admonition.tip .admonition-title")).to_have_text(
                "Essayer" if lang == "fr" else "Try it"
            )
            link.click()
            target = href.split("#")[1]
            expect(page.locator(f"section#{target}[data-lesson]")).to_be_in_viewport()


@pytest.mark.parametrize("lang", LANGUAGES)
@PHONE
def test_on_a_phone_a_choice_looks_chosen_only_once_tapped_and_a_wrong_one_says_so(
    page: Page, lang: str
) -> None:
    open_learn(page, lang)
    lesson = lessons.get("cover")
    section = page.locator('section[data-lesson="cover"]')
    section.locator(".lq-choices").scroll_into_view_if_needed()
    path = lessons.expected_path(lesson)
    wrong = a_wrong_choice(lesson, 0)
    assert wrong is not None
    button = section.locator(f'[data-choice="{wrong}"]')
    button.tap()
    # Marked in words and with a sign, on the button and beside the choices, in view.
    expect(button).to_contain_text(WORDS(lang, "learn.wrong_choice"))
    expect(button).to_have_attribute("data-picked", "wrong")
    said = lessons.run(lesson, [wrong], lang)["message"]
    feedback = section.locator(".lq-feedback")
    expect(feedback).to_have_text(WORDS(lang, "learn.wrong", message=said))
    assert WORDS(lang, "learn.wrong", message="").startswith("✗")  # a sign, not colour alone
    expect(feedback).to_be_in_viewport()
    # Choices not tapped look like every other button: not filled.
    for other in section.locator("[data-choice]:not([data-picked])").all():
        fill = other.evaluate("b => getComputedStyle(b).backgroundColor")
        assert fill == "rgba(0, 0, 0, 0)", fill
    section.locator(f'[data-choice="{path[0]}"]').tap()
    expect(section).to_have_attribute("data-state", "done")


def test_the_next_question_s_first_choice_is_focused_but_not_filled(page: Page) -> None:
    open_learn(page, "en")
    section = page.locator('section[data-lesson="keep-sell"]')
    path = lessons.expected_path(lessons.get("keep-sell"))
    section.locator(f'[data-choice="{path[0]}"]').click()
    first = section.locator('[data-choice="0"]')
    expect(first).to_be_focused()
    assert first.evaluate("b => getComputedStyle(b).backgroundColor") == "rgba(0, 0, 0, 0)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_s_address_with_an_answer_it_refuses_stops_there_with_its_words(
    page: Page, lang: str
) -> None:
    # A link edited by hand (or shared from an older lesson): its first answer is wrong, its
    # second right. The page replays as taps would: the wrong one said, nothing after it.
    lesson = lessons.get("keep-sell")
    path = lessons.expected_path(lesson)
    wrong = a_wrong_choice(lesson, 0)
    assert wrong is not None
    open_learn(page, lang)
    anchor = page.locator(f'section[data-lesson="{lesson.id}"]').get_attribute("id")
    page.goto(f"{LEARN[lang]}#{anchor}&answers={wrong}.{path[1]}")
    page.reload()  # opened afresh from the address
    engine_ready(page)
    section = page.locator(f"#{anchor}")
    said = lessons.run(lesson, [wrong], lang)["message"]
    expect(section.locator(".lq-feedback")).to_have_text(WORDS(lang, "learn.wrong", message=said))
    expect(section.locator(".lq-ask")).to_have_text(lessons.run(lesson, [], lang)["question"]["ask"])
    expect(section).to_be_in_viewport()
    # Its projector view's code leads to the lesson as it is: no answer accepted.
    assert (section.get_attribute("data-share") or f"#{anchor}").endswith(f"#{anchor}")
