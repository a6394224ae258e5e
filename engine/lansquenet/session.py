"""The game as an object: a table and its move stack, like python-chess's ``Board``.

A :class:`Session` replays a scenario (CONFORMANCE.md) once, then plays one action at
a time: :meth:`~Session.push` applies an action and returns only its new steps,
:meth:`~Session.pop` takes the last one back in constant time (the frozen tables are
kept on a stack: nothing is replayed), :meth:`~Session.end` is "time is up" (R-P4).
Steps are kept as (event, table) pairs (:meth:`~Session.step`), actions as
:class:`Played` entries (:meth:`~Session.played`). A session may also hold only its last
steps (:meth:`~Session.tail`, :meth:`~Session.resumed`: a game carried to the page in the
other language, :mod:`lansquenet.carry`): the earlier ones are replayed from its scenario
the first time something asks for them. A session knows its game: its
computer players and why they moved (:meth:`~Session.decisions`, :meth:`~Session.said`,
:meth:`~Session.decide`), what an undo takes back (:meth:`~Session.undo`), and
:meth:`~Session.kept` makes a series of changes all or nothing. It speaks no language:
its sentences, views and diagrams are made by :mod:`lansquenet.view` over it, and
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

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any, NamedTuple

from .bots import Decision, decide, explain, generator
from .dispatch import AnyTable, game_of, table_for
from .limits import MAX_DEPTH, safe_whole, too_deep
from .refusals import NotAScenario, NotToAct, Refusal
from .rules import DEFAULT_BALANCE, Event, Move
from .table import Phase

Step = tuple[Event, AnyTable]  # an event and the table after it, of either game

REQUIRED = ("players", "first_banker", "actions")
# The keys of a scenario's table kept (CONFORMANCE.md, and the page's ``computer``
# players); any other key is ignored, never echoed back (CONFORMANCE.md, "Limits").
TABLE_KEYS = ("players", "balance", "first_banker", "rules", "decks", "seed", "finish_after", "computer")
END = {"do": "end"}  # on the move stack, the entry of "time is up" (R-P4)


class Played(NamedTuple):
    """One entry of a session's move stack (:meth:`Session.played`)."""

    action: dict[str, Any]  # the action as played (its known keys), or END
    before: AnyTable  # the table before it
    first: int  # the index of its first step


class DealStart(NamedTuple):
    """Where a deal of the story begins (:meth:`Session.deal_starts`)."""

    step: int
    deal: int


class Tail(NamedTuple):
    """A session's last steps and actions (:meth:`Session.tail`), all an ``open`` answer
    reads: the steps from ``base`` on, the actions from ``done`` on (each entry's
    ``first`` counts every step), and where each deal begins up to step ``base``."""

    base: int
    done: int
    starts: list[DealStart]
    steps: list[Step]
    stack: list[Played]


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


