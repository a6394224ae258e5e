"""Invariants of the rules object (VARIANTS.md) under random rules (hypothesis): counters
conserved through sessions played to their end (R-T3, V-P3b), no card listed more often
than the packs hold it (V-P1c, V-P2b), a deck completed in the canonical multi-pack order
(V-P1c), and each preset's chance of an opening pair, found by enumerating every ordered
pair of first cards of its whole pack, equal to ``odds.opening_pair`` (§3)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lansquenet import Phase, Refusal, apply, new_table
from lansquenet.bots import TEMPERAMENTS, decide
from lansquenet.cards import RANKS_OF, Card, stacked
from lansquenet.odds import opening_pair, rules_pack
from lansquenet.variants import MOST_PACKS, PRESETS, read

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

PARAMETERS = st.fixed_dictionaries(
    {},
    optional={
        "packs": st.integers(1, MOST_PACKS),
        "pack": st.sampled_from(sorted(RANKS_OF)),
        "pair_share": st.sampled_from(["1", "1/2"]),
        "successor": st.sampled_from(["right", "left"]),
    },
)
RULES = st.sampled_from([{"variant": name} for name in PRESETS]) | PARAMETERS


@st.composite
def decks(draw: st.DrawFn, rules: dict) -> list[list[Card]]:
    """Stacked decks the rules accept: cards of their pack, none more often than the
    packs hold it (a sample of the whole pack's places, so copies may meet)."""
    whole = read(rules).whole
    one = st.lists(st.integers(0, len(whole) - 1), unique=True, max_size=6)
    return [[whole[i] for i in places] for places in draw(st.lists(one, max_size=3))]


@SETTINGS
@given(data=st.data())
def test_V_R8_counters_are_conserved_under_random_rules(data: st.DataObject) -> None:
    rules = data.draw(RULES, label="rules")
    players = data.draw(st.integers(2, 6), label="players")
    names = [f"P{k}" for k in range(players)]
    balance = data.draw(st.integers(1, 60), label="balance")
    stacked_decks = data.draw(decks(rules), label="decks")
    table = new_table(
        names,
        balance,
        names[0],
        decks=[[str(c) for c in deck] for deck in stacked_decks],
        seed=data.draw(st.integers(0, 2**32), label="seed"),
        finish_after=data.draw(st.integers(1, 6), label="deals"),
        rules=rules,
    )
    rng = random.Random(data.draw(st.integers(0, 2**32), label="choices"))
    temperaments = list(TEMPERAMENTS)
    ruled = read(rules)
    while table.phase is not Phase.FINISHED:
        assert table.to_act is not None
        move = decide(table, table.to_act, rng.choice(temperaments), rng).move
        table, _ = apply(table, move)
        assert table.total == players * balance  # R-T3: conserved, V-P3b's halves too
        assert min(table.balances) >= 0
    assert sum(table.balances) == players * balance
    for deal in table.deals:
        assert Counter(deal.pack) == Counter(ruled.whole)  # V-P1a: the whole pack, every copy
        assert sum(deal.change()) == 0
        if deal.opening_pair and ruled.share < 1:  # V-P3a: floor(s/2) of each stake
            assert [-c for s, c in enumerate(deal.change()) if s != deal.banker] == [
                x // 2 for s, x in enumerate(deal.stakes) if s != deal.banker
            ]


@SETTINGS
@given(data=st.data())
def test_V_P1c_a_deck_is_completed_in_the_canonical_multi_pack_order(data: st.DataObject) -> None:
    rules = data.draw(RULES, label="rules")
    whole = read(rules).whole
    [top] = data.draw(decks(rules).filter(lambda found: len(found) == 1), label="deck")
    rest = list(whole)
    for card in top:
        rest.remove(card)  # the first remaining copy of its code
    assert stacked(top, whole) == tuple(top) + tuple(rest)
    held = Counter(whole)
    assert all(count <= held[card] for card, count in Counter(top).items())


@SETTINGS
@given(rules=RULES, data=st.data())
def test_V_P1c_V_P2b_a_card_listed_more_often_than_the_packs_hold_it_is_refused(
    rules: dict, data: st.DataObject
) -> None:
    ruled = read(rules)
    card = data.draw(st.sampled_from(sorted(set(ruled.whole))), label="card")
    too_many = [str(card)] * (ruled.packs + 1)
    with pytest.raises(Refusal) as caught:
        new_table(["A", "B"], 10, "A", decks=[too_many], rules=rules)
    assert caught.value.code == "invalid_card"
    missing = [Card(rank, "S") for rank in RANKS_OF["52"] if rank not in ruled.ranks]
    for absent in missing:  # V-P2b: a card the pack does not hold
        with pytest.raises(Refusal):
            new_table(["A", "B"], 10, "A", decks=[[str(absent)]], rules=rules)


def enumerated_pair(whole: tuple[Card, ...]) -> Fraction:
    """P(opening pair) by enumeration: every ordered pair of places of the whole pack."""
    pairs = sum(whole[i].rank == whole[j].rank for i, j in permutations(range(len(whole)), 2))
    return Fraction(pairs, len(whole) * (len(whole) - 1))


@pytest.mark.parametrize("name", list(PRESETS))
def test_V_R3_each_presets_opening_pair_by_enumeration_is_the_odds_pages(name: str) -> None:
    rules = PRESETS[name]
    assert enumerated_pair(rules.whole) == opening_pair(rules_pack(rules))


@settings(max_examples=15, deadline=None)
@given(rules=PARAMETERS)
def test_V_P1_V_P2_any_packs_opening_pair_by_enumeration_is_the_odds_pages(rules: dict) -> None:
    ruled = read(rules)
    assert enumerated_pair(ruled.whole) == opening_pair(rules_pack(ruled))
