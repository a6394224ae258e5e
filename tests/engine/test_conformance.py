"""Every case of spec/conformance replayed through the command line and the API
(CONFORMANCE.md), and the command line's answers to what is not a scenario."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from helpers import assert_not_a_scenario, cli

import lansquenet
from lansquenet.__main__ import main

REPO = Path(__file__).resolve().parents[2]


def expected(case: Path) -> dict:
    with open(case.with_name(case.name[: -len(".json")] + ".expected.json"), encoding="utf-8") as f:
        return json.load(f)


def test_the_specification_holds_the_conformance_cases(spec_dir):
    cases = [p for p in (spec_dir / "conformance").glob("*.json") if not p.name.endswith(".expected.json")]
    assert len(cases) >= 5, f"only {len(cases)} conformance cases in {spec_dir}"
    for case in cases:
        assert case.with_name(case.stem + ".expected.json").is_file(), case


def test_conformance_case_replays_through_the_command_line(conformance_case, norm):
    want = expected(conformance_case)
    run = cli("replay", str(conformance_case))
    # Exit 2 with {"error", "state"} for a refused action, 0 with the state otherwise.
    assert run.returncode == (2 if "error" in want else 0), run.stderr
    assert run.stderr == ""
    assert norm(json.loads(run.stdout)) == norm(want)


def test_conformance_case_replays_through_the_api(conformance_case, norm):
    with open(conformance_case, encoding="utf-8") as f:
        scenario = json.load(f)
    assert norm(lansquenet.replay(scenario)) == norm(expected(conformance_case))


def test_conformance_case_replays_from_standard_input(conformance_case, norm):
    run = cli("replay", "-", stdin=conformance_case.read_text(encoding="utf-8"))
    assert norm(json.loads(run.stdout)) == norm(expected(conformance_case))


def test_a_refusal_on_the_command_line_has_an_english_message(spec_dir):
    run = cli("replay", str(spec_dir / "conformance" / "refused-stake.json"))
    error = json.loads(run.stdout)["error"]
    assert run.returncode == 2
    assert error["code"] == "stake_exceeds_uncovered"
    # The stake of 5 against the 4 counters still uncovered (bank 10, B staked 6).
    assert "5" in error["message"] and "4" in error["message"]


# --- exit 1: not a scenario at all ----------------------------------------------


def test_text_that_is_not_json_is_not_a_scenario(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("bank 12, B covers 5\n", encoding="utf-8")
    assert_not_a_scenario(cli("replay", str(path)))


def test_a_json_list_is_not_a_scenario(tmp_path):
    path = tmp_path / "list.json"
    path.write_text('[{"players": ["A", "B"]}]', encoding="utf-8")
    assert_not_a_scenario(cli("replay", str(path)))


def test_a_scenario_without_its_keys_is_not_a_scenario(tmp_path):
    path = tmp_path / "missing.json"
    path.write_text('{"players": ["A", "B"], "balance": 100}', encoding="utf-8")
    run = cli("replay", str(path))
    assert_not_a_scenario(run)
    assert "first_banker" in run.stderr and "actions" in run.stderr


BASE = {"players": ["A", "B"], "balance": 10, "first_banker": "A", "actions": []}
WRONG_SHAPES = [
    {"players": "A B"},
    {"actions": {"by": "A"}},
    {"actions": ["A bank 5"]},
    {"decks": ["7S QH"]},
    {"decks": {"0": ["7S"]}},
    {"seed": "seven"},
    {"finish_after": True},
    {"finish_after": 0},
]


@pytest.mark.parametrize("wrong", WRONG_SHAPES, ids=lambda w: json.dumps(w))
def test_wrong_shapes_are_not_scenarios(wrong, tmp_path):
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps({**BASE, **wrong}), encoding="utf-8")
    assert_not_a_scenario(cli("replay", str(path)))
    with pytest.raises(lansquenet.NotAScenario):
        lansquenet.replay({**BASE, **wrong})


@pytest.mark.parametrize("text", ["bank 12", "[]", '"worked-example"', "{}", ""])
def test_the_api_refuses_text_that_is_not_a_scenario(text):
    with pytest.raises(lansquenet.NotAScenario):
        lansquenet.parse(text)


def test_the_api_reads_a_scenario_from_text_or_a_shipped_name():
    assert lansquenet.parse("worked-example") == lansquenet.load("worked-example")
    assert lansquenet.parse(json.dumps(BASE)) == BASE
    assert {"worked-example", "worked-example-bank-wins"} <= set(lansquenet.names())
    with pytest.raises(lansquenet.NotAScenario):
        lansquenet.load("no-such-scenario")


def test_a_file_that_does_not_exist_is_reported_in_one_line(tmp_path):
    assert_not_a_scenario(cli("replay", str(tmp_path / "nowhere.json")))


def test_a_file_that_is_not_text_is_reported_in_one_line(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    assert_not_a_scenario(cli("replay", str(path)))


def test_a_table_refused_before_any_action_exits_2_with_null_action_and_state(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"players": ["A"], "balance": 10, "first_banker": "A", "actions": []}))
    run = cli("replay", str(path))
    assert run.returncode == 2
    out = json.loads(run.stdout)
    assert out["error"]["code"] == "invalid_players"
    assert out["error"]["action"] is None and out["state"] is None


def test_a_shipped_scenario_replays_by_name():
    run = cli("replay", "worked-example")
    assert run.returncode == 0
    assert json.loads(run.stdout)["balances"] == {"A": 88, "B": 105, "C": 107}


# --- narrate --------------------------------------------------------------------


def test_narrate_tells_the_worked_example_in_french(spec_dir):
    run = cli("narrate", str(spec_dir / "conformance" / "worked-example.json"), "--lang", "fr")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert any("La carte de banque" in line and "7♠" in line for line in lines)
    assert any("D♥" in line for line in lines)  # the players' card, D for dame
    assert any("D♦" in line for line in lines)  # the decisive card
    assert not any("Q♦" in line or "Q♥" in line for line in lines)  # no English index
    assert not any("The bank card" in line for line in lines)


def test_narrate_tells_the_worked_example_in_english(spec_dir):
    run = cli("narrate", str(spec_dir / "conformance" / "worked-example.json"), "--lang", "en")
    assert run.returncode == 0, run.stderr
    assert "The bank card, to the left of the banker: 7♠." in run.stdout.splitlines()


def test_narrate_refuses_what_is_not_a_scenario(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[]", encoding="utf-8")
    assert_not_a_scenario(cli("narrate", str(path), "--lang", "fr"))


def test_the_command_line_main_can_be_called_in_process(spec_dir, capsys):
    assert main(["replay", str(spec_dir / "conformance" / "refused-stake.json")]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["action"] == 2
    assert main(["narrate", "worked-example-bank-wins", "--lang", "en"]) == 0
    assert "7♦ matches the bank card: the bank wins." in capsys.readouterr().out


def test_main_reads_standard_input(spec_dir, capsys, monkeypatch):
    text = (spec_dir / "conformance" / "worked-example.json").read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["balances"] == {"A": 88, "B": 105, "C": 107}


@pytest.mark.parametrize("content", [b"not json", b"[1, 2]", b'{"players": []}', b"\xff\xfe"])
def test_main_reports_what_is_not_a_scenario_in_one_line(content, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and str(path) in err


def test_narrate_ends_with_the_refusal_and_exits_2(tmp_path):
    # The reader sees why the replay stopped, in their language, not a silent exit 0.
    scenario = {
        "players": ["A", "B"],
        "balance": 10,
        "first_banker": "A",
        "actions": [{"by": "A", "do": "bank", "amount": 5}, {"by": "B", "do": "stake", "amount": 9}],
    }
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    run = cli("narrate", str(path), "--lang", "fr")
    assert run.returncode == 2
    lines = run.stdout.strip().splitlines()
    assert lines[1] == "A annonce une banque de 5."
    assert "dépasse la partie non couverte" in lines[-1] and "(5)" in lines[-1]


def test_a_scenario_without_balance_starts_everyone_at_100():
    # R-P2: the same whole number of counters for everyone, 100 by default.
    result = lansquenet.replay({"players": ["A", "B"], "first_banker": "A", "actions": []})
    assert result["balances"] == {"A": 100, "B": 100}
