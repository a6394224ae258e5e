"""A game carried to the play page in the other language, without replaying it.

The language switcher leads to the play page's twin with the game's link. Opened from
the link alone, the new page's engine replays every action, and at move 1 000 that is
most of the switch (benchmark 9c). So before the page leaves, it asks its engine for the
session's record for the link it shows (:func:`record`, the bridge's ``carry`` op) and
keeps it in the tab; the next page opens the link with it (``open`` with ``carry``).
:func:`resume` gives the session back holding the steps an ``open`` answer shows
(:meth:`Session.tail`); the earlier ones are replayed from the scenario the first time
they are asked for (the story's start, an undo back that far, a step far back).

A record holds the session's scenario, its tail and the digest (SHA-256) of the link's
text it was made for, once that link was read and found to hold exactly the session's
scenario: pickled, compressed, in base64url. It is used only with that very link: the
new page's link is not read again (reading and comparing 1 000 actions is most of an
open's cost in a worker just started), only its digest taken; any other link is replayed
as if there were no record. Reading one rebuilds the engine's own records only (its
frozen dataclasses, named tuples and enums), never calls anything else: a record that
holds anything else, or is no record, gives None, and the link is replayed. A reader
never sees an error for it.

>>> from lansquenet import load
>>> link = "a game's link"  # web.py reads it first: it must hold the session's scenario
>>> played = Session(load("worked-example"))
>>> again = resume(record(played, link), link)
>>> again.count == played.count, again.state() == played.state()
(True, True)
>>> resume(record(played, link), "another game's link") is None
True
>>> resume("bm90IGEgcmVjb3Jk", link) is None  # not a record
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
from typing import Any, TypeGuard

if sys.version_info >= (3, 12):  # built in (Pyodide's Python too): no hashlib.py to ship
    from _sha2 import sha256
else:
    from hashlib import sha256

from .limits import MAX_BYTES
from .session import Session, Tail

FORMAT = 2  # what a record holds; another engine's records are another format
LIMIT = 4 * MAX_BYTES  # the most bytes a record unpacks to (a 16 MB scenario and its tail)


def record(session: Session, link: str) -> str:
    """The record of ``session`` for the permalink's text ``link``, which holds exactly
    the session's scenario (the caller has read it): the link's digest, the scenario,
    its table and its tail, as text."""
    held = (FORMAT, _digest(link), session.scenario(), dict(session.setup), session.tail())
    return base64.urlsafe_b64encode(zlib.compress(dumps(held, protocol=5))).decode("ascii")


def resume(text: str, link: str) -> Session | None:
    """The session a record holds, if it was made for exactly the permalink's text
    ``link``; else None."""
    try:
        packed = base64.urlsafe_b64decode(text.encode("ascii"))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, LIMIT)
        if not unpacker.eof or unpacker.unused_data:  # larger than any record, or more than one
            return None
        held = _load(raw)
    except (ValueError, EOFError, zlib.error, TypeError, AttributeError):
        return None  # not base64url, not compressed, not a pickle, or not only the engine's records
    if not (isinstance(held, tuple) and len(held) == 5 and held[0] == FORMAT):
        return None
    _, digest, scenario, setup, tail = held
    if digest != _digest(link) or not isinstance(setup, dict) or not _fits(scenario, tail):
        return None
    return Session.resumed(scenario, setup, tail)


def _digest(link: str) -> bytes:
    return sha256(link.encode("utf-8", "surrogatepass")).digest()


def _fits(scenario: object, tail: object) -> TypeGuard[dict[str, Any]]:
    """Whether ``scenario`` holds actions and ``tail`` is a tail of a session of its length."""
    if not isinstance(tail, Tail) or not (tail.steps and tail.stack and tail.starts):
        return False
    if not isinstance(scenario, dict) or not isinstance(scenario.get("actions"), list):
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
