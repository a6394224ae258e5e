"""Invariants of random sessions (hypothesis): random tables, seeds and stacked decks,
random legal moves interleaved with moves the rules refuse.

After every step: counters are conserved (R-T3), stakes never exceed the bank (R-C5),
no balance is negative (R-P2), every deal is decided as R-D1..D4 say, and the state JSON
survives json.dumps/loads. A refused move raises a Refusal with the code CONFORMANCE.md
gives it and leaves the table as it was. Replaying the accepted moves as a scenario gives
the very state the API reached.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lansquenet import CODES, Phase, Refusal, Table, apply, legal_moves, replay, state_json
from lansquenet.table import Deal

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def state(table: Table) -> dict:
    return state_json(table, legal_moves(table) if table.to_act is not None else None)


def check_deal(deal: Deal) -> None:
    """R-D1..D4, R-T1 and R-T2 checked from the cards and stakes alone."""
    bank_card, players_card = deal.pack[0], deal.pack[1]
    assert deal.winner in ("bank", "players")  # R-D4: always decided
    if bank_card.rank == players_card.rank:  # R-D2
        assert deal.opening_pair and deal.exposed == () and deal.winner == "bank"
    else:
        assert deal.exposed, "R-D3: a decision needs one more card at least"
        *nothing, decisive = deal.exposed
        assert all(c.rank not in (bank_card.rank, players_card.rank) for c in nothing)  # R-D3
        assert decisive.rank == (bank_card.rank if deal.winner == "bank" else players_card.rank)
    assert deal.stakes[deal.banker] == 0 and sum(deal.stakes) <= deal.bank  # R-C1, R-C5
    sign = -1 if deal.winner == "bank" else 1  # R-T1, R-T2: 1 to 1, the bank the other way
    change = deal.change()
    assert [c for s, c in enumerate(change) if s != deal.banker] == [
        sign * x for s, x in enumerate(deal.stakes) if s != deal.banker
    ]
    assert change[deal.banker] == -sign * sum(deal.stakes)


def check_table(table: Table, start_total: int) -> None:
    assert table.total == start_total  # R-T3
    assert min(table.balances) >= 0  # R-P2
    if table.bank is not None:
        assert table.bank.amount >= 0 and table.bank.sales <= 3  # R-B1
        if table.stakes:
            assert min(table.stakes) >= 0
            assert sum(table.stakes) <= table.bank.amount  # R-C5
    out = state(table)
    assert json.loads(json.dumps(out)) == out


def check_resting(table: Table) -> None:
    """Where a move leaves the table: someone must act, or the session is over (R-F1)."""
    if table.phase is Phase.FINISHED:
        assert table.bank is None and table.to_act is None and legal_moves(table) == []
        places = table.standings()
        assert [b for _, b, _ in places] == sorted(table.balances, reverse=True)
        assert all(k == 1 + sum(b > balance for b in table.balances) for _, balance, k in places)
    else:
        assert table.to_act is not None and legal_moves(table)
        assert table.phase in (Phase.ANNOUNCE, Phase.COVER, Phase.CHOICE, Phase.OFFER)
        if table.phase is Phase.COVER:
            assert table.balances[table.to_act] > 0  # R-C4
        if table.phase is Phase.ANNOUNCE:
            assert table.balances[table.to_act] > 0  # R-B7


@settings(SETTINGS, max_examples=200)
@given(data=st.data())
def test_random_sessions_keep_every_invariant(data, random_session):
    played = random_session(data)
    start = len(played.spec["players"]) * played.spec["balance"]
    for _, table in played.steps:
        check_table(table, start)
    check_table(played.table, start)
    check_resting(played.table)
    for deal in played.table.deals:  # a deal, once played, never changes
        check_deal(deal)


@SETTINGS
@given(data=st.data())
def test_refused_moves_get_their_code_and_change_nothing(data, random_session):
    played = random_session(data, max_moves=40)
    for refused in played.refusals:
        assert refused.got in CODES
        assert refused.got == refused.want, (refused.move, refused.table.phase)
        snapshot, before = copy.deepcopy(refused.table), state(refused.table)
        with pytest.raises(Refusal):
            apply(refused.table, refused.move)
        assert refused.table == snapshot and state(refused.table) == before


@SETTINGS
@given(data=st.data())
def test_replaying_the_moves_as_a_scenario_gives_the_same_state(data, random_session):
    played = random_session(data, illegal=False)
    assert replay(played.spec) == state(played.table)


@SETTINGS
@given(data=st.data())
def test_a_scenario_stops_at_its_first_refused_action(data, random_session):
    # CONFORMANCE: the replay stops at the first refused action with its code, its
    # 0-based index, and the state just before it.
    played = random_session(data, max_moves=40)
    for refused in played.refusals[:3]:
        actions = played.spec["actions"][: refused.index]
        move = refused.move
        bad = {"by": move.player, "do": move.do, "amount": move.amount}
        if move.amount is None:
            del bad["amount"]
        out = replay({**played.spec, "actions": [*actions, bad, {"by": "anyone", "do": "pass"}]})
        assert out["error"]["code"] == refused.want
        assert out["error"]["action"] == refused.index
        assert out["state"] == state(refused.table)
