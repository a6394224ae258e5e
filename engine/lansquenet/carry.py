"""A game carried to the play page in the other language, without replaying it.

The language switcher leads to the play page's twin with the game's link. Opened from
the link alone, the new page's engine replays every action, and at move 1 000 that is
most of the switch (benchmark 9c). So before the page leaves, it asks its engine for the
session's record (:func:`record`, the bridge's ``carry`` op) and keeps it in the tab;
the next page opens the link with it (``open`` with ``carry``). :func:`resume` gives
the session back holding the steps an ``open`` answer shows (:meth:`Session.tail`); the
earlier ones are replayed from the scenario the first time they are asked for (the
story's start, an undo back that far, a step far back).

A record holds the session's scenario and its tail: pickled, compressed, in base64url.
It is used only for the very scenario it was made from: the link opened must hold
exactly that scenario, else the link is replayed as if there were no record. Reading
one rebuilds the engine's own records only (its frozen dataclasses, named tuples and
enums), never calls anything else: a record that holds anything else, or is no record,
gives None, and the link is replayed. A reader never sees an error for it.

>>> from lansquenet import load
>>> played = Session(load("worked-example"))
>>> again = resume(record(played), load("worked-example"))
>>> again.count == played.count, again.state() == played.state()
(True, True)
>>> resume(record(played), {**load("worked-example"), "actions": []}) is None  # another game
True
>>> resume("bm90IGEgcmVjb3Jk", load("worked-example")) is None  # not a record
True
"""

from __future__ import annotations

import base64
import io
import sys
import zlib

# pickle's own implementation, in C: pickle.py, its wrapper and pure-Python twin, would
# take some 40 ms to import in the browser's worker, at the switch; this one is in
# Python's snapshot, at no cost in its heap.
from _pickle import Unpickler, UnpicklingError, dumps
from typing import Any

from .limits import MAX_BYTES
from .session import Session, Tail

FORMAT = 1  # what a record holds; another engine's records are another format
LIMIT = 4 * MAX_BYTES  # the most bytes a record unpacks to (a 16 MB scenario and its tail)


def record(session: Session) -> str:
    """The record of ``session``: its scenario, its table and its tail, as text."""
    held = (FORMAT, session.scenario(), dict(session.setup), session.tail())
    return base64.urlsafe_b64encode(zlib.compress(dumps(held, protocol=5))).decode("ascii")


def resume(text: str, scenario: dict[str, Any]) -> Session | None:
    """The session a record holds, if it was made from exactly ``scenario``; else None."""
    try:
        packed = base64.urlsafe_b64decode(text.encode("ascii"))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, LIMIT)
        if not unpacker.eof:  # larger than any record
            return None
        held = _load(raw)
    except (ValueError, EOFError, zlib.error, TypeError, AttributeError):
        return None  # not base64url, not compressed, not a pickle, or not only the engine's records
    if not (isinstance(held, tuple) and len(held) == 4 and held[0] == FORMAT):
        return None
    _, carried, setup, tail = held
    if carried != scenario or not isinstance(setup, dict) or not _fits(tail, scenario):
        return None
    return Session.resumed(scenario, setup, tail)


def _fits(tail: object, scenario: dict[str, Any]) -> bool:
    """Whether ``tail`` is a tail of a session of ``scenario``'s length."""
    if not isinstance(tail, Tail) or not (tail.steps and tail.stack and tail.starts):
        return False
    entries = len(scenario["actions"]) + bool(scenario.get("ended"))
    return tail.done + len(tail.stack) == entries and tail.stack[0].first == tail.base + 1


class _Reader(Unpickler):
    """An unpickler that finds the engine's own classes and nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        found = getattr(sys.modules.get(module), name, None) if module.startswith("lansquenet.") else None
        if not isinstance(found, type) or found.__module__ != module:
            raise ValueError(f"{module}.{name} is none of the engine's records")
        return found


def _load(raw: bytes) -> object:
    """What a pickle holds, built of the engine's own classes and nothing else (any other
    name in it: a ValueError)."""
    try:
        return _Reader(io.BytesIO(raw)).load()
    except UnpicklingError as error:
        raise ValueError(str(error)) from None
