"""The bridge the browser's worker calls: one JSON request in, one JSON answer out.

:func:`handle` is the single entry point of the Pyodide worker (``engine-worker.mjs``).
The worker keeps one live game, a :class:`lansquenet.Session`: the page sends only the
move made, never the whole scenario again, and each answer's size does not depend on
the session's length (a move's answer stays far below 64 KB). A request is an object
with an ``op``:

- ``{"op": "replay", "scenario": S}``: exactly what ``python -m lansquenet replay``
  prints for ``S`` (the state, or ``{"error", "state"}`` for a refused action), and
  ``{"error": {"code": "not_a_scenario", "message"}}`` for what is not a scenario at all.
  ``S`` is a scenario object, or text as the command line reads it (JSON, or the name of
  a shipped scenario).
- ``{"op": "open", "scenario": S, "lang": L}``: replay ``S`` once and keep it as the
  worker's session (replacing the one before). The answer is a *position* (below) with
  ``texts``, every step's sentence, and ``ledger``, every played deal. If action ``k``
  of ``S`` is refused, the session holds the actions before it and the answer says so in
  ``refused: {index, action, code, message}``. A refused table, or what is not a
  scenario, answers ``{"error"}`` and leaves the session as it was.
- ``{"op": "move", "action": A}``: play one action (CONFORMANCE.md's form) on the
  session. The answer is a position whose ``texts`` are the sentences of the new steps
  only, and ``ledger`` the deals it played. A refused move answers
  ``{"error": {code, message, params}}``, the sentence in the session's language, and
  changes nothing.
- ``{"op": "undo"}``: take the last action (or the end) back; a position (``texts``
  empty), with ``undone``, the action taken back.
- ``{"op": "end"}``: "time is up" (R-P4); a position, like a move.
- ``{"op": "steps", "from": i, "to": j, "lang": L}``: steps i to j (excluded, at most
  64) display-ready (:func:`lansquenet.view.step_view`), each with its diagram ``svg``.
- ``{"op": "ledger", "from": k, "lang": L}``: the played deals after the first k, as
  ``{"ledger": [...], "deals": n}``.
- ``{"op": "simulate", "n": N, "seed": K}``: the seeded simulation of the odds page
  (:func:`lansquenet.odds.simulate`, as :func:`lansquenet.odds.simulation_json`). With
  ``"chart": {labels}`` (and ``"lang"``), the answer also holds ``svg``: the chart of the
  running share (:func:`lansquenet.chart.share_chart`), words from ``labels``. With
  ``"variant": "six_packs"`` (one of :data:`lansquenet.odds.VARIANTS`), the deals use
  that variant's pack, and the answer also holds ``variant`` and its simulated ``edge``.
  With ``"summary": {"templates": {...}, "expected": {...}}`` (and ``"lang"``), the
  answer also holds ``summary``: the two sentences under the chart
  (:func:`lansquenet.chart.summary`, the same that wrote them at build time).

A *position* is ``{count, actions, deals, ended, from, texts, step, to_act, ledger}``:
``count`` steps in all, ``actions`` played, ``deals`` played; ``texts`` are the
sentences of steps ``from`` to ``count - 1``; ``step`` is the last step, display-ready
with its diagram; ``to_act`` is who acts now, with each legal move, whether it takes
an amount and its ``min`` and ``max`` (null once finished). Any op but ``replay`` and
``simulate`` may carry ``"lang"``: the session then speaks that language from now on
(switching language re-narrates only what is asked for). ``move``, ``undo``, ``end``,
``steps`` and ``ledger`` before any ``open`` answer ``{"error": {"code": "no_session"}}``.

``{"op": "lesson", "id": ID, "answers": [i, ...], "lang": L}``: a guided lesson
(:func:`lansquenet.lessons.run`) replayed with the learner's answers (each the index of
a choice), the last one judged: ``accepted``, the engine's ``refusal`` or the lesson's
hint as ``message``, the narrated ``steps`` it led to, the next ``question`` or the
``summary``, and ``svg``, the table now (null when it did not change). It keeps no
state and leaves the open session alone.

``{"op": "bot", "lang": L}``: the computer player to act moves on the open session
(:func:`lansquenet.bots.decide`; its temperament is the scenario's ``computer`` entry
for that player, or ``"temperament"`` of the request, else steady). The move is an
ordinary action, seeded by the scenario's seed and the number of actions, so a link
replays the same game. The answer is the move's position plus ``bot: {action,
reason, text}`` (``text``: the reason as one sentence in ``L``).

Whatever happens, the answer is JSON: a Python exception never reaches the page as a
traceback but as ``{"error": {"code": "internal", "message"}}`` (a ``MemoryError`` too).

>>> answer = json.loads(handle('{"op": "replay", "scenario": "worked-example"}'))
>>> answer["balances"], answer["to_act"]
({'A': 88, 'B': 105, 'C': 107}, {'player': 'B', 'can': ['bank']})
>>> json.loads(handle('{"op": "replay", "scenario": [1, 2]}'))["error"]["code"]
'not_a_scenario'
>>> opened = json.loads(handle('{"op": "open", "scenario": "worked-example", "lang": "fr"}'))
>>> opened["count"], opened["to_act"]["moves"][0]["max"], opened["step"]["svg"].startswith("<svg")
(11, 105, True)
>>> moved = json.loads(handle('{"op": "move", "action": {"by": "B", "do": "bank", "amount": 9}}'))
>>> moved["from"], moved["texts"], moved["to_act"]["player"]
(11, ['B annonce une banque de 9.'], 'C')
>>> json.loads(handle('{"op": "move", "action": {"by": "B", "do": "pass"}}'))["error"]["code"]
'not_your_turn'
>>> undone = json.loads(handle('{"op": "undo", "lang": "en"}'))
>>> undone["undone"], undone["count"], undone["step"]["event"]["code"]
({'by': 'B', 'do': 'bank', 'amount': 9}, 11, 'bank_returned')
>>> [s["event"]["code"] for s in json.loads(handle('{"op": "steps", "from": 9, "to": 20}'))["steps"]]
['players_win', 'bank_returned']
>>> json.loads(handle('{"op": "ledger", "from": 0}'))["ledger"][0]["changes"]
{'A': '−12', 'B': '+5', 'C': '+7'}
>>> sim = json.loads(handle('{"op": "simulate", "n": 100, "seed": 1, "lang": "fr", "chart": {}}'))
>>> sim["deals"], sim["svg"].startswith("<svg")
(100, True)
>>> json.loads(handle("{oops"))["error"]["code"]
'bad_request'
"""

