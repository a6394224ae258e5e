"""The court game's exact odds (spec/COURT.md, C-15): Montmort's figures as the
*Encyclopédie* prints them, a Monte-Carlo of the rules written out here (a shuffled pack
dealt card by card, independent of the odds module and of the game's engine), the coach's
chances against every order of small packs, and the ``odds`` command."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations

import pytest

from lansquenet.__main__ import main
from lansquenet.court_odds import (
    DENIERS_PER_F,
    Money,
    chances,
    coup_value,
    hand_value,
    keep,
    money,
    odds_json,
    punters,
)
from lansquenet.refusals import OddsError

PEOPLE = range(2, 11)  # C-1


# --- the rules written out card by card (the tests' own, C-5 … C-12) -------------

Outcome = dict[int, str]  # seat -> "taken" (the holder won its stake), "paid" or "void"


def play_rest(
    cards: Iterator[str],
    table: dict[str, tuple[int, int]],
    to_deal: list[int],
    holder: str | None,
    left: dict[str, int],
) -> tuple[dict[int, int], Outcome, bool, bool]:
    """Play a coup on from a position: ``table`` maps a rank on the table to (seat, stake),
    ``to_deal`` the seats still to serve, ``holder`` his card's rank if dealt, ``left``
    the cards of each rank still in the pack (updated as cards come). Returns the holder's
    gain from each seat, what became of each seat's card, whether he won every card on the
    table (made the hand) and whether he keeps it."""
    gains: dict[int, int] = {}
    fate: Outcome = {}

    def take(rank: str) -> None:
        seat, stake = table.pop(rank)
        gains[seat] = gains.get(seat, 0) + stake
        fate[seat] = "taken"

    def deal() -> str:
        rank = next(cards)
        left[rank] -= 1
        return rank

    for seat in to_deal:  # C-6 … C-9
        rank = deal()
        if rank in table:
            if table[rank][1] == 4:  # C-9: a quadruple: every stake on the table goes back
                for owner, _ in table.values():
                    fate[owner] = "void"
                return gains, fate, False, True
            stake = table[rank][1]
            take(rank)  # C-7, C-8: the earlier card is the holder's
            table[rank] = (seat, 2 * stake)
        else:
            table[rank] = (seat, 1)
    if holder is None:  # C-10
        holder = deal()
        if holder in table:
            take(holder)
    if left.get(holder, 0) == 0:  # C-10: his card was the last of its rank
        for rank in list(table):
            take(rank)
        return gains, fate, True, True
    while table:  # C-11
        rank = deal()
        if rank == holder:
            for owner, stake in table.values():
                gains[owner] = gains.get(owner, 0) - stake
                fate[owner] = "paid"
            return gains, fate, False, False
        if rank in table:
            take(rank)
    return gains, fate, True, True  # C-12


def fresh_pack() -> dict[str, int]:
    return {rank: 4 for rank in "A23456789TJQK"}  # C-2, C-5


def play_hand(rng: random.Random, people: int) -> list[int]:
    """One whole hand (C-13): coups on fresh packs (C-5) until the hand passes; the
    holder's gain from each coupeur, A first."""
    total = [0] * (people - 1)
    while True:
        pack = [rank for rank, count in fresh_pack().items() for _ in range(count)]
        rng.shuffle(pack)
        gains, _, _, kept = play_rest(iter(pack), {}, list(range(people - 1)), None, fresh_pack())
        for seat, gain in gains.items():
            total[seat] += gain
        if not kept:
            return total


# --- C-15: Montmort's figures, as COURT.md §3 states them -------------------------


def test_three_four_and_five_people_as_computed_in_court_md() -> None:  # C-15, C-1
    assert hand_value(3) == Fraction(1125, 4024)
    assert hand_value(4) == Fraction(36635, 73896)
    assert hand_value(5) == Fraction(425705, 550624)


def test_in_livres_sous_and_deniers_to_the_denier() -> None:  # C-15: F = 1 pistole = 2 400 deniers
    assert DENIERS_PER_F == 10 * 20 * 12 == 2400
    assert money(hand_value(3)) == Money(2, 15, 10, Fraction(490, 503))
    assert money(hand_value(4)) == Money(4, 19, 1, Fraction(2569, 3079))
    assert str(money(hand_value(5))) == "7 l. 14 s. 7 d."
    assert str(money(hand_value(6))) == "11 l. 2 s. 4 d."  # printed: 10 l. 12 s. 10 d.
    assert str(money(hand_value(7))) == "15 l. 2 s. 5 d."  # printed: 14 l. 16 s. 5 d.


