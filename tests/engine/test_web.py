"""The bridge's session ops (lansquenet.web: open, move, undo, end, steps, ledger): what
the play page's worker answers. Answers stay small whatever the session's length,
refusals come in the reader's language and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import ask, permalink, story_of

import lansquenet
from lansquenet import Session, web
from lansquenet.languages import LANGUAGES
from lansquenet.limits import MAX_BYTES
from lansquenet.view import percent
from localsite.games import long_scenario


def test_open_move_undo_end_on_the_worked_example():
    opened = ask(op="open", scenario=lansquenet.load("worked-example"), lang="en")
    assert opened["count"] == 11 and opened["actions"] == 3 and opened["deals"] == 1
    # Every step's sentence once: the story is the steps before ``from`` (asked for),
    # ``texts``, then the last step's text.
    story = story_of(opened)["texts"]
    assert len(story) == 10 and "refused" not in opened
    assert story == [s["text"] for s in lansquenet.trace(lansquenet.load("worked-example"), "en")][:-1]
    # ``texts`` from the last deal, ``deal_starts`` of every deal.
    assert opened["from"] == 10 and opened["deal_starts"] == [[0, 1], [10, 2]]
    assert opened["scenario"] == lansquenet.load("worked-example")
    assert opened["ledger"] == []  # asked for when shown
    assert ask(op="ledger", **{"from": 0, "to": 1})["ledger"][0]["change"] == {"A": -12, "B": 5, "C": 7}
    assert opened["step"]["svg"].startswith("<svg") and opened["step"]["index"] == 10
    moved = ask(op="move", action={"by": "B", "do": "bank", "amount": 20})
    assert (
        moved["from"] == 11 and moved["texts"] == [] and moved["step"]["text"] == "B announces a bank of 20."
    )
    assert moved["step"]["state"]["to_act"]["player"] == "C" and moved["ledger"] == []
    assert moved["played"] == [{"by": "B", "do": "bank", "amount": 20}] and moved["undo"]
    ended = ask(op="end")
    assert ended["ended"] and ended["step"]["state"]["to_act"] is None and ended["played"] == []
    assert ended["step"]["event"]["code"] == "session_finished"  # R-P4
    assert ask(op="move", action={"by": "C", "do": "pass"})["error"]["code"] == "session_finished"
    back = ask(op="undo")
    assert back["undone"] == 1 and not back["ended"] and back["actions"] == 4
    assert ask(op="undo")["actions"] == 3
    assert ask(op="replay", scenario=lansquenet.load("worked-example"))["to_act"]["player"] == "B"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_move_is_told_in_the_readers_language_and_changes_nothing(lang):
    ask(op="open", scenario=lansquenet.load("worked-example"), lang=lang)
    before = ask(op="steps", **{"from": 10, "to": 11})
    refused = ask(op="move", action={"by": "B", "do": "bank", "amount": 500})
    error = refused["error"]
    assert error["code"] == "bank_exceeds_balance"
    assert error["message"] == lansquenet.refusal_text(
        lansquenet.Refusal(error["code"], **error["params"]), lang
    )
    assert ask(op="steps", **{"from": 10, "to": 11}) == before
    assert ask(op="ledger")["deals"] == 1


def test_open_with_a_refused_action_opens_up_to_it():
    data = lansquenet.load("worked-example")
    bad = {**data, "actions": [*data["actions"], {"by": "C", "do": "bank", "amount": 5}]}
    opened = ask(op="open", scenario=bad, lang="fr")
    assert opened["actions"] == 3 and opened["count"] == 11
    assert opened["refused"]["index"] == 3 and opened["refused"]["code"] == "not_your_turn"
    assert opened["refused"]["action"] == {"by": "C", "do": "bank", "amount": 5}
    assert opened["refused"]["message"].startswith("Ce n")  # French: "Ce n'est pas à C..."


def test_a_link_opens_as_its_scenario_and_a_broken_one_is_not_a_scenario():
    # Issue 17 (figure 9d): the page hands a link over as it is, the engine reads it.
    data = lansquenet.load("worked-example")
    assert ask(op="open", link=permalink(data), lang="en") == ask(op="open", scenario=data, lang="en")
    for broken in (
        "%%%not-base64",
        permalink(b'{"players": ["\xff"]}'),  # not UTF-8
        permalink([1, 2]),
        permalink("worked-example"),  # JSON text, not a scenario
        permalink(b"worked-example"),  # a name is not a link
        "A" * (MAX_BYTES // 3 * 4 + 8),  # over 16 MB
        12,
    ):
        assert ask(op="open", link=broken)["error"]["code"] == "not_a_scenario", broken
    assert ask(op="scenario")["scenario"] == data  # the session before stays


def test_the_story_and_the_ledger_of_a_long_game_come_in_pieces():
    data = long_scenario(1000, seed=2)  # 294 deals, a 295th begun: the story in three pieces
    opened = ask(op="open", scenario=data, lang="fr")
    session = lansquenet.Session(data)
    assert opened["deals"] == session.deals > 100 and opened["ledger"] == []
    assert session.deal_of(opened["from"]) == session.deals + 1  # the last deal's sentences only
    assert len(json.dumps(opened)) < 400_000  # the scenario itself, most of it
    piece = ask(op="story", to=10**6)
    assert len(piece["texts"]) == web.MAX_STORY
    assert story_of(opened)["texts"] == [s["text"] for s in lansquenet.trace(data, "fr")][:-1]
    rows = ask(op="ledger", **{"from": 0, "to": 250})["ledger"] + ask(op="ledger", **{"from": 250})["ledger"]
    assert rows == ask(op="ledger")["ledger"] and len(rows) == session.deals


def test_a_deal_of_the_story_is_asked_for_alone():
    # The play page asks for the deals the reader opens (viewer.js): ``from`` a deal's
    # start, ``to`` the next one's: that deal's sentences and reasons, no more.
    data = long_scenario(1000, seed=2)
    opened = ask(op="open", scenario=data, lang="en")
    session = lansquenet.Session(data)
    whole = story_of(opened)
    starts = [pair[0] for pair in opened["deal_starts"]]
    start, stop = starts[100], starts[101]
    piece = ask(op="story", to=stop, **{"from": start})
    assert piece["from"] == start and piece["count"] == session.count
    assert piece["texts"] == whole["texts"][start:stop]
    assert piece["reasons"] == {k: v for k, v in whole["reasons"].items() if start <= int(k) < stop}
    wide = ask(op="story", to=session.count, **{"from": 0})  # no more than a piece at once
    assert wide["from"] == session.count - web.MAX_STORY
    assert ask(op="story", to=5, **{"from": 9})["texts"] == []  # nothing between them


def test_a_refused_table_or_not_a_scenario_keeps_the_open_session():
    ask(op="open", scenario=lansquenet.load("worked-example"), lang="en")
    assert ask(op="open", scenario={**lansquenet.load("worked-example"), "players": ["A"]})["error"][
        "code"
    ] == ("invalid_players")
    assert ask(op="open", scenario=[1])["error"]["code"] == "not_a_scenario"
    assert ask(op="ledger")["deals"] == 1


def test_language_switch_renarrates_only_what_is_asked():
    ask(op="open", scenario=lansquenet.load("worked-example"), lang="en")
    fr = ask(op="steps", lang="fr", **{"from": 1, "to": 2})["steps"][0]["text"]
    assert fr == "A annonce une banque de 12."
    assert ask(op="move", action={"by": "B", "do": "bank", "amount": 3})["step"]["text"] == (
        "B annonce une banque de 3."
    )


def test_a_projected_table_is_drawn_for_the_room_on_request_and_for_that_request_only():
    ask(op="open", scenario=lansquenet.load("worked-example"), lang="en")
    projected = ask(op="steps", drawing="projected", **{"from": 1, "to": 3})["steps"]
    assert [step["drawing"] for step in projected] == ["projected", "projected"]
    assert all('class="lq-diagram lq-projected"' in step["svg"] for step in projected)
    assert all('font-size="22"' in step["svg"] for step in projected)  # its words: 22 units
    moved = ask(op="move", action={"by": "B", "do": "bank", "amount": 3}, drawing="projected")["step"]
    assert moved["drawing"] == "projected" and "lq-projected" in moved["svg"]
    # The next request without it: the page's drawing (18 units), nothing kept.
    shown = ask(op="steps", **{"from": 1, "to": 2})
    page = shown["steps"][0]
    assert page["drawing"] == "page" and "lq-projected" not in page["svg"] and 'font-size="18"' in page["svg"]
    # A drawing it does not know: a bad request, the session as it was.
    refused = ask(op="move", drawing="huge", action={"by": "C", "do": "stake", "amount": 1})
    assert refused["error"]["code"] == "bad_request" and "drawing" in refused["error"]["message"]
    assert ask(op="steps", **{"from": 0, "to": 1})["count"] == shown["count"]


def test_bad_requests_and_no_session(monkeypatch):
    monkeypatch.setattr(web, "_worker", web._Worker())
    assert ask(op="move", action={})["error"]["code"] == "no_session"
    ask(op="open", scenario="worked-example")
    assert ask(op="steps", **{"from": -1})["error"]["code"] == "bad_request"
    assert ask(op="move", action=[1])["error"]["code"] == "bad_request"
    assert ask(op="move", lang="de", action={})["error"]["code"] == "bad_request"
    assert len(ask(op="steps", **{"from": 0, "to": 1000})["steps"]) == 11


def test_an_engine_failure_is_reported_as_internal(monkeypatch):
    ask(op="open", scenario="worked-example")

    def boom(*args: Any, **kwargs: Any) -> None:
        raise MemoryError

    monkeypatch.setattr(Session, "push", boom)
    answer = ask(op="move", action={"by": "B", "do": "bank", "amount": 3})
    assert answer["error"]["code"] == "internal" and "MemoryError" in answer["error"]["message"]


def test_a_move_answer_stays_small_on_a_long_session():
    # Issue 10: at most 64 KB for any move, whatever the session's length.
    spec = long_scenario(1000, seed=5)
    actions = spec["actions"]
    ask(op="open", scenario={**spec, "actions": actions[:-50]}, lang="fr")
    sizes = [len(web.handle(json.dumps({"op": "move", "action": a})).encode()) for a in actions[-50:]]
    assert max(sizes) <= 64 * 1024
    assert ask(op="ledger")["deals"] == lansquenet.Session(spec).deals
    steps = ask(op="steps", **{"from": 0, "to": 10_000})["steps"]
    assert len(steps) == web.MAX_STEPS


def test_no_field_of_a_move_answer_is_said_twice():
    # Issue 20.3: who acts is in the last step's state only; its text in the step only.
    ask(op="open", scenario=lansquenet.load("worked-example"), lang="en")
    moved = ask(op="move", action={"by": "B", "do": "bank", "amount": 20})
    assert "to_act" not in moved and "bot" not in moved
    assert set(moved) == {
        "count",
        "actions",
        "deals",
        "ended",
        "from",
        "texts",
        "deal_starts",
        "step",
        "reasons",
        "said",
        "undo",
        "played",
        "ledger",
    }
    assert moved["step"]["text"] not in moved["texts"]


QUICK = {"op": "quick", "seed": 4, "deals": 3, "lang": "en"}


def reader_of(scenario: dict[str, Any]) -> str:
    return next(p for p in scenario["players"] if p not in scenario["computer"])


def reader_move(answer: dict[str, Any]) -> dict[str, Any]:
    """The reader's first legal move (the least amount), from the answer's last step."""
    to_act = answer["step"]["state"]["to_act"]
    move = to_act["moves"][0]
    action = {"by": to_act["player"], "do": move["do"]}
    if move.get("amount"):
        action["amount"] = move["min"]
    return action


def computers_move(answer: dict[str, Any], computer: dict[str, str]) -> list[dict[str, Any]]:
    """The computer players move until the reader's turn or the end; their answers."""
    answers = []
    while answer["step"]["state"]["to_act"] and answer["step"]["state"]["to_act"]["player"] in computer:
        answer = ask(op="bot")
        answers.append(answer)
    return answers


