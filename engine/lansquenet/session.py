"""The game as an object: a table and its move stack, like python-chess's ``Board``.

A :class:`Session` replays a scenario (CONFORMANCE.md) once, then plays one action at
a time: :meth:`~Session.push` applies an action and returns only its new steps,
:meth:`~Session.pop` takes the last one back in constant time (the frozen tables are
kept on a stack: nothing is replayed), :meth:`~Session.end` is "time is up" (R-P4).
Steps are kept as (event, table) pairs (:meth:`~Session.step`). A session is the game
only: its sentences, views and diagrams are made by :mod:`lansquenet.view` over it, and
only for the steps asked for (``view.steps(session, start, stop, lang)``, the ledger
``view.ledger(session, start, lang)``). So a move costs the same at move 5 and at move
1 000, and ``replay``, ``trace`` and the command line are linear.

>>> from lansquenet import load
>>> session = Session(load("worked-example"))
>>> session.state()["balances"], len(session), session.count
({'A': 88, 'B': 105, 'C': 107}, 3, 11)
>>> [event.code for event, _ in session.push({"by": "B", "do": "bank", "amount": 10})][:2]
['bank_announced']
>>> session.pop()["do"], session.count
('bank', 11)
>>> event, table = session.step(9)
>>> event.code, table.balances
('players_win', (88, 105, 107))
>>> session.push({"by": "A", "do": "bank", "amount": 10})
Traceback (most recent call last):
lansquenet.refusals.Refusal: not_your_turn
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .limits import MAX_DEPTH, safe_whole, too_deep
from .refusals import NotAScenario, Refusal
from .rules import DEFAULT_BALANCE, Event, Move, Step, end, legal_moves, new_table, play
from .table import Phase, Table, state_json

REQUIRED = ("players", "first_banker", "actions")
# The keys of a scenario's table kept (CONFORMANCE.md, and the page's ``computer``
# players); any other key is ignored, never echoed back (CONFORMANCE.md, "Limits").
TABLE_KEYS = ("players", "balance", "first_banker", "decks", "seed", "finish_after", "computer")
END = {"do": "end"}  # on the move stack, the entry of "time is up" (R-P4)


def check_shape(data: object) -> dict[str, Any]:
    """Refuse what is not a scenario at all (exit 1): wrong types, missing keys."""
    if not isinstance(data, dict):
        raise NotAScenario("a scenario is a JSON object")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise NotAScenario("missing keys: " + ", ".join(missing))
    if not isinstance(data["players"], list):
        raise NotAScenario("players must be a list")
    if not isinstance(data["actions"], list) or not all(isinstance(a, dict) for a in data["actions"]):
        raise NotAScenario("actions must be a list of objects")
    decks = data.get("decks", [])
    if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
        raise NotAScenario("decks must be a list of lists of cards")
    if not isinstance(data.get("ended", False), bool):
        raise NotAScenario("ended must be true or false")
    for key, least in (("seed", 0), ("finish_after", 1)):  # CONFORMANCE.md, "Limits" (null: absent)
        if data.get(key) is not None and not safe_whole(data[key], least):
            raise NotAScenario(f"{key} must be a whole number from {least} to 2^53 - 1")
    if too_deep(data):
        raise NotAScenario(f"nested more than {MAX_DEPTH} levels deep, or a number that is not finite")
    return data


def table_of(data: dict[str, Any]) -> Table:
    """The table a scenario starts from (a :class:`Refusal` if the table is wrong)."""
    return new_table(
        data["players"],
        data.get("balance", DEFAULT_BALANCE),
        data["first_banker"],
        decks=data.get("decks", []),
        seed=data.get("seed") or 0,
        finish_after=data.get("finish_after"),
    )


def move_of(action: dict[str, Any] | Move) -> Move:
    """The move an action of a scenario stands for."""
    if isinstance(action, Move):
        return action
    by, do = action.get("by"), action.get("do")
    # A missing or non-string ``by`` names nobody: "" is no player's name (R-S1).
    return Move(by if isinstance(by, str) else "", do if isinstance(do, str) else "", action.get("amount"))


def action_of(move: Move) -> dict[str, Any]:
    """The scenario's action for a move."""
    action: dict[str, Any] = {"by": move.player, "do": move.do}
    if move.amount is not None:
        action["amount"] = move.amount
    return action


