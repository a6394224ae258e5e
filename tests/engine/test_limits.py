"""CONFORMANCE.md's "Limits, confirmed after the second build", through the command line,
the API and the browser's bridge (``lansquenet.web.handle``).

Each case of ``tests/limits/`` is ``NAME.json`` (a scenario's text, which may not be
JSON at all) with ``NAME.expected.json``: what ``replay`` prints, or
``{"error": {"code": "not_a_scenario"}}`` for text that is not a scenario (the command
line's exit 1, the bridge's ``not_a_scenario``). The same cases are replayed in the page
(tests/browser/test_limits.py). Files over 16 MB are made here, never committed.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_not_a_scenario, cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spec_cases import LIMITS, NOT_A_SCENARIO, cases_in, expected_of

import lansquenet
from lansquenet import limits, odds, web
from lansquenet.__main__ import main
from lansquenet.narration import text
from lansquenet.refusals import BadRequest, LansquenetError, NothingToUndo, NotToAct, OddsError


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.handle(json.dumps(request)))
    return answer


def test_every_limit_has_its_cases() -> None:
    names = {case.stem for case in cases_in(LIMITS)}
    for limit in (
        "balance",
        "amount",
        "seed",
        "finish-after",
        "by-",
        "nested",
        "nan",
        "infinity",
        "unknown-keys",
    ):
        assert [name for name in names if name.startswith(limit)], limit
    for case in cases_in(LIMITS):
        assert case.with_name(case.stem + ".expected.json").is_file(), case


@pytest.mark.parametrize("case", cases_in(LIMITS), ids=lambda p: p.stem)
def test_a_limit_case_replays_through_the_command_line(case: Path, norm: Callable[[Any], Any]) -> None:
    want = expected_of(case)
    run = cli("replay", str(case))
    if want == NOT_A_SCENARIO:
        assert_not_a_scenario(run)
        return
    assert run.returncode == (2 if "error" in want else 0), run.stderr
    assert norm(json.loads(run.stdout)) == norm(want)


@pytest.mark.parametrize("case", cases_in(LIMITS), ids=lambda p: p.stem)
def test_a_limit_case_replays_through_the_api_and_the_bridge(case: Path, norm: Callable[[Any], Any]) -> None:
    want, source = expected_of(case), case.read_text("utf-8")
    answer = json.loads(web.handle(json.dumps({"op": "replay", "scenario": source})))
    assert norm(answer) == norm(want)
    if want == NOT_A_SCENARIO:
        with pytest.raises(lansquenet.NotAScenario):
            lansquenet.parse(source)
    else:
        assert norm(lansquenet.replay(lansquenet.parse(source))) == norm(want)


def test_narrate_answers_a_limit_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["narrate", str(LIMITS / "nested-4000-levels-in-an-action.json")]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "64 levels" in err
    assert main(["narrate", str(LIMITS / "by-missing-at-a-table-with-none.json"), "--lang", "fr"]) == 2
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == text("refusal.unknown_player.nobody", {}, "fr") == "Aucun joueur n’est nommé."


def test_a_file_over_16_mb_is_not_a_scenario_and_one_of_16_mb_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = (LIMITS / "unknown-keys-ignored.json").read_bytes()
    exact = tmp_path / "exact.json"
    exact.write_bytes(scenario + b" " * (limits.MAX_BYTES - len(scenario)))
    assert main(["replay", str(exact)]) == 0
    assert json.loads(capsys.readouterr().out)["balances"] == {"A": 88, "B": 95, "C": 100}
    over = tmp_path / "over.json"
    over.write_bytes(scenario + b" " * (limits.MAX_BYTES + 1 - len(scenario)))
    run = cli("replay", str(over))
    assert_not_a_scenario(run)
    assert "16 MB" in run.stderr
    run = cli("replay", "-", stdin=over.read_text("utf-8"))
    assert_not_a_scenario(run)
    with pytest.raises(lansquenet.NotAScenario, match="16 MB"):
        lansquenet.parse(over.read_text("utf-8"))


def test_a_name_with_a_lone_surrogate_is_printed_as_json(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text('{"players": ["A", "\\ud800"], "first_banker": "A", "actions": []}', encoding="utf-8")
    run = cli("replay", str(path))
    assert run.returncode == 0 and run.stderr == ""
    assert list(json.loads(run.stdout)["balances"]) == ["A", "\ud800"]
    answer = json.loads(web.handle(json.dumps({"op": "replay", "scenario": path.read_text("utf-8")})))
    assert list(answer["balances"]) == ["A", "\ud800"]


def test_python_objects_beyond_the_limits_are_not_scenarios() -> None:
    base = json.loads((LIMITS / "unknown-keys-ignored.json").read_text("utf-8"))
    deep: list[Any] = []
    for _ in range(2000):
        deep = [deep]
    for wrong in ({"note": deep}, {"balance": math.nan}, {"decks": [[math.inf]]}, {"seed": 2**53}):
        with pytest.raises(lansquenet.NotAScenario):
            lansquenet.replay({**base, **wrong})


def _deeper(value: Any, limit: int) -> bool:
    """too_deep as CONFORMANCE.md's "Limits" says it, recursively (the reference)."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict | list | tuple):
        values = value.values() if isinstance(value, dict) else value
        return limit <= 0 or any(_deeper(v, limit - 1) for v in values)
    return False


