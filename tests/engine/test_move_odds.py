"""The odds of each move in a step's view (issue 22): each legal move carries the exact
odds of the deal it commits to, checked here against brute force through the engine
itself. From a position, the move is played, the other players cover with 1 counter
each (or pass), and the deal is dealt from every stacked pack that matters, each with
its exact weight: every ordered pair of first cards (R-D1; the bank card taken in one
suit, since suits never matter, R-P1), and when they differ, each
of the six cards that can decide as the first to come (R-D3: the other ranks decide
nothing, and any of the six is equally likely to come first). The engine says who won
and what the mover's counters became; the view's fractions must be those.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from itertools import product

import pytest
from helpers import ANNOUNCING, COVERING, PAIR, SALE, WON, at, offered

from lansquenet import Move, Session, view
from lansquenet.cards import PACK, Card, stacked
from lansquenet.languages import LANGUAGES
from lansquenet.narration import catalogue
from lansquenet.odds import (
    ONE_PACK,
    covered_edge,
    move_odds,
    opening_pair,
    preset_odds,
    rules_edge,
    rules_pack,
)
from lansquenet.rules import play
from lansquenet.table import Phase, Table
from lansquenet.variants import PRESETS, read
from localsite.games import long_scenario

PLAYERS = ["A", "B", "C"]
NOTHING_AT_RISK = ("pass", "decline", "leave")


def weighted_packs() -> list[tuple[Fraction, tuple]]:
    """Every pack that matters for one deal, with its exact probability."""
    out = []
    first_cards = [c for c in PACK if c.suit == "S"]  # suits never matter (R-P1): one of each rank
    pairs = Fraction(1, len(first_cards) * 51)
    for first, second in product(first_cards, PACK):
        if first == second:
            continue
        if first.rank == second.rank:  # R-D2
            out.append((pairs, stacked([first, second])))
            continue
        deciding = [c for c in PACK if c.rank in (first.rank, second.rank) and c not in (first, second)]
        assert len(deciding) == 6  # R-D4: three of each rank remain
        out.extend((pairs / 6, stacked([first, second, card])) for card in deciding)
    return out


PACKS = weighted_packs()


def cover(table: Table, mover: int) -> Move:
    """What the others do while covering: stake 1 when they may, else pass; the
    mover passes (what they put at risk is the move's own)."""
    assert table.to_act is not None
    seat = table.to_act
    name = table.players[seat]
    if table.phase is Phase.COVER and seat != mover and table.uncovered and table.balances[seat]:
        return Move(name, "stake", 1)
    return Move(name, "pass")


def dealing(table: Table, move: Move) -> tuple[Table, Move, int]:
    """Play ``move`` and the covering after it up to the action that deals: the table
    before that action, the action, and the mover's seat."""
    mover = table.to_act
    assert mover is not None
    while not any(event.code == "bank_card" for event, _ in play(table, move)):  # R-D1
        table = play(table, move)[-1][1]
        move = cover(table, mover)
    return table, move, mover


def brute_force(table: Table, move: Move) -> dict[str, str]:
    """The mover's chance to win the deal and expected change per counter at risk,
    over every pack that matters, as the engine settles them (R-T1, R-T2)."""
    before, last, mover = dealing(table, move)
    number = len(before.deals)
    win = gain = Fraction(0)
    at_risk = None
    for weight, pack in PACKS:
        decks = tuple(before.decks[:number]) + ((),) * (number - len(before.decks)) + (pack,)
        after = play(dataclasses.replace(before, decks=decks), last)[-1][1]
        deal = after.deals[-1]
        banker = deal.banker == mover
        at_risk = deal.covered if banker else deal.stakes[mover]
        assert at_risk > 0
        win += weight * (deal.winner == ("bank" if banker else "players"))
        gain += weight * (after.holdings(mover) - before.holdings(mover))
    assert at_risk is not None
    return {"win": str(win), "per_counter": str(gain / at_risk)}


def amount_of(entry: dict) -> int | None:
    return entry["max"] if entry["amount"] else None


@pytest.mark.parametrize(
    ("name", "table", "moved"),
    [
        ("announcing", ANNOUNCING, ["bank"]),  # R-P5
        ("covering", COVERING, ["stake", "banco"]),  # R-C2
        ("after a win", WON, ["keep", "withdraw"]),  # R-B3
        ("at a sale", SALE, ["buy"]),  # R-B4
    ],
)
def test_each_move_has_the_brute_force_odds(name: str, table: Table, moved: list[str]) -> None:
    view = offered(table)
    assert table.to_act is not None
    who = table.players[table.to_act]
    for do in moved:
        entry = view[do]
        odds = {k: v for k, v in entry["odds"].items() if k != "hold"}
        assert odds == brute_force(table, Move(who, do, amount_of(entry))), (name, do)


def test_the_figures_are_those_of_the_odds_page() -> None:
    # a player wins 8 times in 17 and loses 1/17 of each counter staked; the bank the
    # opposite (R-D2: an opening pair is the bank's; R-D4: no tie)
    assert offered(COVERING)["stake"]["odds"] == {"win": "8/17", "per_counter": "-1/17"}
    assert offered(ANNOUNCING)["bank"]["odds"] == {"win": "9/17", "per_counter": "1/17"}
    assert offered(SALE)["buy"]["odds"] == {"win": "9/17", "per_counter": "1/17"}
    assert offered(WON)["withdraw"]["odds"] == {"win": "9/17", "per_counter": "1/17"}


def holds_after(deals: int) -> Fraction:
    """Brute force through the engine: the holder keeps after every win; the chance
    that, ``deals`` deals later, they still hold the bank (R-B2: a loss passes it on).
    Each deal is one of three kinds (an opening pair, the bank's card first, the
    players' first), weighted as :data:`PACKS` weighs them (R-P3: a new shuffle each
    deal, so deals are independent)."""
    kinds: dict[str, Fraction] = {"pair": Fraction(0), "bank": Fraction(0), "players": Fraction(0)}
    for weight, pack in PACKS:
        kind = (
            "pair"
            if pack[0].rank == pack[1].rank
            else ("bank" if pack[2].rank == pack[0].rank else "players")
        )
        kinds[kind] += weight
    example = {"pair": ["7S", "7H"], "bank": ["7S", "QH", "7D"], "players": ["7S", "QH", "QD"]}
    total = Fraction(0)
    holder = WON.to_act
    for sequence in product(kinds, repeat=deals):
        decks = [PAIR[0]] + [example[kind] for kind in sequence]
        table = dataclasses.replace(WON, decks=tuple(stacked([Card.parse(c) for c in d]) for d in decks))
        for _ in sequence:
            if table.phase is not Phase.CHOICE or table.bank is None or table.bank.holder != holder:
                break
            before, last, _ = dealing(table, Move(table.players[holder], "keep"))
            table = play(before, last)[-1][1]
        else:
            weight = Fraction(1)
            for kind in sequence:
                weight *= kinds[kind]
            still = table.bank is not None and table.bank.holder == holder and table.phase is Phase.CHOICE
            total += weight * still
    return total


def test_keep_gives_the_chance_to_still_hold_the_bank() -> None:
    hold = offered(WON)["keep"]["odds"]["hold"]
    assert hold == [str(holds_after(k)) for k in (1, 2, 3)] == ["9/17", "81/289", "729/4913"]


@pytest.mark.parametrize("table", [COVERING, WON, SALE])
def test_moves_that_risk_nothing_have_no_odds_but_a_reason(table: Table) -> None:
    for lang in LANGUAGES:
        for do, entry in offered(table, lang).items():
            if do in NOTHING_AT_RISK:
                assert entry["odds"] is None
                assert entry["odds_text"] == catalogue(lang)[f"odds.{do}"]


def test_every_move_has_a_sentence_in_both_languages() -> None:
    for table in (ANNOUNCING, COVERING, WON, SALE):
        for lang in LANGUAGES:
            for do, entry in offered(table, lang).items():
                assert entry["odds_text"] and "{" not in entry["odds_text"], (do, lang)
    assert offered(COVERING, "en")["stake"]["odds_text"] == (
        "You win this deal 8 times in 17 (47%): on average each counter you stake loses 1/17 of a counter."
    )
    assert offered(COVERING, "fr")["stake"]["odds_text"] == (
        "Vous gagnez cette donne 8 fois sur 17 (47\u202f%)\u00a0: en moyenne, chaque jeton misé perd 1/17 de jeton."
    )
    kept = offered(WON, "en")["keep"]["odds_text"]
    # Every chance also as a whole percentage beside its fraction (issue 34, odds at a glance)
    assert (
        "in 9/17 (53%) of cases after one more deal, 81/289 (28%) after two, 729/4913 (15%) after three"
        in kept
    )


def test_a_pass_after_a_stake_says_what_stays_at_risk() -> None:
    # R-C2: B staked 5 in the first round; passing in the next adds nothing
    table = at(
        [
            {"by": "A", "do": "bank", "amount": 12},
            {"by": "B", "do": "stake", "amount": 5},
            {"by": "C", "do": "pass"},
        ]
    )
    assert table.players[table.to_act or 0] == "B"
    entry = offered(table)["pass"]
    assert entry["odds"] is None
    assert entry["odds_text"] == "Passing adds nothing at risk: only your stake of 5 counters stays in play."


def test_the_fractions_are_computed_once_per_pack() -> None:
    # the view's cost does not grow with the game: every step reads the same cached odds
    move_odds.cache_clear()
    session = Session(long_scenario(60, seed=3))
    steps = view.steps(session, 0, None, "en")
    assert sum(bool(s["state"]["to_act"]) for s in steps) > 60
    assert move_odds.cache_info().misses == 1
    assert move_odds(ONE_PACK) is move_odds(ONE_PACK)


# --- VARIANTS.md: the odds follow the rules -------------------------------------------

HALF = {"variant": "half_on_pair"}


def at_under(rules: dict, actions: list[dict]) -> Table:
    """The table after ``actions`` at a table of three with 100 counters each, under ``rules``."""
    table = Session({"players": PLAYERS, "first_banker": "A", "rules": rules, "actions": actions}).table
    assert isinstance(table, Table)  # the later game's table (RULES.md, VARIANTS.md)
    return table


@pytest.mark.parametrize(("stake", "taken"), [(8, 4), (7, 3)])
def test_V_P3a_a_stake_under_half_on_pair_by_brute_force(stake: int, taken: int) -> None:
    # Bank 12, B staked 4: C may stake up to 8. Under half on a pair the bank takes
    # floor(s/2) of a stake s on an opening pair: an even stake loses 1/34 per counter,
    # the view's figure; an odd one less, covered_edge's (V-P3a rounds down).
    table = at_under(HALF, [{"by": "A", "do": "bank", "amount": 12}, {"by": "B", "do": "stake", "amount": 4}])
    exact = brute_force(table, Move("C", "stake", stake))
    assert exact["win"] == "8/17"  # the bank wins as often as ever
    assert Fraction(exact["per_counter"]) == -covered_edge([stake], ONE_PACK, Fraction(1, 2))
    assert Fraction(exact["per_counter"]) == Fraction(-1, 17) * Fraction(taken, stake)
    if stake % 2 == 0:
        assert offered(table)["stake"]["odds"] == exact == {"win": "8/17", "per_counter": "-1/34"}


def test_V_P3a_the_coach_under_half_on_pair_says_1_34() -> None:
    table = at_under(HALF, [])
    assert offered(table)["bank"]["odds"] == {"win": "9/17", "per_counter": "1/34"}
    assert "1/34" in offered(table, "en")["bank"]["odds_text"]
    half, whole = move_odds(ONE_PACK, Fraction(1, 2))["keep"], move_odds(ONE_PACK)["keep"]
    assert half is not None and whole is not None and half["hold"] == whole["hold"]


@pytest.mark.parametrize("name", list(PRESETS))
def test_V_R3_each_presets_figures_come_from_the_coachs_functions(name: str) -> None:
    # §3 of VARIANTS.md: the edge is P(opening pair) x the pair share; the coach under
    # a preset's rules shows that figure, and preset_odds gives it to the pages.
    found = {p.name: p for p in preset_odds()}[name]
    rules = PRESETS[name]
    pack = rules_pack(rules)
    assert found.edge == opening_pair(pack) * rules.share == rules_edge(pack, rules.share)
    table = at_under({"variant": name}, [])
    assert offered(table)["bank"]["odds"]["per_counter"] == str(found.edge)
    assert pack.cards == rules.cards


def test_V_R3_the_figures_of_section_3() -> None:
    edges = {p.name: str(p.edge) for p in preset_odds()}
    assert edges == {
        "standard": "1/17",
        "two_packs": "7/103",
        "six_packs": "23/311",
        "italian_forty": "1/13",
        "half_on_pair": "1/34",
    }
    assert opening_pair(rules_pack(read({"pack": "32"}))) == Fraction(3, 31)
    assert opening_pair(rules_pack(read({"packs": 3, "pack": "32"}))) == Fraction(11, 95)
    assert covered_edge([3, 3], ONE_PACK, Fraction(1, 2)) == Fraction(1, 51)
    assert covered_edge([1], ONE_PACK, Fraction(1, 2)) == 0