from __future__ import annotations

import json
import random
from typing import Any

from . import bots, chart, lessons, odds
from .diagram import diagram
from .languages import FALLBACK, LANGUAGES
from .narration import event_text, refusal_text
from .refusals import NotAScenario, Refusal
from .scenario import parse, replay
from .session import Session, action_of, check_shape

OPS = ("replay", "open", "move", "undo", "end", "steps", "ledger", "simulate", "lesson", "bot")
SESSION_OPS = ("move", "undo", "end", "steps", "ledger", "bot")
MAX_STEPS = 64  # steps per ``steps`` request: an answer's size stays bounded


class BadRequest(ValueError):
    """A request the bridge cannot read (not the engine's concern)."""


class _Worker:
    """The one live game of this worker, and the language it speaks."""

    session: Session | None = None
    lang: str = FALLBACK


_worker = _Worker()


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def scenario_of(value: object) -> dict[str, Any]:
    """The scenario of a request: an object, or text as the command line reads it."""
    if isinstance(value, str):
        return parse(value)
    return check_shape(value)


def _lang(request: dict[str, Any], default: str) -> str:
    lang = request.get("lang", default)
    if lang not in LANGUAGES:
        raise BadRequest(f"lang must be one of {', '.join(LANGUAGES)}")
    return str(lang)


def _whole(request: dict[str, Any], key: str, default: int | None = None) -> int:
    value = request.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadRequest(f"{key} must be a whole number, at least 0")
    return value


def _full(session: Session, start: int, stop: int, lang: str) -> list[dict[str, Any]]:
    """Steps, display-ready, each with its diagram."""
    steps = session.steps(start, stop, lang)
    for step in steps:
        step["svg"] = diagram(step["state"], lang)
    return steps