def test_undo_to_the_readers_move_takes_the_computer_moves_back_in_one_request():
    opened = ask(**QUICK)
    reader, computer = reader_of(opened["scenario"]), opened["scenario"]["computer"]
    answer = (computers_move(opened, computer) or [opened])[-1]
    # Before any move of the reader, there is nothing of theirs to take back.
    assert not answer["undo"]
    here = ask(op="scenario")["scenario"]
    refused = ask(op="undo", to=reader)
    assert refused["error"]["code"] == "nothing_to_undo" and refused["error"]["message"]
    assert ask(op="scenario")["scenario"] == here  # nothing changed
    assert ask(op="undo", to=reader, lang="fr")["error"]["message"].startswith("Il n’y a rien")
    # The reader moves, the computer players answer; one undo takes it all back.
    moved = ask(op="move", action=reader_move(answer), lang="en")
    assert moved["undo"] and moved["played"] == [reader_move(answer)]
    after = computers_move(moved, computer)[-1]
    assert after["actions"] > moved["actions"] and after["undo"]  # the computer players moved
    back = ask(op="undo", to=reader)
    assert back["actions"] == len(here["actions"]) and back["undone"] == after["actions"] - len(
        here["actions"]
    )
    assert back["step"]["state"]["to_act"]["player"] == reader and back["played"] == []
    assert ask(op="scenario")["scenario"] == here
    assert ask(op="undo", to=[reader, "nobody"])["error"]["code"] == "nothing_to_undo"
    assert ask(op="undo", to=3)["error"]["code"] == "bad_request"


