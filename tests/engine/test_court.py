"""The court game (spec/COURT.md): its conformance cases (spec/conformance/court,
COURT-CONFORMANCE.md) through the command line and the API, its rules clause by clause
(C-1 … C-17), its narration in both languages, and its session: undo, push and pop, the
bridge, computer holders and permalinks as for the later game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import cli
from spec_cases import court_cases, expected_of

import lansquenet
from lansquenet import Session, event_text, refusal_text
from lansquenet.court import KINDS, CourtRules, CourtTable
from lansquenet.games import read as read_rules
from lansquenet.languages import LANGUAGES
from lansquenet.quicklink import scenario_of, text_of
from lansquenet.refusals import Refusal
from lansquenet.rules import MAX_PLAYERS
from lansquenet.view import steps

CASES = court_cases()


def court(players: list[str], decks: list[list[str]] | None = None, fonds: int = 1, **more: object) -> dict:
    scenario: dict = {
        "players": players,
        "first_banker": players[0],
        "rules": {"game": "court", "fonds": fonds},
    }
    if decks is not None:
        scenario["decks"] = decks
    return scenario | {"actions": []} | more


def test_the_specification_holds_at_least_30_court_cases() -> None:
    assert len(CASES) >= 30
    for case in CASES:
        assert case.with_name(case.stem + ".expected.json").is_file(), case


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_C_court_case_replays_through_the_command_line(case: Path, norm) -> None:
    want = expected_of(case)
    run = cli("replay", str(case))
    assert run.returncode == (2 if "error" in want else 0), run.stderr
    assert norm(json.loads(run.stdout)) == norm(want)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_C_court_case_replays_through_the_api(case: Path, norm) -> None:
    assert norm(lansquenet.replay(json.loads(case.read_text("utf-8")))) == norm(expected_of(case))


def test_the_cases_cover_every_clause_and_every_refusal_of_C16() -> None:
    text = " ".join(case.read_text("utf-8") + expected_of(case).__repr__() for case in CASES)
    for kind in KINDS:  # C-6 … C-9
        assert f'"kind": "{kind}"' in text or f"'kind': '{kind}'" in text, kind
    for end in ("made", "lost", "void", "fourth"):  # C-9 … C-12
        assert f"'end': '{end}'" in text, end
    codes = {expected_of(case)["error"]["code"] for case in CASES if "error" in expected_of(case)}
    assert {
        "invalid_rules",
        "unknown_variant",
        "invalid_players",
        "invalid_balance",
        "unknown_player",
    } <= codes
    assert {"invalid_card", "not_your_turn", "illegal_action", "session_finished"} <= codes
    sizes = {len(json.loads(case.read_text("utf-8"))["players"]) for case in CASES}
    assert {2, 10} <= sizes  # C-1


# --- C-16: the rules object, in its order ----------------------------------------------


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        ("court", "invalid_rules"),  # 1
        ([], "invalid_rules"),  # 1
        ({"game": 7}, "invalid_rules"),  # 2
        ({"game": None}, "invalid_rules"),  # 2
        ({"game": "baccarat", "fonds": 0}, "unknown_variant"),  # 2, before 4
        ({"fonds": 3}, "invalid_rules"),  # 3: V-R5.2
        ({"variant": "encyclopedie_1765"}, "unknown_variant"),  # 3: V-R5.5
        ({"game": "court", "successor": "left"}, "invalid_rules"),  # 4
        ({"game": "court", "fonds": 1001}, "invalid_rules"),  # 4
        ({"game": "court", "fonds": 0}, "invalid_rules"),  # 4
        ({"game": "court", "fonds": 1.0}, "invalid_rules"),  # 4: no float
        ({"game": "court", "fonds": False}, "invalid_rules"),  # 4: no bool
    ],
)
def test_C16_refusals_in_order(rules: object, code: str) -> None:
    with pytest.raises(Refusal) as refused:
        read_rules(rules)
    assert refused.value.code == code
    for lang in LANGUAGES:  # a sentence in the reader's language
        sentence = refusal_text(refused.value, lang)
        assert sentence and "{" not in sentence


def test_C16_the_fonds_is_a_whole_number_from_1_to_1000_and_defaults_to_1() -> None:
    assert read_rules({"game": "court"}) == CourtRules(fonds=1)
    assert read_rules({"game": "court", "fonds": 1000}).record() == {"game": "court", "fonds": 1000}
    assert not read_rules({"game": "court", "fonds": 1}).standard  # never the later game's V-R1


def test_C16_the_rules_are_checked_before_the_players() -> None:
    with pytest.raises(Refusal) as refused:
        Session(court(["A"], fonds=0))
    assert refused.value.code == "invalid_rules"


# --- C-1 … C-13, clause by clause ---------------------------------------------------------


def test_C1_two_to_ten_people() -> None:
    assert isinstance(Session(court(["A", "B"])).table, CourtTable)
    assert isinstance(Session(court([chr(65 + k) for k in range(MAX_PLAYERS)])).table, CourtTable)
    with pytest.raises(Refusal):
        Session(court([chr(65 + k) for k in range(MAX_PLAYERS + 1)]))


def test_C5_a_fresh_pack_for_every_coup_cut_by_the_holders_left() -> None:
    session = Session(court(["A", "B", "C"], seed=9))
    for _ in range(6):
        session.push({"by": session.state()["to_act"]["player"], "do": "deal"})
    coups = session.state()["coups"]
    for coup in coups:  # no card twice in one coup: each coup's cards come from one pack
        cards = (
            [c["card"] for c in coup["cards"]]
            + [coup["holder_card"]] * bool(coup["holder_card"])
            + coup["turned"]
        )
        assert len(cards) == len(set(cards))
    cuts = [
        event.params
        for event in (session.event(i) for i in range(session.count))
        if event.code == "court_cut"
    ]
    holders = [coup["holder"] for coup in coups]
    assert len(cuts) == 6
    assert [cut["player"] for cut in cuts] == [{"A": "C", "B": "A", "C": "B"}[h] for h in holders]


def test_C6_cards_are_dealt_from_the_holders_right_and_C11_the_hand_passes_right() -> None:
    session = Session(court(["A", "B", "C", "D"], [["2S", "3S", "4S", "5S", "5H"]]) | {"first_banker": "C"})
    session.push({"by": "C", "do": "deal"})
    coup = session.state()["coups"][0]
    assert [c["player"] for c in coup["cards"]] == ["D", "A", "B"]
    assert coup["end"] == "lost" and session.state()["to_act"]["player"] == "D"


def test_C17_counters_move_at_each_payment_and_every_card_is_a_step() -> None:
    session = Session(court(["A", "B", "C"], [["7S", "7H", "QD", "2C", "7D"]]))
    first = session.count
    played = session.push({"by": "A", "do": "deal"})
    codes = [event.code for event, _ in played]
    assert codes == [
        "court_coup",
        "court_card",
        "court_card",
        "court_won",
        "court_holder_card",
        "court_turned",
        "court_turned",
        "court_won",
        "court_end",
    ]
    balances = [session.step(first + k)[1].balances for k in range(len(played))]
    assert balances[2] == (100, 100, 100)  # C-7: the double card is dealt...
    assert balances[3] == (101, 99, 100)  # ...then the holder wins B's F
    assert balances[-1] == (103, 99, 98)
    for event, table in played:  # no counter made or lost (R-T3)
        assert sum(table.balances) == 300, event


def test_C9_a_quadruple_voids_the_coup_and_the_holder_keeps_the_hand() -> None:
    session = Session(court(["A", "B", "C", "D", "E"], [["8S", "8H", "8D", "8C"]]))
    played = session.push({"by": "A", "do": "deal"})
    assert played[-1][0].params == {"player": "A", "end": "void", "amount": 3, "next": "A", "returned": 4}
    assert session.state()["to_act"] == {"player": "A", "can": ["deal"]}


def test_C3_balances_go_below_zero_and_no_one_is_taken_out() -> None:
    session = Session(court(["A", "B"], [["2S", "3S", "3H"]] * 3, fonds=1000, balance=10))
    session.push({"by": "A", "do": "deal"})
    assert session.state()["balances"] == {"A": -990, "B": 1010}
    session.push({"by": "B", "do": "deal"})  # A, below zero, still plays
    assert session.state()["status"] == "awaiting"


# --- the session: undo, push and pop, links, computer holders ---------------------------


def test_pop_takes_a_whole_coup_back_and_push_plays_it_again() -> None:
    session = Session(court(["A", "B", "C"], seed=4))
    before, count = session.state(), session.count
    session.push({"by": "A", "do": "deal"})
    after = session.state()
    assert session.pop() == {"by": "A", "do": "deal"}
    assert session.state() == before and session.count == count
    session.push({"by": "A", "do": "deal"})
    assert session.state() == after
    assert session.undo() == 1 and session.state() == before


def test_the_scenario_replays_the_session_and_ended_finishes_it() -> None:
    session = Session(court(["A", "B", "C"], seed=2, fonds=4))
    for _ in range(3):
        session.push({"by": session.state()["to_act"]["player"], "do": "deal"})
    session.end()
    again = Session(session.scenario())
    assert again.state() == session.state() and again.state()["status"] == "finished"
    assert session.scenario()["rules"] == {"game": "court", "fonds": 4}


def test_computer_holders_deal() -> None:
    session = Session(court(["A", "B", "C"], seed=6, computer={"A": "bold", "B": "steady", "C": "cautious"}))
    for _ in range(5):
        decision = session.decide()
        assert decision.move.do == "deal" and decision.reason == "court_deal"
        session.push(decision.move)
    assert len(session.state()["coups"]) == 5


def test_a_quick_court_game_has_a_short_link_that_replays_it() -> None:
    game = lansquenet.bots.quick_game(21, 3, rules={"game": "court", "fonds": 2})
    session = Session(game)
    while session.table.to_act is not None:
        session.push(session.decide().move)
    short = text_of(session)
    assert short is not None and short.endswith("!c2")
    assert scenario_of(short) == session.scenario()


# --- words ----------------------------------------------------------------------------------

PUNCT = re.compile(r"[^\u202f\u00a0][;!?]|[^\u00a0]:(?!//)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_of_every_court_case_is_narrated(lang: str) -> None:
    seen = set()
    for case in CASES:
        if "error" in expected_of(case):
            continue
        played = lansquenet.session(json.loads(case.read_text("utf-8")), lang)
        for step in played["steps"]:
            text = step["text"]
            assert text and "{" not in text, (case.stem, step["event"])
            if lang == "fr":  # French typography: thin spaces before ; ! ?, no-break before :
                assert not PUNCT.search(text), text
            seen.add(
                (
                    step["event"]["code"],
                    step["event"]["params"].get("kind", step["event"]["params"].get("end")),
                )
            )
    assert {("court_card", k) for k in KINDS} <= seen
    assert {("court_end", e) for e in ("made", "lost", "void", "fourth")} <= seen
    assert {("court_holder_card", k) for k in ("plain", "match", "fourth")} <= seen
    assert {("court_turned", k) for k in ("none", "coupeur", "holder")} <= seen


def test_the_narration_of_a_double_names_both_cards_and_the_stake() -> None:
    event = {
        "code": "court_card",
        "params": {"player": "C", "card": "7H", "kind": "double", "stake": 2, "over": "B"},
    }
    assert event_text(event, "en") == (
        "C is dealt 7♥, the double of B's card: the holder takes B's card, and 2 counters lie on the double card."
    )
    assert event_text(event, "fr").startswith("C reçoit 7♥, carte double de celle de B\u00a0:")


def test_the_step_view_shows_the_coupeurs_cards_in_a_row_with_their_stakes() -> None:
    session = Session(court(["A", "B", "C", "D"], [["4S", "4H", "9D", "JC", "JD"]], fonds=2))
    session.push({"by": "A", "do": "deal"})
    views = steps(session, 0, None, "fr")
    holder_card = next(v for v in views if v["event"]["code"] == "court_holder_card")
    court_view = holder_card["state"]["table"]["coup"]
    assert [(c["player"], c["kind"], c["stake"], c["fate"]) for c in court_view["coupeurs"]] == [
        ("B", "straight", 2, "won"),
        ("C", "double", 4, None),
        ("D", "straight", 2, None),
    ]
    assert holder_card["state"]["table"]["stakes"] == {"C": 4, "D": 2}
    assert [c["role"] for c in holder_card["cards"]] == ["coupeur", "coupeur", "coupeur", "holder"]
    end = views[-1]
    assert end["result"]["line"] == "A −4, B −2, C +4, D +2"
    assert end["state"]["to_act"]["player"] == "B" and end["state"]["table"]["coup"]["end"] == "lost"


# --- the coach and the drawing ------------------------------------------------------------


def test_the_coach_gives_each_coupeurs_chance_and_the_holders_worked_by_hand() -> None:
    # A deals B 5♠, C 9♥, himself K♦: three fives, three nines, three kings are left, so
    # each coupeur's rank comes before the holder's 1 time in 2, and both before it (the
    # king's rank last of the three) 1 time in 3 (C-10, C-11, C-12).
    session = Session(court(["A", "B", "C"], [["5S", "9H", "KD", "5H", "2C", "9C"]]))
    session.push({"by": "A", "do": "deal"})
    views = steps(session, 0, None, "en")
    at = next(v for v in views if v["event"]["code"] == "court_holder_card")
    coach = at["coach"]
    assert [(c["player"], c["before"]) for c in coach["cards"]] == [("B", "1/2"), ("C", "1/2")]
    assert coach["make"] == "1/3" and coach["keep"] == "1/3"
    assert "1 in 2, 50%" in coach["cards"][0]["text"]
    after = views[views.index(at) + 2]  # 5♥ turned, B's card taken: C's 9 against the king
    assert after["event"]["code"] == "court_won" and [c["before"] for c in after["coach"]["cards"]] == ["1/2"]
    first = steps(session, 0, 1, "fr")[0]["coach"]
    assert first["cards"] == [] and first["keep"] == "2351/6375"  # a whole coup, before the deal


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_drawing_shows_the_row_the_stakes_the_holders_card_and_the_end(lang: str) -> None:
    from lansquenet.diagram import LAYOUTS, diagram

    session = Session(court(["A", "B", "C", "D"], [["4S", "4H", "9D", "JC", "2H", "JD"]], fonds=2))
    session.push({"by": "A", "do": "deal"})
    views = steps(session, 0, None, lang)
    at = next(v for v in views if v["event"]["code"] == "court_holder_card")
    for layout in LAYOUTS.values():
        svg = diagram(at["state"], lang, layout)
        for card in ("4S", "4H", "9D", "JC"):
            assert f'data-card="{card}"' in svg
        assert '<g class="lq-gone"' in svg  # B's card left the table: faded
        assert ">2F</text>" in svg and ">F</text>" in svg  # C-7: the double card's stake
        end = diagram(views[-1]["state"], lang, layout)
        assert "lq-end" in end and ('data-seat="A"' in end)
    for people in (2, 10):  # C-1: every table size draws
        names = [chr(65 + k) for k in range(people)]
        played = Session(court(names, seed=people))
        played.push({"by": "A", "do": "deal"})
        for view in steps(played, 0, None, lang):
            assert diagram(view["state"], lang).startswith("<svg")


def test_a_session_of_computer_players_deals_the_court_game_to_its_finish() -> None:
    from lansquenet.bots import play_session

    scenario = play_session(4, 6, seed=2, rules={"game": "court", "fonds": 3})
    assert {action["do"] for action in scenario["actions"]} == {"deal"}
    result = lansquenet.replay(scenario)
    assert result["status"] == "finished" and len(result["coups"]) == 6
    assert sum(result["balances"].values()) == 400  # C-3: no counter made or lost