def _position(session: Session, since: int, deals: int, lang: str) -> dict[str, Any]:
    """Where the session stands (see the module's docstring), what is new since step
    ``since`` and deal ``deals``."""
    last = _full(session, session.count - 1, session.count, lang)[0]
    return {
        "count": session.count,
        "actions": len(session),
        "deals": session.deals,
        "ended": session.ended,
        "from": since,
        "texts": [event_text(session.event(i).json(), lang) for i in range(since, session.count)],
        "step": last,
        "to_act": last["state"]["to_act"],
        "ledger": session.ledger(deals, lang),
    }


def _refusal(refusal: Refusal, lang: str) -> dict[str, Any]:
    return {"error": {"code": refusal.code, "message": refusal_text(refusal, lang), "params": refusal.params}}


def _open(request: dict[str, Any]) -> dict[str, Any]:
    lang = _lang(request, _worker.lang)
    data = scenario_of(request.get("scenario"))
    try:
        session = Session(data, strict=False)
    except Refusal as refusal:  # the table itself: the session before stays
        return _refusal(refusal, lang)
    _worker.session, _worker.lang = session, lang
    answer = _position(session, 0, 0, lang)
    if session.refused is not None:
        index, stop = session.refused
        answer["refused"] = {
            "index": index,
            "action": data["actions"][index],
            "code": stop.code,
            "message": refusal_text(stop, lang),
        }
    return answer


def _on_session(op: str, request: dict[str, Any]) -> dict[str, Any]:
    session = _worker.session
    if session is None:
        return _error("no_session", "no session is open: send an open request first")
    lang = _worker.lang = _lang(request, _worker.lang)
    if op == "steps":
        start = _whole(request, "from")
        stop = min(_whole(request, "to", start + 1), session.count, start + MAX_STEPS)
        return {"count": session.count, "steps": _full(session, start, stop, lang)}
    if op == "ledger":
        return {"deals": session.deals, "ledger": session.ledger(_whole(request, "from", 0), lang)}
    since, deals = session.count, session.deals
    if op == "undo":
        if not len(session) and not session.ended:
            raise BadRequest("nothing to undo")
        undone = session.pop()
        answer = _position(session, session.count, session.deals, lang)
        answer["undone"] = undone
        return answer
    if op == "bot":
        return _bot(session, request, lang)
    try:
        if op == "end":
            session.end()
        else:
            action = request.get("action")
            if not isinstance(action, dict):
                raise BadRequest("action must be an object")
            session.push(action)
    except Refusal as refusal:
        return _refusal(refusal, lang)
    return _position(session, since, deals, lang)


