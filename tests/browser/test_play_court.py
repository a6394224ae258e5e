"""The court game on the play page (issue 51, item 5; spec/COURT.md): chosen in the
set-up form's "Rules" beside the later game and its variants (the choice and its fonds F
come from lansquenet.games), or opened by a ``#rules=`` link; a few coups played with
the holder's one move, ``deal`` (C-17), the draw narrated card by card as the engine
says it; undo back to the reader's move; the permalink reopening the same game at the
same step; a 360 px phone holding the table with no sideways scroll; the table
projected. Both languages (LQ_FULL=1).
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX
from helpers import PROJECTING, axe_in, report
from playwright.sync_api import Page, expect

from browser.story import LISTEN, ask, whole_story
from lansquenet import games, web
from lansquenet_site.words import Words

WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
PLAY = {lang: "/" + PREFIX[lang] + "play/" for lang in LANGUAGES}
ENGINE_MS = 120_000
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
COURT = games.GAMES[1]  # the court game (lansquenet.games)
FONDS = COURT.setting("fonds")


@pytest.fixture
def pages(module_browser: Any) -> Any:
    """Opens play pages in the module's context (computer players at once), closed after."""
    module_browser.context.set_default_timeout(ENGINE_MS)
    opened: list[Page] = []

    def open_page(path: str) -> Page:
        page: Page = module_browser.context.new_page()
        page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")
        page.goto(path)
        expect(page.locator("#lq-status")).to_have_attribute("data-status", "ready", timeout=ENGINE_MS)
        page.bring_to_front()  # Chromium pauses a hidden page's frames
        opened.append(page)
        return page

    yield open_page
    for page in opened:
        page.close()


def address(page: Page) -> dict[str, Any]:
    """The game the page's address holds (#scenario=, permalink.js)."""
    text = page.url.split("#scenario=")[1].split("&")[0]
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    return data


def settle(page: Page) -> None:
    page.locator("#lq-play[aria-busy=false]").wait_for(state="attached", timeout=ENGINE_MS)


def reader_of(data: dict[str, Any]) -> str:
    return next(name for name in data["players"] if name not in data.get("computer", {}))


def badge(lang: str, fonds: int) -> str:
    detail = WORDS(lang, "play.rules.setting.fonds", value=fonds)
    return WORDS(lang, "play.rules.badge", name=f"{WORDS(lang, 'games.name.' + COURT.id)}, {detail}")


def deal_some(page: Page, lang: str, coups: int) -> int:
    """The reader deals whenever the hand is his (C-17), until ``coups`` of his own were
    dealt or the session is over; the computer holders deal by themselves. How many the
    reader dealt."""
    reader = reader_of(address(page))
    mine = WORDS(lang, "play.your_turn", player=reader)
    dealt = 0
    for _ in range(400):
        settle(page)
        if page.locator("#lq-over").is_visible() or dealt >= coups:
            return dealt
        turn = page.locator("#lq-turn-text")
        if turn.is_visible() and turn.text_content() == mine:
            names = [b.get_attribute("data-move") for b in page.locator("#lq-moves [data-move]").all()]
            assert names == ["deal"], names  # C-17: the holder's one move
            expect(page.locator("#lq-moves [data-move=deal]")).to_have_text(WORDS(lang, "play.move.deal"))
            page.locator("#lq-moves [data-move=deal]").click()
            dealt += 1
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the court game did not go on")


def engine_story(data: dict[str, Any], lang: str) -> list[str]:
    """The sentences the engine says for the game ``data`` holds (CPython, the same engine)."""
    opened = json.loads(web.handle(json.dumps({"op": "open", "scenario": data, "lang": lang})))
    assert "error" not in opened, opened
    texts: list[str] = []
    start = 0
    while start < opened["count"]:
        end = min(start + 64, opened["count"])
        steps = json.loads(web.handle(json.dumps({"op": "steps", "from": start, "to": end, "lang": lang})))
        texts += [step["text"] for step in steps["steps"]]
        start = end
    return texts


def deal_every_coup(page: Page, coups: int) -> None:
    """Every seat is the reader's (a table set up in the form): deal ``coups`` coups."""
    for _ in range(coups):
        settle(page)
        page.locator("#lq-moves [data-move=deal]").click()
    settle(page)


def told(page: Page, lang: str) -> None:
    """The story is the engine's, sentence by sentence (a computer player's reason after
    its move's): the cards dealt, the doubles and triples as they come, what was won and
    paid, the hand kept or passed."""
    story, texts = whole_story(page), engine_story(address(page), lang)
    assert len(story) == len(texts) and all(li.startswith(t) for li, t in zip(story, texts, strict=True))


