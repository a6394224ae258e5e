"""One or more tests per clause of spec/RULES.md, each named after its clause.

Every expected number is worked out from the rules in a comment beside it. Moves are
written as the game's words: ``"A bank 12"``, ``"B stake 5"``, ``"C pass"``.
"""

from __future__ import annotations

import pytest

import lansquenet
from lansquenet import PACK, Card, Move, Phase, Refusal, legal_moves, new_table, replay, state_json
from lansquenet.cards import shuffled

PLAYERS_WIN = ["7S", "QH", "2C", "QD"]  # section 06: a queen comes before a seven
BANK_WINS = ["7S", "QH", "2C", "7D"]  # section 06: a seven comes before a queen
OPENING_PAIR = ["KH", "KS"]  # R-D2


def codes(events):
    return [e.code for e in events]


def to_act(table):
    return None if table.to_act is None else table.players[table.to_act]


def balances(table):
    return dict(zip(table.players, table.balances))


def scenario(players, balance, banker, actions, **extra):
    """A scenario dict (CONFORMANCE.md) from moves written as words."""
    out = []
    for text in actions:
        words = text.split()
        action = {"by": words[0], "do": words[1]}
        if len(words) > 2:
            action["amount"] = int(words[2])
        out.append(action)
    return {"players": players.split(), "balance": balance, "first_banker": banker, "actions": out, **extra}


# --- R-S: seats and directions --------------------------------------------------


@pytest.mark.parametrize("count", [2, 5, 10])
def test_R_S1_two_to_ten_participants_sit(count):
    # R-S1
    names = [f"P{i}" for i in range(count)]
    table = new_table(names, 100, "P0")
    assert table.players == tuple(names)


@pytest.mark.parametrize(
    "players",
    [
        ["A"],  # fewer than 2
        [f"P{i}" for i in range(11)],  # more than 10
        ["A", "B", "A"],  # a duplicate
        ["A", ""],  # an empty name
        ["A", "   "],  # a name of blanks only
        ["A", 7],  # not a display name
        [],
    ],
)
def test_R_S1_a_wrong_table_is_invalid_players(players):
    # R-S1
    with pytest.raises(Refusal) as caught:
        new_table(players, 100, "A")
    assert caught.value.code == "invalid_players"


def test_R_S1_invalid_players_through_a_scenario_has_no_action_and_no_state():
    # R-S1, CONFORMANCE: a table refused before any action has action and state null.
    out = replay(scenario("A B B", 100, "A", []))
    assert out["error"]["code"] == "invalid_players"
    assert out["error"]["action"] is None and out["state"] is None


def test_R_S2_right_is_the_next_seat_and_left_the_previous():
    # R-S2: right of i is (i+1) % n, left is (i-1) % n.
    table = new_table(["A", "B", "C", "D"], 10, "A")
    assert [table.right(i) for i in range(4)] == [1, 2, 3, 0]
    assert [table.left(i) for i in range(4)] == [3, 0, 1, 2]


def covering_order(table, play):
    """Who is asked to cover, in turn, when everybody passes."""
    asked = []
    while table.phase is Phase.COVER:
        asked.append(to_act(table))
        table, _ = play(table, [Move(to_act(table), "pass")])
    return asked


def test_R_S2_covering_proceeds_anticlockwise_in_increasing_seats(table_after, play):
    # R-S2, R-C1: banker B (seat 1); the banker's right is C (seat 2), then D, then A.
    table, _ = table_after("A B C D", 100, "B", ["B bank 10"])
    assert covering_order(table, play) == ["C", "D", "A"]


# --- R-P: preparing -------------------------------------------------------------


def test_R_P1_the_pack_is_52_cards_13_ranks_by_4_suits():
    # R-P1
    assert len(PACK) == 52 == len(set(PACK))
    assert {c.rank for c in PACK} == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
    assert {c.suit for c in PACK} == {"S", "H", "D", "C"}


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("7S", "7S"),
        ("10H", "10H"),
        ("T♣", "10C"),
        ("TC", "10C"),
        ("t♣", "10C"),
        ("7s", "7S"),
        ("q♦", "QD"),
        ("Q♥", "QH"),
        ("a♠", "AS"),
        ("10♥", "10H"),
        ("kc", "KC"),
    ],
)
def test_R_P1_cards_are_read_in_every_accepted_spelling(text, canonical):
    # R-P1, CONFORMANCE: ranks A 2..10 J Q K (T for 10), suits S H D C or their symbols.
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text", ["1S", "11H", "7X", "ZZ", "", "7", "S7", "10", "7SS", "♠7", "JOKER", 7, None]
)
def test_R_P1_anything_else_is_invalid_card(text):
    # R-P1: not one of the 52.
    with pytest.raises(Refusal) as caught:
        Card.parse(text)
    assert caught.value.code == "invalid_card"


