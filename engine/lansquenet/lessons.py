"""Guided lessons: a stacked-deck table, the moves a learner is asked for, and what to say.

The lessons are data (``lessons.json``): each has a scenario set up to the moment of
the first question (a lesson of another game than RULES.md's names it by its settings,
``"game": {"fonds": 1}``: :func:`lansquenet.games.ruled_by`), the questions (``steps``), the outcome its expected path reaches
and, for the whole deal, the computer players at the table. Their words are
catalogue entries (``lesson.<id>.title``, ``.intro``, ``.ask.<k>``, ``.hint.<k>``,
``.summary``; the choices' labels ``lesson.choice.*``), in both languages.

A question is one of two kinds:

- a **move**: each choice is an action of the player to act; the engine plays it. A
  refused move is explained by the engine's refusal; a legal move that is not the one
  the lesson asks for by the lesson's hint (``expect`` null: any legal move will do);
- a **prediction**: the step names the move that is played (``play``) and the choices
  are claims about what follows (who wins the deal, a player's counters after it, who
  holds the bank or the hand after it, or which side a deal favours over many deals),
  which the engine's result, or its exact odds (:func:`lansquenet.odds.move_odds`),
  confirms or not.

A lesson may be one of the court game (COURT.md: its scenario's ``rules`` name it); its
one move, the holder's ``deal`` (C-17), makes its questions predictions.

A lesson's sentences may name the exact odds the engine computes (:func:`figures`):
``{bank_times}`` and ``{players_times}`` deals in ``{of}``, the bank's ``{edge}`` per
counter covered, and ``{hold3}``, the chance to still hold a kept bank three deals on;
in the court game with three people at the table (C-13, C-15), ``{court_hand}``, the
holder's expected gain over a whole hand in F, and ``{court_keep}``, his chance of
keeping the hand after a coup (:mod:`lansquenet.court_odds`), each also as a
percentage in the reader's language (``{court_hand_percent}``, ``{court_keep_percent}``).

:func:`run` replays a lesson with the answers given so far and judges the last one;
:func:`check` proves a lesson: its expected path is legal, each wrong choice is turned
down, and the stated outcome is reached.

>>> first = run(get("cover"), [], "en")
>>> first["question"]["choices"]
['Stake 12', 'Pass', 'Stake 7']
>>> wrong = run(get("cover"), [0], "en")
>>> wrong["accepted"], wrong["refusal"]
(False, 'stake_exceeds_uncovered')
>>> right = run(get("cover"), [2], "en")
>>> right["accepted"], right["done"], right["steps"][-1]["event"]["code"]
(True, True, 'bank_returned')
>>> len(lessons()), all(check(lesson) is None for lesson in lessons())
(10, True)
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from math import lcm
from typing import Any

from . import chart, court_odds, view
from .bots import decide, reason_text
from .court import CourtTable
from .dispatch import game_of
from .games import ruled_by
from .languages import FALLBACK, LANGUAGES
from .narration import card_text, catalogue, refusal_text
from .odds import ONE_PACK, move_odds
from .refusals import LansquenetError, Refusal
from .rules import Move
from .session import Session
from .table import Phase, Table

AUTO = "steady"  # how the learner's seat plays once the lesson's questions are over
COURT_PEOPLE = 3  # the court game's figures a lesson names: three people at the table (C-1)


@dataclass(frozen=True)
class Lesson:
    """One lesson: where it starts, what it asks, what it reaches."""

    id: str
    rule: str | None  # the rule page it teaches (``rules/covering``), if any
    scenario: dict[str, Any]
    steps: tuple[dict[str, Any], ...]
    outcome: dict[str, Any]
    computer: dict[str, str] = field(default_factory=dict)


class LessonError(LansquenetError):
    """A lesson whose data does not hold (``lessons --check`` reports it), or answers
    that do not fit the lesson."""

    code = "invalid_lesson"


@functools.cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the order a learner takes them."""
    text = (resources.files(__package__) / "lessons.json").read_text("utf-8")
    return tuple(
        Lesson(
            id=item["id"],
            rule=item["rule"],
            # Another game's lesson names it by its own settings (games.ruled_by: the
            # court game's by its fonds, COURT.md C-16), never by its id.
            scenario=item["scenario"] | ({"rules": ruled_by(item["game"])} if "game" in item else {}),
            steps=tuple(item["steps"]),
            outcome=item["outcome"],
            computer=item.get("computer", {}),
        )
        for item in json.loads(text)
    )


