"""The bridge's contract is declared once (lansquenet/protocol.py): the pages' types
(types/bridge.d.ts) are generated from it, the worker's bridge (lansquenet/web.py)
dispatches on its ops, and what the bridge answers is what it declares."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ask, permalink

from lansquenet import protocol, web
from lansquenet_site import bridge

ROOT = Path(__file__).resolve().parents[2]

# One of each request a page sends, in an order the session allows: (request, the
# answer's declared type).
SESSION: list[dict[str, object]] = [
    {"op": "replay", "scenario": "worked-example"},
    {"op": "open", "scenario": "worked-example", "lang": "fr"},
    {"op": "move", "action": {"by": "B", "do": "bank", "amount": 10}},
    {"op": "steps", "from": 0, "to": 12, "lang": "en"},
    {"op": "steps", "from": 0, "to": 2, "drawing": "projected"},
    {"op": "story", "to": 12},
    {"op": "ledger", "from": 0},
    {"op": "scenario"},
    {"op": "undo"},
    {"op": "end"},
    {"op": "quick", "seed": 12, "deals": 3, "lang": "en"},
    {"op": "bot"},
    {"op": "undo", "to": ["Anne"]},
    {"op": "short"},
    {"op": "short", "link": "6.3.0.", "lang": "fr"},
    {"op": "open", "link": "eyJwbGF5ZXJzIjpbIkEiLCJCIl0sImZpcnN0X2JhbmtlciI6IkEiLCJhY3Rpb25zIjpbXX0"},
    {
        "op": "open",
        "scenario": {"players": ["A", "B"], "first_banker": "A", "actions": [{"by": "B", "do": "pass"}]},
    },
    {"op": "lesson", "id": "cover", "answers": [], "lang": "en"},
    {"op": "lesson", "id": "cover", "answers": [1], "lang": "fr"},
    {
        "op": "simulate",
        "n": 200,
        "seed": 4,
        "variant": "six_packs",
        "lang": "en",
        "chart": {},
        "summary": {"templates": {"summary": "{deals} deals"}, "expected": {}},
    },
    {"op": "rules", "lang": "en"},
    {"op": "rules", "rules": {"packs": 3, "pack": "32"}, "lang": "fr"},
    {"op": "rules", "rules": {"game": "court", "fonds": 5}, "lang": "en"},
    {"op": "rules", "rules": {"game": "court", "fonds": 0}, "lang": "fr"},
    {"op": "quick", "seed": 3, "rules": {"variant": "half_on_pair"}, "lang": "en"},
    {"op": "open", "scenario": {"players": ["A", "B"], "first_banker": "A", "rules": {"packs": 2}}},
    {"op": "move", "action": {"by": "Nobody", "do": "pass"}},
    # The court game (COURT.md, C-17), behind the same session and the same ops.
    {
        "op": "open",
        "scenario": {
            "players": ["A", "B", "C"],
            "first_banker": "A",
            "rules": {"game": "court", "fonds": 2},
            "decks": [["7S", "7H", "7D", "QD", "2C", "QS"]],
            "seed": 5,
            "computer": {"B": "steady", "C": "bold"},
            "actions": [],
        },
        "lang": "fr",
    },
    {"op": "move", "action": {"by": "A", "do": "deal"}},
    {"op": "steps", "from": 0, "to": 14, "lang": "en"},
    {"op": "steps", "from": 0, "to": 4, "drawing": "projected"},
    {"op": "ledger", "from": 0},
    {"op": "bot"},
    {"op": "undo"},
    {"op": "end"},
    {"op": "quick", "seed": 3, "rules": {"game": "court"}, "lang": "en"},
    {"op": "short"},
]


def answer_type(request: dict[str, object]) -> object:
    """The answer a request declares (protocol.ANSWERS), the first kind it fits."""
    for kinds, answer in protocol.ANSWERS:
        if any(not bridge.mismatches(request, kind) for kind in kinds):
            return answer
    raise AssertionError(f"{request} fits no declared request")


def test_the_committed_bridge_types_are_the_generated_ones() -> None:
    committed = (ROOT / bridge.OUT).read_text(encoding="utf-8")
    assert committed == bridge.generate(), (
        "types/bridge.d.ts differs from lansquenet/protocol.py: run make bridge"
    )


def test_every_declared_op_has_a_handler_and_no_other() -> None:
    assert tuple(web.HANDLERS) == protocol.OPS
    answered = [kind for kinds, _ in protocol.ANSWERS for kind in kinds]
    assert set(answered) == set(protocol.REQUESTS)


@pytest.mark.parametrize("request_", SESSION, ids=lambda r: str(r["op"]))
def test_every_answer_is_the_one_its_request_declares(request_: dict[str, object]) -> None:
    assert not bridge.mismatches(request_, protocol.Request)
    answer = json.loads(web.handle(json.dumps(request_)))
    declared = protocol.Refusable if "error" in answer else answer_type(request_)
    assert bridge.mismatches(answer, declared) == []


def test_a_carried_game_s_record_and_its_open_are_the_answers_declared() -> None:
    """The ``carry`` op and an ``open`` with its record (lansquenet.carry): a game opened
    with its record is answered without its scenario, and says so."""
    ask(op="open", scenario="worked-example")
    link = permalink(ask(op="scenario")["scenario"])  # the session's, as a page links it
    asked: list[dict[str, object]] = [{"op": "open", "link": link}, {"op": "carry", "link": link}]
    for request_ in asked:
        answer = ask(**request_)
        assert "error" not in answer and bridge.mismatches(answer, answer_type(request_)) == []
    request_ = {"op": "open", "link": link, "carry": str(answer["carry"]), "lang": "fr"}
    assert not bridge.mismatches(request_, protocol.Request)
    opened = ask(**request_)
    assert opened["carried"] is True and "scenario" not in opened
    assert bridge.mismatches(opened, answer_type(request_)) == []


def test_a_refusal_is_an_error_and_nothing_else() -> None:
    web.handle('{"op": "open", "scenario": "worked-example"}')
    refused = json.loads(web.handle('{"op": "move", "action": {"by": "Nobody", "do": "pass"}}'))
    assert set(refused) == {"error"} and bridge.mismatches(refused, protocol.Refusable) == []


def test_an_answer_that_leaves_its_declaration_is_told_where() -> None:
    opened = json.loads(web.handle('{"op": "open", "scenario": "worked-example", "lang": "en"}'))
    opened["step"]["rows"][0]["stake"] = "12"
    opened["ledger"] = {}
    opened["surprise"] = 1
    del opened["deals"]
    assert sorted(bridge.mismatches(opened, protocol.Opened)) == [
        ".deals: missing",
        ".ledger: not a list",
        ".step.rows[0].stake: '12' is not number",
        ".surprise: not declared in Opened",
    ]