def test_four_peoples_split() -> None:  # C-15, C-6: A is the holder's right
    assert [str(money(loss)) for loss in punters(4)] == ["2 l. 13 s. 9 d.", "1 l. 14 s. 1 d.", "11 s. 2 d."]


@pytest.mark.parametrize("people", PEOPLE)
def test_the_coupeurs_losses_add_up_to_the_holders_gain(people: int) -> None:  # C-15
    losses = punters(people)
    assert len(losses) == people - 1
    assert sum(losses) == hand_value(people) == coup_value(people) / (1 - keep(people))  # C-13
    assert 0 < keep(people) < 1
    assert list(losses) == sorted(losses, reverse=True)  # the first served loses most


def test_two_people_by_hand() -> None:  # C-10, C-11, C-12
    # The holder's card is the coupeur's rank 3 times in 51: he takes F and keeps the hand;
    # otherwise 3 cards of each rank race: even.
    assert coup_value(2) == Fraction(3, 51)
    assert keep(2) == Fraction(3, 51) + Fraction(48, 51) / 2
    assert hand_value(2) == Fraction(1, 8) == punters(2)[0]


def test_the_whole_table_is_quick_to_compute() -> None:  # C-15: a site build computes 2 … 10
    assert [money(hand_value(n)).livres for n in PEOPLE] == [1, 2, 4, 7, 11, 15, 19, 25, 31]


@pytest.mark.parametrize("bad", [1, 11, 0, -3, True, 3.0, "3"])
def test_a_table_outside_c1_is_refused(bad: object) -> None:
    with pytest.raises(OddsError) as refused:
        hand_value(bad)  # type: ignore[arg-type]
    assert refused.value.code == "invalid_players"


def test_money_of_account() -> None:  # COURT.md §3: 1 livre = 20 sous, 1 sou = 12 deniers
    assert money(Fraction(1)) == Money(10, 0, 0, Fraction(0))
    assert money(Fraction(1, 2400)).in_deniers == 1
    assert money(Fraction(1, 30)) == Money(0, 6, 8, Fraction(0))  # 80 deniers
    assert money(Fraction(-1, 30)) == Money(0, 6, 8, Fraction(0), negative=True)
    assert str(money(Fraction(-1, 30))) == "-6 s. 8 d."
    for n in PEOPLE:
        assert money(hand_value(n)).in_deniers == hand_value(n) * DENIERS_PER_F


# --- the Monte-Carlo: the exact values are the rules' ------------------------------


@pytest.mark.slow  # seventy thousand hands, played by the test itself
@pytest.mark.parametrize(("people", "hands"), [(2, 40_000), (3, 30_000)])
def test_a_long_run_of_the_rules_agrees_with_the_exact_values(people: int, hands: int) -> None:  # C-15
    rng = random.Random(f"court-odds-{people}")
    runs = [play_hand(rng, people) for _ in range(hands)]
    for seat, exact in [(None, hand_value(people)), *enumerate(punters(people))]:
        values = [sum(run) if seat is None else run[seat] for run in runs]
        mean = sum(values) / hands
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (hands - 1))
        error = sd / math.sqrt(hands)
        assert abs(mean - exact) < 4 * error, (people, seat, mean, float(exact), error)
    # the run tells the readings apart: counting n coupeurs besides the holder would be
    # hand_value(people + 1), many errors away (C-1)
    mean = sum(sum(run) for run in runs) / hands
    assert abs(mean - hand_value(people + 1)) > 8 * error


# --- the coach (chances) against every order of small packs ----------------------


def every_order(pack: dict[str, int]) -> Iterator[tuple[str, ...]]:
    return iter(sorted(set(permutations([r for r, c in pack.items() for _ in range(c)]))))


POSITIONS = [
    # (pack left, table as (rank, stake) in seat order, holder, seats to deal)
    ({"a": 4, "b": 2, "c": 1}, [], None, 3),
    ({"a": 4, "b": 3, "c": 2}, [], None, 4),  # triples and quadruples
    ({"a": 1, "b": 3, "c": 2}, [("a", 4)], None, 2),  # a triple on the table: a quadruple may come
    ({"a": 2, "b": 3, "c": 2}, [("a", 2), ("c", 1)], None, 1),
    ({"a": 2, "b": 3, "c": 2}, [("a", 2), ("c", 1)], "b", 0),
    ({"a": 3, "b": 1, "c": 3}, [("a", 1), ("c", 1)], "b", 0),
    ({"a": 3, "c": 3}, [("a", 1), ("c", 2)], "b", 0),  # the holder's card was the last of its rank
]