def _bot(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``bot`` op: the computer player to act moves (see the module's docstring).

    >>> _ = handle('{"op": "open", "scenario": {"players": ["A", "B"], "first_banker": "A",'
    ...            ' "seed": 3, "computer": {"A": "bold"}, "actions": []}}')
    >>> moved = json.loads(handle('{"op": "bot", "lang": "en"}'))
    >>> moved["bot"]["action"]["do"], moved["bot"]["reason"], moved["actions"]
    ('bank', 'bank_large', 1)
    """
    table = session.table
    if table.to_act is None:
        raise BadRequest("no one is to act")
    scenario = session.scenario()
    player = table.players[table.to_act]
    found = scenario.get("computer")
    computer: dict[str, Any] = found if isinstance(found, dict) else {}
    temperament = request.get("temperament") or computer.get(player) or "steady"
    if temperament not in bots.TEMPERAMENTS:
        raise BadRequest(f"temperament must be one of {', '.join(bots.TEMPERAMENTS)}")
    rng = random.Random(f"lansquenet-bot:{scenario.get('seed') or 0}:{len(session)}")
    move, reason, params = bots.decide(table, table.to_act, temperament, rng)
    since, deals = session.count, session.deals
    action = action_of(move)
    session.push(action)
    answer = _position(session, since, deals, lang)
    answer["bot"] = {"action": action, "reason": reason, "text": bots.reason_text(reason, params, lang)}
    return answer


def _simulate(request: dict[str, Any]) -> dict[str, Any]:
    """The ``simulate`` op; its chart's words must be text, its language one we have.

    >>> _simulate({"n": 5, "chart": {"title": 1}})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: chart must be an object of words
    >>> _simulate({"n": 5, "chart": {}, "lang": "xx"})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: lang must be one of en, fr
    >>> _simulate({"n": 5, "variant": "skin"})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: variant must be one of six_packs, two_packs, italian_forty, half_on_pair
    >>> _simulate({"n": 50, "variant": "half_on_pair"})["pack"]["cards"]
    52
    >>> words = {"templates": {"summary": "{deals} deals"}, "expected": {}}
    >>> _simulate({"n": 50, "summary": words, "lang": "en"})["summary"]
    ['50 deals', '']
    >>> _simulate({"n": 5, "summary": {"templates": []}})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: summary must hold templates and expected figures, as words
    """
    n, seed = request.get("n"), request.get("seed", 0)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BadRequest("n must be a whole number of deals, at least 1")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise BadRequest("seed must be a whole number or a string")
    name = request.get("variant")
    if name is None:
        result = odds.simulation_json(odds.simulate(n, seed))
    else:
        try:
            variant = odds.variant(name) if isinstance(name, str) else None
        except ValueError:
            variant = None
        if variant is None:
            names = ", ".join(v.name for v in odds.VARIANTS)
            raise BadRequest(f"variant must be one of {names}")
        sim = odds.simulate(n, seed, pack=variant.pack)
        result = odds.simulation_json(sim)
        result["variant"] = variant.name
        result["edge"] = odds.variant_sim_edge(variant, sim)
    lang = request.get("lang", FALLBACK)
    if ("chart" in request or "summary" in request) and lang not in LANGUAGES:
        raise BadRequest(f"lang must be one of {', '.join(LANGUAGES)}")
    if "chart" in request:
        labels = request["chart"]
        if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
            raise BadRequest("chart must be an object of words")
        result["svg"] = chart.share_chart(result, lang, labels, ident="lq-sim-chart")
    if "summary" in request:
        words = request["summary"]
        if not isinstance(words, dict) or not all(
            isinstance(part, dict) and all(isinstance(v, str) for v in part.values())
            for part in (words.get("templates"), words.get("expected"))
        ):
            raise BadRequest("summary must hold templates and expected figures, as words")
        result["summary"] = chart.summary(result, lang, words["templates"], words["expected"])
    return result


def _lesson(request: dict[str, Any]) -> dict[str, Any]:
    """The ``lesson`` op (see the module's docstring).

    >>> first = _lesson({"id": "cover", "answers": [], "lang": "en"})
    >>> first["question"]["choices"], first["svg"].startswith("<svg")
    (['Stake 12', 'Pass', 'Stake 7'], True)
    >>> _lesson({"id": "cover", "answers": [0], "lang": "en"})["refusal"]
    'stake_exceeds_uncovered'
    >>> _lesson({"id": "nope", "answers": []})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: no lesson named 'nope'
    """
    lang = _lang(request, _worker.lang)
    answers = request.get("answers", [])
    if not isinstance(answers, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in answers
    ):
        raise BadRequest("answers must be a list of whole numbers")
    try:
        lesson = lessons.get(str(request.get("id")))
    except KeyError:
        raise BadRequest(f"no lesson named {request.get('id')!r}") from None
    try:
        result = lessons.run(lesson, answers, lang)
    except lessons.LessonError as error:
        raise BadRequest(str(error)) from None
    result["svg"] = diagram(result["state"], lang) if result["state"] else None  # None: unchanged
    return result


def answer(request: object) -> dict[str, Any]:
    """The answer to a decoded request (may raise; :func:`handle` catches)."""
    if not isinstance(request, dict) or request.get("op") not in OPS:
        raise BadRequest(f"a request is an object whose op is one of {', '.join(OPS)}")
    op = request["op"]
    try:
        if op == "replay":
            return replay(scenario_of(request.get("scenario")))
        if op == "open":
            return _open(request)
        if op in SESSION_OPS:
            return _on_session(op, request)
        if op == "lesson":
            return _lesson(request)
    except NotAScenario as error:
        return _error("not_a_scenario", str(error))
    return _simulate(request)


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON answer (see the module's docstring)."""
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError) as error:  # json.JSONDecodeError is a ValueError
        return json.dumps(_error("bad_request", f"not JSON: {error}"))
    try:
        result = answer(request)
    except BadRequest as error:
        result = _error("bad_request", str(error))
    except Exception as error:  # noqa: BLE001 - nothing may escape to the page as a traceback
        result = _error("internal", f"{type(error).__name__}: {error}")
    return json.dumps(result, ensure_ascii=False)