def get(ident: str) -> Lesson:
    """The lesson named ``ident`` (a :class:`KeyError` for no such lesson)."""
    for lesson in lessons():
        if lesson.id == ident:
            return lesson
    raise KeyError(ident)


@functools.cache
def figures() -> dict[str, Any]:
    """The exact odds a lesson's words may name, from the engine (R-D2, R-D3, R-T1,
    R-T2, R-B3), and which side a deal favours (``favoured``).

    >>> f = figures()
    >>> f["bank_times"], f["players_times"], f["of"], f["edge"], f["hold3"], f["favoured"]
    (9, 8, 17, '1/17', '729/4913', 'bank')
    """
    odds = move_odds(ONE_PACK)  # R-P1: the rules' one pack
    bank, player, keep = odds["bank"], odds["stake"], odds["keep"]
    assert bank is not None and player is not None and keep is not None
    bank_wins, players_win = Fraction(bank["win"]), Fraction(player["win"])
    of = lcm(bank_wins.denominator, players_win.denominator)
    favoured = "bank" if bank_wins > players_win else "players" if players_win > bank_wins else "even"
    return {
        "bank_times": bank_wins.numerator * of // bank_wins.denominator,
        "players_times": players_win.numerator * of // players_win.denominator,
        "of": of,
        "edge": bank["per_counter"],
        "hold3": keep["hold"][2],
        "favoured": favoured,
        "court_hand": str(court_odds.hand_value(COURT_PEOPLE)),  # C-13, in F
        "court_keep": str(court_odds.keep(COURT_PEOPLE)),
    }


def words(lesson: Lesson, key: str, lang: str, **params: Any) -> str:
    """A lesson's own sentence: ``words(lesson, "intro", "fr")``; it may name the
    engine's exact odds (:func:`figures`)."""
    found = figures()
    shares = {
        f"{name}_percent": chart.percent(float(Fraction(found[name])), lang, 1)
        for name in ("court_hand", "court_keep")
    }
    return catalogue(lang)[f"lesson.{lesson.id}.{key}"].format_map({**found, **shares, **params})


def choice_label(choice: dict[str, Any], lang: str) -> str:
    """What a choice's button says."""
    words = catalogue(lang)
    if "winner" in choice:
        return words[f"lesson.choice.winner.{choice['winner']}"]
    if "favoured" in choice:
        return words[f"lesson.choice.favoured.{choice['favoured']}"]
    if "balance" in choice:
        return words["lesson.choice.balance"].format(player=choice["balance"][0], amount=choice["balance"][1])
    if "holder" in choice:
        return words["lesson.choice.holder"].format(player=choice["holder"])
    return words[f"lesson.choice.{choice['do']}"].format(amount=choice.get("amount"))