def test_R_P1_cards_in_a_scenario_come_out_canonical():
    # R-P1, CONFORMANCE: "10" not "T", letters not symbols, whatever the input spelling.
    out = replay(
        scenario("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[["7♠", "q♥", "T♣", "Q♦"]])
    )
    deal = out["deals"][0]
    assert (deal["bank_card"], deal["players_card"], deal["exposed"]) == ("7S", "QH", ["10C", "QD"])


@pytest.mark.parametrize(
    "deck",
    [
        ["7S", "7S"],
        ["7S", "QH", "7♠"],  # the same card in two spellings
        ["TC", "10C"],
        ["7S", "QX"],
        [*[str(c) for c in PACK], "AS"],  # 53 cards
    ],
)
def test_R_P1_a_deck_with_an_unknown_or_repeated_card_is_invalid_card(deck):
    # R-P1: one pack, each card once.
    with pytest.raises(Refusal) as caught:
        new_table(["A", "B"], 10, "A", decks=[deck])
    assert caught.value.code == "invalid_card"
    out = replay(scenario("A B", 10, "A", [], decks=[["KS"], deck]))  # in a later deal too
    assert out["error"]["code"] == "invalid_card" and out["error"]["action"] is None


def test_R_P1_a_deck_prefix_is_completed_in_canonical_order():
    # CONFORMANCE: the rest follows in the order S, H, D, C; A, 2, …, 10, J, Q, K,
    # skipping the cards already listed.
    table = new_table(["A", "B"], 10, "A", decks=[["KC", "2S"]])
    pack = [str(c) for c in table.decks[0]]
    assert pack[:5] == ["KC", "2S", "AS", "3S", "4S"]
    assert pack[-2:] == ["JC", "QC"]
    assert len(pack) == 52 == len(set(pack))


def test_R_P1_an_empty_deck_is_the_canonical_pack_and_still_decides():
    # Canonical order: AS is the bank card, 2S the players' card, then 3S..KS do nothing
    # (11 cards) and AH, the next ace, wins for the bank (R-D3).
    out = replay(scenario("A B", 10, "A", ["A bank 4", "B stake 4"], decks=[[]]))
    deal = out["deals"][0]
    assert (deal["bank_card"], deal["players_card"]) == ("AS", "2S")
    assert deal["exposed"] == ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AH"]
    assert deal["winner"] == "bank"


def test_R_P1_suits_never_matter_only_equal_ranks():
    # R-P1, R-D2: 7♠ and 7♥ are an opening pair though their suits differ.
    out = replay(scenario("A B", 10, "A", ["A bank 4", "B stake 4"], decks=[["7S", "7H"]]))
    assert out["deals"][0]["opening_pair"] is True


@pytest.mark.parametrize("balance", [0, -1, 1.5, True, "100", None, [100]])
def test_R_P2_a_balance_that_is_not_a_positive_whole_number_is_refused(balance):
    # R-P2
    with pytest.raises(Refusal) as caught:
        new_table(["A", "B"], balance, "A")
    assert caught.value.code == "invalid_balance"
    out = replay(scenario("A B", 100, "A", []) | {"balance": balance})
    assert out["error"] == {"code": "invalid_balance", "message": out["error"]["message"], "action": None}


def test_R_P2_everyone_starts_with_the_same_whole_number():
    # R-P2: 1 counter is the smallest starting balance.
    assert new_table(["A", "B", "C"], 1, "C").balances == (1, 1, 1)
    assert replay(scenario("A B C", 37, "A", []))["balances"] == {"A": 37, "B": 37, "C": 37}


def seeded(seed, banker="A", players="A B C D E"):
    """A seeded session's first deal: everybody passes, so the whole deal is shuffled."""
    names = players.split()
    others = [names[(names.index(banker) + i) % len(names)] for i in range(1, len(names))]
    actions = [f"{banker} bank 5"] + [f"{p} pass" for p in others]
    return replay(scenario(players, 20, banker, actions, seed=seed))


def test_R_P3_the_same_seed_gives_the_same_deal():
    # R-P3, DESIGN: randomness comes only through an explicit seed.
    assert seeded(11)["deals"] == seeded(11)["deals"]
    assert shuffled(11, 0) == shuffled(11, 0)


def test_R_P3_other_seeds_and_other_deals_are_shuffled_differently():
    # R-P3: the whole pack is shuffled before every deal.
    packs = {shuffled(seed, deal)[0] for seed in range(5) for deal in range(5)}
    assert len(packs) == 25
    firsts = {tuple(seeded(seed)["deals"][0][k] for k in ("bank_card", "players_card")) for seed in range(8)}
    assert len(firsts) > 1


def test_R_P3_the_cut_is_by_the_bankers_left_and_between_1_and_51():
    # R-P3, R-S2: banker D is seat 3 of 5; the banker's left is seat 2, C.
    from lansquenet import apply

    for seed in range(30):
        table = new_table(list("ABCDE"), 20, "D", seed=seed)
        table, _ = apply(table, Move("D", "bank", 5))
        events = []
        while table.phase is Phase.COVER:
            table, more = apply(table, Move(to_act(table), "pass"))
            events += more
        cut = [e for e in events if e.code == "pack_cut"]
        assert len(cut) == 1
        assert cut[0].params["player"] == "C"
        assert 1 <= cut[0].params["at"] <= 51


def test_R_P3_every_shuffled_deal_is_cut_by_its_own_bankers_left(table_after):
    # R-P3 (reading): the cut is repeated each deal, by the current banker's left.
    # Deal 1 is a stacked deck (given already shuffled and cut: no cut event); the players
    # win, so the bank passes from A to B (R-B2); deal 2 is shuffled and cut by B's left, A.
    actions = ["A bank 5", "B stake 5", "B bank 5", "C pass", "A pass"]
    table, events = table_after("A B C", 20, "A", actions, decks=[PLAYERS_WIN], seed=3)
    cuts = [e.params["player"] for e in events if e.code == "pack_cut"]
    assert cuts == ["A"]  # the stacked deck is already shuffled and cut: no cut event
    assert len(table.deals) == 2 and table.deals[1].cut is not None


def test_R_P3_a_shuffled_and_cut_pack_is_still_the_whole_pack():
    # R-P1, R-P3: shuffling and cutting at 1 <= k <= 51 lose and add no card.
    pack, k = shuffled(5, 2)
    assert sorted(pack) == sorted(PACK)
    assert 1 <= k <= 51


def test_R_P5_the_bank_leaves_the_bankers_balance(table_after):
    # R-P5: bank 12 out of 100: 88 in hand, 12 in the bank.
    table, events = table_after("A B C", 100, "A", ["A bank 12"])
    assert balances(table) == {"A": 88, "B": 100, "C": 100}
    assert table.bank.amount == 12 and table.bank.holder == 0
    assert codes(events) == ["bank_announced"]  # no card is seen yet


@pytest.mark.parametrize("amount", [1, 37, 100])
def test_R_P5_a_bank_from_1_to_the_whole_balance(amount, table_after):
    # R-P5: 1 <= bank <= balance.
    table, _ = table_after("A B", 100, "A", [f"A bank {amount}"])
    assert table.bank.amount == amount and table.balances[0] == 100 - amount


def test_R_P5_a_bank_above_the_balance_is_refused(table_after, refused):
    # R-P5
    table, _ = table_after("A B", 100, "A")
    assert refused(table, "A bank 101") == "bank_exceeds_balance"


@pytest.mark.parametrize("amount", [0, -5, "5", 2.5, True, None])
def test_R_P5_a_bank_that_is_not_a_whole_number_from_1_is_invalid_amount(amount, table_after, refused):
    # R-P5, CONFORMANCE: missing, not whole (true is not), or below 1.
    table, _ = table_after("A B", 100, "A")
    assert refused(table, Move("A", "bank", amount)) == "invalid_amount"


def test_R_P5_a_bank_without_amount_in_a_scenario_is_invalid_amount():
    # CONFORMANCE: `amount` missing.
    data = scenario("A B", 100, "A", ["A bank"])
    out = replay(data)
    assert out["error"]["code"] == "invalid_amount" and out["error"]["action"] == 0
    assert out["state"]["to_act"] == {"player": "A", "can": ["bank"]}


# --- R-C: covering the bank -----------------------------------------------------


def test_R_C1_covering_starts_at_the_bankers_right_and_skips_the_banker(table_after, play):
    # R-C1, R-S2: 5 players, banker seat 3: the order is seats 4, 0, 1, 2.
    table, _ = table_after("P0 P1 P2 P3 P4", 100, "P3", ["P3 bank 10"])
    assert covering_order(table, play) == ["P4", "P0", "P1", "P2"]


def test_R_C2_a_stake_is_from_1_to_the_uncovered_part(table_after, refused):
    # R-C2: bank 10: B may stake 1..10.
    table, _ = table_after("A B C", 100, "A", ["A bank 10"])
    assert legal_moves(table) == ["stake", "pass", "banco"]
    assert refused(table, "B stake 11") == "stake_exceeds_uncovered"
    assert refused(table, "B stake 0") == "invalid_amount"
    table, _ = table_after("A B C", 100, "A", ["A bank 10", "B stake 10"])
    assert table.phase is not Phase.COVER  # covered: the deal was played (R-C3)


def test_R_C2_a_stake_above_the_balance_is_refused(table_after, refused, play):
    # Balance 20. Deal 1: bank 10, B stakes 6, C 4, the bank wins (R-T1): the bank is 20,
    # B has 14, C 16. A keeps: B may stake at most his 14, though 20 are uncovered.
    table, _ = table_after(
        "A B C", 20, "A", ["A bank 10", "B stake 6", "C stake 4", "A keep"], decks=[BANK_WINS]
    )
    assert table.bank.amount == 20 and balances(table) == {"A": 10, "B": 14, "C": 16}
    assert refused(table, "B stake 18") == "stake_exceeds_balance"
    assert refused(table, "B stake 15") == "stake_exceeds_balance"
    table, _ = play(table, ["B stake 14"])
    assert balances(table)["B"] == 0 and table.stakes[1] == 14 and table.uncovered == 6


def test_R_C2_a_stake_grows_across_rounds(table_after):
    # R-C2, R-C3: B stakes 3, C passes; in round two B adds 2: B's stake is 5.
    table, _ = table_after("A B C", 100, "A", ["A bank 20", "B stake 3", "C pass", "B stake 2"])
    assert table.stakes == (0, 5, 0)
    assert balances(table) == {"A": 80, "B": 95, "C": 100}
    assert state_json(table, legal_moves(table))["stakes"] == {"B": 5}


def test_R_C2_banco_returns_every_other_stake(table_after):
    # R-C2: bank 10, B stakes 4, C bancos: B gets 4 back, C's stake is the whole 10.
    table, events = table_after("A B C", 100, "A", ["A bank 10", "B stake 4", "C banco"], decks=[BANK_WINS])
    deal = table.deals[0]
    assert deal.stakes == (0, 0, 10)
    assert events[2].code == "banco" and events[2].params["returned"] == 4
    # The bank wins the 10 of C only (R-T1): A's bank is 20, B is whole again.
    assert balances(table) == {"A": 90, "B": 100, "C": 90} and table.bank.amount == 20


def test_R_C2_banco_counts_the_players_own_stake(table_after, play):
    # R-C2: balance + own stake >= bank. Bank 100: B stakes 30 (70 left), C passes;
    # in round two B, with 70 + 30 = 100, may banco although 70 < 100. The bank wins
    # the whole 100 (R-T1): 200, and B has nothing left.
    table, _ = table_after("A B C", 100, "A", ["A bank 100", "B stake 30", "C pass"], decks=[BANK_WINS])
    assert to_act(table) == "B" and "banco" in legal_moves(table)
    table, _ = play(table, ["B banco"])
    assert table.deals[0].stakes == (0, 100, 0)
    assert table.bank.amount == 200 and balances(table) == {"A": 0, "B": 0, "C": 100}


def test_R_C2_banco_unaffordable_is_refused_and_not_offered(table_after, refused):
    # Deal 1: bank 10, B stakes 6, C 4, the bank wins: bank 20; B has 4, C 6 (balance 10).
    # A keeps: B with 4 (no stake yet) cannot cover 20 alone.
    table, _ = table_after(
        "A B C", 10, "A", ["A bank 10", "B stake 6", "C stake 4", "A keep"], decks=[BANK_WINS]
    )
    assert table.bank.amount == 20 and balances(table) == {"A": 0, "B": 4, "C": 6}
    assert to_act(table) == "B"
    assert legal_moves(table) == ["stake", "pass"]
    assert refused(table, "B banco") == "banco_unaffordable"


def test_R_C3_a_new_round_starts_again_at_the_bankers_right(table_after):
    # R-C3: after C, the banker's left-hand neighbour, B (the banker's right) again.
    table, _ = table_after("A B C", 100, "A", ["A bank 20", "B stake 2", "C pass"])
    assert to_act(table) == "B" and table.phase is Phase.COVER


def test_R_C3_covering_ends_as_soon_as_stakes_equal_the_bank(table_after):
    # R-C3: bank 12, B 5 then C 7: nobody is asked again; the deal is played.
    table, events = table_after(
        "A B C D", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[BANK_WINS]
    )
    assert "covering_ended" in codes(events)
    assert table.deals[0].stakes == (0, 5, 7, 0)  # D was never asked


def test_R_C3_covering_ends_after_a_whole_round_with_nothing_added(table_after):
    # R-C3: round 1: B stakes 2, C passes; round 2: B and C pass: covering ends, 8 uncovered.
    table, events = table_after(
        "A B C", 100, "A", ["A bank 10", "B stake 2", "C pass", "B pass", "C pass"], decks=[PLAYERS_WIN]
    )
    ended = next(e for e in events if e.code == "covering_ended")
    assert ended.params == {"covered": 2, "uncovered": 8}
    assert len(table.deals) == 1


def test_R_C3_covering_continues_while_someone_added_in_the_round(table_after, play):
    # R-C3: round 2: B passes, C adds 1: round 3 asks B again; then both pass: the end.
    table, _ = table_after("A B C", 100, "A", ["A bank 10", "B stake 2", "C pass", "B pass", "C stake 1"])
    assert table.phase is Phase.COVER and to_act(table) == "B"
    table, _ = play(table, ["B pass"])
    assert to_act(table) == "C"
    table, events = play(table, ["C pass"])
    assert "covering_ended" in codes(events) and table.deals[0].covered == 3


def test_R_C4_a_player_with_no_counters_is_not_asked(table_after, play):
    # R-C4: balance 10: B bancos A's 10 and loses (R-T1): B has 0. A keeps the 20:
    # covering skips B and starts with C.
    table, _ = table_after("A B C", 10, "A", ["A bank 10", "B banco", "A keep"], decks=[BANK_WINS])
    assert balances(table) == {"A": 0, "B": 0, "C": 10}
    assert to_act(table) == "C"
    table, events = play(table, ["C pass"])  # and not B after C: covering ends
    assert "covering_ended" in codes(events)


def test_R_C4_a_player_who_staked_everything_is_skipped_in_the_next_round(table_after):
    # Deal 1 (balance 10): bank 10, B 6, C 4, the bank wins: B has 4, C 6, the bank 20.
    # Deal 2: B stakes his last 4, C passes; round two skips B and asks C.
    actions = ["A bank 10", "B stake 6", "C stake 4", "A keep", "B stake 4", "C pass"]
    table, _ = table_after("A B C", 10, "A", actions, decks=[BANK_WINS])
    assert balances(table)["B"] == 0
    assert table.phase is Phase.COVER and to_act(table) == "C"


def test_R_C5_the_uncovered_part_is_not_lost_when_the_players_win(table_after):
    # R-C5, R-T2: bank 12, only B covers 5: A pays 5 and takes back 7 (R-B2).
    table, _ = table_after(
        "A B C", 100, "A", ["A bank 12", "B stake 5", "C pass", "B pass", "C pass"], decks=[PLAYERS_WIN]
    )
    assert balances(table) == {"A": 95, "B": 105, "C": 100}
    assert table.deals[0].change() == (-5, 5, 0)


def test_R_C5_the_uncovered_part_is_not_won_when_the_bank_wins(table_after):
    # R-C5, R-T1: bank 12, only B covers 5: the bank wins 5 and stands at 17.
    table, _ = table_after(
        "A B C", 100, "A", ["A bank 12", "B stake 5", "C pass", "B pass", "C pass"], decks=[BANK_WINS]
    )
    assert table.bank.amount == 17
    assert balances(table) == {"A": 88, "B": 95, "C": 100}
    assert table.deals[0].change() == (5, -5, 0)


def test_R_C5_stakes_never_exceed_the_bank(table_after, refused):
    # R-C5: bank 10, B 6: 4 are uncovered; C cannot stake 5.
    table, _ = table_after("A B C", 100, "A", ["A bank 10", "B stake 6"])
    assert table.uncovered == 4
    assert refused(table, "C stake 5") == "stake_exceeds_uncovered"


def test_R_C6_no_stake_once_the_cards_are_turned_after_a_bank_win(table_after, refused):
    # R-C6: the bank won; the holder must choose: a stake is not a move of this moment.
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[BANK_WINS])
    assert to_act(table) == "A" and legal_moves(table) == ["keep", "leave"]
    assert refused(table, "B stake 1") == "not_your_turn"
    assert refused(table, "A stake 1") == "illegal_action"
    assert table.deals[0].stakes == (0, 5, 7)


