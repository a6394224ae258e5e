"""The play page in a real Chromium, in both languages, with the engine in its worker.

Python starts once per language: the tests of this module share one page per language
(a module-scoped browser context) and reset the table between them, so Pyodide loads
two times, not once per test. That shared context is recorded with conftest.py's own
BrowserLog, and every test fails, as with ``browser_log``, if anything went to a host
other than 127.0.0.1, a response failed or something was logged as an error.

Whatever the page shows is checked against the engine run here in CPython: the moves
offered are the engine's legal moves, the narration is its trace, a refusal is its
sentence in the page's language. The page's state is read from its own address (the
scenario in the fragment), the one thing a reader can carry away.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import (  # the fixtures too: shared, no_dialog_opened, lang, play
    OTHER,
    PLAY,
    READY_MS,
    WORDS,
    Shared,
    balances,
    buttons_offered,
    check_against_engine,
    journal,
    lang,
    link_to,
    move,
    no_dialog_opened,
    open_link,
    permalink,
    play,
    scenario_of,
    set_table,
    settle,
    shared,
    table_rows,
    tool,
)
from playwright.sync_api import Page, Route, expect
from spec_cases import conformance_cases, court_cases, expected_of, norm, variant_cases

import lansquenet
import lansquenet.naming
from browser.story import in_tab, whole_story

__all__ = ["lang", "no_dialog_opened", "play", "shared"]  # fixtures, used by name
SCENARIO_HASH = re.compile(r"#scenario=")
REPO = Path(__file__).resolve().parents[2]
# Under pytest-xdist the module stays on one worker: one browser page per language for the whole module (Python starts twice).
pytestmark = pytest.mark.xdist_group("play-page")
XSS = "<svg onload=alert()>"  # markup that would run, within the 20 characters of a name
WORKED = "7S QH 2C QD"  # section 06: the players win
BANK_WINS = "7S QH 2C 7D"  # section 06: had 7♦ come first


# --- one page per language, shared by the module ---------------------------------------


# --- helpers ----------------------------------------------------------------------------


# --- the engine in the page -------------------------------------------------------------


def test_every_conformance_case_replays_in_the_page(shared: Shared, lang: str, spec_dir: Path) -> None:
    page = shared.play(lang)
    # CONFORMANCE.md's cases, VARIANTS.md's 44 (the rules object, V-R1..V-R8, V-P1..V-P4)
    # and the court game's (COURT.md, C-1 … C-17; COURT-CONFORMANCE.md)
    cases = conformance_cases(spec_dir) + variant_cases(spec_dir) + court_cases(spec_dir)
    assert len(variant_cases(spec_dir)) == 44 and len(court_cases(spec_dir)) >= 30
    for case in cases:
        scenario = json.loads(case.read_text("utf-8"))
        got = page.evaluate("(scenario) => window.lansquenet.replay(scenario)", scenario)
        # Exactly the command line's JSON, refusals and their English message included.
        assert got == lansquenet.replay(scenario), case.name
        # ...and the expected JSON, compared as CONFORMANCE.md says (a refused table: no state)
        assert norm(got) == norm(expected_of(case)), case.name


def test_what_is_not_a_scenario_is_answered_not_thrown(shared: Shared, lang: str) -> None:
    page = shared.play(lang)
    got = page.evaluate("() => window.lansquenet.replay([1, 2])")
    assert got["error"]["code"] == "not_a_scenario"


# --- playing ------------------------------------------------------------------------------


def test_a_whole_deal_then_undo_and_replay(play: Page, lang: str) -> None:
    set_table(play, ["A", "B", "C"], banker="A", decks=WORKED)
    expect(play.locator("#lq-game")).to_be_visible()
    expect(play.locator("#lq-amount")).to_be_focused()  # focus goes to the move to make
    check_against_engine(play, lang)
    move(play, "bank", 12)
    move(play, "stake", 5)
    check_against_engine(play, lang)
    before_last = scenario_of(play)
    move(play, "stake", 7)  # covering is over: the deal runs by itself
    state = check_against_engine(play, lang)
    assert balances(play) == {"A": "88", "B": "105", "C": "107"}
    assert state["to_act"] == {"player": "B", "can": ["bank"]}
    winner = WORDS(lang, "play.winner.players")
    # The cards as the page's language writes them: D for the queen (dame) in French.
    cards = {"fr": "7♠ D♥ · 2♣ D♦", "en": "7♠ Q♥ · 2♣ Q♦"}[lang]
    assert in_tab(play, "ledger", lambda: table_rows(play, "#lq-ledger")) == [
        ["1", "A", "12", cards, winner, "−12", "+5", "+7"]
    ]
    journal = "\n".join(whole_story(play))
    assert journal.count(cards[-2:]) == 1 and (lang == "en" or "Q♦" not in journal)
    # Undo: back to C's turn, exactly as before the last stake.
    play.locator("[data-act=undo]").click()
    settle(play)
    assert scenario_of(play) == before_last
    check_against_engine(play, lang)
    play.locator("[data-tab=ledger]").click()  # the ledger is one tab away
    expect(play.locator("#lq-ledger-empty")).to_be_visible()
    move(play, "stake", 7)
    assert check_against_engine(play, lang) == state
    assert balances(play) == {"A": "88", "B": "105", "C": "107"}


def test_keyboard_alone_plays_a_deal(play: Page, lang: str) -> None:
    set_table(play, ["A", "B", "C"], banker="A", decks=BANK_WINS)
    keys = play.keyboard
    for amount in ("12", "5", "7"):
        expect(play.locator("#lq-amount")).to_be_focused()
        keys.type(amount)
        keys.press("Enter")
        settle(play)
    # The bank won: A keeps or leaves; focus is on the first move offered.
    expect(play.locator("#lq-moves [data-move=keep]")).to_be_focused()
    keys.press("Tab")
    expect(play.locator("#lq-moves [data-move=leave]")).to_be_focused()
    keys.press("Shift+Tab")
    keys.press("Enter")
    settle(play)
    state = check_against_engine(play, lang)
    assert state["bank"]["amount"] == 24 and state["to_act"]["player"] == "B"
    # The step viewer goes back and forth from the keyboard as well.
    total = len(journal(play))  # the story read first: reading it goes through its tab
    view = play.locator("#lq-view")
    view.focus()
    keys.press("Home")
    expect(play.locator("#lq-counter")).to_have_text(WORDS(lang, "stepper.counter", index=1, total=total))
    keys.press("ArrowRight")
    expect(play.locator("#lq-counter")).to_have_text(WORDS(lang, "stepper.counter", index=2, total=total))
    keys.press("End")
    expect(play.locator("#lq-counter")).to_have_text(WORDS(lang, "stepper.counter", index=total, total=total))


def test_a_sale_after_the_bank_wins(play: Page, lang: str) -> None:
    set_table(play, ["A", "B", "C"], banker="A", decks=BANK_WINS)
    move(play, "bank", 12)
    move(play, "stake", 5)
    move(play, "stake", 7)
    assert sorted(buttons_offered(play)) == ["keep", "leave"]  # not an opening pair: no withdraw
    move(play, "leave")
    check_against_engine(play, lang)
    assert sorted(buttons_offered(play)) == ["buy", "decline"]
    move(play, "decline")  # B declines
    move(play, "buy")  # C buys the bank at 24
    state = check_against_engine(play, lang)
    assert state["bank"] == {"holder": "C", "original_holder": "A", "amount": 24, "sales": 1}
    assert balances(play) == {"A": "112 (+24)", "B": "95", "C": "69 (−24)", WORDS(lang, "steps.bank"): "24"}
    expect(play.locator("#lq-situation")).to_have_text(WORDS(lang, "play.uncovered", amount=24))


def test_a_refused_stake_shows_the_engine_sentence_and_changes_nothing(play: Page, lang: str) -> None:
    set_table(play, ["A", "B", "C"], banker="A", decks=WORKED)
    move(play, "bank", 10)
    move(play, "stake", 6)
    before, steps = play.url, journal(play)
    move(play, "stake", 5)  # only 4 are uncovered
    refused = {
        **scenario_of(play),
        "actions": [*scenario_of(play)["actions"], {"by": "C", "do": "stake", "amount": 5}],
    }
    sentence = lansquenet.session(refused, lang)["error"]["message"]
    alert = play.locator("#lq-move-refusal")
    expect(alert).to_have_text(sentence)
    expect(alert).to_have_attribute("role", "alert")
    assert ("Une mise de 5" in sentence) if lang == "fr" else ("A stake of 5" in sentence)
    expect(play.locator("#lq-amount")).to_have_attribute("aria-invalid", "true")
    assert play.url == before and journal(play) == steps
    check_against_engine(play, lang)
    # Text in the amount field: the engine's refusal too.
    move(play, "stake", "cinq")
    expect(alert).to_contain_text("cinq")
    assert play.url == before
    # The next accepted move clears the alert.
    move(play, "stake", 4)
    expect(alert).to_be_hidden()
    check_against_engine(play, lang)


@pytest.mark.parametrize(
    ("names", "options"),
    [
        ([f"P{i}" for i in range(1, 12)], {}),
        (["Anne", "Bruno"], {"decks": "7S QH 7S"}),
    ],
    ids=["eleven-players", "card-twice"],
)
def test_a_refused_table_shows_the_engine_sentence(
    play: Page, lang: str, names: list[str], options: dict[str, str]
) -> None:
    set_table(play, names, banker=None, **options)
    decks = [options["decks"].split()] if "decks" in options else []
    table = {"players": names, "balance": 100, "first_banker": names[0], "decks": decks, "actions": []}
    sentence = lansquenet.session(table, lang)["error"]["message"]
    expect(play.locator("#lq-setup-refusal")).to_have_text(sentence)
    expect(play.locator("#lq-game")).to_be_hidden()
    assert "#" not in play.url


@pytest.mark.parametrize(
    ("names", "options", "key", "params"),
    [
        (["Anne", ""], {}, "play.check.name_empty", {"n": 2}),
        (
            ["Anne", "Bruno"],
            {"balance": "cent"},
            "play.check.whole",
            {"field": "play.balance", "min": 1, "max": 1000000},
        ),
        (
            ["Anne", "Bruno"],
            {"balance": "0"},
            "play.check.whole",
            {"field": "play.balance", "min": 1, "max": 1000000},
        ),
    ],
    ids=["empty-name", "text-balance", "zero-balance"],
)
def test_a_wrong_field_is_named_by_the_form_before_the_engine_sees_it(
    play: Page, lang: str, names: list[str], options: dict[str, str], key: str, params: dict[str, object]
) -> None:
    # Issue 11: each field checked on its own, named, in the page's language.
    set_table(play, names, banker=None, **options)
    shown = {k: WORDS(lang, str(v)) if k == "field" else v for k, v in params.items()}
    expect(play.locator("#lq-setup-refusal")).to_have_text(WORDS(lang, key, **shown))
    expect(play.locator("#lq-game")).to_be_hidden()
    assert "#" not in play.url


@pytest.mark.parametrize(
    ("names", "wrong"),
    [(["Anne", "Bruno", "anne "], 2), (["Anne", "Bruno" * 5], 1)],
    ids=["look-alike", "too-long"],
)
def test_names_are_judged_by_the_engine(play: Page, lang: str, names: list[str], wrong: int) -> None:
    # Issue 20.6: the form decides nothing about names; the engine refuses a look-alike
    # or a too long name (lansquenet.naming) and the page shows its sentence.
    set_table(play, names, banker=None)
    with pytest.raises(lansquenet.Refusal) as refused:
        lansquenet.naming.check([n.strip() for n in names])
    sentence = lansquenet.refusal_text(refused.value, lang)
    expect(play.locator("#lq-setup-refusal")).to_have_text(sentence)
    expect(play.locator("#lq-names li input").nth(wrong)).to_have_attribute("aria-invalid", "true")
    expect(play.locator("#lq-game")).to_be_hidden()


def test_a_class_table_link_seats_its_names_or_says_why_not(play: Page, lang: str) -> None:
    # Issue 33: "#seats=" (the class view's table) opens a quick game with the class's
    # names first, computer players in the empty seats; names the engine refuses are
    # said in its sentence, the form back, no game.
    play.evaluate("location.hash = '#seats=Zo%C3%A9,zoe'")
    with pytest.raises(lansquenet.Refusal) as refused:
        lansquenet.naming.check(["Zoé", "zoe"])
    expect(play.locator("#lq-link-error")).to_have_text(lansquenet.refusal_text(refused.value, lang))
    expect(play.locator("#lq-setup")).to_be_visible()
    expect(play.locator("#lq-game")).to_be_hidden()
    play.evaluate("location.hash = '#seats=Zo%C3%A9,Yann'")
    expect(play.locator("#lq-game")).to_be_visible()
    for name in ("Zoé", "Yann", "Anne", "Bruno"):
        expect(play.locator("#lq-view")).to_contain_text(name)
    expect(play).to_have_url(SCENARIO_HASH)  # the address holds the game, not the seats


def test_names_are_text_never_markup(play: Page, lang: str, shared: Shared) -> None:
    assert len(XSS) <= 20  # names are capped at 20 characters (issue 11)
    set_table(play, [XSS, "Bruno"], banker=XSS, decks=WORKED)
    expect(play.locator("#lq-turn-text")).to_have_text(WORDS(lang, "play.turn", player=XSS))
    move(play, "bank", 3)
    check_against_engine(play, lang)
    assert XSS in "\n".join(whole_story(play))
    assert XSS in play.locator("#lq-balances").inner_text()
    assert XSS in str(play.locator("#lq-figure svg").evaluate("svg => svg.textContent"))
    assert play.locator("#lq-play img, #lq-play svg[onload]").count() == 0
    assert shared.dialogs == []


def test_the_finish_shows_standings_with_shared_places(play: Page, lang: str) -> None:
    # conformance/opening-pair-finish: C and D share the third place.
    set_table(play, ["A", "B", "C", "D"], balance="50", banker="B", decks="KH KS", finish="1")
    for who, amount in (("bank", 10), ("stake", 4), ("stake", 4), ("stake", 2)):
        move(play, who, amount)
    expect(play.locator("#lq-standings-title")).to_be_focused()  # before the checks' taps on the tabs
    state = check_against_engine(play, lang)
    assert state["status"] == "finished"
    assert table_rows(play, "#lq-standings") == [
        ["1", "B", "60"],
        ["2", "A", "48"],
        ["3", "C", "46"],
        ["3", "D", "46"],
    ]
    expect(play.locator("#lq-turn")).to_be_hidden()


def test_time_is_up_ends_the_session_and_undo_takes_it_back(play: Page, lang: str) -> None:
    # R-P4: mid-covering, the table ends it by hand: B's stake goes back, all share 1st place.
    set_table(play, ["A", "B", "C"], banker="A")
    move(play, "bank", 12)
    move(play, "stake", 5)
    tool(play, "end")
    settle(play)
    state = check_against_engine(play, lang)
    assert scenario_of(play)["ended"] is True  # the link keeps the ending
    assert state["status"] == "finished"
    assert table_rows(play, "#lq-standings") == [["1", "A", "100"], ["1", "B", "100"], ["1", "C", "100"]]
    expect(play.locator("[data-act=end]")).to_be_disabled()
    play.locator("[data-act=undo]").click()
    settle(play)
    state = check_against_engine(play, lang)
    assert "ended" not in scenario_of(play) and state["to_act"]["player"] == "C"
    assert len(scenario_of(play)["actions"]) == 2  # undo took back the ending, not a move


# --- the session carried away: link, files ------------------------------------------


def test_a_broken_link_says_so_and_shows_an_empty_table(play: Page, lang: str, spec_dir: Path) -> None:
    message = WORDS(lang, "play.bad_link")
    refused = json.loads((spec_dir / "conformance" / "refused-stake.json").read_text("utf-8"))
    bad_utf8 = permalink(b'{"players": ["\xff"]}')
    for fragment in (
        "#scenario=%%%not-base64",
        "#scenario=" + permalink(b"{not json"),
        "#scenario=" + bad_utf8,
        link_to([1, 2]),
        link_to({"players": ["A", "B"], "balance": 10}),  # not a scenario: no actions
        link_to({**refused, "players": ["A"]}),  # the table itself is refused
    ):
        set_table(play, ["A", "B", "C"], banker="A")  # a session, to be replaced
        expect(play.locator("#lq-game")).to_be_visible()
        open_link(play, fragment)
        expect(play.locator("#lq-link-error")).to_have_text(message)
        expect(play.locator("#lq-game")).to_be_hidden()
        expect(play.locator("#lq-setup")).to_be_visible()
        names = play.locator("#lq-names input")
        assert [names.nth(i).input_value() for i in range(names.count())] == ["Anne", "Bruno", "Chloé"]
        assert "#scenario" not in play.url
    # A good link, afterwards, opens its session.
    open_link(play, link_to({**refused, "actions": refused["actions"][:2]}))
    expect(play.locator("#lq-link-error")).to_be_hidden()
    check_against_engine(play, lang)


def test_a_link_whose_action_is_refused_opens_up_to_it_and_names_it(
    play: Page, lang: str, spec_dir: Path
) -> None:
    # Issue 10: the game before the refused action, the action's number and the engine's
    # reason; the address then holds the game the engine kept (issue 20.3: the address
    # is always the worker's session).
    refused = json.loads((spec_dir / "conformance" / "refused-stake.json").read_text("utf-8"))
    for data in (refused, {**refused, "actions": refused["actions"][:1] + [{"by": "A", "do": "pass"}]}):
        fragment = link_to(data)
        open_link(play, fragment)
        answer = lansquenet.session(data, lang)["error"]
        number = answer["action"] + 1
        expect(play.locator("#lq-link-error")).to_have_text(
            WORDS(lang, "play.link_refused", number=number, message=answer["message"])
        )
        expect(play.locator("#lq-game")).to_be_visible()
        kept = {**data, "actions": data["actions"][: answer["action"]]}
        assert scenario_of(play) == kept
        assert journal(play) == [step["text"] for step in lansquenet.trace(kept, lang)]
        # The game goes on from there; the address then holds the game as played.
        play.locator("[data-act=undo]").click()
        settle(play)
        assert scenario_of(play)["actions"] == kept["actions"][:-1]
        check_against_engine(play, lang)


def test_a_link_opened_in_the_other_language_keeps_the_session(play: Page, lang: str, shared: Shared) -> None:
    set_table(play, ["Anne", "Bruno", "Chloé"], banker="Bruno", decks=BANK_WINS, seed="42")
    move(play, "bank", 20)
    move(play, "stake", 8)
    move(play, "banco")
    session = scenario_of(play)
    fragment = "#" + play.url.split("#", 1)[1]
    expect(play.locator("#lq-permalink")).to_have_attribute("href", fragment)
    switcher = play.locator(f"a.md-select__link[hreflang={OTHER[lang]}]")
    href = str(switcher.get_attribute("href"))
    assert href.endswith(fragment), href
    other = shared.open(str(switcher.evaluate("a => a.href")))
    try:
        expect(other.locator("#lq-game")).to_be_visible()
        assert other.locator("html").get_attribute("lang") == OTHER[lang]
        assert scenario_of(other) == session
        check_against_engine(other, OTHER[lang])
        # ...and its own switcher leads back with the same session.
        back = str(other.locator(f"a.md-select__link[hreflang={lang}]").get_attribute("href"))
        assert back.endswith(fragment)
    finally:
        other.close()


def test_exports_replay_on_the_command_line(play: Page, lang: str, tmp_path: Path) -> None:
    set_table(play, ["Anne", "Bruno", "Chloé"], banker="Anne", decks=f"{WORKED}\n{BANK_WINS}")
    for do, amount in (("bank", 12), ("stake", 5), ("stake", 7), ("bank", 10), ("stake", 4), ("stake", 6)):
        move(play, do, amount)
    state = check_against_engine(play, lang)
    with play.expect_download() as download:
        tool(play, "export-json")
    path = tmp_path / "session.json"
    download.value.save_as(path)
    assert json.loads(path.read_text("utf-8")) == scenario_of(play)
    done = subprocess.run(
        [sys.executable, "-m", "lansquenet", "replay", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == lansquenet.replay(scenario_of(play))
    with play.expect_download() as download:
        tool(play, "export-csv")
    rows = list(csv.reader(io.StringIO(download.value.path().read_text("utf-8-sig"))))
    assert rows[0][-3:] == ["Anne", "Bruno", "Chloé"]
    assert len(rows) == 1 + len(state["deals"]) == 3
    changes = [
        {name: int(value) for name, value in zip(rows[0][-3:], row[-3:], strict=True)} for row in rows[1:]
    ]
    assert changes == [
        {name: deal["change"].get(name, 0) for name in rows[0][-3:]} for deal in state["deals"]
    ]


# --- the page itself ------------------------------------------------------------------


def test_the_page_policy_allows_only_its_own_scripts_and_worker(
    shared: Shared, lang: str, base_url: str, browser_log: Any
) -> None:
    page = shared.play(lang)
    metas = page.locator('meta[http-equiv="Content-Security-Policy"]')
    assert metas.count() == 1
    directives = dict(d.strip().split(" ", 1) for d in str(metas.get_attribute("content")).split(";"))
    assert directives["worker-src"] == "'self'"
    assert directives["connect-src"] == "'self'"
    script = directives["script-src"].split()
    assert script[:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert all(source.startswith("'sha256-") for source in script[2:])
    # The play page adds no inline script: its words are data, its code comes from a file.
    ours = page.locator("#lq-play script, #lq-play ~ script")
    kinds = [(s.get_attribute("type"), s.get_attribute("src")) for s in ours.all()]
    assert kinds and all(kind == "application/json" or src for kind, src in kinds), kinds
    # Python came from this site: the runtime and the wheel, nothing else.
    python = [url for url in browser_log.requests if "/assets/pyodide/" in url or "/assets/wheels/" in url]
    assert python and all(url.startswith(base_url) for url in python)


def test_python_that_cannot_start_is_said_plainly(new_context: Any, lang: str) -> None:
    context = new_context()  # pytest-playwright's: closed after the test
    context.route("**/assets/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    # The standard library still downloading when the failure is told (held back here,
    # as a slow connection would): its progress must not turn "failed" back into a bar.
    held: list[Route] = []
    context.route("**/assets/pyodide/*.zip", lambda route: held.append(route))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(PLAY[lang])
    status = page.locator("#lq-status")
    expect(status).to_have_attribute("data-status", "failed", timeout=READY_MS)
    assert held, "the standard library was not asked for before the failure"
    with context.expect_event("requestfinished", lambda r: r.url.endswith(".zip")):
        for route in held:
            route.continue_()
    page.wait_for_timeout(300)  # the worker's progress messages, had there been any
    expect(status).to_have_attribute("data-status", "failed")
    plainly = WORDS(lang, "play.loading.failed", detail="").split("(")[0].strip()
    expect(status).to_contain_text(plainly)
    expect(page.locator("#lq-progress")).to_be_hidden()
    page.locator("#lq-setup [type=submit]").click()
    expect(page.locator("#lq-setup-refusal")).to_contain_text(plainly)
    assert errors == []