class _Walk:
    """A lesson being played: a :class:`~lansquenet.session.Session`, the computer
    players' reasons by the step their move starts at, and the step from which the
    narrated steps are shown (``mark``); steps are narrated by the view, on demand."""

    def __init__(self, lesson: Lesson, lang: str) -> None:
        self.lesson, self.lang = lesson, lang
        self.rng = random.Random(f"lansquenet-lesson:{lesson.id}")
        self.session = Session(lesson.scenario)
        self.said: dict[int, dict[str, Any]] = {}
        self.mark = 0
        self.auto(learner=False)

    @property
    def table(self) -> Table | CourtTable:
        return self.session.table

    @property
    def name(self) -> str:
        assert self.table.to_act is not None
        return self.table.players[self.table.to_act]

    def steps(self) -> list[dict[str, Any]]:
        """The steps since ``mark``, display-ready (:func:`lansquenet.view.steps`), each
        computer player's reason before its move (with the table as it was)."""
        shown = view.steps(self.session, max(self.mark - 1, 0), None, self.lang)
        state = {step["index"]: step["state"] for step in shown}
        out: list[dict[str, Any]] = []
        for step in shown:
            index = step["index"]
            if index < self.mark:
                continue
            if index in self.said:
                out.append({**self.said[index], "state": state[index - 1]})
            out.append(step)
        return out

    def auto(self, learner: bool) -> None:
        """Computer players move while it is their turn; at a table with computer
        players, once the questions are over, the learner's seat plays on too."""
        while self.table.phase is not Phase.FINISHED:
            seat = self.table.to_act
            assert seat is not None
            temperament = self.lesson.computer.get(
                self.name, AUTO if learner and self.lesson.computer else None
            )
            if temperament is None:
                return
            move, reason, params = decide(self.table, seat, temperament, self.rng)
            self.said[self.session.count] = {
                "event": {"code": "computer", "params": params},
                "text": reason_text(reason, params, self.lang),
            }
            self.session.push(move)

    def params(self) -> dict[str, Any]:
        """What a question and its hint may name: who acts, the next deal's cards."""
        deck = self.lesson.scenario.get("decks", [])
        upcoming = deck[len(self.table.deals)] if len(self.table.deals) < len(deck) else []
        return {"player": self.name, "cards": ", ".join(card_text(c, self.lang) for c in upcoming)}

    def ask(self, k: int) -> dict[str, Any]:
        step = self.lesson.steps[k]
        return {
            "ask": words(self.lesson, f"ask.{k + 1}", self.lang, **self.params()),
            "choices": [choice_label(c, self.lang) for c in step["choices"]],
            "player": self.name,
            "odds": self.odds(step),
        }

    def odds(self, step: dict[str, Any]) -> list[dict[str, Any] | None]:
        """Each choice's odds where it is a move of the player to act: the view's move
        (``odds``, ``odds_text`` and ``odds_short``, the chance at a glance, ``None``
        where nothing is at risk: :func:`lansquenet.view.moves`); ``None`` for a claim
        (a prediction) or a move the rules do not offer here.

        >>> stake, passing, _ = _Walk(get("cover"), "en").odds(get("cover").steps[0])
        >>> stake["odds"]["win"], stake["odds_short"], passing["odds"], passing["odds_short"]
        ('8/17', '8 in 17, 47%', None, None)
        >>> _Walk(get("keep-sell"), "en").odds(get("keep-sell").steps[0])[1]  # not offered here
        """
        if "play" in step:  # a prediction: its choices are claims
            return [None] * len(step["choices"])
        table = self.table
        assert isinstance(table, Table)  # a move's odds: the later game's (the court game's are predictions)
        offered = {move["do"]: move for move in view.moves(table, self.lang)}
        out: list[dict[str, Any] | None] = []
        for choice in step["choices"]:
            move = None if "play" in step else offered.get(choice.get("do", ""))
            out.append(None if move is None else {k: move[k] for k in ("odds", "odds_text", "odds_short")})
        return out

    def answer(self, k: int, index: int) -> tuple[bool, str | None, str | None]:
        """Judge answer ``index`` to question ``k``: (accepted, refusal code, sentence)."""
        step = self.lesson.steps[k]
        if not 0 <= index < len(step["choices"]):
            raise LessonError(f"question {k + 1} has no choice {index}")
        choice = step["choices"][index]
        hint = words(self.lesson, f"hint.{k + 1}", self.lang, **self.params())
        action = step.get("play", choice)
        move = Move(self.name, action["do"], action.get("amount"))
        try:
            self.session.push(move)
        except Refusal as refusal:
            if "play" in step:
                raise LessonError(f"{self.lesson.id}: question {k + 1}: its move is refused") from None
            return False, refusal.code, refusal_text(refusal, self.lang)
        after = self.table
        if "winner" in choice:  # who wins a deal of the later game (R-D2, R-D3)
            assert isinstance(after, Table)
            right = after.deals[-1].winner == choice["winner"]
        elif "favoured" in choice:  # over many deals: the exact odds, not this deal
            right = figures()["favoured"] == choice["favoured"]
        elif "balance" in choice:
            name, amount = choice["balance"]
            right = after.balances[after.seat(name)] == amount
        elif "holder" in choice:  # who holds the hand (C-11, C-12) or the bank after the move
            right = _holder(after) == choice["holder"]
        else:
            right = step["expect"] is None or step["expect"] == index
        if not right:
            self.session.pop()  # the lesson goes on from where it was
            return False, None, hint
        return True, None, None