def test_R_C6_no_stake_once_the_cards_are_turned_after_a_players_win(table_after, refused):
    # R-C6: the players won; B, at A's right, must announce a new bank (R-B2).
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[PLAYERS_WIN])
    assert to_act(table) == "B" and legal_moves(table) == ["bank"]
    assert refused(table, "C stake 1") == "not_your_turn"
    assert refused(table, "B stake 1") == "illegal_action"
    assert refused(table, "B banco") == "illegal_action"


def test_R_C7_no_stake_the_deal_is_played_and_a_bank_win_lets_the_holder_choose(table_after):
    # R-C7: nobody stakes; the bank card's rank comes first: no counter moves, A chooses.
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B pass", "C pass"], decks=[BANK_WINS])
    assert len(table.deals) == 1 and table.deals[0].winner == "bank"
    assert table.deals[0].change() == (0, 0, 0)
    assert table.bank.amount == 12 and balances(table) == {"A": 88, "B": 100, "C": 100}
    assert to_act(table) == "A" and legal_moves(table) == ["keep", "leave"]


def test_R_C7_no_stake_and_the_players_win_the_bank_passes_on(table_after):
    # R-C7, R-B2: nobody stakes, the players' rank comes first: A takes the 12 back, B announces.
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B pass", "C pass"], decks=[PLAYERS_WIN])
    assert table.deals[0].winner == "players"
    assert balances(table) == {"A": 100, "B": 100, "C": 100} and table.bank is None
    assert to_act(table) == "B" and legal_moves(table) == ["bank"]


