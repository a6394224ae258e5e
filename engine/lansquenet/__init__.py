"""Lansquenet, the old French banking card game: the rules as a replayable trace.

The API in five lines::

    table = new_table(["A", "B", "C"], 100, "A", decks=[["7S", "QH", "2C", "QD"]])
    legal_moves(table)                            # ['bank']
    table, events = apply(table, Move("A", "bank", 12))
    replay(load("worked-example"))                # the JSON of CONFORMANCE.md
    trace(load("worked-example"), "fr")           # every step, narrated in French
    game = Session(load("worked-example"))        # a live game: push(), pop(); view.steps(game)

>>> table = new_table(["A", "B"], 10, "B")
>>> table, events = apply(table, Move("B", "bank", 4))
>>> legal_moves(table), table.players[table.to_act]
(['stake', 'pass', 'banco'], 'A')
"""

from . import chart, odds
from .cards import PACK, Card
from .narration import card_text, event_text, refusal_text
from .refusals import CODES, LansquenetError, NotAScenario, Refusal
from .rules import Event, Move, apply, end, legal_moves, new_table, play
from .scenario import load, names, parse, replay, session, trace
from .session import Session
from .table import Phase, Table, state_json, view_json

__all__ = [
    "CODES",
    "PACK",
    "Card",
    "Event",
    "LansquenetError",
    "Move",
    "NotAScenario",
    "Phase",
    "Refusal",
    "Session",
    "Table",
    "apply",
    "card_text",
    "chart",
    "end",
    "event_text",
    "legal_moves",
    "load",
    "names",
    "new_table",
    "odds",
    "parse",
    "play",
    "refusal_text",
    "replay",
    "session",
    "state_json",
    "trace",
    "view_json",
]