def run(lesson: Lesson, answers: list[int], lang: str) -> dict[str, Any]:
    """Replay ``lesson`` with the learner's ``answers`` (each the index of a choice);
    every answer but the last must have been accepted. The answer says whether the
    last one is, with the engine's refusal or the lesson's hint when it is not, the
    narrated steps it led to (``steps``; with no answer, the lesson's opening steps),
    and the next question, or the summary once the lesson is done.
    """
    if len(answers) > len(lesson.steps):
        raise LessonError(f"{lesson.id} asks {len(lesson.steps)} questions")
    walk = _Walk(lesson, lang)
    accepted: bool | None = None
    refusal = message = None
    for k, index in enumerate(answers):
        mark = walk.session.count
        accepted, refusal, message = walk.answer(k, index)
        if not accepted and k < len(answers) - 1:
            raise LessonError(f"answer {k + 1} of {lesson.id} was not accepted")
        if accepted:
            walk.auto(learner=k == len(lesson.steps) - 1)
        walk.mark = mark if accepted else walk.session.count
    steps = walk.steps()
    done = len(answers) == len(lesson.steps) and accepted is not False
    answered = len(answers) - (1 if accepted is False else 0)
    return {
        "id": lesson.id,
        "accepted": accepted,
        "refusal": refusal,
        "message": message,
        "steps": steps,
        "state": steps[-1]["state"] if steps else None,
        "question": None if done else walk.ask(answered),
        "answered": answered,
        "done": done,
        "summary": words(lesson, "summary", lang) if done else None,
    }


def expected_path(lesson: Lesson) -> list[int]:
    """The answers the lesson expects (the first choice where any will do)."""
    return [step["expect"] if step["expect"] is not None else 0 for step in lesson.steps]


def _holder(table: Table | CourtTable) -> str | None:
    """Who holds the court game's hand (C-4), or the later game's bank."""
    if isinstance(table, CourtTable):
        return None if table.holder is None else table.players[table.holder]
    return None if table.bank is None else table.players[table.bank.holder]


def _reached(lesson: Lesson, table: Table | CourtTable) -> bool:
    state = game_of(table).state_json(table)
    want = lesson.outcome
    balances = want.get("balances", {})
    if any(state["balances"].get(name) != amount for name, amount in balances.items()):
        return False
    bank = state.get("bank") or {}
    if "bank" in want and bank.get("amount") != want["bank"]:
        return False
    if "holder" in want and _holder(table) != want["holder"]:
        return False
    return "status" not in want or state["status"] == want["status"]


def check(lesson: Lesson) -> None:
    """Prove ``lesson``: its words exist in every language, each expected answer is
    accepted, each other answer turned down (with a sentence), and the expected path
    reaches the outcome the lesson states. Raises :class:`LessonError`."""
    for lang in LANGUAGES:
        keys = ["title", "intro", "summary"] + [
            f"{kind}.{k + 1}" for k in range(len(lesson.steps)) for kind in ("ask", "hint")
        ]
        missing = [k for k in keys if f"lesson.{lesson.id}.{k}" not in catalogue(lang)]
        if missing:
            raise LessonError(f"{lesson.id}: no {lang} words for {', '.join(missing)}")
    path = expected_path(lesson)
    for k, step in enumerate(lesson.steps):
        for index in range(len(step["choices"])):
            result = run(lesson, [*path[:k], index], FALLBACK)
            wanted = step["expect"] is None or index == step["expect"]
            if bool(result["accepted"]) != wanted or (not wanted and not result["message"]):
                raise LessonError(f"{lesson.id}: question {k + 1}, choice {index} is judged wrongly")
    walk = _Walk(lesson, FALLBACK)
    for k, index in enumerate(path):
        walk.answer(k, index)
        walk.auto(learner=k == len(path) - 1)
    if not _reached(lesson, walk.table):
        raise LessonError(f"{lesson.id}: the expected path does not reach {lesson.outcome}")
