"""What the croupier says of a step (issue 34 item 3, view.croupier): the engine's own
sentences, in both languages, for the keys T (the table), M (whose turn, the moves),
O (the odds of the moves) and S (the counters)."""

from __future__ import annotations

import pytest

import lansquenet
from lansquenet.narration import card_text, catalogue


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_croupier_says_the_bank_the_stakes_the_cards_and_every_players_counters(lang: str) -> None:
    steps = lansquenet.trace(lansquenet.load("worked-example"), lang)
    words = catalogue(lang)
    first = steps[0]["say"]
    assert first["table"].startswith(words["croupier.no_bank"].format(player="A"))
    assert words["croupier.no_cards"] in first["table"] and words["croupier.no_stakes"] in first["table"]
    for step in steps:
        state, say = step["state"], step["say"]
        for name, balance in state["balances"].items():  # S: every player's counters
            assert words["diagram.seat"].format(player=name, balance=balance) in say["counters"]
        cards = state["table"]["cards"] or {}  # T: every card the drawing shows, as the language writes it
        for code in [cards.get("bank_card"), cards.get("players_card"), *(cards.get("exposed") or [])]:
            if code:
                assert card_text(code, lang) in say["table"]
        if state["bank"]:  # T: who holds the bank, and how much
            assert say["table"].startswith(state["bank"]["holder"] + " ")
            assert str(state["bank"]["amount"]) in say["table"]
        for name, stake in state["table"]["stakes"].items():
            if stake:
                assert f"{name} {stake}" in say["table"]
        to_act = state["to_act"]
        if to_act is None:  # M at the end, and no odds to give
            assert say["moves"] == words["croupier.over"] and say["odds"] == ""
            continue
        assert to_act["player"] in say["moves"]
        for move in to_act["moves"]:  # M names every move; O gives each one's chance
            named = words[f"move.{move['do']}"]
            assert named in say["moves"]
            assert (move["odds_short"] or words["croupier.nothing"]) in say["odds"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_at_the_finish_the_croupier_says_the_game_is_over(lang: str) -> None:
    data = dict(lansquenet.load("worked-example"), finish_after=1)  # R-F1: the agreed finish after one deal
    last = lansquenet.trace(data, lang)[-1]
    assert last["state"]["to_act"] is None
    assert last["say"]["moves"] == catalogue(lang)["croupier.over"] and last["say"]["odds"] == ""