class Session:
    """A scenario being played: its steps so far, and its actions on a stack.

    ``Session(scenario)`` raises :class:`NotAScenario` for what is not a scenario,
    and the :class:`Refusal` of a wrong table or of a refused action. With
    ``strict=False`` a refused action stops the replay instead and is kept in
    :attr:`refused` as ``(index, refusal)``: the session holds every action before
    it (a wrong table still raises: there is no game to hold).
    """

    def __init__(self, scenario: dict[str, Any], *, strict: bool = True) -> None:
        data = check_shape(scenario)
        self._setup = {k: data[k] for k in TABLE_KEYS if k in data}
        table = table_of(data)
        assert table.to_act is not None
        first = Event(
            "session_started", {"player": table.players[table.to_act], "balance": table.balances[0]}
        )
        self._steps: list[Step] = [(first, table)]
        # One entry per action: the action, the table before it, the steps before it.
        self._stack: list[tuple[dict[str, Any], Table, int]] = []
        self.refused: tuple[int, Refusal] | None = None
        for index, action in enumerate(data["actions"]):
            try:
                self.push(action)
            except Refusal as refusal:
                if strict:
                    raise
                self.refused = (index, refusal)
                return
        if data.get("ended"):
            self._end(quiet=True)

    # --- what the session is now ---------------------------------------------------

    @property
    def table(self) -> Table:
        """The table now (a frozen value)."""
        return self._steps[-1][1]

    @property
    def count(self) -> int:
        """How many steps the session has shown so far (the first is its start)."""
        return len(self._steps)

    @property
    def ended(self) -> bool:
        """Whether "time is up" was called (R-P4)."""
        return bool(self._stack) and self._stack[-1][0] is END

    def __len__(self) -> int:
        """The number of actions played (the end, once called, not counted)."""
        return len(self._stack) - self.ended

    def legal_moves(self) -> list[str]:
        """The ``do`` words the player to act may use now (empty once finished)."""
        return legal_moves(self.table) if self.table.to_act is not None else []

    def state(self) -> dict[str, Any]:
        """Exactly what ``python -m lansquenet replay`` prints for :meth:`scenario`
        (when nothing was refused)."""
        can = self.legal_moves() if self.table.to_act is not None else None
        return state_json(self.table, can)

    @property
    def setup(self) -> Mapping[str, Any]:
        """The scenario's table, read-only: its :data:`TABLE_KEYS` that were given.

        >>> Session({"players": ["A", "B"], "first_banker": "A", "seed": 3,
        ...          "actions": []}).setup["seed"]
        3
        """
        return MappingProxyType(self._setup)

    def scenario(self) -> dict[str, Any]:
        """The scenario that leads here: the table, its actions, ``ended`` if so."""
        data = dict(self._setup)
        data["actions"] = [action for action, _, _ in self._stack if action is not END]
        if self.ended:
            data["ended"] = True
        return data

    # --- playing -------------------------------------------------------------------

    def push(self, action: dict[str, Any] | Move) -> list[Step]:
        """Play one action (a scenario's action or a :class:`Move`); return its steps.

        A refused action raises its :class:`Refusal` and changes nothing.
        """
        if self.ended:
            raise Refusal("session_finished")
        before = self.table
        move = move_of(action)
        played = play(before, move)
        self._stack.append((action_of(move), before, len(self._steps)))  # known keys only
        self._steps.extend(played)
        return played

    def end(self) -> list[Step]:
        """R-P4, "time is up": stakes go back, the bank returns, players are ranked.

        Refused (``session_finished``) once the session is over.
        """
        return self._end(quiet=False)

    def _end(self, quiet: bool) -> list[Step]:
        before = self.table
        if before.phase is Phase.FINISHED:
            if not quiet:
                raise Refusal("session_finished")
            played: list[Step] = []  # a scenario may say "ended" of a finished session
        else:
            played = end(before)
        self._stack.append((END, before, len(self._steps)))
        self._steps.extend(played)
        return played

    def pop(self) -> dict[str, Any]:
        """Take back the last action (or the end) in constant time; return it.

        Raises :class:`IndexError` when there is nothing to take back.
        """
        action, _, steps = self._stack.pop()
        del self._steps[steps:]
        return action

    # --- the steps so far ------------------------------------------------------------

    def played(self, index: int) -> tuple[dict[str, Any], Table, int]:
        """Action ``index`` (from 0) as the stack holds it, the table before it and the
        index of its first step, in constant time.

        >>> from lansquenet import load
        >>> action, before, first = Session(load("worked-example")).played(2)
        >>> action["do"], before.to_act, first
        ('stake', 2, 3)
        """
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._stack[index]

    # --- what is shown, on demand ----------------------------------------------------

    def step(self, index: int) -> Step:
        """Step ``index``: its event and the table after it (``0`` is the start)."""
        return self._steps[index]

    def event(self, index: int) -> Event:
        """The event of step ``index``."""
        return self._steps[index][0]

    def deal_of(self, index: int) -> int:
        """The deal step ``index`` belongs to: the deals played before it, plus one."""
        return len(self._steps[index - 1][1].deals) + 1 if index else 1

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len(self.table.deals)
