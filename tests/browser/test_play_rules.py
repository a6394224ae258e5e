"""Playing the historical variants on the play page (issue 41; spec/VARIANTS.md): a quick
game under each of the five presets of V-R3, chosen in the set-up form, played to its
end, then its link opened in a new page at the same step with the same rules; a link
whose rules the engine refuses, answered in its words with the standard game offered;
the coach's odds under half on a pair, which are lansquenet.odds.move_odds' with the
pair's share; the form's new controls on a 320 px phone. Both languages (LQ_FULL=1).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES, PREFIX
from playwright.sync_api import Page, expect

from browser.story import whole_story
from lansquenet import odds, variants, view, web
from lansquenet_site.words import Words

WORDS = Words(Path(__file__).resolve().parents[2] / "locales")
PLAY = {lang: "/" + PREFIX[lang] + "play/" for lang in LANGUAGES}
ENGINE_MS = 120_000
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
FORTY_MISSING = ("8", "9", "10")  # V-P2a: the ranks a pack of 40 leaves out


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
        opened.append(page)
        return page

    def in_front(path: str) -> Page:
        # Chromium pauses a hidden page's frames, and a click waits for two frames to
        # find its button still: the page played is the one in front.
        page = open_page(path)
        page.bring_to_front()
        return page

    yield in_front
    for page in opened:
        page.close()


def settle(page: Page) -> None:
    page.locator("#lq-play[aria-busy=false]").wait_for(state="attached", timeout=ENGINE_MS)


def address(page: Page) -> dict[str, Any]:
    """The game the page's address holds (#scenario=, permalink.js)."""
    text = page.url.split("#scenario=")[1].split("&")[0]
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    return data


def link_to(data: object) -> str:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return "#scenario=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def badge(lang: str, preset: str) -> str:
    return WORDS(lang, "play.rules.badge", name=WORDS(lang, "variants.name." + preset))


def recorded(preset: str) -> dict[str, str] | None:
    """A preset's rules as the scenario writes them (V-R1: none for the standard game)."""
    return None if preset == "standard" else {"variant": preset}


def reader_of(data: dict[str, Any]) -> str:
    return next(name for name in data["players"] if name not in data.get("computer", {}))


def play_out(page: Page, lang: str) -> None:
    """The reader's moves until the session is over: the one that risks least."""
    reader = reader_of(address(page))
    mine = WORDS(lang, "play.your_turn", player=reader)
    for _ in range(400):
        settle(page)
        if page.locator("#lq-over").is_visible():
            return
        turn = page.locator("#lq-turn-text")
        if turn.is_visible() and turn.text_content() == mine:
            names = [b.get_attribute("data-move") for b in page.locator("#lq-moves [data-move]").all()]
            do = next((n for n in ("pass", "decline", "keep") if n in names), names[0])
            page.locator(f"#lq-moves [data-move={do}]").click()  # an amount comes prefilled
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the quick game did not end")


def cards_dealt(data: dict[str, Any]) -> list[str]:
    """Every card of every deal of the game, as the engine replays it."""
    result = json.loads(web.handle(json.dumps({"op": "replay", "scenario": data})))
    return [
        card
        for deal in result["deals"]
        for card in [deal["bank_card"], deal["players_card"], *deal["exposed"]]
    ]