def engine_step(data: dict[str, Any], index: int, lang: str) -> dict[str, Any]:
    """Step ``index`` of the game ``data`` holds, as the engine views it (CPython)."""
    web.handle(json.dumps({"op": "open", "scenario": data, "lang": lang}))
    answer = json.loads(web.handle(json.dumps({"op": "steps", "from": index, "to": index + 1, "lang": lang})))
    step: dict[str, Any] = answer["steps"][0]
    return step


def coached(page: Page, lang: str) -> None:
    """With the odds shown, the coach at each step of the last coup is the engine's: each
    coupeur's exact chance that his card comes before the holder's, then the holder's
    chance of making the hand (view.py court_coach); nothing once the coup is decided."""
    toggle = page.locator("[data-action=odds]").first
    if toggle.get_attribute("aria-pressed") != "true":
        toggle.click()
    coach = page.locator("#lq-coach")
    data = address(page)
    seen = 0
    for _ in range(12):
        page.locator("[data-go=previous]").click()
        index = int((page.locator("#lq-counter").text_content() or "").split()[1]) - 1  # "Step 5 / 9"
        expected = engine_step(data, index, lang).get("coach")
        if expected is None:  # the step is drawn when its view comes: waited for
            expect(coach.locator("p")).to_have_count(0)
            continue
        expect(coach.locator("p")).to_have_text(
            [card["text"] for card in expected["cards"]] + [expected["text"]]
        )
        expect(coach.locator("p").last).to_be_visible()
        seen += len(expected["cards"])
    assert seen, "no coupeur's card was coached"
    page.locator("[data-go=last]").click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_court_game_set_up_in_the_form_deals_undoes_and_its_link_reopens_it(
    pages: Any, lang: str
) -> None:
    page = pages(PLAY[lang])
    option = page.locator(f"#lq-rules option[value={COURT.id}]")
    expect(option).to_have_text(WORDS(lang, "games.name." + COURT.id))
    page.select_option("#lq-rules", COURT.id)
    fonds = page.locator("#lq-setup [data-setting=fonds]")
    expect(fonds).to_be_visible()
    expect(fonds).to_have_value(str(FONDS.default))  # the declaration's default (C-16)
    about = page.locator("#lq-rules-about")
    expect(about).to_contain_text(WORDS(lang, "play.game.about." + COURT.id))
    expect(about).to_contain_text(str(COURT.edge_value()))  # the engine's figure (Game.edge)
    expect(page.locator("#lq-custom")).to_be_hidden()
    fonds.fill("2")
    page.locator("#lq-seed").fill("7")
    page.locator("#lq-finish").fill("4")
    page.locator("#lq-setup [type=submit]").click()
    expect(page.locator("#lq-game")).to_be_visible()
    assert address(page)["rules"] == {"game": COURT.id, "fonds": 2}  # C-16: the link carries them
    expect(page.locator("#lq-rules-badge")).to_have_text(badge(lang, 2))
    deal_every_coup(page, 3)
    assert len(address(page)["actions"]) == 3
    told(page, lang)
    # Undo: the last coup taken back whole (one move, C-17), and the address follows.
    before = page.locator("#lq-counter").text_content()
    page.locator("[data-act=undo]").click()
    settle(page)
    assert len(address(page)["actions"]) == 2
    expect(page.locator("#lq-counter")).not_to_have_text(before or "")
    deal_every_coup(page, 1)
    told(page, lang)
    coached(page, lang)
    # The link the language switcher carries holds the game at its step: opened anew,
    # the same game, the same step, the same rules and story.
    for _ in range(3):
        page.locator("[data-go=previous]").click()
    counter = page.locator("#lq-counter").text_content()
    switcher = page.locator("a[hreflang]").first.get_attribute("href") or ""
    assert "&step=" in switcher
    story = whole_story(page)
    again = pages(PLAY[lang] + "#" + switcher.split("#", 1)[1])
    expect(again.locator("#lq-game")).to_be_visible()
    expect(again.locator("#lq-counter")).to_have_text(counter or "")
    expect(again.locator("#lq-rules-badge")).to_have_text(badge(lang, 2))
    assert address(again)["rules"] == {"game": COURT.id, "fonds": 2}
    assert whole_story(again) == story


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quick_court_game_plays_to_its_end_with_computer_holders(pages: Any, lang: str) -> None:
    page = pages(PLAY[lang])
    page.select_option("#lq-rules", COURT.id)
    page.locator("[data-act=quick-deals][data-deals='3']").click()
    expect(page.locator("#lq-game")).to_be_visible()
    assert address(page)["rules"] == {"game": COURT.id, "fonds": FONDS.default}
    deal_some(page, lang, 10)
    expect(page.locator("#lq-over")).to_be_visible()
    told(page, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rules_link_naming_the_court_game_opens_it_on_a_360_px_phone(pages: Any, lang: str) -> None:
    page = pages(PLAY[lang] + "#rules=" + COURT.id)
    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.locator("#lq-game")).to_be_visible()
    assert address(page)["rules"] == {"game": COURT.id, "fonds": FONDS.default}
    expect(page.locator("#lq-rules-badge")).to_have_text(badge(lang, FONDS.default))
    deal_some(page, lang, 1)
    for _ in range(6):  # the coup card by card: the table holds on the phone at every step
        assert page.evaluate(WIDEST) <= 360
        page.locator("[data-go=previous]").click()
    figure = page.locator("#lq-view .lq-figure svg").first
    assert (figure.bounding_box() or {"width": 0})["width"] <= 360
    # Projected: the table fills the phone, and nothing scrolls sideways.
    box = page.locator("#lq-view")
    box.focus()
    page.keyboard.press("f")
    expect(box).to_have_class(PROJECTING)
    expect(box.locator(".lq-figure svg.lq-projected")).to_have_count(1)
    assert box.evaluate("(v) => v.scrollWidth <= v.clientWidth")
    # Its code is the quick game's short link (the computer holders replay from the seed).
    expect(box.locator(".lq-share-link")).to_have_attribute("href", re.compile(r"#quick=[^&]*!c"))
    page.keyboard.press("ArrowLeft")
    expect(box.locator(".lq-figure svg.lq-projected")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(box).not_to_have_class(PROJECTING)


def test_a_court_setting_the_engine_refuses_is_said_in_its_words(pages: Any) -> None:
    lang = LANGUAGES[0]
    page = pages(PLAY[lang])
    page.select_option("#lq-rules", COURT.id)
    page.locator("#lq-setup [data-setting=fonds]").fill(str(FONDS.most + 1))
    refusal = json.loads(
        web.handle(
            json.dumps({"op": "quick", "rules": {"game": COURT.id, "fonds": FONDS.most + 1}, "lang": lang})
        )
    )
    assert refusal["error"]["code"] == "invalid_rules"
    page.locator("[data-act=quick-deals][data-deals='3']").click()
    expect(page.locator("#lq-play")).to_contain_text(refusal["error"]["message"])
    expect(page.locator("#lq-game")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_court_game_with_the_croupier_s_keys_its_code_and_no_axe_violation(pages: Any, lang: str) -> None:
    """At a table set up in the form (every seat the reader's): the croupier's keys answer
    with the engine's words for the court game; the move is played with Enter; axe finds
    nothing mid-coup with the coach shown; the projected table's QR code leads to the
    same game at the same step."""
    page = pages(PLAY[lang])
    page.select_option("#lq-rules", COURT.id)
    page.locator("#lq-setup [type=submit]").click()
    expect(page.locator("#lq-game")).to_be_visible()
    page.evaluate(LISTEN)
    page.locator("#lq-moves [data-move=deal]").focus()
    page.keyboard.press("Enter")  # the holder's one move, from the keyboard
    settle(page)
    data = address(page)
    assert [action["do"] for action in data["actions"]] == ["deal"]
    opened = json.loads(web.handle(json.dumps({"op": "open", "scenario": data, "lang": lang})))
    say = opened["step"]["say"]
    page.locator("#lq-view").focus()
    assert ask(page, "t") == say["table"]
    assert ask(page, "s") == say["counters"]
    assert ask(page, "m") == say["moves"]
    # Mid-coup, the odds shown: axe finds nothing on the game screen.
    page.locator("[data-go=previous]").click()
    page.locator("[data-go=previous]").click()
    toggle = page.locator("[data-action=odds]").first
    if toggle.get_attribute("aria-pressed") != "true":
        toggle.click()
    violations = axe_in(page, page.locator("#lq-game"))
    assert not violations, report(violations)
    # Projected: its QR code's link opens the same game at the same step.
    box = page.locator("#lq-view")
    box.locator('[data-action="projector"]').click()
    expect(box).to_have_class(PROJECTING)
    link = box.locator(".lq-share-link")
    expect(link).to_have_attribute("href", re.compile(r"#scenario=.*&step="), timeout=ENGINE_MS)
    counter = box.locator(".lq-counter").text_content()
    again = pages(link.get_attribute("href") or "")
    expect(again.locator("#lq-counter")).to_have_text(counter or "")
    again.wait_for_function("() => location.hash.startsWith('#scenario=')")
    assert address(again) == data