# --- R-D: which value comes first -----------------------------------------------


def test_R_D1_the_bank_card_is_turned_first_then_the_players_card(table_after):
    # R-D1
    table, events = table_after(
        "A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[PLAYERS_WIN]
    )
    cards = [(e.code, e.params.get("card")) for e in events if "card" in e.params]
    assert cards[:2] == [("bank_card", "7S"), ("players_card", "QH")]
    deal = table.deals[0]
    assert (str(deal.bank_card), str(deal.players_card)) == ("7S", "QH")


def test_R_D2_an_opening_pair_wins_for_the_bank_at_once(table_after):
    # R-D2: K♥ then K♠: the bank wins, no further card is exposed.
    table, events = table_after(
        "A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[OPENING_PAIR]
    )
    deal = table.deals[0]
    assert deal.opening_pair and deal.winner == "bank" and deal.exposed == ()
    assert "card_exposed" not in codes(events)
    assert table.bank.amount == 24  # R-T1: 12 + 5 + 7


def test_R_D3_cards_are_exposed_up_to_the_first_decisive_one(table_after):
    # R-D3: 2♣ and 3♦ do nothing, Q♦ matches the players' card; 7♦ is never turned.
    deck = ["7S", "QH", "2C", "3D", "QD", "7D"]
    table, events = table_after("A B", 100, "A", ["A bank 10", "B stake 10"], decks=[deck])
    deal = table.deals[0]
    assert [str(c) for c in deal.exposed] == ["2C", "3D", "QD"]
    assert deal.winner == "players"
    exposed = [e.params["decides"] for e in events if e.code == "card_exposed"]
    assert exposed == [None, None, "players"]


def test_R_D3_the_first_card_of_the_bank_cards_rank_wins_for_the_bank(table_after):
    # R-D3: 7♦ comes before any queen.
    deck = ["7S", "QH", "2C", "7D", "QD"]
    table, _ = table_after("A B", 100, "A", ["A bank 10", "B stake 10"], decks=[deck])
    assert [str(c) for c in table.deals[0].exposed] == ["2C", "7D"] and table.deals[0].winner == "bank"


def test_R_D4_a_decision_comes_even_after_every_other_card():
    # R-D4: 7♠ and Q♥, then the 44 cards of neither rank, then Q♦: decided on the 47th card.
    others = [str(c) for c in PACK if c.rank not in ("7", "Q")]
    deck = ["7S", "QH", *others, "QD"]
    out = replay(scenario("A B", 100, "A", ["A bank 10", "B stake 10"], decks=[deck]))
    deal = out["deals"][0]
    assert len(deal["exposed"]) == 45 and deal["exposed"][-1] == "QD" and deal["winner"] == "players"