@pytest.mark.parametrize("preset", list(variants.PRESETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quick_game_under_each_preset_plays_to_its_end_and_its_link_reopens_it(
    pages: Any, lang: str, preset: str
) -> None:
    page = pages(PLAY[lang])
    page.select_option("#lq-rules", preset)  # V-R3's name is the option's value
    page.locator("[data-act=quick-deals][data-deals='3']").click()
    expect(page.locator("#lq-game")).to_be_visible()
    assert address(page).get("rules") == recorded(preset)  # V-R8: the link carries them
    expect(page.locator("#lq-rules-badge")).to_have_text(badge(lang, preset))
    play_out(page, lang)
    data = address(page)
    assert data.get("rules") == recorded(preset) and data["finish_after"] == 3
    if preset == "italian_forty":  # V-P2a: the deals show a pack of 40
        dealt = cards_dealt(data)
        assert dealt and not [card for card in dealt if card[:-1] in FORTY_MISSING], dealt
    # back a few steps; the link the language switcher carries holds that step: opened
    # in a new page, in the same language, the same game at the same step, same rules
    for _ in range(3):
        page.locator("[data-go=previous]").click()
    counter = page.locator("#lq-counter").text_content()
    switcher = page.locator("a[hreflang]").first.get_attribute("href") or ""
    assert "&step=" in switcher
    story = whole_story(page)
    again = pages(PLAY[lang] + "#" + switcher.split("#", 1)[1])
    expect(again.locator("#lq-game")).to_be_visible()
    expect(again.locator("#lq-counter")).to_have_text(counter or "")
    expect(again.locator("#lq-rules-badge")).to_have_text(badge(lang, preset))
    assert address(again).get("rules") == recorded(preset)
    assert whole_story(again) == story


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_link_whose_rules_are_refused_says_why_and_offers_the_standard_game(pages: Any, lang: str) -> None:
    asked = "zecchinetta"  # VARIANTS.md §6: not playable (unknown_variant)
    refusal = json.loads(web.handle(json.dumps({"op": "quick", "rules": {"variant": asked}, "lang": lang})))
    assert refusal["error"]["code"] == "unknown_variant"
    page = pages(PLAY[lang] + "#rules=" + asked)
    said = WORDS(lang, "play.rules.refused", asked=asked, message=refusal["error"]["message"])
    expect(page.locator("#lq-link-error")).to_have_text(said)
    assert "Traceback" not in (page.locator("#lq-play").text_content() or "")
    # nothing else is lost: the set-up form is there, with its default table
    expect(page.locator("#lq-setup")).to_be_visible()
    expect(page.locator("#lq-names input")).to_have_count(3)
    offer = page.locator("[data-act=standard-game]")
    expect(offer).to_be_visible()
    offer.click()
    expect(page.locator("#lq-game")).to_be_visible()
    expect(page.locator("#lq-rules-badge")).to_have_text(badge(lang, "standard"))
    assert "rules" not in address(page)
    expect(page.locator("#lq-link-error")).to_be_hidden()
    # a game's link (#scenario=) whose rules are refused: the engine's sentence too
    bad = {"players": ["Anne", "Bruno"], "first_banker": "Anne", "rules": {"packs": 7}, "actions": []}
    opened = json.loads(web.handle(json.dumps({"op": "open", "scenario": bad, "lang": lang})))
    assert opened["error"]["code"] == "invalid_rules"
    other = pages(PLAY[lang] + link_to(bad))
    expect(other.locator("#lq-link-error")).to_contain_text(opened["error"]["message"])
    expect(other.locator("[data-act=standard-game]")).to_be_visible()
    expect(other.locator("#lq-setup")).to_be_visible()


def coach(rules: dict[str, Any]) -> dict[str, dict[str, Any] | None]:
    """The odds the coach gives under ``rules``: lansquenet.odds.move_odds with the pair's
    share (V-P3a)."""
    read = variants.read(rules)
    return odds.move_odds(odds.rules_pack(read), read.share)


def mix_badge(lang: str, packs: str, pack: str, pair: str, successor: str) -> str:
    """The badge's words for a mix of parameters (no preset's): play.rules.badge_mix."""
    detail = WORDS(
        lang,
        "play.rules.detail",
        packs=packs,
        pack=pack,
        pair=WORDS(lang, f"play.rules.pair_share.{pair}"),
        successor=WORDS(lang, f"play.rules.successor.{successor}"),
    )
    return WORDS(lang, "play.rules.badge_mix", detail=detail)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coachs_odds_under_half_on_a_pair_are_move_odds_with_the_pair_share(
    pages: Any, lang: str
) -> None:
    page = pages(PLAY[lang] + "#rules=half_on_pair")
    expect(page.locator("#lq-game")).to_be_visible()
    expected = coach({"variant": "half_on_pair"})
    assert (expected["stake"] or {})["per_counter"] == "-1/34"  # V-P3a: not the standard -1/17
    toggle = page.locator("[data-action=odds]")
    if toggle.get_attribute("aria-pressed") != "true":
        toggle.click()
    reader = reader_of(address(page))
    checked: set[str] = set()
    for _ in range(400):  # the reader's decisions until a stake and a bank have been seen
        settle(page)
        if page.locator("#lq-over").is_visible() or {"stake", "bank"} <= checked:
            break
        turn = page.locator("#lq-turn-text")
        if not (turn.is_visible() and turn.text_content() == WORDS(lang, "play.your_turn", player=reader)):
            page.wait_for_timeout(50)
            continue
        for box in page.locator("#lq-moves .lq-move").all():
            do = box.locator("[data-move]").get_attribute("data-move") or ""
            given = expected.get(do)
            if given is None:  # a move that risks nothing: no figure
                continue
            assert box.locator(".lq-odds-text").text_content() == view.odds_text(do, given, lang)
            assert box.locator(".lq-odds-short").text_content() == view.odds_short(given["win"], lang)
            checked.add(do)
        names = [b.get_attribute("data-move") for b in page.locator("#lq-moves [data-move]").all()]
        do = next((n for n in ("stake", "bank", "pass", "decline", "keep") if n in names), names[0])
        page.locator(f"#lq-moves [data-move={do}]").click()
    assert checked & {"stake", "bank"}, "the reader saw a move that risks counters"


def test_the_rules_controls_fit_a_320_px_phone(pages: Any) -> None:
    lang = LANGUAGES[0]
    page = pages(PLAY[lang])
    page.set_viewport_size({"width": 320, "height": 640})
    page.select_option("#lq-rules", "custom")
    expect(page.locator("#lq-custom")).to_be_visible()
    page.select_option("#lq-rule-packs", "3")
    page.select_option("#lq-rule-pack", "32")
    page.select_option("#lq-rule-pair_share", "1/2")
    # V-R4: no source's table: labelled a mix, in words
    expect(page.locator("#lq-rules-kind")).to_have_text(WORDS(lang, "play.rules.mix"))
    assert page.evaluate(WIDEST) <= 320
    for select in page.locator("#lq-setup .lq-rules select").all():
        assert (select.bounding_box() or {"height": 0})["height"] >= 44  # a thumb's target
    page.locator("[data-act=quick]").click()
    expect(page.locator("#lq-game")).to_be_visible()
    standard = {"packs": 1, "pack": "52", "pair_share": "1", "successor": "right"}  # V-R2's defaults
    assert standard | address(page)["rules"] == standard | {"packs": 3, "pack": "32", "pair_share": "1/2"}
    expect(page.locator("#lq-rules-badge")).to_have_text(mix_badge(lang, "3", "32", "half", "right"))
    assert page.evaluate(WIDEST) <= 320


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_custom_rules_link_opens_a_quick_game_under_them(pages: Any, lang: str) -> None:
    # permalink.js: #rules=<packs>x<pack>[.half][.left]; a mix no source describes (V-R4)
    page = pages(PLAY[lang] + "#rules=2x40.left")
    expect(page.locator("#lq-game")).to_be_visible()
    assert address(page)["rules"] == {
        "packs": 2,
        "pack": "40",
        "successor": "left",
    }  # as the engine records them
    expect(page.locator("#lq-rules-badge")).to_have_text(mix_badge(lang, "2", "40", "whole", "left"))
    # a new table keeps them in the form: Custom, its four parameters, labelled a mix
    page.locator("[data-tab=more]").click()
    page.locator("[data-act=new-table]").click()
    expect(page.locator("#lq-rules")).to_have_value("custom")
    expect(page.locator("#lq-rule-successor")).to_have_value("left")
    expect(page.locator("#lq-rules-kind")).to_have_text(WORDS(lang, "play.rules.mix"))


@pytest.mark.parametrize("width", [320, 1280])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_variant_link_shows_the_variant_s_edge_on_the_game_screen(
    pages: Any, lang: str, width: int
) -> None:
    # Issue 52: a "#rules=" link skips the set-up form, where the preset's edge is said:
    # the game screen says it then, the engine's figure (lansquenet_site.presets, from
    # lansquenet.odds), and under half on a pair why each stake's chance is the standard one.
    from lansquenet import chart
    from lansquenet_site.presets import PRESETS

    for preset in PRESETS:
        page = pages(PLAY[lang] + "#rules=" + preset.name)
        page.set_viewport_size({"width": width, "height": 720})
        expect(page.locator("#lq-game")).to_be_visible()
        line = page.locator("#lq-rules-edge")
        if preset.name == "standard":
            expect(line).to_be_hidden()
            continue
        expect(line).to_be_visible()
        assert line.evaluate("(p) => p.getBoundingClientRect().height > 0")
        exact, percent = str(preset.edge), chart.percent(float(preset.edge), lang, 1)
        expect(line).to_contain_text(exact)
        expect(line).to_contain_text(percent)
        if preset.rules.share != 1:  # V-P3a: the same chance to win, a pair costing half
            expect(line).to_contain_text(WORDS(lang, "play.rules.same_chance"))
        assert page.evaluate(WIDEST) <= width
        page.close()
