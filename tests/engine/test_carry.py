"""A game carried to the page in the other language (lansquenet.carry, the bridge's
``carry`` op and ``open`` with ``carry``): the game opened from its record answers
exactly as the game replayed from its link, at the open and at every request after it
(the story from its start, the ledger, a step far back, an undo back past the last deal,
a move, the end, the short link), while the open itself neither reads the link nor
replays anything. A record is made only for the link of the game open; a record of
anything else, or used with another link, is ignored: the link is replayed, and the
reader sees no error."""

from __future__ import annotations

import base64
import json
import pickle
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import ask, least_action, permalink, scenario_in, story_of

import lansquenet
from lansquenet import Session, carry, web
from lansquenet.games import COURT
from localsite.games import cycle, long_scenario


def quick_game(actions: int, **quick: Any) -> dict[str, Any]:
    """A quick game (a reader and computer players) played for ``actions`` actions: the
    computer players' moves by ``bot``, the reader's the first legal one at its least."""
    position = ask(op="quick", seed=5, deals=10, lang="fr", **quick)["step"]
    while True:
        scenario = ask(op="scenario")["scenario"]
        to_act = position["state"]["to_act"]
        if len(scenario["actions"]) >= actions or to_act is None:
            return scenario
        if to_act["player"] in scenario.get("computer", {}):
            answer = ask(op="bot")
        else:
            answer = ask(op="move", action=least_action(to_act))
        assert "error" not in answer, answer
        position = answer["step"]


GAMES = {
    "worked example": lambda: lansquenet.load("worked-example"),
    "a long game of deals alike": lambda: cycle(300),
    "a seeded six-player game": lambda: long_scenario(400, 11),
    "a quick game with computer players": lambda: quick_game(120),
    "a quick game of six packs": lambda: quick_game(90, rules={"variant": "six_packs"}),
    "the court game": lambda: quick_game(60, rules={"game": COURT.id, "fonds": 2}),
    "a game whose time is up": lambda: {**cycle(100), "ended": True},
}


def recorded(data: dict[str, Any]) -> str:
    """The record the page before keeps: the game opened there (in French), then ``carry``."""
    link = permalink(data)
    assert "error" not in ask(op="open", link=link, lang="fr")
    kept: str = ask(op="carry", link=link)["carry"]
    return kept


def as_the_page_reads(opened: dict[str, Any], link: str) -> dict[str, Any]:
    """A carried game's open answer as the page completes it (session.js ``link``): the
    scenario left out, said so, and taken from the link."""
    assert opened.pop("carried") is True and "scenario" not in opened, opened
    return {**opened, "scenario": scenario_in("#scenario=" + link)}