# --- R-T: settlement ------------------------------------------------------------


def test_R_T1_the_bank_takes_every_stake(table_after):
    # R-T1, section 06: W = 5 + 7 = 12; the bank continues at 24.
    table, events = table_after("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[BANK_WINS])
    assert table.bank.amount == 24
    assert balances(table) == {"A": 88, "B": 95, "C": 93}
    assert table.deals[0].change() == (12, -5, -7)
    assert events[-1].code == "bank_wins" and events[-1].params["amount"] == 12


def test_R_T2_the_bank_pays_each_stake_one_to_one(table_after):
    # R-T2, section 06: B gets 5 + 5, C 7 + 7, the banker loses 12.
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[PLAYERS_WIN])
    assert balances(table) == {"A": 88, "B": 105, "C": 107}
    assert table.deals[0].change() == (-12, 5, 7)


def test_R_T2_the_bank_shrinks_by_the_total_of_stakes(table_after):
    # R-T2: bank 20 covered 5 + 7 = 12: 8 left, returned to A (R-B2): 80 + 8 = 88.
    table, events = table_after(
        "A B C", 100, "A", ["A bank 20", "B stake 5", "C stake 7", "B pass", "C pass"], decks=[PLAYERS_WIN]
    )
    won = next(e for e in events if e.code == "players_win")
    assert won.params["bank"] == 8
    assert balances(table) == {"A": 88, "B": 105, "C": 107}


def test_R_T3_counters_are_conserved_at_every_step(table_after):
    # R-T3: 3 × 100 counters at every step (cards being turned included), wherever they lie:
    # a banco won by the bank, kept, then a deal won by the players.
    from lansquenet import play as steps_of

    table, _ = table_after("A B C", 100, "A", decks=[BANK_WINS, PLAYERS_WIN])
    moves = ["A bank 12", "B stake 5", "C banco", "A keep", "B stake 20", "C pass", "B pass", "C pass"]
    for text in moves:
        words = text.split()
        steps = steps_of(table, Move(words[0], words[1], int(words[2]) if len(words) > 2 else None))
        assert [after.total for _, after in steps] == [300] * len(steps)
        table = steps[-1][1]
    assert len(table.deals) == 2 and to_act(table) == "B"


# --- R-B: keeping or passing the bank -------------------------------------------


def nobody_stakes(holder, players="A B C D"):
    """Everybody but the holder passes once, from the holder's right (R-C1)."""
    names = players.split()
    seat = names.index(holder)
    return [f"{names[(seat + i) % len(names)]} pass" for i in range(1, len(names))]


# R-B1: A banks 10; in every deal nobody stakes and the bank wins (R-C7: the price stays
# 10); each holder leaves and the next player buys: B, then C, then D, the fourth holder.
THREE_SALES = [
    "A bank 10",
    *nobody_stakes("A"),
    "A leave",
    "B buy",
    *nobody_stakes("B"),
    "B leave",
    "C buy",
    *nobody_stakes("C"),
    "C leave",
    "D buy",
    *nobody_stakes("D"),
]


def test_R_B1_at_most_three_sales_and_four_holders(table_after, play):
    # R-B1, R-B6: A banks 10; every deal, nobody stakes and the bank wins (R-C7);
    # each holder leaves and the next player buys at 10 (R-B4): B, C, then D; D cannot resell.
    table, events = table_after("A B C D", 100, "A", THREE_SALES, decks=[BANK_WINS] * 4)
    assert [table.players[d.banker] for d in table.deals] == ["A", "B", "C", "D"]
    assert (table.bank.holder, table.bank.original, table.bank.sales) == (3, 0, 3)
    assert to_act(table) == "D" and legal_moves(table) == ["keep", "leave"]
    table, events = play(table, ["D leave"])
    assert "bank_offered" not in codes(events)  # R-B6: no fourth sale
    assert codes(events)[0] == "bank_left"


# A banks 10 at a table of four, nobody stakes, the bank wins; A leaves, B declines, C buys.
SOLD_TO_C = ["A bank 10", "B pass", "C pass", "D pass", "A leave", "B decline", "C buy"]


def test_R_B2_after_a_loss_the_original_holders_right_announces(table_after, play):
    # R-B2: A banks 10, nobody stakes, the bank wins; A leaves; B declines, C buys at 10.
    # C's deal (covered from C's right: D, A, B): D stakes 4, A passes, B stakes 2, then a
    # round with nothing added; the players win: D 104, B 102; C had 100 - 10 and takes
    # back 10 - 6 = 4: 94; A: 90 + 10 from the sale = 100.
    # The next bank is announced by the right of A (the original holder), B — not D.
    actions = [
        *SOLD_TO_C,
        "D stake 4",
        "A pass",
        "B stake 2",
        "D pass",
        "A pass",
        "B pass",
    ]
    table, _ = table_after("A B C D", 100, "A", actions, decks=[BANK_WINS, PLAYERS_WIN])
    assert balances(table) == {"A": 100, "B": 102, "C": 94, "D": 104}
    assert table.bank is None and to_act(table) == "B" and legal_moves(table) == ["bank"]
    table, _ = play(table, ["B bank 5"])
    assert (table.bank.holder, table.bank.original, table.bank.sales) == (1, 1, 0)  # sales from 0


def test_R_B3_keep_the_bank_stays_whole_and_covering_starts(table_after):
    # R-B3: the bank won 12: A keeps 24, no new announcement, B covers first.
    table, events = table_after(
        "A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7", "A keep"], decks=[BANK_WINS]
    )
    assert codes(events)[-1] == "bank_kept"
    assert table.phase is Phase.COVER and to_act(table) == "B"
    assert table.bank.amount == 24 and table.bank.sales == 0
    assert balances(table) == {"A": 88, "B": 95, "C": 93}
    assert table.uncovered == 24


def test_R_B3_withdraw_only_after_an_opening_pair(table_after, refused):
    # R-B3: a plain win offers keep or leave; withdraw is illegal.
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[BANK_WINS])
    assert "withdraw" not in legal_moves(table)
    assert refused(table, "A withdraw") == "illegal_action"