def play_along(lang: str, deals: int = 6) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """A quick game played to its end (the reader: the first legal move); the reasons
    the answers gave, by step, and every answer."""
    answer = ask(**{**QUICK, "lang": lang, "deals": deals})
    computer = answer["scenario"]["computer"]
    reasons: dict[str, str] = {}
    answers = []
    while answer["step"]["state"]["to_act"]:
        to_act = answer["step"]["state"]["to_act"]["player"]
        if to_act in computer:
            answer = ask(op="bot")
            by = answer["played"][0]["by"]
            # The computer player's move: its first step carries its reason, naming it.
            assert list(answer["reasons"]) == [str(answer["from"])], answer["reasons"]
            assert by in answer["reasons"][str(answer["from"])]
            assert answer["said"] in (answer["reasons"][str(answer["from"])], None)
            reasons.update(answer["reasons"])
        else:
            answer = ask(op="move", action=reader_move(answer))
            assert answer["said"] is None and answer["reasons"] == {}  # the reader's own move
        answers.append(answer)
    return reasons, answers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_computer_move_comes_with_its_reason_in_the_readers_language(lang):
    # Issue 17.5: each computer move's first step carries its reason, again when the
    # game is reopened from its link (or in the other language).
    reasons, answers = play_along(lang)
    assert len(reasons) == sum(1 for a in answers if a["reasons"]) > 10
    words = {"fr": " annonce une ", "en": " announces a"}[lang]
    assert any(words in text for text in reasons.values())
    scenario = ask(op="scenario")["scenario"]
    assert story_of(ask(op="open", scenario=scenario, lang=lang))["reasons"] == reasons
    other = story_of(ask(op="open", scenario=scenario, lang="en" if lang == "fr" else "fr"))["reasons"]
    assert set(other) == set(reasons) and not set(other.values()) & set(reasons.values())