@pytest.mark.parametrize(("pack", "table", "holder", "to_deal"), POSITIONS)
def test_the_coachs_chances_are_the_share_of_the_pack_orders(
    pack: dict[str, int], table: list[tuple[str, int]], holder: str | None, to_deal: int
) -> None:  # C-6 … C-12
    orders = list(every_order(pack))
    seats = range(len(table))
    before = [Fraction(0)] * len(table)
    void = [Fraction(0)] * len(table)
    made = kept = Fraction(0)
    for order in orders:
        on_table = {rank: (seat, stake) for seat, (rank, stake) in enumerate(table)}
        deal = list(range(len(table), len(table) + to_deal))
        _, fate, make, keeps = play_rest(iter(order), on_table, deal, holder, dict(pack))
        for seat in seats:
            before[seat] += fate.get(seat) == "taken"
            void[seat] += fate.get(seat) == "void"
        made += make
        kept += keeps
    got = chances(pack, table, holder, to_deal)
    n = len(orders)
    assert got.before == tuple(b / n for b in before)
    assert got.void == tuple(v / n for v in void)
    assert (got.make, got.keep) == (made / n, kept / n)


def test_the_coach_at_a_fresh_coup_is_the_odds() -> None:  # C-5
    for people in (3, 6):
        assert chances(fresh_pack(), [], None, people - 1).keep == keep(people)


@pytest.mark.parametrize(
    ("pack", "table", "holder", "to_deal"),
    [
        ({"a": -1}, [], None, 0),
        ({"a": 4}, [("b", 3)], "a", 0),  # no stake of 3F
        ({"a": 4}, [("b", 1), ("b", 2)], "a", 0),  # one rank twice on the table
        ({"a": 4, "b": 3}, [("b", 1)], "b", 0),  # the holder's rank on the table
        ({"a": 4}, [], "a", 1),  # coupeurs to serve after the holder's card
        ({"a": 1}, [], None, 1),  # not enough cards for the deal
        ({"a": 4}, [], None, -1),
    ],
)
def test_a_position_no_coup_reaches_is_refused(
    pack: dict[str, int], table: list[tuple[str, int]], holder: str | None, to_deal: int
) -> None:
    with pytest.raises(OddsError) as refused:
        chances(pack, table, holder, to_deal)
    assert refused.value.code == "invalid_position"


# --- the command line ------------------------------------------------------------


def test_odds_command_prints_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:  # C-15
    assert main(["odds", "--game", "court", "--players", "3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == odds_json(3)
    assert printed["hand_value"] == "1125/4024"
    assert Fraction(printed["coup_value"]) / (1 - Fraction(printed["keep"])) == Fraction(
        printed["hand_value"]
    )
    assert sum(Fraction(p) for p in printed["punters"]) == Fraction(printed["hand_value"])


@pytest.mark.parametrize("people", PEOPLE)
def test_odds_command_for_every_table(people: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--game", "court", "--players", str(people)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert len(printed["punters"]) == people - 1
    assert Fraction(printed["hand_value"]) == hand_value(people)


@pytest.mark.parametrize("bad", ["1", "11", "-2"])
def test_odds_command_refuses_a_bad_table(bad: str, capsys: pytest.CaptureFixture[str]) -> None:  # C-1
    assert main(["odds", "--game", "court", "--players", bad]) == 2
    printed = json.loads(capsys.readouterr().out)
    assert printed["error"]["code"] == "invalid_players"
    assert "2 to 10" in printed["error"]["message"]


@pytest.mark.parametrize(
    "wrong",
    [["odds", "--players", "3"], ["odds", "--game", "later", "--players", "3"], ["odds", "--game", "court"]],
)
def test_odds_command_needs_a_known_game_and_a_table(wrong: list[str]) -> None:
    with pytest.raises(SystemExit) as usage:
        main(wrong)
    assert usage.value.code == 2


# --- the other readings COURT.md names ---------------------------------------------


def test_the_holders_matching_card_voiding_the_coup_gives_12_s_4_d() -> None:  # C-10's other reading
    assert str(money(hand_value(3, "match_voids"))) == "12 s. 4 d."
    assert sum(punters(4, "match_voids")) == hand_value(4, "match_voids") < hand_value(4)


def test_counting_n_coupeurs_besides_the_holder_shifts_the_table_by_a_row() -> None:  # C-1's other reading
    # "three coupeurs" read as three besides the holder is four people: 4 l. 19 s. 1 d., not 2 l. 15 s. 10 d.
    assert str(money(hand_value(3 + 1))) == "4 l. 19 s. 1 d."


def test_an_unknown_reading_is_refused() -> None:
    with pytest.raises(OddsError) as refused:
        hand_value(3, "pierer")
    assert refused.value.code == "invalid_reading"