def test_R_B3_withdraw_after_an_opening_pair_keeps_the_old_bank(table_after, play):
    # R-B3: bank 10, B 4, C 6, opening pair: 20; withdraw: A takes the 10 won (90 + 10),
    # the bank continues at the old 10 and covering starts again at B.
    table, _ = table_after("A B C", 100, "A", ["A bank 10", "B stake 4", "C stake 6"], decks=[OPENING_PAIR])
    assert legal_moves(table) == ["keep", "withdraw", "leave"]
    table, events = play(table, ["A withdraw"])
    assert events[0].code == "winnings_withdrawn" and events[0].params["amount"] == 10
    assert table.bank.amount == 10 and balances(table) == {"A": 100, "B": 96, "C": 94}
    assert table.phase is Phase.COVER and to_act(table) == "B"


def test_R_B3_leave_offers_the_bank_for_sale(table_after, play):
    # R-B3, R-B4: leaving offers the bank at its whole amount to the holder's right.
    table, _ = table_after("A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7"], decks=[BANK_WINS])
    table, events = play(table, ["A leave"])
    assert events[0].code == "bank_offered" and events[0].params["price"] == 24
    assert table.phase is Phase.OFFER and to_act(table) == "B" and legal_moves(table) == ["buy", "decline"]


def test_R_B4_a_buyer_pays_the_whole_bank_and_the_seller_takes_it(table_after):
    # R-B4, section 06: the bank won 12 and stands at 24; B buys at 24:
    # B 95 - 24 = 71, A 88 + 24 = 112; the bank is B's, A is still its original holder.
    table, _ = table_after(
        "A B C", 100, "A", ["A bank 12", "B stake 5", "C stake 7", "A leave", "B buy"], decks=[BANK_WINS]
    )
    assert balances(table) == {"A": 112, "B": 71, "C": 93}
    assert (table.players[table.bank.holder], table.players[table.bank.original]) == ("B", "A")
    assert (table.bank.amount, table.bank.sales) == (24, 1)
    assert table.phase is Phase.COVER and to_act(table) == "C"  # the buyer's right covers first


def test_R_B4_the_price_after_an_opening_pair_is_the_whole_bank(table_after, play):
    # R-B4 (reading): after an opening pair too, the price is old bank + winnings: 10 + 10.
    table, _ = table_after("A B C", 100, "A", ["A bank 10", "B stake 4", "C stake 6"], decks=[OPENING_PAIR])
    table, events = play(table, ["A leave"])
    assert events[0].params["price"] == 20


def test_R_B4_players_who_cannot_pay_are_skipped(table_after, play):
    # R-B4: balance 30: bank 15, B stakes 12 (18 left), nobody adds; the bank wins: 27.
    # Offered from A's right: B with 18 < 27 is skipped, C with 30 is asked and buys:
    # C 30 - 27 = 3, A 15 + 27 = 42.
    table, _ = table_after(
        "A B C",
        30,
        "A",
        ["A bank 15", "B stake 12", "C pass", "B pass", "C pass", "A leave"],
        decks=[BANK_WINS],
    )
    assert table.bank.amount == 27 and to_act(table) == "C"
    table, _ = play(table, ["C buy"])
    assert balances(table) == {"A": 42, "B": 18, "C": 3}
    assert table.bank.holder == 2 and table.bank.original == 0 and table.bank.sales == 1
    assert to_act(table) == "A"  # covering starts at C's right, seat 0


def test_R_B4_a_player_with_exactly_the_price_can_buy(table_after, play):
    # R-B4: balance 24: bank 12, B bancos and loses: the bank is 24, B has 12, C 24.
    # B cannot pay 24 and is skipped; C, with exactly 24, is asked and buys: C 0, A 12 + 24.
    table, _ = table_after("A B C", 24, "A", ["A bank 12", "B banco", "A leave"], decks=[BANK_WINS])
    assert to_act(table) == "C" and table.phase is Phase.OFFER
    table, _ = play(table, ["C buy"])
    assert balances(table) == {"A": 36, "B": 12, "C": 0} and table.bank.amount == 24


def test_R_B4_a_decline_passes_the_offer_to_the_next(table_after, play):
    # R-B4: offered anticlockwise from A's right: B, then C, then D.
    table, _ = table_after(
        "A B C D", 100, "A", ["A bank 10", "B pass", "C pass", "D pass", "A leave"], decks=[BANK_WINS]
    )
    assert to_act(table) == "B"
    table, _ = play(table, ["B decline"])
    assert to_act(table) == "C" and table.phase is Phase.OFFER
    table, _ = play(table, ["C decline"])
    assert to_act(table) == "D"


def test_R_B5_no_buyer_the_seller_takes_the_bank(table_after):
    # R-B5: everyone declines: A takes the 10 back; B, right of A, announces.
    table, events = table_after(
        "A B C D",
        100,
        "A",
        ["A bank 10", "B pass", "C pass", "D pass", "A leave", "B decline", "C decline", "D decline"],
        decks=[BANK_WINS],
    )
    assert codes(events)[-1] == "bank_unsold"
    assert balances(table) == {"A": 100, "B": 100, "C": 100, "D": 100}
    assert table.bank is None and to_act(table) == "B"


def test_R_B5_after_a_sale_without_buyer_the_original_holders_right_announces(table_after, play):
    # R-B5: A sells to C (B declines); C wins, leaves; D, A, B decline: C takes the bank,
    # and the right of A (the original holder), B, announces; sales restart from 0.
    actions = [
        *SOLD_TO_C,
        "D pass",
        "A pass",
        "B pass",
        "C leave",
        "D decline",
        "A decline",
        "B decline",
    ]
    table, events = table_after("A B C D", 100, "A", actions, decks=[BANK_WINS, BANK_WINS])
    assert codes(events)[-1] == "bank_unsold"
    assert to_act(table) == "B" and table.bank is None
    table, _ = play(table, ["B bank 7"])
    assert table.bank.sales == 0 and table.bank.original == 1


def test_R_B5_nobody_able_to_pay_is_the_same_as_no_buyer(table_after, play):
    # R-B4, R-B5: balance 10: bank 10, B 6, C 4: the bank wins 20; B has 4, C 6: nobody
    # can pay 20, so A takes the 20 at once and B announces.
    table, _ = table_after("A B C", 10, "A", ["A bank 10", "B stake 6", "C stake 4"], decks=[BANK_WINS])
    table, events = play(table, ["A leave"])
    assert codes(events)[:2] == ["bank_offered", "bank_unsold"]
    assert balances(table) == {"A": 20, "B": 4, "C": 6} and to_act(table) == "B"


def test_R_B6_the_fourth_holder_takes_the_bank_on_leaving(table_after):
    # R-B6: after three sales at 10 (nobody staked), D, the fourth holder, wins again and
    # leaves: D takes the 10 back: everyone is at 100; B (right of A) announces.
    actions = THREE_SALES + ["D leave"]
    table, events = table_after("A B C D", 100, "A", actions, decks=[BANK_WINS] * 4)
    assert codes(events)[-1] == "bank_left"
    assert balances(table) == {"A": 100, "B": 100, "C": 100, "D": 100}
    assert table.bank is None and to_act(table) == "B"


