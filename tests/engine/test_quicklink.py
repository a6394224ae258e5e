"""A quick game's short link (lansquenet.quicklink, the bridge's ``short`` op): its seed
and the reader's moves replay the whole game, and a 6-deal game's link fits one QR code
(issue 33: at most 1 000 characters)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lansquenet import bots, quicklink
from lansquenet.session import Session
from lansquenet.web import handle

# The longest address the site's play page has, before the fragment.
PAGE = "https://lansquenet.github.io/lansquenet/en/play/"


def played(seed: int, deals: int = 6, names: tuple[str, ...] = (), rules: dict | None = None) -> Session:
    """A whole quick game, every seat's move (the reader's too) a computer player's."""
    scenario = bots.quick_game(seed, deals, list(names), rules)
    session = Session(scenario)
    while (seat := session.table.to_act) is not None:
        table = session.table
        player = table.players[seat]
        temperament = scenario["computer"].get(player, "bold")
        move, _, _ = bots.decide(table, seat, temperament, bots.generator(seed, len(session)))
        session.push(move)
    return session


@pytest.mark.parametrize("seed", range(12))
def test_a_six_deal_quick_game_fits_one_code_and_replays_the_same_game(seed: int) -> None:
    session = played(seed)
    text = quicklink.text_of(session)
    assert text is not None
    url = f"{PAGE}#quick={text}&step={session.count - 2}"
    assert len(url) <= 1000, url
    assert quicklink.scenario_of(text) == session.scenario()


# A class's table (the class view's, issue 33): the names its pupils typed, among them
# what a link must escape, each way.
CLASS = ("Zoé", "Yann", "J.-P.", "Ana~María, 2")


@pytest.mark.parametrize("seed", range(6))
def test_a_class_tables_six_deal_game_fits_one_code_with_its_names(seed: int) -> None:
    session = played(seed, 6, CLASS[: 2 + seed % 3])
    text = quicklink.text_of(session)
    assert text is not None and text.count("~") == 1
    url = f"{PAGE}#quick={text}&step={session.count - 2}"
    assert len(url) <= 1000, url
    assert quicklink.scenario_of(text) == session.scenario()
    assert session.scenario()["players"][: 2 + seed % 3] == list(CLASS[: 2 + seed % 3])


@pytest.mark.parametrize("bad", ["~%FF", "~Zoé", "~" + ",".join("ABCDEFGHIJK"), "~A%2"])
def test_a_short_link_with_names_it_cannot_hold_is_not_a_game(bad: str) -> None:
    answer = json.loads(handle(json.dumps({"op": "short", "link": "6.3.0." + bad, "lang": "en"})))
    assert answer["error"]["code"] == "not_a_scenario"


def test_the_bridge_opens_a_short_link_as_the_game_itself() -> None:
    session = played(4, 3)
    text = quicklink.text_of(session)
    opened = json.loads(handle(json.dumps({"op": "short", "link": text, "lang": "fr"})))
    assert opened["scenario"] == session.scenario()
    assert opened["count"] == session.count
    assert json.loads(handle('{"op": "short"}')) == {"short": text}


def test_a_game_whose_computer_move_is_not_theirs_has_no_short_link() -> None:
    scenario: dict[str, Any] = played(5).scenario()
    computer = scenario["computer"]
    at = next(
        i
        for i, a in enumerate(scenario["actions"])
        if a["by"] in computer and a["do"] == "stake" and a["amount"] > 1
    )
    changed = {**scenario["actions"][at], "amount": scenario["actions"][at]["amount"] - 1}
    session = Session({**scenario, "actions": [*scenario["actions"][:at], changed]})
    assert quicklink.text_of(session) is None
    # A table that is not a quick game's has none either.
    assert quicklink.text_of(Session({"players": ["A", "B"], "first_banker": "A", "actions": []})) is None


def test_a_refused_move_in_a_short_link_opens_the_game_before_it_and_says_why() -> None:
    opened = json.loads(handle('{"op": "short", "link": "6.9.60.b999999999", "lang": "en"}'))
    assert opened["refused"]["action"]["amount"] == 999999999
    assert opened["refused"]["message"]


@pytest.mark.parametrize("text", ["", "oops", "4.1.0.", "6.1.0.x1", "6.1.0.b1ee", 12])
def test_what_is_not_a_short_link_is_not_a_scenario(text: object) -> None:
    answer = json.loads(handle(json.dumps({"op": "short", "link": text})))
    assert answer["error"]["code"] == "not_a_scenario"


# --- V-R8: a quick game under other rules carries them in a few characters -----------

RULED = [
    ({"variant": "two_packs"}, "!t"),
    ({"variant": "six_packs"}, "!s"),
    ({"variant": "italian_forty"}, "!i"),
    ({"variant": "half_on_pair"}, "!h"),
    ({"packs": 3, "pack": "32"}, "!332"),
    ({"successor": "left"}, "!152l"),
    ({"packs": 2, "pair_share": "1/2", "successor": "left"}, "!252hl"),
]


@pytest.mark.parametrize(("rules", "code"), RULED, ids=[code for _, code in RULED])
def test_V_R8_a_short_link_carries_the_rules_and_replays_the_same_game(rules: dict, code: str) -> None:
    session = played(7, 6, ("Zoé",), rules)
    text = quicklink.text_of(session)
    assert text is not None and text.endswith(code)
    assert quicklink.scenario_of(text) == session.scenario()
    assert session.scenario()["rules"] == rules
    opened = json.loads(handle(json.dumps({"op": "short", "link": text, "lang": "en"})))
    assert opened["scenario"] == session.scenario() and opened["count"] == session.count


@pytest.mark.parametrize("seed", range(3))
def test_V_R1_every_older_short_link_still_opens_the_standard_game(seed: int) -> None:
    session = played(seed)
    text = quicklink.text_of(session)
    assert text is not None and "!" not in text
    assert "rules" not in quicklink.scenario_of(text)


@pytest.mark.parametrize("bad", ["!x", "!7", "!952", "!148", "!t!s", "!"])
def test_V_R8_a_short_link_with_rules_it_cannot_read_is_not_a_game(bad: str) -> None:
    answer = json.loads(handle(json.dumps({"op": "short", "link": "6.3.0." + bad, "lang": "en"})))
    assert answer["error"]["code"] == "not_a_scenario"
