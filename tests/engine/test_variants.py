"""VARIANTS.md: every case of spec/conformance/variants/ replayed through the command
line and the API (exit codes too), and the clauses of the ``rules`` object one by one."""

from __future__ import annotations

import json

import pytest
from helpers import cli
from spec_cases import SPEC, cases_in, expected_of, norm

import lansquenet
from lansquenet import Move, Refusal, apply, new_table, replay
from lansquenet.__main__ import main
from lansquenet.bots import play_session, quick_game
from lansquenet.cards import PACK, Card, pack_of, shuffled
from lansquenet.languages import LANGUAGES
from lansquenet.session import Session
from lansquenet.variants import PRESETS, STANDARD, read

VARIANT_CASES = cases_in(SPEC / "conformance" / "variants")
WORKED = json.loads((SPEC / "conformance" / "worked-example.json").read_text("utf-8"))


def test_the_specification_holds_the_44_variant_cases():
    assert len(VARIANT_CASES) == 44
    assert all(case.with_name(case.stem + ".expected.json").is_file() for case in VARIANT_CASES)


@pytest.mark.parametrize("case", VARIANT_CASES, ids=lambda p: p.stem)
def test_V_variant_case_replays_through_the_command_line(case):
    want = expected_of(case)
    run = cli("replay", str(case))
    assert run.returncode == (2 if "error" in want else 0), run.stderr
    assert run.stderr == ""
    assert norm(json.loads(run.stdout)) == norm(want)


@pytest.mark.parametrize("case", VARIANT_CASES, ids=lambda p: p.stem)
def test_V_variant_case_replays_through_the_api(case):
    scenario = json.loads(case.read_text("utf-8"))
    got = replay(scenario)
    assert norm(got) == norm(expected_of(case))
    assert '"rules":' not in json.dumps(got)  # V-R1: the result never echoes rules


# --- V-R1: the standard game, however spelt -------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [None, {}, {"variant": "standard"}, {"packs": 1, "pack": "52", "pair_share": "1", "successor": "right"}],
)
def test_V_R1_the_standard_rules_spelt_out_replay_byte_for_byte(rules):
    seeded = {**WORKED, "decks": [], "seed": 11, "actions": WORKED["actions"]}
    for scenario in (WORKED, seeded):
        assert json.dumps(replay({**scenario, "rules": rules})) == json.dumps(replay(scenario))


def test_V_R1_default_packs_are_todays_objects():
    assert pack_of() is PACK
    assert shuffled(5, 2, pack_of()) == shuffled(5, 2)
    assert read(None) is STANDARD and read({"successor": "right"}) is STANDARD


def test_V_R1_a_session_writes_rules_only_when_they_are_not_the_standard_ones():
    assert "rules" not in Session({**WORKED, "rules": {"variant": "standard"}}).scenario()
    assert Session({**WORKED, "rules": {"packs": 2}}).scenario()["rules"] == {"packs": 2}


# --- V-R5: validation, in its order ---------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        ([], "invalid_rules"),  # 1
        ("two_packs", "invalid_rules"),  # 1
        ({"Packs": 2}, "invalid_rules"),  # 2
        ({"fonds": 10}, "invalid_rules"),  # 2
        ({"packs": 2.0}, "invalid_rules"),  # 3
        ({"packs": True}, "invalid_rules"),  # 3
        ({"pack": 40}, "invalid_rules"),  # 3
        ({"successor": None}, "invalid_rules"),  # 3
        ({"variant": "baccarat", "packs": 2}, "invalid_rules"),  # 4, whether or not the name exists
        ({"variant": "baccarat"}, "unknown_variant"),  # 5
        ({"variant": "encyclopedie_1765"}, "unknown_variant"),  # 5
    ],
)
def test_V_R5_refused_rules_in_order(rules, code):
    with pytest.raises(Refusal) as caught:
        read(rules)
    assert caught.value.code == code


def test_V_R5_an_unknown_key_is_refused_before_a_wrong_value():
    with pytest.raises(Refusal) as caught:
        read({"packs": 9, "pakcs": 2})
    assert caught.value.params["reason"] == "unknown_key"


# --- V-P1, V-P2: the pack -------------------------------------------------------------


@pytest.mark.parametrize(
    ("packs", "pack", "cards"), [(2, "52", 104), (6, "52", 312), (1, "40", 40), (3, "32", 96)]
)
def test_V_P1a_V_P2a_the_pack_holds_each_card_packs_times(packs, pack, cards):
    whole = pack_of(packs, pack)
    assert len(whole) == cards
    assert {whole.count(card) for card in whole} == {packs}