def test_R_B6_the_fourth_holder_may_still_keep(table_after):
    # R-B3, R-B6: keeping is allowed to the fourth holder; the sales stay at 3.
    actions = THREE_SALES + ["D keep"]
    table, _ = table_after("A B C D", 100, "A", actions, decks=[BANK_WINS] * 4)
    assert table.bank.sales == 3 and table.phase is Phase.COVER and to_act(table) == "A"


def test_R_B7_an_announcer_with_no_counters_is_passed_over(table_after):
    # R-B7: balance 10. Deal 1: B bancos A's 10 and loses: B 0, the bank 20; A keeps.
    # Deal 2: B is skipped (R-C4), C stakes 5, the players win: C 15, A takes back 15.
    # The right of A is B, who has nothing: passed over; C announces.
    actions = ["A bank 10", "B banco", "A keep", "C stake 5", "C pass"]
    table, events = table_after("A B C", 10, "A", actions, decks=[BANK_WINS, PLAYERS_WIN])
    assert balances(table) == {"A": 15, "B": 0, "C": 15}
    assert [e.params["player"] for e in events if e.code == "passed_over"] == ["B"]
    assert to_act(table) == "C" and legal_moves(table) == ["bank"]


# --- R-F: finishing -------------------------------------------------------------


def test_R_F1_the_agreed_finish_ties_share_a_place(table_after):
    # R-F1: one deal: bank 10, B 5, C 5 (covered: D is not asked); the players win:
    # B 55, C 55, D 50, A 40 (the empty bank goes back to A).
    table, events = table_after(
        "A B C D",
        50,
        "A",
        ["A bank 10", "B stake 5", "C stake 5"],
        decks=[PLAYERS_WIN],
        finish_after=1,
    )
    assert table.phase is Phase.FINISHED and table.to_act is None
    assert legal_moves(table) == []  # nothing more to do once it is over
    assert table.standings() == [("B", 55, 1), ("C", 55, 1), ("D", 50, 3), ("A", 40, 4)]
    assert events[-1].code == "session_finished" and events[-1].params["reason"] == "deals"


def test_R_F1_the_bank_returns_to_its_holder_at_the_finish(table_after, refused):
    # R-F1: bank 10, B stakes 4, the bank wins: 14 returns to A: 90 + 14 = 104.
    # Standings: A 104, C 100, D 100 (tied, seat order), B 96.
    table, _ = table_after(
        "A B C D",
        100,
        "A",
        ["A bank 10", "B stake 4", "C pass", "D pass", "B pass", "C pass", "D pass"],
        decks=[BANK_WINS],
        finish_after=1,
    )
    out = state_json(table)
    assert out["status"] == "finished" and out["to_act"] is None and out["bank"] is None
    assert out["standings"] == [
        {"player": "A", "balance": 104, "place": 1},
        {"player": "C", "balance": 100, "place": 2},
        {"player": "D", "balance": 100, "place": 2},
        {"player": "B", "balance": 96, "place": 4},
    ]
    assert refused(table, "A keep") == "session_finished"


def test_R_F1_the_finish_counts_deals(table_after, play):
    # R-P4, R-F1: finish_after 2: after the first deal the holder still chooses.
    table, _ = table_after(
        "A B", 100, "A", ["A bank 10", "B stake 3", "B pass"], decks=[BANK_WINS], finish_after=2
    )
    assert table.phase is Phase.CHOICE
    table, _ = play(table, ["A keep", "B stake 3", "B pass"])
    assert table.phase is Phase.FINISHED and len(table.deals) == 2


def test_R_F1_standings_are_null_before_the_finish(table_after):
    # CONFORMANCE: standings null before the finish.
    table, _ = table_after("A B", 100, "A")
    assert state_json(table)["standings"] is None


def test_R_F2_the_session_ends_when_one_player_holds_every_counter(table_after):
    # R-F2: two players, 10 each: B bancos A's 10 and loses: A holds all 20.
    table, events = table_after("A B", 10, "A", ["A bank 10", "B banco"], decks=[BANK_WINS])
    assert table.phase is Phase.FINISHED
    assert events[-1].params == {"reason": "counters", "player": "A", "balance": 20, "leaders": ["A"]}
    assert table.standings() == [("A", 20, 1), ("B", 0, 2)]
    assert table.bank is None


def test_R_F2_the_session_ends_when_the_banker_loses_everything(table_after):
    # R-F2, R-T2: B bancos A's 10 and wins: B 20, A 0 (the empty bank is returned).
    table, events = table_after("A B", 10, "A", ["A bank 10", "B banco"], decks=[PLAYERS_WIN])
    assert table.phase is Phase.FINISHED and balances(table) == {"A": 0, "B": 20}
    assert events[-1].params["reason"] == "counters"


def test_R_F2_two_players_with_counters_play_on(table_after):
    # R-F2: three players, B busted, A and C still hold counters: no finish.
    table, _ = table_after("A B C", 10, "A", ["A bank 10", "B banco"], decks=[BANK_WINS])
    assert table.phase is Phase.CHOICE


# --- refusals: every code, and the checking order -------------------------------


def test_every_refusal_code_has_a_test_here():
    # CONFORMANCE: the codes are stable; each is reached by a test of this module.
    from lansquenet import CODES

    with open(__file__, encoding="utf-8") as handle:
        source = handle.read()
    assert [c for c in CODES if f'"{c}"' not in source] == []


@pytest.mark.parametrize(
    ("rules", "code"),
    [({"packs": 7}, "invalid_rules"), ({"variant": "baccarat"}, "unknown_variant")],
)
def test_V_R6_refused_rules_come_before_the_players(rules, code):
    # V-R6: the rules decide which cards are valid, so they are checked before anything
    # but session_finished; one player only would be invalid_players.
    with pytest.raises(Refusal) as caught:
        new_table(["A"], 0, "Z", decks=[["XX"]], rules=rules)
    assert caught.value.code == code


def test_unknown_first_banker_is_unknown_player():
    with pytest.raises(Refusal) as caught:
        new_table(["A", "B"], 10, "Z")
    assert caught.value.code == "unknown_player"


def test_unknown_by_is_unknown_player(table_after, refused):
    table, _ = table_after("A B", 10, "A")
    assert refused(table, "Z bank 5") == "unknown_player"


