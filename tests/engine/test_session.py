"""lansquenet.Session: the game as an object with a move stack (issue 10).

Hypothesis plays random sessions through the rules' own ``play`` (the reference path,
independent of Session) and checks that a Session reaches the very same state, steps
and ledger; random push/pop sequences leave ``state()`` equal to a fresh replay of the
same actions; a refused push changes nothing.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lansquenet import (
    Move,
    NotAScenario,
    Refusal,
    Session,
    legal_moves,
    load,
    replay,
    state_json,
    trace,
    view,
)
from localsite.games import cycle, long_scenario

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reference(table) -> dict:
    return state_json(table, legal_moves(table) if table.to_act is not None else None)


@SETTINGS
@given(data=st.data())
def test_a_session_reaches_the_state_the_rules_reach(data, random_session):
    played = random_session(data, illegal=False)
    session = Session(played.spec)
    assert session.state() == reference(played.table) == replay(played.spec)
    assert session.scenario() == played.spec and len(session) == len(played.spec["actions"])
    # every step: the same event after the session's start, the same table
    assert [session.event(i) for i in range(1, session.count)] == [event for event, _ in played.steps]
    assert session.count == len(played.steps) + 1
    # the ledger is CONFORMANCE's deals, with what a page shows added
    rows = view.ledger(session, 0, "en")
    deals = reference(played.table)["deals"]
    assert [r["number"] for r in rows] == list(range(1, len(deals) + 1))
    for row, deal in zip(rows, deals, strict=True):
        assert [c["text"][:-1] for c in row["cards"]] == [
            c[:-1] for c in [deal["bank_card"], deal["players_card"], *deal["exposed"]]
        ]
        assert (row["banker"], row["bank"], row["winner"]) == (deal["banker"], deal["bank"], deal["winner"])
        assert {p: c for p, c in row["change"].items() if c} == {p: c for p, c in deal["change"].items() if c}


@SETTINGS
@given(data=st.data())
def test_random_pushes_and_pops_match_a_fresh_replay(data, random_session):
    played = random_session(data, illegal=False)
    spec = played.spec
    session = Session({**spec, "actions": []})
    done: list[dict] = []
    for _ in range(data.draw(st.integers(0, 60), label="operations")):
        if done and data.draw(st.booleans(), label="pop"):
            assert session.pop() == done.pop()
        elif len(done) < len(spec["actions"]):
            action = spec["actions"][len(done)]
            steps = session.push(action)
            done.append(action)
            assert steps and steps[-1][1] is session.table
        fresh = replay({**spec, "actions": done})
        assert session.state() == fresh
        assert session.scenario()["actions"] == done


@SETTINGS
@given(data=st.data())
def test_a_refused_push_changes_nothing(data, random_session):
    played = random_session(data, max_moves=30)
    for refused in played.refusals[:3]:
        session = Session({**played.spec, "actions": played.spec["actions"][: refused.index]})
        before, count = session.state(), session.count
        with pytest.raises(Refusal) as caught:
            session.push(refused.move)
        assert caught.value.code == refused.want
        assert session.state() == before and session.count == count


def test_a_session_refuses_what_replay_refuses():
    data = load("worked-example")
    bad = {**data, "actions": [*data["actions"][:2], {"by": "C", "do": "stake", "amount": 99}]}
    with pytest.raises(Refusal) as caught:
        Session(bad)
    assert caught.value.code == "stake_exceeds_uncovered"
    partial = Session(bad, strict=False)
    assert partial.refused is not None and partial.refused[0] == 2
    assert partial.state() == replay(bad)["state"] and len(partial) == 2
    with pytest.raises(Refusal):
        Session({**data, "players": ["A"]})
    with pytest.raises(NotAScenario):
        Session({"players": []})


def test_end_is_on_the_stack_and_pop_takes_it_back():
    # R-P4: time is up, then undone; a finished session refuses moves and a second end.
    session = Session(load("worked-example"))
    before = session.state()
    finished = session.end()
    assert finished[-1][0].code == "session_finished" and session.ended
    assert session.scenario()["ended"] is True and session.state() == replay(session.scenario())
    with pytest.raises(Refusal, match="session_finished"):
        session.push(Move("B", "bank", 5))
    with pytest.raises(Refusal, match="session_finished"):
        session.end()
    assert session.pop() == {"do": "end"}
    assert session.state() == before and "ended" not in session.scenario()


def test_a_step_view_is_display_ready_and_holds_no_past_deals():
    session = Session(load("worked-example"))
    steps = view.steps(session, 0, None, "fr")
    assert [s["index"] for s in steps] == list(range(session.count))
    assert all("deals" not in s["state"] for s in steps)
    settled = next(s for s in steps if s["event"]["code"] == "players_win")  # R-T2
    assert settled["result"]["line"] == "A −12, B +5, C +7"
    assert [c["text"] for c in settled["cards"]] == ["7♠", "D♥", "2♣", "D♦"]  # D for dame
    assert [c["rank"] for c in settled["cards"]] == ["7", "D", "2", "D"]
    assert [c["code"] for c in settled["cards"]] == ["7S", "QH", "2C", "QD"]  # codes never change
    assert [c["colour"] for c in settled["cards"]] == ["black", "red", "black", "red"]
    rows = {r["player"]: r for r in settled["rows"]}
    assert rows["C"]["balance"] == 107 and rows["C"]["change_text"] == "+14"
    covering = next(s for s in steps if s["event"]["code"] == "staked")
    assert {r["player"]: r["stake"] for r in covering["rows"]} == {"A": 0, "B": 5, "C": 0}
    offered = covering["state"]["to_act"]["moves"]
    assert [m["odds"] for m in offered] == [  # the deal each move commits to (issue 22)
        {"win": "8/17", "per_counter": "-1/17"},
        None,
        {"win": "8/17", "per_counter": "-1/17"},
    ]
    assert offered[1]["odds_text"].startswith("Passer ne met aucun jeton en jeu")
    assert [{k: v for k, v in m.items() if not k.startswith("odds")} for m in offered] == [
        {  # R-C5: at most the uncovered part, offered whole
            "do": "stake",
            "amount": True,
            "min": 1,
            "max": 7,
            "suggested": 7,
            "presets": [
                {"amount": 1, "kind": "min"},
                {"amount": 3, "kind": "half"},
                {"amount": 7, "kind": "uncovered"},
            ],
        },
        {"do": "pass", "amount": False},
        {"do": "banco", "amount": False},
    ]
    assert steps[0]["text"] == trace(load("worked-example"), "fr")[0]["text"]


def test_a_move_costs_the_same_late_in_a_long_session():
    # The view of a step does not grow with the session: a late step's JSON is no
    # larger than an early one's by more than the digits of bigger numbers.
    spec = long_scenario(600, seed=3)
    session = Session(spec)
    assert len(session) == 600
    early = len(json.dumps(view.steps(session, 5, 6)[0]))
    late = len(json.dumps(view.steps(session, session.count - 1)[0]))
    assert late < 2 * early


def test_the_long_scenario_generator_is_seeded():
    assert long_scenario(50, seed=1) == long_scenario(50, seed=1)


def test_the_benchmark_cycle_is_sustainable():
    # benchmarks/session_bench.py: every deal alike, balances back every three deals.
    session = Session(cycle(999))
    assert session.state()["balances"] == {"A": 100, "B": 100, "C": 100} and session.deals == 333


def test_what_fails_inside_kept_leaves_the_session_as_it_was() -> None:
    # The bridge's all-or-nothing rule (lansquenet.web): actions played, taken back and
    # the end, in any order and nested, are all put back when something fails.
    session = Session(load("worked-example"))
    before = (session.scenario(), session.count, [session.event(i) for i in range(session.count)])
    with pytest.raises(MemoryError), session.kept():
        assert session.undo(["B"]) == 2
        session.push({"by": "B", "do": "stake", "amount": 1})
        with session.kept():  # an inner success is still taken back by the outer failure
            session.end()
        assert session.ended
        raise MemoryError
    assert (session.scenario(), session.count, [session.event(i) for i in range(session.count)]) == before
    with session.kept():  # and what succeeds stays
        session.end()
    assert session.ended and session.undoable() and session.undo() == 1 and not session.ended


def test_the_session_knows_its_computer_players_and_why_they_moved() -> None:
    session = Session(
        {
            "players": ["A", "B", "C"],
            "first_banker": "A",
            "seed": 4,
            "computer": {"A": "bold", "C": "steady"},
            "actions": [],
        }
    )
    while session.table.to_act is not None and len(session) < 12:
        session.push(session.decide().move)  # B, no computer, plays steady by default
    reasons = session.decisions(0)
    by = {session.played(k).first: session.played(k).action["by"] for k in range(len(session))}
    assert reasons and {by[step] for step in reasons} <= {"A", "C"}  # B's moves have no reason
    assert all(session.decision(k) is None for k in range(len(session)) if by[session.played(k).first] == "B")
    assert list(reasons) == sorted(reasons)
    assert session.decisions(0, stop=max(reasons)) == {k: v for k, v in reasons.items() if k < max(reasons)}
    last_b = session.last_by(["B"])
    assert last_b is not None and session.undoable() == (last_b is not None)