def test_V_P1b_a_seeded_deal_shuffles_and_cuts_every_card():
    cards, cut = shuffled(3, 0, pack_of(6))
    assert sorted(cards) == sorted(pack_of(6)) and 1 <= cut <= 311


def test_V_P2b_the_forty_card_pack_holds_no_eight_nine_or_ten():
    with pytest.raises(Refusal) as caught:
        new_table(["A", "B"], 10, "A", decks=[["10C"]], rules={"variant": "italian_forty"})
    assert caught.value.code == "invalid_card"


# --- V-P3: half of each stake on an opening pair --------------------------------------


def test_V_P3a_the_bank_takes_half_of_each_stake_rounded_down():
    table = new_table(["A", "B", "C"], 100, "A", decks=[["KH", "KS"]], rules={"variant": "half_on_pair"})
    for move in (Move("A", "bank", 12), Move("B", "stake", 5), Move("C", "stake", 7)):
        table, events = apply(table, move)
    assert table.bank is not None and table.bank.amount == 12 + 2 + 3
    assert table.balances == (88, 98, 97)
    text = lansquenet.event_text(events[-1].json(), "en")
    assert "half of each stake" in text and "5" in text


# --- V-P4, V-R8: everything that carries a game carries its rules ---------------------


@pytest.mark.parametrize("name", [name for name in PRESETS if name != "standard"])
def test_V_R8_computer_players_play_every_preset_to_its_end(name):
    scenario = play_session(4, 8, seed=5, rules={"variant": name})
    assert scenario["rules"] == {"variant": name}
    result = replay(scenario)
    assert result["status"] == "finished"
    assert sum(result["balances"].values()) == 400  # R-T3: counters conserved


def test_V_R8_computer_players_withdraw_after_a_half_pair():
    withdrawn = []
    for seed in range(40):
        scenario = play_session(4, 10, seed=seed, rules={"variant": "half_on_pair"})
        withdrawn += [a for a in scenario["actions"] if a["do"] == "withdraw"]
    assert withdrawn


def test_V_R8_a_quick_game_keeps_its_rules():
    game = quick_game(4, rules={"variant": "italian_forty"})
    assert Session(game).scenario()["rules"] == {"variant": "italian_forty"}


def test_V_R8_bots_on_the_command_line_take_a_variant_and_refuse_bad_rules(capsys):
    assert main(["bots", "--players", "3", "--deals", "2", "--variant", "two_packs"]) == 0
    scenario = json.loads(capsys.readouterr().out)
    assert scenario["rules"] == {"variant": "two_packs"} and replay(scenario)["status"] == "finished"
    assert main(["bots", "--variant", "two_packs", "--packs", "2"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "invalid_rules"
    assert main(["bots", "--packs", "3", "--pack", "32", "--successor", "left", "--pair-share", "1/2"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == {
        "packs": 3,
        "pack": "32",
        "pair_share": "1/2",
        "successor": "left",
    }


# --- the narration: two copies of one card meet ---------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "7♠ and 7♠, from two packs"), ("fr", "7♠ et 7♠, de deux jeux")]
)
def test_V_P1d_the_narration_says_two_copies_of_one_card_meet(lang, words):
    scenario = json.loads(
        (SPEC / "conformance" / "variants" / "packs-two-identical-pair.json").read_text("utf-8")
    )
    texts = [step["text"] for step in lansquenet.trace(scenario, lang)]
    card = Card.parse(scenario["decks"][0][0])
    assert str(card) == "7S"
    assert any(words in text for text in texts), texts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("rules", "named"),
    [
        ([], None),
        ({"pakcs": 2}, "pakcs"),
        ({"pack": 40}, "pack"),
        ({"variant": "two_packs", "packs": 2}, "packs"),
    ],
)
def test_V_R5_a_refused_rule_is_said_in_words_naming_it(rules, named, lang):
    # Bad input: a sentence in the reader's language, which names the rule at fault.
    out = lansquenet.session(
        {"players": ["A", "B"], "first_banker": "A", "rules": rules, "actions": []}, lang
    )
    assert out["error"]["code"] == "invalid_rules" and out["steps"] == []
    message = out["error"]["message"]
    assert message and "{" not in message
    assert named is None or named in message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_V_R5_each_check_has_its_own_sentence(lang):
    said = set()
    rules: object
    for rules in ([], {"x": 2}, {"pack": 40}, {"variant": "two_packs", "packs": 2}, {"variant": "x"}):
        out = lansquenet.session(
            {"players": ["A", "B"], "first_banker": "A", "rules": rules, "actions": []}, lang
        )
        said.add(out["error"]["message"])
    assert len(said) == 5
