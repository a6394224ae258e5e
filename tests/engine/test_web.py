"""The bridge's session ops (lansquenet.web: open, move, undo, end, steps, ledger): what
the play page's worker answers. Answers stay small whatever the session's length,
refusals come in the reader's language and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lansquenet
from lansquenet import web
from localsite.games import long_scenario


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.handle(json.dumps(request)))
    return answer


def test_open_move_undo_end_on_the_worked_example():
    opened = ask(op="open", scenario=lansquenet.load("worked-example"), lang="en")
    assert opened["count"] == 11 and opened["actions"] == 3 and opened["deals"] == 1
    assert len(opened["texts"]) == 11 and opened["from"] == 0 and "refused" not in opened
    assert opened["ledger"][0]["change"] == {"A": -12, "B": 5, "C": 7}
    assert opened["step"]["svg"].startswith("<svg") and opened["step"]["index"] == 10
    moved = ask(op="move", action={"by": "B", "do": "bank", "amount": 20})
    assert moved["from"] == 11 and moved["texts"] == ["B announces a bank of 20."]
    assert moved["to_act"]["player"] == "C" and moved["ledger"] == []
    ended = ask(op="end")
    assert ended["ended"] and ended["to_act"] is None
    assert ended["step"]["event"]["code"] == "session_finished"  # R-P4
    assert ask(op="move", action={"by": "C", "do": "pass"})["error"]["code"] == "session_finished"
    assert ask(op="undo")["undone"] == {"do": "end"}
    assert ask(op="undo")["undone"] == {"by": "B", "do": "bank", "amount": 20}
    assert ask(op="replay", scenario=lansquenet.load("worked-example"))["to_act"]["player"] == "B"


@pytest.mark.parametrize("lang", ["fr", "en"])
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
    assert ask(op="move", action={"by": "B", "do": "bank", "amount": 3})["texts"] == [
        "B annonce une banque de 3."
    ]


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

    monkeypatch.setattr(web.Session, "push", boom)
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