_NESTED = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(value=_NESTED, limit=st.integers(0, 6))
def test_the_depth_walk_finds_what_the_recursive_reading_finds(value: Any, limit: int) -> None:
    # The walk queues only lists and objects (benchmark 9c): a number that is not finite,
    # anywhere, or one level too many, is still found, at the top as deep down.
    assert limits.too_deep(value, limit) is _deeper(value, limit)


def test_a_scenario_nested_too_deep_is_refused_by_the_bridge_in_either_form() -> None:
    # The bridge checks a scenario's shape once (Session(checked=True)), as an object and
    # as a link: 64 levels are a scenario's most (65 a request's, one level down).
    base = json.loads((LIMITS / "unknown-keys-ignored.json").read_text("utf-8"))
    deep: list[Any] = []
    for _ in range(62):
        deep = [deep]
    for note, code in ((deep, None), ([deep], "bad_request")):
        scenario = {**base, "note": note}
        link = base64.urlsafe_b64encode(json.dumps(scenario).encode()).decode().rstrip("=")
        for request in ({"scenario": scenario}, {"link": link}):
            answer = ask(op="open", lang="en", **request)
            if code is None:
                assert "error" not in answer and answer["actions"] == len(base["actions"])
            else:  # the object: the request's limit; the link's text: the scenario's
                assert answer["error"]["code"] == (code if "scenario" in request else "not_a_scenario")


def test_the_largest_amounts_offered_are_safe_integers() -> None:
    big = lansquenet.new_table(["A", "B", "C"], limits.MAX_SAFE, "A", decks=[["7S", "QH", "2C", "QD"]])
    table, _ = lansquenet.apply(big, lansquenet.Move("A", "bank", limits.MAX_SAFE))
    table, _ = lansquenet.apply(table, lansquenet.Move("B", "banco"))  # Q♦: the players win
    # B now holds twice 2^53 - 1 counters and banks next, but is offered no amount beyond it.
    assert table.balances[1] == 2 * limits.MAX_SAFE and lansquenet.legal_moves(table) == ["bank"]
    assert lansquenet.rules.amount_range(table, "bank") == (1, limits.MAX_SAFE)
    with pytest.raises(lansquenet.Refusal, match="invalid_amount"):
        lansquenet.apply(table, lansquenet.Move("B", "bank", limits.MAX_SAFE + 1))