def test_no_stale_reason_when_the_reader_is_to_announce_a_bank():
    # Issue 17.5: a reason from the deal before is never the one said.
    _, answers = play_along("en", deals=10)
    computer = ask(op="scenario")["scenario"]["computer"]
    new_deals = [
        a
        for a in answers
        if a["step"]["state"]["to_act"]
        and a["step"]["state"]["to_act"]["player"] not in computer
        and [m["do"] for m in a["step"]["state"]["to_act"]["moves"]] == ["bank"]
    ]
    assert new_deals  # the case came up
    assert all(a["said"] is None for a in new_deals)
    assert any(a["said"] for a in answers)  # within a deal, the last reason is said


def test_a_reason_is_given_only_for_what_the_computer_player_would_do():
    data = {"players": ["A", "B"], "first_banker": "A", "seed": 2, "computer": {"A": "steady"}, "actions": []}
    ask(op="open", scenario=data, lang="en")
    chosen = ask(op="bot")
    action = chosen["played"][0]
    assert ask(op="open", scenario={**data, "actions": [action]})["reasons"] == chosen["reasons"]
    changed = ask(op="open", scenario={**data, "actions": [{**action, "amount": action["amount"] + 1}]})
    assert changed["reasons"] == {} and changed["said"] is None


def test_a_quick_game_is_seeded_and_its_deals_one_of_three():
    first = ask(**QUICK)
    assert ask(**QUICK)["scenario"] == first["scenario"]
    assert first["scenario"]["finish_after"] == 3 and len(first["scenario"]["computer"]) == 3
    assert ask(op="quick", deals=10)["scenario"]["finish_after"] == 10
    assert ask(op="quick")["scenario"]["finish_after"] == 6
    assert ask(op="quick", deals=7)["error"]["code"] == "bad_request"
    assert ask(op="quick", seed=-1)["error"]["code"] == "bad_request"
    assert ask(op="undo")["error"]["code"] == "nothing_to_undo"


