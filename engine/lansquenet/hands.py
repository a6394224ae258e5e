"""Whole hands of the court game played through the engine's own :class:`Session`
(``python -m lansquenet simulate``): the check of COURT.md C-15 that the played game
agrees with its exact odds (:mod:`lansquenet.court_odds`), which this module never reads.

A **hand** runs from a holder taking the hand to his losing it (C-4, C-11, C-12): he deals
coup after coup, each through :meth:`Session.push`, until a coup ends ``lost``. Its value
is the sum of his changes over those coups, in units of the fonds F (C-3, C-13).

>>> result = simulate(3, 200, seed=1)
>>> result["hands"], isinstance(result["mean"], float), result["sd"] > 0
(200, True, True)
>>> simulate(3, 200, seed=1) == result  # seeded: the same hands again
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from .court import CourtTable
from .games import COURT
from .refusals import Refusal
from .rules import MAX_PLAYERS
from .session import Session

MOST_HANDS = 1_000_000
MAX_COUPS = 10_000  # a hand is never this long: keep (C-12) is at most about 1/2 a coup


def hand_seed(seed: int, hand: int) -> int:
    """The seed of hand ``hand`` of a simulation seeded ``seed``: each hand shuffles its
    own packs (C-5), drawn from both, within the scenario's seeds (at most 2^53 - 1)."""
    return random.Random(f"lansquenet-court-hand:{seed}:{hand}").randrange(
        2**53
    )  # no hashlib in the page's Python


def play_hand(people: int, seed: int) -> tuple[int, int]:
    """One hand at a table of ``people`` (C-1), the first seat holding it, played through
    a :class:`Session` with the fonds F = 1: the holder's gain over the hand and the
    number of coups it lasted."""
    names = [f"P{k + 1}" for k in range(people)]
    scenario = {
        "players": names,
        "balance": 1,
        "first_banker": names[0],
        "rules": {"game": COURT.id, "fonds": 1},
        "seed": seed,
        "actions": [],
    }
    session = Session(scenario)
    gain, coups = 0, 0
    while coups < MAX_COUPS:
        steps = session.push({"by": names[0], "do": "deal"})
        coups += 1
        event, table = steps[-1]
        assert isinstance(table, CourtTable) and event.code == "court_end"
        gain += int(event.params["amount"])
        if event.params["end"] == "lost":  # C-11: the hand passes
            return gain, coups
    raise AssertionError("a hand longer than any the rules allow")  # pragma: no cover


def simulate(people: int, hands: int, seed: int = 0) -> dict[str, Any]:
    """``hands`` whole hands at a table of ``people``: ``{"hands", "mean", "sd"}``, the
    holder's mean gain per hand in F and the standard deviation of a hand's gain (C-15:
    the mean lies within a few standard errors, sd / √hands, of the exact hand value).
    A table of fewer than 2 or more than 10 people is refused ``invalid_players`` (C-1)."""
    if not 2 <= people <= MAX_PLAYERS:
        raise Refusal("invalid_players")
    total, squares = 0, 0
    for hand in range(hands):
        gain, _ = play_hand(people, hand_seed(seed, hand))
        total += gain
        squares += gain * gain
    mean = total / hands
    variance = (squares - hands * mean * mean) / (hands - 1) if hands > 1 else 0.0
    return {"hands": hands, "mean": mean, "sd": math.sqrt(max(variance, 0.0))}
