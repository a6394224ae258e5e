"""The play page's table (issue 11, items 2, 3 and 5): the quick game with three
computer players, the amount field's helps, each move's explanation, the cards drawn
with their codes, the card-turn animation, a phone's width. Both languages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from configured import LANGUAGES
from helpers import PLAY, engine_ready, link_to, scenario_in
from playwright.sync_api import Page, expect

from browser.story import ledger_count, whole_story
from lansquenet.bots import quick_game
from lansquenet_site.words import Words

REPO = Path(__file__).resolve().parents[2]
WORDS = Words(REPO / "locales")
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


def ready(page: Page, path: str) -> None:
    page.add_init_script("localStorage.setItem('lansquenet.pace', '0')")  # instant computer players
    page.goto(path)
    engine_ready(page)


def settle(page: Page) -> None:
    page.locator("#lq-play[aria-busy=false]").wait_for(state="attached", timeout=30_000)


# The word for "you", which must never stand where the engine puts a player's name.
YOU = {"fr": "Vous", "en": "You"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quick_game_plays_on_by_itself_to_the_end_of_a_short_session(page: Page, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    ready(page, PLAY[lang])
    quick = page.locator("[data-act=quick]")
    expect(quick).to_have_text("Partie rapide" if lang == "fr" else "Quick game")
    assert page.evaluate(WIDEST) <= 360
    quick.click()
    # The reader plays a seat with a name, as in the lessons, and the page says which:
    # the one seat without a computer player, drawn by the engine.
    expect(page.locator("#lq-game")).to_be_visible()
    started = address(page)
    reader = next(p for p in started["players"] if p not in started["computer"])
    expect(page.locator("#lq-seat")).to_have_text(WORDS(lang, "play.you_play", players=reader))
    marked = WORDS(lang, "play.seat_mark", player=reader)
    expect(page.locator("#lq-balances tbody th", has_text=marked)).to_have_count(1)
    said: set[str] = set()
    yours = 0
    for _ in range(200):
        settle(page)
        text = page.locator("#lq-said").text_content() or ""  # before the end: the last
        if text:  # computer move may be the one that finishes the session
            said.add(text)
        if page.locator("#lq-over").is_visible():
            break
        turn = page.locator("#lq-turn-text")
        if turn.is_visible() and (turn.text_content() or "") == WORDS(lang, "play.your_turn", player=reader):
            yours += 1
            assert page.evaluate(WIDEST) <= 360  # during the game too
            moves = page.locator("#lq-moves [data-move]")
            names = [b.get_attribute("data-move") for b in moves.all()]
            do = (
                "pass"
                if "pass" in names
                else "decline"
                if "decline" in names
                else "keep"
                if "keep" in names
                else names[0]
            )
            page.locator(f"#lq-moves [data-move={do}]").click()  # a bank's amount comes prefilled
        else:
            page.wait_for_timeout(50)
    expect(page.locator("#lq-over")).to_be_visible()
    assert yours, "the reader's turn came, said to the reader"
    data = address(page)
    assert data["players"] == started["players"] and reader not in data["computer"]
    assert len(data["computer"]) == 3 and data["finish_after"] == 6  # 6 deals by default
    assert said, "the computer players said why they moved"
    # The engine narrates with the seat's name: no sentence takes "you" for a player
    # (« À Vous de jouer », « Vous mise 5 », "You wins").
    journal = [t.strip() for t in whole_story(page)]
    assert any(reader in line for line in journal)
    you = YOU[lang]
    for line in journal + sorted(said):
        assert not re.search(rf"(^|[^\w’']){you}\b", line), line
    expect(page.locator("#lq-standings tbody th", has_text=marked)).to_have_count(1)
    assert ledger_count(page) <= 6
    assert page.evaluate(WIDEST) <= 360


def address(page: Page) -> dict[str, Any]:
    """The game the page's address holds."""
    return scenario_in(page.url)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quick_game_of_3_or_10_deals_is_one_tap_and_seeded_by_its_link(page: Page, lang: str) -> None:
    # Issue 17.6: 3 / 6 / 10 deals in one tap; the engine draws the first banker, the
    # reader's seat and the temperaments from the seed the link keeps.
    ready(page, PLAY[lang])
    games = []
    for deals in (3, 10):
        page.locator(f"[data-act=quick-deals][data-deals='{deals}']").click()
        expect(page.locator("#lq-game")).to_be_visible()
        settle(page)
        expect(page.locator(f"[data-act=quick-deals][data-deals='{deals}']")).to_have_text(
            WORDS.count(lang, "play.quick_deals", deals, deals=deals)
        )
        data = address(page)
        assert data["finish_after"] == deals and sorted(data["computer"].values()) == [
            "bold",
            "cautious",
            "steady",
        ]
        games.append(data)
        page.locator("[data-tab=more]").click()  # the game screen's tools, one tap away
        # A computer player may move between the button's enabling and the tap (the
        # page then ignores it, the engine busy): tapped again until the form shows.
        for _ in range(50):
            page.locator("[data-act=new-table]").click()
            if page.locator("#lq-setup").is_visible():
                break
            page.wait_for_timeout(100)
        expect(page.locator("#lq-setup")).to_be_visible()
    # The same seed, the same quick game (lansquenet.bots.quick_game).
    for data in games:
        assert {**data, "actions": []} == quick_game(data["seed"], data["finish_after"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_amount_is_prefilled_with_its_range_and_presets_and_never_sent_empty(
    page: Page, lang: str
) -> None:
    data = {
        "players": ["Anne", "Bruno", "Chloé"],
        "first_banker": "Anne",
        "decks": [["7S", "QH", "2C", "QD"]],
        "actions": [{"by": "Anne", "do": "bank", "amount": 12}, {"by": "Bruno", "do": "stake", "amount": 5}],
    }
    ready(page, PLAY[lang] + link_to(data))
    settle(page)
    amount = page.locator("#lq-amount")
    expect(amount).to_have_value("7")  # all that is uncovered (R-C2, R-C5)
    expect(page.locator("#lq-amount-range")).to_have_text(WORDS(lang, "play.range", min=1, max=7))
    presets = page.locator("#lq-presets [data-amount]")
    expect(presets.last).to_have_text(WORDS(lang, "play.preset.uncovered", amount=7))
    presets.first.click()
    expect(amount).to_have_value("1")
    amount.fill("")
    page.locator("#lq-moves [data-move=stake]").click()
    expect(page.locator("#lq-move-refusal")).to_have_text(WORDS(lang, "play.amount_empty", min=1, max=7))
    expect(amount).to_have_attribute("aria-invalid", "true")
    assert "None" not in (page.locator("#lq-move-refusal").text_content() or "")
    presets.last.click()
    page.locator("#lq-moves [data-move=stake]").click()
    settle(page)
    # Covering ends; the four cards are drawn with their codes (R-D1, R-D3).
    for code in ("7S", "QH", "2C", "QD"):
        expect(page.locator(f'#lq-figure [data-card="{code}"]')).to_be_attached()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_single_allowed_amount_is_said_as_exactly_that_amount(page: Page, lang: str) -> None:
    data = {  # 12 in the bank, 11 covered: 1 is all that is left to cover (R-C2, R-C5)
        "players": ["Anne", "Bruno", "Chloé"],
        "first_banker": "Anne",
        "actions": [{"by": "Anne", "do": "bank", "amount": 12}, {"by": "Bruno", "do": "stake", "amount": 11}],
    }
    ready(page, PLAY[lang] + link_to(data))
    settle(page)
    said = WORDS(lang, "play.range_one", amount=1)
    expect(page.locator("#lq-amount-range")).to_have_text(said)
    expect(page.locator("#lq-amount-range")).to_have_text(
        "Permis\u00a0: exactement 1" if lang == "fr" else "Allowed: exactly 1"
    )
    page.locator("#lq-amount").fill("")
    page.locator("#lq-moves [data-move=stake]").click()
    expect(page.locator("#lq-move-refusal")).to_have_text(WORDS(lang, "play.amount_empty_one", amount=1))
    assert "1–1" not in (page.locator("#lq-play").text_content() or "")
    # No seat is marked at a table of the reader's own: every seat is theirs.
    expect(page.locator("#lq-seat")).to_be_hidden()
    expect(page.locator("#lq-turn-text")).to_have_text(WORDS(lang, "play.turn", player="Chloé"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_move_says_what_it_does_on_focus_and_hover(page: Page, lang: str) -> None:
    data = {
        "players": ["Anne", "Bruno"],
        "first_banker": "Anne",
        "actions": [{"by": "Anne", "do": "bank", "amount": 10}],
    }
    ready(page, PLAY[lang] + link_to(data))
    settle(page)
    page.locator("#lq-moves [data-move=banco]").focus()
    expect(page.locator("#lq-move-help")).to_have_text(WORDS(lang, "play.help.banco"))
    page.locator("#lq-moves [data-move=pass]").hover()
    expect(page.locator("#lq-move-help")).to_have_text(WORDS(lang, "play.help.pass"))
    expect(page.locator("#lq-moves [data-move=stake]")).to_have_attribute("aria-describedby", "lq-move-help")


@pytest.mark.parametrize(
    "animated",
    [
        pytest.param(True, marks=pytest.mark.browser_context_args(reduced_motion="no-preference")),
        pytest.param(False, marks=pytest.mark.browser_context_args(reduced_motion="reduce")),
    ],
    ids=["no-preference", "reduce"],
)
def test_a_card_turns_in_at_most_300_ms_and_not_at_all_for_less_motion(page: Page, animated: bool) -> None:
    data = {
        "players": ["A", "B"],
        "first_banker": "A",
        "decks": [["7S", "QH", "7D"]],
        "actions": [{"by": "A", "do": "bank", "amount": 10}],
    }
    ready(page, PLAY["en"] + link_to(data))
    settle(page)
    page.locator("#lq-moves [data-move=banco]").click()
    settle(page)
    card = page.locator('#lq-figure [data-card="7D"]')
    expect(card).to_have_class(re.compile("lq-turning"))
    style: dict[str, Any] = card.evaluate(
        "c => { const s = getComputedStyle(c.querySelector('rect')); return {name: s.animationName, ms: parseFloat(s.animationDuration) * 1000}; }"
    )
    if animated:
        assert style["name"] == "lq-turn" and 0 < style["ms"] <= 300
    else:
        assert style["name"] == "none"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setup_form_names_each_wrong_field_in_the_pages_language(page: Page, lang: str) -> None:
    ready(page, PLAY[lang])
    rows = page.locator("#lq-names li input")
    rows.nth(0).fill("  Anne  ")
    rows.nth(1).fill("anne ")
    rows.nth(2).fill("")
    page.fill("#lq-balance", "99999999999999999999")
    page.fill("#lq-finish", "0")
    page.fill("#lq-seed", "123456789012345678901234567890")
    page.locator("#lq-setup [type=submit]").click()
    said = page.locator("#lq-setup-refusal")
    expect(said).to_be_visible()
    text = said.text_content() or ""
    assert WORDS(lang, "play.check.name_empty", n=3) in text
    assert WORDS(lang, "play.check.whole", field=WORDS(lang, "play.balance"), min=1, max=1000000) in text
    assert WORDS(lang, "play.check.optional", field=WORDS(lang, "play.finish_after"), min=1, max=1000) in text
    assert WORDS(lang, "play.check.optional", field=WORDS(lang, "play.seed"), min=0, max=999999999) in text
    expect(rows.nth(0)).to_have_value("Anne")  # trimmed
    expect(rows.nth(2)).to_be_focused()  # the first wrong field (look-alikes are the engine's to say)
    for field in ("#lq-balance", "#lq-finish", "#lq-seed"):
        expect(page.locator(field)).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#lq-game")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.browser_context_args(permissions=["clipboard-read", "clipboard-write"])
def test_the_permanent_link_copies_itself_and_says_so(page: Page, lang: str) -> None:
    data = {"players": ["Anne", "Bruno"], "first_banker": "Anne", "actions": []}
    ready(page, PLAY[lang] + link_to(data))
    settle(page)
    page.locator("[data-tab=more]").click()  # the link is among the tools, one tab away
    page.locator("#lq-permalink").click()
    expect(page.locator("#lq-copied")).to_have_text(WORDS(lang, "play.copied"))
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("http://127.0.0.1") and "#scenario=" in copied