# --- the bridge: unknown keys never echoed, refusals that change nothing ---------------


def test_unknown_keys_are_never_echoed_by_the_bridge() -> None:
    data = json.loads((LIMITS / "unknown-keys-ignored.json").read_text("utf-8"))
    bad = {**data, "actions": [*data["actions"], {"by": "A", "do": "pass", "secret": "<script>"}]}
    opened = ask(op="open", scenario=bad, lang="en")
    assert opened["refused"]["action"] == {"by": "A", "do": "pass"}
    moved = ask(op="move", action={"by": "C", "do": "stake", "amount": 7, "note": "hidden"})
    assert "error" not in moved
    assert moved["played"] == [{"by": "C", "do": "stake", "amount": 7}]
    assert "hidden" not in json.dumps(ask(op="scenario"))
    assert ask(op="undo")["undone"] == 1
    scenario = web._worker.session.scenario()  # type: ignore[union-attr]
    assert "colour" not in scenario and all(set(a) <= {"by", "do", "amount"} for a in scenario["actions"])
    assert "hidden" not in json.dumps(ask(op="steps", **{"from": 0, "to": 64}))


def snapshot() -> tuple[Any, ...]:
    """Everything a request could change in the worker."""
    session = web._worker.session
    if session is None:
        return (None, web._worker.lang)
    return (id(session), web._worker.lang, session.count, session.scenario(), session.state())


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "move", "action": {"by": "B", "do": "bank", "amount": 10**4000}},
        {"op": "move", "action": {"by": "B", "do": "bank", "amount": 2**53}},
        {"op": "move", "action": {"do": "bank", "amount": 5}},
        {"op": "bot", "temperament": {"a": 1}},
        {"op": "bot", "temperament": ["bold"]},
        {"op": "steps", "from": 2**53, "lang": "fr"},
        {"op": "ledger", "from": -1, "lang": "fr"},
        {"op": "simulate", "n": 10**12},
        {"op": "simulate", "n": 5, "seed": 2**60},
        {"op": "simulate", "n": 5, "seed": "x" * 101},
        {
            "op": "open",
            "scenario": {"players": ["A", "B"], "first_banker": "A", "balance": 10**309, "actions": []},
        },
        {
            "op": "open",
            "scenario": {"players": ["A", "B"], "first_banker": "A", "seed": 2**53, "actions": []},
        },
        {"op": "lesson", "id": {"a": 1}, "answers": []},
        {"op": "lesson", "id": "cover", "answers": [0, 0, 0, 0, 0, 0, 0, 0, 0]},
        {"op": "lesson", "id": "cover", "answers": [2**60]},
        {"op": {"a": 1}},
    ],
)
def test_a_refused_request_gets_a_code_and_changes_nothing(request_: dict[str, Any]) -> None:
    ask(op="open", scenario="worked-example", lang="en")
    before = snapshot()
    answer = ask(**request_)
    assert answer["error"]["code"] not in ("internal", None)
    assert snapshot() == before


def test_a_failure_after_a_move_takes_the_move_back(monkeypatch: pytest.MonkeyPatch) -> None:
    ask(op="open", scenario="worked-example", lang="en")
    ask(op="move", action={"by": "B", "do": "bank", "amount": 9})
    before = snapshot()

    def boom(*args: Any) -> None:
        raise MemoryError

    monkeypatch.setattr(web, "_position", boom)
    for request in (
        {"op": "move", "action": {"by": "C", "do": "pass"}},
        {"op": "end"},
        {"op": "bot"},
        {"op": "undo"},
    ):
        answer = ask(**request)
        assert answer["error"]["code"] == "internal" and "MemoryError" in answer["error"]["message"]
        assert snapshot() == before, request
    monkeypatch.undo()
    ask(op="end")
    before = snapshot()
    monkeypatch.setattr(web, "_position", boom)
    assert ask(op="undo")["error"]["code"] == "internal"
    assert snapshot() == before