def afterwards(opened: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The requests a reader's page may send after the open, and their answers."""
    yield story_of(opened)  # the whole story, from its first sentence
    yield ask(op="ledger", **{"from": 0})
    yield ask(op="steps", **{"from": 0, "to": 3})  # a step far back
    yield ask(op="steps", **{"from": opened["count"] - 3, "to": opened["count"]})
    yield ask(op="short")
    yield ask(op="scenario")
    first = opened["scenario"]["actions"][0]["by"] if opened["scenario"]["actions"] else "nobody"
    yield ask(op="undo", to=[first])  # back past the last deal
    yield ask(op="undo")
    to_act = ask(op="steps", **{"from": 0, "to": 1})["steps"][0]["state"]["to_act"]
    if to_act is not None:
        yield ask(op="move", action={"by": to_act["player"], "do": "pass"})  # may be refused
    yield ask(op="end")
    yield ask(op="scenario")


def undone(opened: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Undo after undo from the open, back past the steps a carried game holds, then a
    move and the story."""
    for _ in range(12):
        yield ask(op="undo")
    yield ask(op="undo", to=[opened["scenario"]["players"][0]])
    moved = ask(op="bot")  # may be refused: no computer player, or none to act
    yield moved
    yield ask(op="story", to=moved.get("count", opened["from"]))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("then", [afterwards, undone])
def test_a_carried_game_answers_as_the_game_replayed_from_its_link(game: str, then: Any) -> None:
    data = GAMES[game]()
    link = permalink(data)
    kept = recorded(data)
    replayed = ask(op="open", link=link, lang="en")
    plain = [replayed, *then(replayed)]
    recorded(data)
    opened = as_the_page_reads(ask(op="open", link=link, lang="en", carry=kept), link)
    assert [opened, *then(opened)] == plain


def test_a_carried_game_is_opened_without_reading_its_link_nor_a_replay_and_replayed_when_its_start_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = long_scenario(400, 11)
    kept = recorded(data)
    pushed: list[object] = []
    read: list[object] = []
    push, link_json = Session.push, web.linked

    def counted(self: Session, action: Any) -> Any:
        pushed.append(action)
        return push(self, action)

    def reading(text: object) -> Any:
        read.append(text)
        return link_json(text)

    monkeypatch.setattr(Session, "push", counted)
    monkeypatch.setattr(web, "linked", reading)
    opened = ask(op="open", link=permalink(data), lang="en", carry=kept)
    assert opened["actions"] == 400 and opened["from"] > 0 and pushed == [] and read == []
    assert opened["carried"] is True and "scenario" not in opened  # the page has it: the link
    assert ask(op="story", to=opened["from"], **{"from": opened["from"] - 2})[
        "texts"
    ]  # the last deal's start
    assert pushed == []
    assert ask(op="steps", **{"from": 0, "to": 1})["steps"][0]["event"]["code"] == "session_started"
    assert len(pushed) == 400  # the whole game replayed once, when its first step was asked for
    ask(op="steps", **{"from": 1, "to": 2})
    assert len(pushed) == 400


def _packed(held: object) -> str:
    return base64.urlsafe_b64encode(zlib.compress(pickle.dumps(held, protocol=5))).decode("ascii")


class Stranger:
    """Not one of the engine's records."""


def test_a_record_of_anything_else_is_ignored_and_the_link_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    data = cycle(60)
    kept = recorded(data)
    other = recorded(cycle(61))
    link = permalink(data)
    expected = ask(op="open", link=link, lang="en")
    tail = Session(data).tail()
    digest = carry._digest(link)
    for wrong in (
        other,  # another game's record
        recorded({**data, "ended": True}),  # the same actions, the time up
        kept[:-8],  # cut short
        kept + "AAAA",
        "not a record",
        base64.urlsafe_b64encode(b"not compressed").decode(),
        base64.urlsafe_b64encode(zlib.compress(b"not a pickle")).decode(),
        _packed((carry.FORMAT + 1, digest, data, {}, tail)),  # another engine's format
        _packed((carry.FORMAT, carry._digest(permalink(cycle(61))), data, {}, tail)),  # made for another link
        _packed((carry.FORMAT, digest, data, {}, "a tail")),
        _packed((carry.FORMAT, digest, data, {}, tail._replace(done=0))),  # a tail of another length
        _packed((carry.FORMAT, digest, {**data, "actions": None}, {}, tail)),  # no actions
        _packed((carry.FORMAT, digest, data, {}, Stranger())),  # a class that is not the engine's
        _packed((carry.FORMAT, digest, data, {}, print)),  # a function
        12,  # not text
    ):
        assert ask(op="open", link=link, lang="en", carry=wrong) == expected, str(wrong)[:40]
    monkeypatch.setattr(carry, "LIMIT", 1000)  # a record that unpacks beyond the limit
    assert ask(op="open", link=link, lang="en", carry=kept) == expected


def test_a_record_is_the_open_session_s_for_its_own_link_and_none_otherwise() -> None:
    web._worker.session = None
    data = cycle(30)
    link = permalink(data)
    assert ask(op="carry", link=link)["error"]["code"] == "no_session"
    kept = recorded(data)
    again = ask(op="carry", link=link)
    assert json.dumps(again) == json.dumps({"carry": kept})  # the same game, the same record
    assert len(kept) < len(link) * 2
    for wrong in (permalink(cycle(31)), permalink({**data, "ended": True}), "not a link!", None, 12):
        answer = ask(op="carry", **({} if wrong is None else {"link": wrong}))
        assert answer["error"]["code"] in ("bad_request", "not_a_scenario") and "carry" not in answer, wrong
    assert ask(op="scenario")["scenario"] == data  # the session as it was