def table_of(data: dict[str, Any]) -> AnyTable:
    """The table a scenario starts from, of the game its ``rules`` name (a
    :class:`Refusal` if the table is wrong)."""
    return table_for(
        data["players"],
        data.get("balance", DEFAULT_BALANCE),
        data["first_banker"],
        decks=data.get("decks", []),
        seed=data.get("seed") or 0,
        finish_after=data.get("finish_after"),
        rules=data.get("rules"),
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
    it (a wrong table still raises: there is no game to hold). With ``checked=True``,
    the caller has already passed ``scenario`` through :func:`check_shape` (the bridge
    reads every scenario so before it opens one: the walk over a long link's values is
    not done twice, benchmark 9c).
    """

    def __init__(self, scenario: dict[str, Any], *, strict: bool = True, checked: bool = False) -> None:
        data = scenario if checked else check_shape(scenario)
        self._setup = {k: data[k] for k in TABLE_KEYS if k in data}
        table = table_of(data)
        assert table.to_act is not None
        if table.rules.standard:  # V-R1: the standard game, however spelt, writes none
            self._setup.pop("rules", None)
        first = game_of(table).started(table)
        self._steps: list[Step] = [(first, table)]
        self._stack: list[Played] = []  # one entry per action (and the end)
        # A resumed session (:meth:`resumed`) holds the steps from ``_base`` on and the
        # actions from ``_done`` on, the deals begun up to step ``_base`` (``_starts``)
        # and the actions before (``_earlier``); :meth:`_whole` replays the rest.
        self._base = self._done = 0
        self._starts: list[DealStart] = []
        self._earlier: list[dict[str, Any]] = []
        # Inside :meth:`kept`: what to undo on failure (None: a push; else a popped
        # entry and its steps).
        self._journal: list[tuple[Played, list[Step]] | None] | None = None
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
    def table(self) -> AnyTable:
        """The table now (a frozen value)."""
        return self._steps[-1][1]

    @property
    def count(self) -> int:
        """How many steps the session has shown so far (the first is its start)."""
        return self._base + len(self._steps)

    @property
    def ended(self) -> bool:
        """Whether "time is up" was called (R-P4)."""
        return bool(self._stack) and self._stack[-1].action is END

    def __len__(self) -> int:
        """The number of actions played (the end, once called, not counted)."""
        return self._done + len(self._stack) - self.ended

    def legal_moves(self) -> list[str]:
        """The ``do`` words the player to act may use now (empty once finished)."""
        return game_of(self.table).legal_moves(self.table) if self.table.to_act is not None else []

    def state(self) -> dict[str, Any]:
        """Exactly what ``python -m lansquenet replay`` prints for :meth:`scenario`
        (when nothing was refused)."""
        can = self.legal_moves() if self.table.to_act is not None else None
        return game_of(self.table).state_json(self.table, can)

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
        data["actions"] = self._earlier + [entry.action for entry in self._stack if entry.action is not END]
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
        played = game_of(before).play(before, move)
        self._record(Played(action_of(move), before, self.count), played)  # known keys only
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
            played = game_of(before).end(before)
        self._record(Played(END, before, self.count), played)
        return played

    def _record(self, entry: Played, steps: list[Step]) -> None:
        self._stack.append(entry)
        self._steps.extend(steps)
        if self._journal is not None:
            self._journal.append(None)

    def pop(self) -> dict[str, Any]:
        """Take back the last action (or the end) in constant time; return it.

        Raises :class:`IndexError` when there is nothing to take back.
        """
        if not self._stack and self._done:
            self._whole()  # back before the steps a resumed session holds
        entry = self._stack.pop()
        at = entry.first - self._base
        if self._journal is not None:
            self._journal.append((entry, self._steps[at:]))
        del self._steps[at:]
        return entry.action

    def undo(self, seats: tuple[str, ...] | list[str] | None = None) -> int:
        """Take back the end, or else the last action; with ``seats``, every action back
        to (and with) the last one of a seat among them: a reader's "back to my move".
        Returns how many were taken back (0: nothing to take back, nothing changed).

        >>> from lansquenet import load
        >>> session = Session(load("worked-example"))
        >>> session.undo(["B"]), len(session), session.undo(["Z"]), len(session)
        (2, 1, 0, 1)
        >>> _ = session.end()
        >>> session.undo(["Z"]), session.ended, len(session)
        (1, False, 1)
        """
        if self.ended:
            taken = 1
        elif seats is None:
            taken = 1 if len(self) else 0
        else:
            last = self.last_by(seats)
            taken = 0 if last is None else len(self) - last
        for _ in range(taken):
            self.pop()
        return taken

    @contextmanager
    def kept(self) -> Iterator[None]:
        """All or nothing: whatever fails inside leaves the session as it was (what was
        played inside is taken back, what was taken back is played again), at the cost
        of what changed only.

        >>> from lansquenet import load
        >>> session = Session(load("worked-example"))
        >>> with session.kept():
        ...     _ = session.pop(), session.pop(), session.push({"by": "B", "do": "stake", "amount": 3})
        ...     raise KeyError("fails")
        Traceback (most recent call last):
        KeyError: 'fails'
        >>> session.scenario() == load("worked-example"), session.count
        (True, 11)
        """
        outer = self._journal
        journal: list[tuple[Played, list[Step]] | None] = []
        self._journal = journal
        try:
            yield
        except BaseException:
            self._journal = None
            for change in reversed(journal):
                if change is None:  # played inside: taken back
                    self.pop()
                else:  # taken back inside: played again
                    entry, steps = change
                    self._stack.append(entry)
                    self._steps.extend(steps)
            raise
        finally:
            self._journal = outer
        if outer is not None:
            outer.extend(journal)

    # --- the steps so far ------------------------------------------------------------

    def played(self, index: int) -> Played:
        """Action ``index`` (from 0) as the stack holds it, the table before it and the
        index of its first step, in constant time.

        >>> from lansquenet import load
        >>> entry = Session(load("worked-example")).played(2)
        >>> entry.action["do"], entry.before.to_act, entry.first
        ('stake', 2, 3)
        """
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._entry(index)

    def _entry(self, index: int) -> Played:
        """Stack entry ``index`` (0 <= index, the end's entry too)."""
        if index < self._done:
            self._whole()
        return self._stack[index - self._done]

    def last_by(self, seats: tuple[str, ...] | list[str]) -> int | None:
        """The index of the last action played by one of ``seats`` (None if none); the
        scan goes back from the end, as far as that action.

        >>> from lansquenet import load
        >>> session = Session(load("worked-example"))
        >>> session.last_by(["A"]), session.last_by(["A", "B"]), session.last_by(["Z"])
        (0, 1, None)
        """
        index = len(self) - 1
        while index >= 0 and self._entry(index).action.get("by") not in seats:
            index -= 1
        return index if index >= 0 else None

    # --- what is shown, on demand ----------------------------------------------------

    def step(self, index: int) -> Step:
        """Step ``index``: its event and the table after it (``0`` is the start)."""
        if index < self._base:
            self._whole()
        return self._steps[index - self._base]

    def event(self, index: int) -> Event:
        """The event of step ``index``."""
        return self.step(index)[0]

    def deal_of(self, index: int) -> int:
        """The deal step ``index`` belongs to: the deals played before it, plus one."""
        if 0 < index <= self._base:  # a resumed session: where the deals began is known
            return self._starts[bisect_right(self._starts, index, key=lambda at: at.step) - 1].deal
        return len(self.step(index - 1)[1].deals) + 1 if index else 1

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len(self.table.deals)

    def deal_starts(self, since: int = 0) -> list[DealStart]:
        """Where each deal begins among the steps from ``since`` on.

        >>> from lansquenet import load
        >>> Session(load("worked-example")).deal_starts()
        [DealStart(step=0, deal=1), DealStart(step=10, deal=2)]
        """
        starts, last = [], self.deal_of(since - 1) if since else 0
        if self._base and since <= self._base:  # a resumed session: those begun up to _base
            starts = [at for at in self._starts if at.step >= since]
            last, since = self._starts[-1].deal, self._base + 1
        elif since == 0 and self.count:
            starts.append(DealStart(0, 1))  # deal_of(0): the first step begins deal 1
            last, since = 1, 1
        steps, base = self._steps, self._base + 1
        for index in range(since, self.count):
            deal = len(steps[index - base][1].deals) + 1  # deal_of(index), inlined
            if deal != last:
                starts.append(DealStart(index, deal))
                last = deal
        return starts

    # --- the computer players ---------------------------------------------------------

    @property
    def computer(self) -> Mapping[str, Any]:
        """The computer players (the scenario's ``computer``): name -> temperament.

        >>> Session({"players": ["A", "B"], "first_banker": "A", "computer": {"B": "bold"},
        ...          "actions": []}).computer["B"]
        'bold'
        """
        found = self._setup.get("computer")
        return MappingProxyType(found if isinstance(found, dict) else {})

    @property
    def seed(self) -> object:
        """The game's seed (0 if none): its computer players' decisions draw from it."""
        return self._setup.get("seed") or 0

    def decide(self, temperament: str | None = None) -> Decision:
        """The move of the player to act as a computer player would make it now, of
        ``temperament``, else of theirs (:attr:`computer`), else steady; seeded by the
        game's seed and the number of actions, so a replay decides the same.

        Raises :class:`NotToAct` when no one is to act, and
        :class:`~lansquenet.refusals.UnknownTemperament`.

        >>> session = Session({"players": ["A", "B"], "first_banker": "A", "seed": 3,
        ...                    "computer": {"A": "bold"}, "actions": []})
        >>> session.decide()
        Decision(move=Move(player='A', do='bank', amount=33), reason='bank_large', params={'player': 'A', 'amount': 33})
        """
        table = self.table
        if table.to_act is None:
            raise NotToAct("no one is to act")
        chosen = temperament or self.computer.get(table.players[table.to_act]) or "steady"
        return decide(table, table.to_act, chosen, generator(self.seed, len(self)))

    def decision(self, index: int) -> Decision | None:
        """The computer player's decision behind action ``index``, if it was one (an
        action a link changed is none)."""
        action, before, _ = self.played(index)
        temperament = self.computer.get(str(action.get("by")))
        if not isinstance(temperament, str):
            return None
        return explain(before, action, temperament, self.seed, index)

    def decisions(self, since: int, stop: int | None = None) -> dict[int, Decision]:
        """The computer players' decisions behind the actions whose steps start at
        ``since`` or later (and before ``stop``): first step -> decision, in order.

        >>> session = Session({"players": ["A", "B"], "first_banker": "A", "seed": 3,
        ...                    "computer": {"A": "bold"}, "actions": []})
        >>> _ = session.push(session.decide().move)
        >>> {step: decision.reason for step, decision in session.decisions(0).items()}
        {1: 'bank_large'}
        """
        if stop is not None and self._done and (not self._stack or stop <= self._stack[0].first):
            self._whole()  # the actions before ``stop`` begin before the steps held
        done = self._done
        last = (
            len(self)
            if stop is None
            else done + bisect_left(self._stack, stop, hi=len(self) - done, key=lambda e: e.first)
        )
        found: dict[int, Decision] = {}
        index = last - 1
        while index >= 0 and self._entry(index).first >= since:
            decision = self.decision(index)
            if decision is not None:
                found[self._entry(index).first] = decision
            index -= 1
        return dict(reversed(found.items()))

    def said(self) -> Decision | None:
        """What the last computer player says now: the decision behind the last action,
        while the deal it was made in goes on (None after a reader's action, a deal's
        end, the session's end, and when a new bank is to be announced, R-P5)."""
        if self.ended or not len(self) or self.table.phase is Phase.ANNOUNCE:
            return None
        decision = self.decision(len(self) - 1)
        if decision is None or len(self._stack[-1].before.deals) != self.deals:
            return None
        return decision

    def undoable(self) -> bool:
        """Whether an undo back to the reader's last move (:meth:`undo` with the seats
        no computer plays) has something to take back: the end, or an action of a seat
        the reader plays (the scan stops at the reader's last action: a deal's length at
        most).

        >>> session = Session({"players": ["A", "B"], "first_banker": "A", "seed": 3,
        ...                    "computer": {"A": "bold"}, "actions": []})
        >>> _ = session.push(session.decide().move)
        >>> session.undoable()
        False
        >>> _ = session.end()
        >>> session.undoable()
        True
        """
        if self.ended:
            return True
        index = len(self) - 1
        while index >= 0 and str(self._entry(index).action.get("by")) in self.computer:  # not the reader's
            index -= 1
        return index >= 0

    # --- a session carried (lansquenet.carry) --------------------------------------------

    def tail(self) -> Tail:
        """The steps and actions an ``open`` answer reads (:mod:`lansquenet.web`): from
        the action before the last deal's first step (:meth:`decisions` stops there), and
        back to the reader's last action (:meth:`undoable` scans back to it).

        >>> from lansquenet import load
        >>> tail = Session(load("worked-example")).tail()
        >>> tail.base, tail.done, tail.starts, len(tail.steps), len(tail.stack)
        (2, 2, [DealStart(step=0, deal=1)], 9, 1)
        """
        starts = self.deal_starts()
        done = len(self) - 1 if len(self) else 0
        while done > 0 and self._entry(done).first >= starts[-1].step:
            done -= 1
        reader = self.last_by([seat for seat in self.table.players if seat not in self.computer])
        if reader is not None:
            done = min(done, reader)
        base = self._entry(done).first - 1 if len(self) else 0
        kept = [at for at in starts if at.step <= base]
        return Tail(
            base,
            done,
            kept,
            [self.step(i) for i in range(base, self.count)],
            self._stack[done - self._done :],
        )

    @classmethod
    def resumed(cls, scenario: dict[str, Any], setup: dict[str, Any], tail: Tail) -> Session:
        """The session of ``scenario`` (its table ``setup``) holding only ``tail``
        (:meth:`tail` of that session): nothing replayed until an earlier step or
        action is asked for. The caller vouches that ``tail`` is that scenario's.

        >>> from lansquenet import load
        >>> played = Session(load("worked-example"))
        >>> again = Session.resumed(played.scenario(), dict(played.setup), played.tail())
        >>> again.count, len(again), again._base, again.step(0)[0].code, again._base
        (11, 3, 2, 'session_started', 0)
        """
        session = cls.__new__(cls)
        session._setup = setup
        session._steps = list(tail.steps)
        # The end's entry is END itself (``ended`` asks which entry it is), not a copy of it.
        session._stack = [
            entry._replace(action=END) if entry.action == END else entry for entry in tail.stack
        ]
        session._base, session._done, session._starts = tail.base, tail.done, tail.starts
        session._earlier = scenario["actions"][: tail.done]
        session._journal, session.refused = None, None
        return session

    def _whole(self) -> None:
        """A resumed session's earlier steps: its scenario replayed, the steps and
        actions of the replay kept (the same as the tail's, from ``_base`` on)."""
        whole = Session(self.scenario())
        self._steps, self._stack, self._base, self._done = whole._steps, whole._stack, 0, 0
        self._starts, self._earlier = [], []