def test_reasons_come_from_the_opened_game_not_the_one_before():
    # A link opened in a fresh worker (or after another game) explains its computer
    # players' moves from its own scenario: the reasons do not depend on what was open.
    reasons, _ = play_along("en")
    scenario = ask(op="scenario")["scenario"]
    ask(op="open", scenario="worked-example", lang="en")  # a game without computer players
    assert story_of(ask(op="open", scenario=scenario, lang="en"))["reasons"] == reasons
    assert ask(op="open", scenario="not a scenario")["error"]["code"] == "not_a_scenario"
    assert ask(op="scenario")["scenario"] == scenario  # the session before stays


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_question_gives_each_move_choice_its_odds_from_the_view(lang):
    # Issue 22: the lessons show beside a choice that is a move the view's odds of it.
    first = ask(op="lesson", id="cover", answers=[], lang=lang)
    moves = {move["do"]: move for move in first["state"]["to_act"]["moves"]}
    odds = first["question"]["odds"]
    assert len(odds) == len(first["question"]["choices"]) == 3  # stake 12, pass, stake 7
    for one, do in zip(odds, ["stake", "pass", "stake"], strict=True):
        assert one == {k: moves[do][k] for k in ("odds", "odds_text", "odds_short")}  # the play page's
    assert odds[0]["odds"] == {"win": "8/17", "per_counter": "-1/17"}  # R-D2: 8 deals in 17
    assert odds[0]["odds_short"].startswith("8 ") and odds[0]["odds_short"].endswith(percent("8/17", lang))
    assert odds[1]["odds"] is None and odds[1]["odds_text"]  # a pass risks nothing, and says so
    assert odds[1]["odds_short"] is None  # no chance at a glance where nothing is at risk
    # A prediction's choices are claims, not moves: no odds.
    predict = ask(op="lesson", id="first-value", answers=[], lang=lang)
    assert predict["question"]["odds"] == [None, None]


# The ``rules`` op reads the court game's rules as a scenario's (COURT.md C-16): the play
# page's "Rules" choice offers that game beside the presets, with its fonds F.
COURT_TABLE = {
    "players": ["Anne", "Bruno", "Claire"],
    "first_banker": "Anne",
    "rules": {"game": lansquenet.games.COURT.id, "fonds": 2},
    "seed": 4,
    "actions": [{"by": "Anne", "do": "deal"}],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_op_reads_the_court_game_s_rules_and_gives_its_figure(lang: str) -> None:
    court = lansquenet.games.COURT
    ask(op="open", scenario=COURT_TABLE, lang=lang)
    before = ask(op="scenario")
    answer = ask(op="rules", rules={"game": court.id, "fonds": 5}, lang=lang)
    chosen = answer["chosen"]
    assert chosen["game"] == court.id and chosen["preset"] is None
    assert chosen["rules"] == {"game": court.id, "fonds": 5}  # as a scenario writes them
    # C-13, C-15: the figure the play page sets beside the game, the engine's own
    assert chosen["edge"] == str(court.edge_value())
    assert chosen["edge_text"].startswith(str(court.edge_value()) + " ≈ ")
    assert [p["name"] for p in answer["presets"]] == list(
        lansquenet.games.PRESET_IDS
    )  # the presets still there
    assert (
        ask(op="rules", rules={"game": court.id}, lang=lang)["chosen"]["rules"]["fonds"] == 1
    )  # C-16: 1 when absent
    assert ask(op="scenario") == before  # it keeps no state


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("rules", "code", "reason"),
    [
        ({"game": "court", "fonds": 0}, "invalid_rules", "fonds"),  # C-16.4
        ({"game": "court", "fonds": 1001}, "invalid_rules", "fonds"),
        ({"game": "court", "fonds": "5"}, "invalid_rules", "fonds"),
        ({"game": "court", "packs": 2}, "invalid_rules", "court_key"),
        ({"game": 7}, "invalid_rules", "game"),  # C-16.2
        ({"game": "encyclopedie_1765"}, "unknown_variant", None),
        ({"fonds": 5}, "invalid_rules", "unknown_key"),  # C-16.3: no game, V-R5
    ],
)
def test_the_rules_op_refuses_court_rules_in_words_and_changes_nothing(
    lang: str, rules: dict[str, Any], code: str, reason: str | None
) -> None:
    opened = ask(op="open", scenario=COURT_TABLE, lang=lang)
    last = {"op": "steps", "from": opened["count"] - 1, "to": opened["count"]}
    before = ask(op="scenario"), ask(**last)
    answer = ask(op="rules", rules=rules, lang=lang)
    assert set(answer) == {"error"} and answer["error"]["code"] == code
    assert answer["error"]["params"].get("reason") == reason
    words = lansquenet.narration.catalogue(lang)
    key = (
        f"refusal.{code}.{reason}" if reason else f"refusal.{code}.game"
    )  # unknown_variant: no game so named
    assert answer["error"]["message"] == words[key].format_map(answer["error"]["params"])
    assert (ask(op="scenario"), ask(**last)) == before  # the session as it was: its game, its step