def test_unknown_word_and_keep_while_covering_are_illegal_action(table_after, refused):
    table, _ = table_after("A B", 10, "A", ["A bank 5"])
    assert refused(table, "B keep") == "illegal_action"
    assert refused(table, "B fold") == "illegal_action"
    assert refused(table, "B buy") == "illegal_action"


def test_order_session_finished_before_unknown_player(table_after, refused):
    # CONFORMANCE order: session_finished first, even for a stranger's nonsense.
    table, _ = table_after("A B", 10, "A", ["A bank 10", "B banco"], decks=[BANK_WINS])
    assert refused(table, Move("Z", "fold", "x")) == "session_finished"


def test_order_of_the_table_checks():
    # invalid_players, then invalid_balance, then unknown_player, then invalid_card.
    cases = [
        ((["A"], 0, "Z", [["XX"]]), "invalid_players"),
        ((["A", "B"], 0, "Z", [["XX"]]), "invalid_balance"),
        ((["A", "B"], 10, "Z", [["XX"]]), "unknown_player"),
        ((["A", "B"], 10, "A", [["XX"]]), "invalid_card"),
    ]
    for (players, balance, banker, decks), code in cases:
        with pytest.raises(Refusal) as caught:
            new_table(players, balance, banker, decks=decks)
        assert caught.value.code == code


def test_order_unknown_player_before_not_your_turn(table_after, refused):
    table, _ = table_after("A B", 10, "A")
    assert refused(table, Move("Z", "keep")) == "unknown_player"


def test_order_not_your_turn_before_illegal_action(table_after, refused):
    # A must announce; B's "keep" is both out of turn and out of place: not_your_turn.
    table, _ = table_after("A B", 10, "A")
    assert refused(table, "B keep") == "not_your_turn"


def test_order_illegal_action_before_invalid_amount(table_after, refused):
    # A must announce; a stake (with a nonsense amount) is not a move of this moment.
    table, _ = table_after("A B", 10, "A")
    assert refused(table, Move("A", "stake", "x")) == "illegal_action"


def test_order_invalid_amount_before_bank_exceeds_balance(table_after, refused):
    table, _ = table_after("A B", 10, "A")
    assert refused(table, Move("A", "bank", "1000")) == "invalid_amount"
    assert refused(table, Move("A", "bank", 1000.5)) == "invalid_amount"


def test_order_stake_exceeds_uncovered_before_stake_exceeds_balance(table_after, refused):
    # The bank won 10 and A keeps 20; B has 4 (see R-C2 banco): 25 is above both
    # the uncovered 20 and B's 4: stake_exceeds_uncovered wins; 5 is only above the balance.
    table, _ = table_after(
        "A B C", 10, "A", ["A bank 10", "B stake 6", "C stake 4", "A keep"], decks=[BANK_WINS]
    )
    assert refused(table, "B stake 25") == "stake_exceeds_uncovered"
    assert refused(table, "B stake 5") == "stake_exceeds_balance"
    assert refused(table, Move("B", "stake", 0)) == "invalid_amount"


def test_a_refused_action_in_a_scenario_stops_it_with_the_state_before():
    # CONFORMANCE: exit 2 semantics: `action` is the 0-based index; the state is the one
    # just before that action.
    data = scenario("A B C", 100, "A", ["A bank 10", "B stake 4", "A stake 1", "C stake 1"])
    out = replay(data)
    assert out["error"]["code"] == "not_your_turn" and out["error"]["action"] == 2
    assert out["state"]["stakes"] == {"B": 4} and out["state"]["to_act"]["player"] == "C"
    assert out["error"]["message"]  # a readable sentence


def test_an_action_without_by_or_do_is_refused_not_crashed():
    # CONFORMANCE: `by` names nobody → unknown_player; an unknown `do` → illegal_action.
    out = replay(
        {"players": ["A", "B"], "balance": 10, "first_banker": "A", "actions": [{"do": "bank", "amount": 5}]}
    )
    assert out["error"]["code"] == "unknown_player"
    out = replay({"players": ["A", "B"], "balance": 10, "first_banker": "A", "actions": [{"by": "A"}]})
    assert out["error"]["code"] == "illegal_action"


# --- R-P4: "time is up", the table ends the session by hand -------------------------


def test_R_P4_time_is_up_while_covering_gives_the_stakes_back(table_after):
    # R-P4: A banks 10, B stakes 3, then time is up: nothing was dealt, nobody won or lost.
    table, _ = table_after("A B C", 50, "A", ["A bank 10", "B stake 3"])
    steps = lansquenet.end(table)
    finished = steps[-1][1]
    assert [e.code for e, _ in steps] == ["session_finished"]
    assert steps[-1][0].params["reason"] == "time"
    assert balances(finished) == {"A": 50, "B": 50, "C": 50}
    assert finished.phase is Phase.FINISHED and finished.bank is None
    assert [place for _, _, place in finished.standings()] == [1, 1, 1]  # a tie shares the result


def test_R_P4_time_is_up_after_a_win_returns_the_bank_to_its_holder(table_after):
    # R-P4, R-F1: the bank (10 + 3 won) goes back to A, who leads with 53.
    table, _ = table_after("A B", 50, "A", ["A bank 10", "B stake 3", "B pass"], decks=[BANK_WINS])
    assert table.phase is Phase.CHOICE
    finished = lansquenet.end(table)[-1][1]
    assert balances(finished) == {"A": 53, "B": 47}
    assert finished.standings()[0] == ("A", 53, 1)


def test_R_P4_an_ended_session_refuses_to_end_again_or_play(table_after):
    table, _ = table_after("A B", 50, "A", ["A bank 10"])
    finished = lansquenet.end(table)[-1][1]
    with pytest.raises(Refusal) as refused_end:
        lansquenet.end(finished)
    assert refused_end.value.code == "session_finished"


def test_R_P4_a_scenario_may_say_the_table_ended_it():
    # The scenario's "ended": true applies after its last action (the play page's "time is up").
    data = scenario("A B C", 100, "A", ["A bank 12", "B stake 5"], ended=True)
    result = replay(data)
    assert result["status"] == "finished" and result["to_act"] is None
    assert result["balances"] == {"A": 100, "B": 100, "C": 100}
    assert [row["place"] for row in result["standings"]] == [1, 1, 1]
    # Ended after a refused action: the refusal wins, nothing is ended.
    data["actions"].append({"by": "C", "do": "stake", "amount": 99})
    assert replay(data)["error"]["code"] == "stake_exceeds_uncovered"


def test_R_P4_ended_must_be_a_boolean():
    with pytest.raises(lansquenet.NotAScenario):
        replay(scenario("A B", 100, "A", [], ended="yes"))