def test_nothing_to_undo_has_its_code_and_sentence() -> None:
    ask(op="open", scenario={"players": ["A", "B"], "first_banker": "A", "actions": []}, lang="fr")
    answer = ask(op="undo")
    assert answer["error"] == {"code": "nothing_to_undo", "message": text("error.nothing_to_undo", {}, "fr")}
    assert ask(op="undo", lang="en")["error"]["message"] == text("error.nothing_to_undo", {}, "en")


def test_the_engine_errors_are_one_family_with_codes() -> None:
    for error in (
        lansquenet.Refusal("invalid_card", card="ZZ"),
        lansquenet.NotAScenario("x"),
        BadRequest("x"),
        NothingToUndo(),
        NotToAct(),
        OddsError("invalid_pack"),
        lansquenet.lessons.LessonError("x"),
    ):
        assert isinstance(error, LansquenetError) and error.code and error.code != "lansquenet_error"
    with pytest.raises(OddsError) as caught:
        odds.Pack(1, 4, "one_rank")
    assert caught.value.code == "invalid_pack"
    with pytest.raises(ValueError, match="no refusal has the code"):
        lansquenet.Refusal("no_such_code")
    assert BadRequest().code == str(BadRequest()) == "bad_request"


# --- hostile requests (issue 21): every one answered, in strict JSON, nothing broken ----

KEYS = ("op", "scenario", "action", "lang", "from", "to", "n", "seed", "temperament", "id", "answers")
NUMBERS = (2**53 - 1, 2**53, -(2**53), 10**30, 10**309, 10**4000, -1, 0, 1)
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-1000, 1000)
    | st.sampled_from(NUMBERS)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["fr", "en", "None", "null", "bank", "stake", "pass", "A", "B", "C", "worked-example"])
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["by", "do", "amount", "players", "actions", *KEYS]) | st.text(max_size=6),
            inner,
            max_size=4,
        )
    ),
    max_leaves=16,
)
REQUESTS = st.fixed_dictionaries(
    {"op": st.sampled_from(web.OPS) | VALUES},
    optional={key: VALUES for key in KEYS[1:]},
)
TOKENS = (
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    "1e-400",
    "-0",
    "9" * 5000,
    '"\\ud800"',
    "[" * 3000,
)


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A request's text: generated JSON, with a special number, deep nesting, a lone
    surrogate or a cut spliced in now and then."""
    request = json.dumps(draw(REQUESTS), ensure_ascii=draw(st.booleans()))
    kind = draw(st.sampled_from(["plain", "token", "deep", "cut"]))
    if kind == "token":
        at = request.rfind("}")
        return request[:at] + ', "amount": ' + draw(st.sampled_from(TOKENS)) + request[at:]
    if kind == "deep":
        levels = draw(st.integers(60, 5000))
        return '{"op": "move", "action": {"by": "B", "do": "bank", "x": ' + "[" * levels + "]" * levels + "}}"
    if kind == "cut":
        return request[: draw(st.integers(0, len(request)))]
    return request


def strict(text_: str) -> Any:
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in an answer")

    return json.loads(text_, parse_constant=refuse)


@settings(
    max_examples=200,
    deadline=timedelta(seconds=20),  # bounded time: a request that never returns fails here
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(request=hostile())
def test_any_request_gets_a_strict_json_answer_and_a_refusal_changes_nothing(request: str) -> None:
    web.handle('{"op": "open", "scenario": "worked-example", "lang": "en"}')
    web.handle('{"op": "move", "action": {"by": "B", "do": "bank", "amount": 9}}')
    before = snapshot()
    answer = strict(web.handle(request))
    assert isinstance(answer, dict)
    if "error" in answer:
        assert isinstance(answer["error"]["code"], str) and answer["error"]["code"] != "internal", answer
        assert isinstance(answer["error"]["message"], str)
        assert snapshot() == before
