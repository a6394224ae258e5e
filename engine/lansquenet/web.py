"""The bridge the browser's worker calls: one JSON request in, one JSON answer out.

:func:`handle` is the single entry point of the Pyodide worker (``engine-worker.mjs``).
The worker keeps one live game, a :class:`lansquenet.Session`: the page sends only the
move made, never the whole scenario again, and each answer's size does not depend on
the session's length (a move's answer stays far below 64 KB). This module only checks
requests and shapes answers: :data:`HANDLERS` maps each ``op`` to its handler, the game
knowledge (computer players and their reasons, what an undo takes back) is the
session's, and an op on the session is all or nothing (:meth:`Session.kept`). A request
is an object with an ``op`` (the contract, every request and answer declared once, is
:mod:`lansquenet.protocol`):

- ``{"op": "replay", "scenario": S}``: exactly what ``python -m lansquenet replay``
  prints for ``S`` (the state, or ``{"error", "state"}`` for a refused action), and
  ``{"error": {"code": "not_a_scenario", "message"}}`` for what is not a scenario at all.
  ``S`` is a scenario object, or text as the command line reads it (JSON, or the name of
  a shipped scenario).
- ``{"op": "open", "scenario": S, "lang": L}``: replay ``S`` once and keep it as the
  worker's session (replacing the one before). The answer is a *position* (below) with
  what a page shows at once: ``texts`` from the step where the last deal begins
  (``from``), ``deal_starts`` of every deal, no ``ledger`` row (``story`` and ``ledger``
  bring the rest, a piece at a time: a long game's answer stays small), and
  ``scenario``, the session's own :meth:`~lansquenet.Session.scenario` (what the page's
  link and export hold: the worker's session is the one record of the game). If action ``k``
  of ``S`` is refused, the session holds the actions before it and the answer says so in
  ``refused: {index, action, code, message}``. A refused table, or what is not a
  scenario, answers ``{"error"}`` and leaves the session as it was.
  With ``"check_names": true`` (a table a reader set up) the names are held to the
  form's policy first (:mod:`lansquenet.naming`: ``name_too_long``, ``names_alike``).
  ``{"op": "open", "link": T}`` opens the scenario a permalink's text ``T`` holds (the
  base64url of its UTF-8 JSON, docs/assets/js/permalink.js) the same way: the page hands
  the link over as it is, and what is not base64url, not UTF-8 or beyond the limits is
  ``not_a_scenario``. With ``"carry": R``, the record of that very link made by the
  ``carry`` op of the page before (:mod:`lansquenet.carry`), the game is opened without
  reading the link nor replaying it, and the answer is the same but for its scenario,
  left out (it is exactly the link's) and said so (``"carried": true``); a record of
  anything else is ignored.
- ``{"op": "carry", "link": T}``: ``{"carry": R}``, the open session's record for the
  permalink's text ``T`` the page shows (the page in the other language opens that link
  with it, :mod:`lansquenet.carry`); ``bad_request`` if ``T`` does not hold exactly the
  session's scenario.
- ``{"op": "move", "action": A}``: play one action (CONFORMANCE.md's form) on the
  session. The answer is a position whose ``texts`` are the sentences of the new steps
  only, and ``ledger`` the deals it played. A refused move answers
  ``{"error": {code, message, params}}``, the sentence in the session's language, and
  changes nothing.
- ``{"op": "quick", "deals": 3 | 6 | 10, "seed": K, "lang": L}``: open a quick game
  (:func:`lansquenet.bots.quick_game`: a random first banker, a random seat for the
  reader, three computer players of mixed temperaments; 6 deals by default), all drawn
  from ``K`` (a fresh seed if none), answered as ``open``. With ``"players": [names]``
  (the class view's table), those names sit first and computer players fill the empty
  seats up to four; the names are held to the set-up form's policy (``check_names``).
  With ``"computers": false`` as well, the names sit alone (no computer player).
  With ``"rules": R`` (VARIANTS.md: ``{"variant": NAME}``, a preset of
  :mod:`lansquenet.games`, or the parameters
  ``packs``, ``pack``, ``pair_share``, ``successor``), the game is played under them and
  its ``scenario`` holds them as a scenario writes them (V-R8); refused rules answer
  ``{"error"}`` (``invalid_rules``, ``unknown_variant``) in words. A scenario sent to
  ``open`` carries its rules in its own ``rules`` key, as the command line reads them.
- ``{"op": "short", "link": T, "lang": L}``: open the quick game a short link's text
  ``T`` holds (:mod:`lansquenet.quicklink`: its seed and the reader's moves, the computer
  players' replayed), answered as ``open``; ``{"op": "short"}``: ``{"short": T}``, the
  open session's short text (null when its game has none).
- ``{"op": "undo"}``: take the last action (or the end) back; a position, with
  ``undone``, how many were taken back. ``{"op": "undo", "to": SEAT}`` (a seat's name,
  or a list of them) takes back every action down to and with that seat's last one
  (or the end), in one request: the reader's "back to my move". ``{"error": {"code":
  "nothing_to_undo"}}`` (with its sentence) when there is nothing to take back.
- ``{"op": "end"}``: "time is up" (R-P4); a position, like a move.
- ``{"op": "steps", "from": i, "to": j, "lang": L}``: steps i to j (excluded, at most
  64) display-ready (:func:`lansquenet.view.step_view`), each with its diagram ``svg``.
- ``{"op": "story", "to": j, "from": i, "lang": L}``: the sentences of the last steps
  before step j (excluded, at most :data:`MAX_STORY`, none before step i if given) as
  ``{"count", "from", "texts", "reasons"}``: ``from`` is where they begin, ``reasons``
  as in a position (the steps among them that start a computer player's move). A page
  asks for the deals it shows (``from`` a deal's start), again up to that ``from`` if
  the piece began later, and never needs to know the size of a piece.
- ``{"op": "ledger", "from": k, "to": m, "lang": L}``: the played deals after the first
  k (up to deal m, if given), as ``{"ledger": [...], "deals": n}``.
- ``{"op": "scenario"}``: ``{"scenario": S}``, the session's scenario (the export).
- ``{"op": "simulate", "n": N, "seed": K}`` (N at most :data:`MAX_DEALS`, a million; K a
  whole number up to 2^53 - 1 or a text of at most 100 letters): the seeded simulation of the odds page
  (:func:`lansquenet.odds.simulate`, as :func:`lansquenet.odds.simulation_json`). With
  ``"chart": {labels}`` (and ``"lang"``), the answer also holds ``svg``: the chart of the
  running share (:func:`lansquenet.chart.share_chart`), words from ``labels``, and
  ``svg_projected``: the same chart drawn for the room (:data:`lansquenet.chart.PROJECTED`,
  the page shows it in the class view's frame). With
  ``"variant": NAME`` (one of :data:`lansquenet.odds.VARIANTS`), the deals use
  that variant's pack, and the answer also holds ``variant`` and its simulated ``edge``.
  With ``"summary": {"templates": {...}, "expected": {...}}`` (and ``"lang"``), the
  answer also holds ``summary``: the two sentences under the chart
  (:func:`lansquenet.chart.summary`, the same that wrote them at build time).

A *position* is ``{count, actions, deals, ended, from, texts, deal_starts, step, reasons, said,
undo, played, ledger}``, each said once: ``count`` steps in all, ``actions`` played,
``deals`` played; ``texts`` are the sentences of steps ``from`` to ``count - 2`` and
``step`` the last one (``count - 1``), display-ready with its diagram and its text
(the story is its first ``from`` sentences, then ``texts``, then ``step.text``);
``step.state.to_act`` is who acts now, with each legal move, whether it takes an
amount and its ``min`` and ``max`` (null once finished). ``reasons`` maps the index of
each new step that starts a computer player's move to its reason (one sentence);
``said`` is the reason of the last action while its deal goes on (null after the
reader's move, a deal's end or the session's end: never a stale one); ``undo``
whether ``undo`` back to the reader's move has something to take back; ``deal_starts`` the ``[step, deal]`` pairs
among the new steps where a deal of the story begins; ``played`` the
actions this request played, as the session holds them (the page's link follows
them; ``actions`` says how many the session keeps after an undo). Any op but ``replay`` and
``simulate`` may carry ``"lang"``: the session then speaks that language from now on
(switching language re-narrates only what is asked for). Such a request may also carry
``"drawing": "projected"``: the steps it answers are then drawn in the projected table's
layout (:data:`lansquenet.diagram.PROJECTED`: larger words, for a short wide frame read
from the back of a room), else in the page's; this request's only. ``move``, ``undo``, ``end``,
``steps`` and ``ledger`` before any ``open`` answer ``{"error": {"code": "no_session"}}``.

``{"op": "lesson", "id": ID, "answers": [i, ...], "lang": L}``: a guided lesson
(:func:`lansquenet.lessons.run`) replayed with the learner's answers (each the index of
a choice), the last one judged: ``accepted``, the engine's ``refusal`` or the lesson's
hint as ``message``, the narrated ``steps`` it led to, the next ``question`` or the
``summary``, and ``svg``, the table now (null when it did not change). It keeps no
state and leaves the open session alone.

``{"op": "rules", "lang": L}``: the rules a game may be played under (VARIANTS.md), for
a set-up form: ``presets``, each preset of V-R3 with its ``sources`` (VARIANTS.md's ids),
``year``, ``rules`` (as a scenario writes them), ``cards``, and its exact ``opening_pair``
and bank's ``edge`` per counter covered by even stakes, with ``edge_text``, the edge
exactly and as a percentage in ``L`` (:func:`lansquenet.odds.preset_odds`,
:func:`lansquenet.chart.fraction`: the figures the coach uses). With ``"rules": R``, also
``chosen``: the same for ``R`` with ``preset``, the preset whose parameters they are
(null: a mix, not a historical variant); rules the engine refuses answer its refusal,
in words. ``R`` may name another game (COURT.md, C-16: ``{"game": <its id>, "fonds":
F}``, read in C-16's order as a scenario's rules are): ``chosen`` then holds its
``game``, its ``rules`` as a scenario writes them, ``preset`` null, and the figure its
entry names (:attr:`lansquenet.games.Game.edge`, the play page's line beside it) as
``edge`` and ``edge_text``. It keeps no state.

``{"op": "bot", "lang": L}``: the computer player to act moves on the open session
(:func:`lansquenet.bots.decide`; its temperament is the scenario's ``computer`` entry
for that player, or ``"temperament"`` of the request, else steady). The move is an
ordinary action, seeded by the scenario's seed and the number of actions, so a link
replays the same game. The answer is the move's position: the move in ``played``,
its reason in ``reasons`` (and ``said``). Reopened from a link, or in the other
language, the same reasons come back (:func:`lansquenet.bots.explain`).

Every request gets an answer, in strict JSON (no ``NaN``, no ``Infinity``), in bounded
time (CONFORMANCE.md, "Limits"): a request's text is at most :data:`MAX_REQUEST` (32 MB,
a 16 MB scenario escaped in a string) and nested at most 65 levels deep (a scenario's 64,
one level down); ``NaN``, ``Infinity`` or a number too large for a float make it
``bad_request``; each op with a size has its maximum (``steps``: 64 steps; ``simulate``:
a million deals). Whatever a caller can send that the engine refuses gets a coded
error (a :class:`~lansquenet.refusals.LansquenetError`: ``bad_request``,
``not_a_scenario``, ``nothing_to_undo``, ``unknown_temperament``, ``not_to_act``,
``invalid_lesson``, or a refusal of the rules), and a request that is refused leaves the
session (and its language) exactly as it was. Keys a request or a scenario holds beyond
the format are ignored and never echoed. A Python exception never reaches the page as a
traceback but as ``{"error": {"code": "internal", "message"}}`` (a ``MemoryError``
too), and the session is then put back as it was.

>>> answer = json.loads(handle('{"op": "replay", "scenario": "worked-example"}'))
>>> answer["balances"], answer["to_act"]
({'A': 88, 'B': 105, 'C': 107}, {'player': 'B', 'can': ['bank']})
>>> json.loads(handle('{"op": "replay", "scenario": [1, 2]}'))["error"]["code"]
'not_a_scenario'
>>> opened = json.loads(handle('{"op": "open", "scenario": "worked-example", "lang": "fr"}'))
>>> opened["count"], opened["step"]["state"]["to_act"]["moves"][0]["max"], opened["step"]["svg"].startswith("<svg")
(11, 105, True)
>>> moved = json.loads(handle('{"op": "move", "action": {"by": "B", "do": "bank", "amount": 9}}'))
>>> moved["from"], moved["texts"], moved["step"]["text"], moved["step"]["state"]["to_act"]["player"]
(11, [], 'B annonce une banque de 9.', 'C')
>>> json.loads(handle('{"op": "move", "action": {"by": "B", "do": "pass"}}'))["error"]["code"]
'not_your_turn'
>>> undone = json.loads(handle('{"op": "undo", "lang": "en"}'))
>>> undone["undone"], undone["count"], undone["step"]["event"]["code"]
(1, 11, 'bank_returned')
>>> [s["event"]["code"] for s in json.loads(handle('{"op": "steps", "from": 9, "to": 20}'))["steps"]]
['players_win', 'bank_returned']
>>> json.loads(handle('{"op": "ledger", "from": 0}'))["ledger"][0]["changes"]
{'A': '−12', 'B': '+5', 'C': '+7'}
>>> sim = json.loads(handle('{"op": "simulate", "n": 100, "seed": 1, "lang": "fr", "chart": {}}'))
>>> sim["deals"], sim["svg"].startswith("<svg"), 'class="lq-chart lq-projected"' in sim["svg_projected"]
(100, True, True)
>>> json.loads(handle("{oops"))["error"]["code"]
'bad_request'
"""

from __future__ import annotations

import base64
import json
import random
import re
from collections.abc import Callable
from typing import Any, cast

from . import bots, carry, chart, games, lessons, naming, odds, quicklink, variants, view
from .diagram import LAYOUTS, PAGE, Layout, diagram
from .languages import FALLBACK, LANGUAGES
from .limits import MAX_BYTES, MAX_DEALS, MAX_DEPTH, read_json, safe_whole
from .narration import event_text, refusal_text, text
from .refusals import BadRequest, LansquenetError, NotAScenario, NothingToUndo, Refusal
from .scenario import Stop, parse, replay, until_refused
from .session import DealStart, Session, check_shape

__all__ = [
    "HANDLERS",
    "MAX_DEALS",
    "MAX_REQUEST",
    "MAX_STEPS",
    "MAX_STORY",
    "OPS",
    "BadRequest",
    "answer",
    "handle",
]

Handler = Callable[[dict[str, Any]], dict[str, Any]]  # a request -> its answer
# An op on the open session: the session, the request, the language it is answered in.
SessionHandler = Callable[[Session, dict[str, Any], str], dict[str, Any]]
MAX_STEPS = 64  # steps per ``steps`` request: an answer's size stays bounded
MAX_STORY = 2000  # sentences per ``story`` request (about 130 KB)
MAX_REQUEST = 2 * MAX_BYTES  # a request's text: a 16 MB scenario, escaped in a string
ACTION_KEYS = ("by", "do", "amount")  # what an answer may echo of an action


class _Worker:
    """The one live game of this worker, and the language it speaks."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.lang = FALLBACK
        self.layout = PAGE  # the drawings of the request being answered


_worker = _Worker()


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def scenario_of(value: object) -> dict[str, Any]:
    """The scenario of a request: an object, or text as the command line reads it."""
    if isinstance(value, str):
        return parse(value)
    return check_shape(value)


LINK = re.compile(r"[A-Za-z0-9_-]+")  # base64url, without its padding


def linked(text: object) -> dict[str, Any]:
    """The scenario a permalink's text holds, under the limits of CONFORMANCE.md.

    >>> linked("eyJwbGF5ZXJzIjpbIkEiLCJCIl0sImZpcnN0X2JhbmtlciI6IkEiLCJhY3Rpb25zIjpbXX0")["players"]
    ['A', 'B']
    >>> linked("d29ya2VkLWV4YW1wbGU")  # "worked-example": JSON only, not a shipped name
    Traceback (most recent call last):
    lansquenet.refusals.NotAScenario: not JSON: Expecting value: line 1 column 1 (char 0)
    """
    if not isinstance(text, str) or not LINK.fullmatch(text):
        raise NotAScenario("not base64url")
    if len(text) > MAX_BYTES // 3 * 4 + 4:
        raise NotAScenario(f"larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except ValueError:  # binascii.Error and UnicodeDecodeError are ValueErrors
        raise NotAScenario("not base64url of UTF-8 text") from None
    return check_shape(read_json(raw))


def _layout(request: dict[str, Any]) -> Layout:
    drawing = request.get("drawing", "page")
    if not isinstance(drawing, str) or drawing not in LAYOUTS:
        raise BadRequest(f"drawing must be one of {', '.join(LAYOUTS)}")
    return LAYOUTS[drawing]


def _lang(request: dict[str, Any], default: str) -> str:
    lang = request.get("lang", default)
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadRequest(f"lang must be one of {', '.join(LANGUAGES)}")
    return lang


def _whole(request: dict[str, Any], key: str, default: int | None = None) -> int:
    value = request.get(key, default)
    if not safe_whole(value):
        raise BadRequest(f"{key} must be a whole number from 0 to 2^53 - 1")
    return value


def _full(session: Session, start: int, stop: int, lang: str) -> list[dict[str, Any]]:
    """Steps, display-ready, each with its diagram."""
    steps = view.steps(session, start, stop, lang)
    for step in steps:
        step["svg"] = diagram(step["state"], lang, _worker.layout)
        step["drawing"] = _worker.layout.name
    return steps


def _texts(session: Session, start: int, stop: int, lang: str) -> list[str]:
    """The sentences of steps ``start`` to ``stop`` (excluded)."""
    return [event_text(session.event(i).json(), lang) for i in range(start, stop)]


def _position(
    session: Session,
    since: int,
    deals: int,
    lang: str,
    acted: int | None = None,
    starts: int | None = None,
    begun: list[DealStart] | None = None,
) -> dict[str, Any]:
    """Where the session stands (see the module's docstring), what is new since step
    ``since`` and deal ``deals``, the deals begun since step ``starts`` (``since`` if
    not given; ``begun``: those deals, already found), and the actions played since
    there were ``acted``."""
    since = min(since, session.count - 1)  # the last step is always sent
    last = _full(session, session.count - 1, session.count, lang)[0]
    done = len(session) if acted is None else acted
    return {
        "count": session.count,
        "actions": len(session),
        "deals": session.deals,
        "ended": session.ended,
        "from": since,
        "texts": _texts(session, since, session.count - 1, lang),
        "deal_starts": [
            [at.step, at.deal]
            for at in (session.deal_starts(since if starts is None else starts) if begun is None else begun)
        ],
        "step": last,
        "reasons": _reasons(session, since, lang),
        "said": _said(session, lang),
        "undo": session.undoable(),
        "played": [session.played(k).action for k in range(done, len(session))],
        "ledger": view.ledger(session, deals, lang),
    }


def _reason(decision: bots.Decision, lang: str) -> str:
    return bots.reason_text(decision.reason, decision.params, lang)


def _reasons(session: Session, since: int, lang: str, stop: int | None = None) -> dict[str, str]:
    """Why each computer player's action whose steps start at ``since`` or later (and
    before ``stop``) was made: its first step's index -> the reason, one sentence."""
    return {str(step): _reason(decision, lang) for step, decision in session.decisions(since, stop).items()}


def _said(session: Session, lang: str) -> str | None:
    """What the last computer player says now (:meth:`Session.said`), or None."""
    decision = session.said()
    return None if decision is None else _reason(decision, lang)


def _refusal(refusal: Refusal, lang: str) -> dict[str, Any]:
    return {"error": {"code": refusal.code, "message": refusal_text(refusal, lang), "params": refusal.params}}


def _echo(action: dict[str, Any]) -> dict[str, Any]:
    """An action as an answer may show it: its known keys only (CONFORMANCE.md, "Limits")."""
    return {key: action[key] for key in ACTION_KEYS if key in action}


def _open(request: dict[str, Any]) -> dict[str, Any]:
    lang = _lang(request, _worker.lang)
    carried = request.get("carry")
    link = request.get("link")
    if isinstance(link, str) and isinstance(carried, str):
        # A record made for this very link (lansquenet.carry): the scenario it holds is
        # the link's, one the engine played and read from it; the link is not read again.
        session = carry.resume(carried, link)
        if session is not None:
            return _opened(session, None, None, lang)
    data = linked(link) if "link" in request else scenario_of(request.get("scenario"))
    if request.get("check_names") is True:  # a table a reader set up (lansquenet.naming)
        try:
            naming.check(data["players"])
        except Refusal as refusal:  # the session before stays
            return _refusal(refusal, lang)
    session, stop = until_refused(data, checked=True)  # linked() and scenario_of() checked it
    if session is None:  # the table itself is refused: the session before stays
        return _refusal(cast(Stop, stop).refusal, lang)  # no session: always a refusal
    return _opened(session, stop, data, lang)


def _opened(session: Session, stop: Stop | None, data: dict[str, Any] | None, lang: str) -> dict[str, Any]:
    """The answer to ``open``: the session opened, where its last deal begins, its
    scenario, and the action refused if one was (``stop``, an action of ``data``); the
    session kept as the worker's. ``data`` None: a game opened with its record, whose
    scenario is exactly its link's, which the page holds: ``carried``, not the scenario
    again (at move 1 000, most of the answer)."""
    starts = session.deal_starts()
    last_deal = starts[-1].step if starts else 0  # the story's last deal: what a page draws
    answer = _position(session, last_deal, session.deals, lang, begun=starts)
    if data is None:
        answer["carried"] = True
    else:
        answer["scenario"] = session.scenario()
    if stop is not None and stop.index is not None and data is not None:
        answer["refused"] = {
            "index": stop.index,
            "action": _echo(data["actions"][stop.index]),
            "code": stop.refusal.code,
            "message": refusal_text(stop.refusal, lang),
        }
    _worker.session, _worker.lang = session, lang  # only once the answer is made
    return answer


def _on_session(handler: SessionHandler) -> Handler:
    """An op on the open session, all or nothing (:meth:`Session.kept`): a refused or
    failed request leaves the session and its language as they were."""

    def run(request: dict[str, Any]) -> dict[str, Any]:
        session = _worker.session
        if session is None:
            return _error("no_session", "no session is open: send an open request first")
        lang = _lang(request, _worker.lang)
        try:
            with session.kept():
                answer = handler(session, request, lang)
        except Refusal as refusal:
            return _refusal(refusal, lang)
        _worker.lang = lang  # the session speaks the language of its last answer
        return answer

    run.__doc__ = handler.__doc__
    return run


def _after(session: Session, lang: str, change: Callable[[], object]) -> dict[str, Any]:
    """The position after ``change``: what it brought."""
    since, deals, acted = session.count, session.deals, len(session)
    change()
    return _position(session, since, deals, lang, acted)


def _move(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``move`` op: one action played."""
    action = request.get("action")
    if not isinstance(action, dict):
        raise BadRequest("action must be an object")
    return _after(session, lang, lambda: session.push(action))


def _end(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``end`` op: "time is up" (R-P4)."""
    return _after(session, lang, session.end)


def _steps(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``steps`` op: at most :data:`MAX_STEPS` steps, display-ready."""
    start = _whole(request, "from")
    stop = min(_whole(request, "to", min(start + 1, 2**53 - 1)), session.count, start + MAX_STEPS)
    return {"count": session.count, "steps": _full(session, start, stop, lang)}


def _story(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``story`` op: the sentences of the last steps before ``to`` (none before
    ``from``), a piece."""
    stop = min(_whole(request, "to"), session.count)  # a page fills its story from the end
    start = min(stop, max(_whole(request, "from", 0), stop - MAX_STORY))
    return {
        "count": session.count,
        "from": start,
        "texts": _texts(session, start, stop, lang),
        "reasons": _reasons(session, start, lang, stop) if start < stop else {},
    }


def _ledger(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``ledger`` op: the played deals after the first ``from``."""
    start = _whole(request, "from", 0)
    rows = view.ledger(session, start, lang, _whole(request, "to", session.deals))
    return {"deals": session.deals, "ledger": rows}


def _scenario(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``scenario`` op: the session's scenario (the export)."""
    return {"scenario": session.scenario()}


def _carry(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``carry`` op: the session's record, for the page in the other language
    (:mod:`lansquenet.carry`).

    >>> _ = handle('{"op": "open", "scenario": "worked-example"}')
    >>> game = json.loads(handle('{"op": "scenario"}'))["scenario"]  # the session's, as a page links it
    >>> link = base64.urlsafe_b64encode(json.dumps(game).encode()).decode().rstrip("=")
    >>> opened = json.loads(handle(json.dumps({"op": "open", "link": link, "lang": "en"})))
    >>> kept = json.loads(handle(json.dumps({"op": "carry", "link": link})))["carry"]
    >>> again = json.loads(handle(json.dumps({"op": "open", "link": link, "lang": "en", "carry": kept})))
    >>> again.pop("carried"), opened.pop("scenario") == game, again == opened  # the page has the link
    (True, True, True)
    >>> other = base64.urlsafe_b64encode(json.dumps({**game, "actions": []}).encode()).decode().rstrip("=")
    >>> json.loads(handle(json.dumps({"op": "carry", "link": other})))["error"]["code"]  # another game
    'bad_request'
    """
    link = request.get("link")
    if not isinstance(link, str):
        raise BadRequest("carry needs the link the page shows")
    if linked(link) != session.scenario():
        raise BadRequest("the link does not hold the open session's game")
    return {"carry": carry.record(session, link)}


def _undo(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``undo`` op: the last action (or the end) taken back; with ``to`` (a seat's
    name, or a list of them), every action back to that seat's last one, in one
    request. ``nothing_to_undo`` when there is none (the session stays as it was).

    >>> _ = handle('{"op": "open", "scenario": {"players": ["A", "B"], "first_banker": "A",'
    ...            ' "seed": 3, "computer": {"B": "bold"}, "actions": []}}')
    >>> json.loads(handle('{"op": "undo", "to": "A"}'))["error"]["code"]
    'nothing_to_undo'
    >>> _ = handle('{"op": "move", "action": {"by": "A", "do": "bank", "amount": 10}}')
    >>> json.loads(handle('{"op": "bot"}'))["actions"]
    2
    >>> back = json.loads(handle('{"op": "undo", "to": "A"}'))
    >>> back["actions"], back["undone"], back["step"]["state"]["to_act"]["player"]
    (0, 2, 'A')
    """
    to = request.get("to")
    seats = [to] if isinstance(to, str) else to if isinstance(to, list) else None
    if to is not None and (seats is None or not all(isinstance(seat, str) for seat in seats)):
        raise BadRequest("to must be a seat's name or a list of them")
    taken = session.undo(seats)
    if not taken:
        raise NothingToUndo(text("error.nothing_to_undo", {}, lang))
    answer = _position(session, session.count, session.deals, lang)
    answer["undone"] = taken
    return answer


def _quick(request: dict[str, Any]) -> dict[str, Any]:
    """The ``quick`` op: a quick game (:func:`lansquenet.bots.quick_game`) of
    ``deals`` deals (3, 6 or 10; 6 by default), seeded by ``seed`` (else a fresh one),
    seating ``players`` (a class's names; none: the reader's one seat), opened as
    ``open`` does.

    >>> quick = json.loads(handle('{"op": "quick", "seed": 12, "lang": "en"}'))
    >>> quick["scenario"]["seed"], quick["scenario"]["finish_after"], quick["actions"]
    (12, 6, 0)
    >>> json.loads(handle('{"op": "quick", "deals": 4}'))["error"]["code"]
    'bad_request'

    With ``players``, a class's names take the first seats, computer players the
    empty ones; names the set-up form would refuse are refused here too:

    >>> quick = json.loads(handle('{"op": "quick", "seed": 3, "players": ["Zoé"], "lang": "en"}'))
    >>> quick["scenario"]["players"][:2], len(quick["scenario"]["computer"])
    (['Zoé', 'Anne'], 3)
    >>> json.loads(handle('{"op": "quick", "players": ["Zoé", "zoe"], "lang": "en"}'))["error"]["code"]
    'names_alike'

    With ``rules`` (VARIANTS.md, V-R8), the quick game is played under them; the
    scenario holds them as a scenario writes them (a preset by its name, else the
    parameters that are not the standard ones), and refused rules are answered in words:

    >>> from lansquenet.games import PRESET_IDS
    >>> half = {"variant": PRESET_IDS[4]}
    >>> quick = json.loads(handle(json.dumps({"op": "quick", "seed": 3, "rules": half})))
    >>> quick["scenario"]["rules"] == half
    True
    >>> json.loads(handle('{"op": "quick", "rules": {"packs": 2, "successor": "right"}}'))["scenario"]["rules"]
    {'packs': 2}
    >>> json.loads(handle('{"op": "quick", "rules": {"variant": "zecchinetta"}}'))["error"]["code"]
    'unknown_variant'

    With ``"computers": false``, the class's names sit alone; fewer than two names make
    no table (the engine's refusal, R-S1):

    >>> quick = json.loads(handle('{"op": "quick", "seed": 3, "players": ["Zoé", "Yann"], "computers": false}'))
    >>> quick["scenario"]["players"], quick["scenario"]["computer"]
    (['Zoé', 'Yann'], {})
    >>> json.loads(handle('{"op": "quick", "players": ["Zoé"], "computers": false, "lang": "en"}'))["error"]["code"]
    'invalid_players'
    """
    deals = request.get("deals", 6)
    if deals not in bots.QUICK_DEALS or isinstance(deals, bool):
        raise BadRequest(f"deals must be one of {', '.join(map(str, bots.QUICK_DEALS))}")
    seed = request.get("seed")
    if seed is None:
        seed = random.randrange(1_000_000)  # a fresh game; its link keeps the seed
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        raise BadRequest("seed must be a whole number from 0 to 2^53 - 1")
    players = request.get("players", [])
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise BadRequest("players must be a list of names")
    computers = request.get("computers", True)
    if not isinstance(computers, bool):
        raise BadRequest("computers must be true or false")
    try:  # V-R8: the game's rules, written as a scenario writes them (V-R5's refusals)
        rules = games.read(request.get("rules")).record()  # C-16: either game
    except Refusal as refusal:
        return _refusal(refusal, _lang(request, _worker.lang))
    scenario = bots.quick_game(seed, deals, players, rules, computers)
    # A class's names are a table a reader typed: held to the set-up form's policy.
    return _open({**request, "scenario": scenario, "check_names": bool(players)})


def _bot(session: Session, request: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``bot`` op: the computer player to act moves (see the module's docstring).

    >>> _ = handle('{"op": "open", "scenario": {"players": ["A", "B"], "first_banker": "A",'
    ...            ' "seed": 3, "computer": {"A": "bold"}, "actions": []}}')
    >>> moved = json.loads(handle('{"op": "bot", "lang": "en"}'))
    >>> moved["played"][0]["do"], moved["said"], moved["actions"]
    ('bank', "A announces a large bank of 33: the bank's small edge counts for more on a large bank.", 1)
    >>> moved["reasons"] == {"1": moved["said"]}
    True
    >>> json.loads(handle('{"op": "bot", "temperament": {"a": 1}}'))["error"]["code"]
    'unknown_temperament'
    """
    decision = session.decide(request.get("temperament") or None)
    return _after(session, lang, lambda: session.push(decision.move))


def _replay(request: dict[str, Any]) -> dict[str, Any]:
    """The ``replay`` op: what the command line prints for the scenario."""
    return replay(scenario_of(request.get("scenario")))


def _simulate(request: dict[str, Any]) -> dict[str, Any]:
    """The ``simulate`` op: at most :data:`MAX_DEALS` deals; its seed a safe whole
    number or a short text; its chart's words text, its language one we have.

    >>> _simulate({"n": 5, "chart": {"title": 1}})
    Traceback (most recent call last):
    lansquenet.refusals.BadRequest: chart must be an object of words
    >>> _simulate({"n": 5, "chart": {}, "lang": "xx"})
    Traceback (most recent call last):
    lansquenet.refusals.BadRequest: lang must be one of en, fr
    >>> _simulate({"n": 5, "variant": "skin"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    lansquenet.refusals.BadRequest: variant must be one of ...
    >>> _simulate({"n": 10**12})
    Traceback (most recent call last):
    lansquenet.refusals.BadRequest: n must be a whole number of deals from 1 to 1000000
    >>> _simulate({"n": 50, "variant": odds.VARIANTS[3].name})["pack"]["cards"]
    52
    >>> words = {"templates": {"summary": "{deals} deals"}, "expected": {}}
    >>> _simulate({"n": 50, "summary": words, "lang": "en"})["summary"]
    ['50 deals', '']
    >>> _simulate({"n": 5, "summary": {"templates": []}})
    Traceback (most recent call last):
    lansquenet.refusals.BadRequest: summary must hold templates and expected figures, as words
    """
    n, seed = request.get("n"), request.get("seed", 0)
    if not safe_whole(n, least=1) or n > MAX_DEALS:
        raise BadRequest(f"n must be a whole number of deals from 1 to {MAX_DEALS}")
    if not (safe_whole(seed) or (isinstance(seed, str) and len(seed) <= 100)):
        raise BadRequest("seed must be a whole number from 0 to 2^53 - 1, or a text of at most 100 letters")
    name = request.get("variant")
    if name is None:
        result = odds.simulation_json(odds.simulate(n, seed))
    else:
        try:
            variant = odds.variant(name) if isinstance(name, str) else None
        except LansquenetError:
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
        result["svg_projected"] = chart.share_chart(
            result, lang, labels, ident="lq-sim-chart-projected", layout=chart.PROJECTED
        )
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
    lansquenet.refusals.BadRequest: no lesson named 'nope'
    """
    lang = _lang(request, _worker.lang)
    answers = request.get("answers", [])
    if not isinstance(answers, list) or not all(safe_whole(a) for a in answers):
        raise BadRequest("answers must be a list of whole numbers")
    ident = request.get("id")
    try:
        lesson = lessons.get(ident if isinstance(ident, str) else "")
    except KeyError:
        raise BadRequest(f"no lesson named {str(ident)[:40]!r}") from None
    result = lessons.run(lesson, answers, lang)  # a LessonError for answers that do not fit
    result["svg"] = diagram(result["state"], lang) if result["state"] else None  # None: unchanged
    return result


def _ruled(rules: variants.Rules, lang: str) -> dict[str, Any]:
    """A rule set's figures, as the ``rules`` op gives them."""
    pack = odds.rules_pack(rules)
    edge = odds.rules_edge(pack, rules.share)
    return {
        "rules": rules.record(),
        "cards": rules.cards,
        "opening_pair": str(odds.opening_pair(pack)),
        "edge": str(edge),
        "edge_text": chart.fraction(edge, lang),
    }


def _rules(request: dict[str, Any]) -> dict[str, Any]:
    """The ``rules`` op (see the module's docstring).

    >>> answer = _rules({"lang": "en"})
    >>> [p["edge_text"] for p in answer["presets"]][-1]
    '1/34 ≈ 2.9%'
    >>> answer["presets"][2]["sources"], answer["presets"][2]["year"], answer["presets"][2]["cards"]
    (['BOU', 'PAG', 'TRE'], 1896, 312)
    >>> chosen = _rules({"rules": {"packs": 3, "pack": "32"}, "lang": "fr"})["chosen"]
    >>> chosen["preset"], chosen["edge"], chosen["edge_text"]
    (None, '11/95', '11/95 ≈ 11,6\u202f%')
    >>> _rules({"rules": {"packs": 2}})["chosen"]["preset"] == odds.VARIANTS[0].name
    True
    >>> _rules({"rules": {"packs": 7}, "lang": "en"})["error"]["code"]
    'invalid_rules'
    """
    lang = _lang(request, _worker.lang)
    presets = []
    for found in odds.preset_odds():
        rules = variants.PRESETS[found.name]
        figures = _ruled(rules, lang)
        presets.append({"name": found.name, "sources": list(found.sources), "year": found.year, **figures})
    result: dict[str, Any] = {"presets": presets}
    if "rules" in request:
        try:  # C-16's order: either game's rules, refused in its codes and words
            chosen = games.read(request["rules"])
        except Refusal as refusal:
            return _refusal(refusal, lang)
        if not isinstance(chosen, variants.Rules):  # another game (COURT.md): its own figure
            result["chosen"] = _game_ruled(chosen, lang)
            return result
        same = [name for name, rules in variants.PRESETS.items() if rules.parameters() == chosen.parameters()]
        result["chosen"] = {"preset": same[0] if same else None, **_ruled(chosen, lang)}
    return result


def _game_ruled(rules: Any, lang: str) -> dict[str, Any]:
    """Another game's rules (COURT.md, C-16), as the ``rules`` op gives them: their
    record, their game, no preset, and the figure the game's entry names
    (:attr:`lansquenet.games.Game.edge`: for the court game, the holder's gain over a
    whole hand in F, four at the table), exactly and in words.

    >>> chosen = _rules({"rules": {"game": games.COURT.id, "fonds": 5}, "lang": "en"})["chosen"]
    >>> chosen["rules"] == {"game": games.COURT.id, "fonds": 5}, chosen["edge"], chosen["edge_text"]
    (True, '36635/73896', '36635/73896 ≈ 49.6%')
    >>> _rules({"rules": {"game": games.COURT.id, "fonds": 0}, "lang": "en"})["error"]["code"]
    'invalid_rules'
    """
    game = cast(games.Game, games.game(rules.game))
    edge = game.edge_value()
    return {
        "game": game.id,
        "preset": None,
        "rules": rules.record(),
        "edge": str(edge),
        "edge_text": chart.fraction(edge, lang),
    }


def _short(request: dict[str, Any]) -> dict[str, Any]:
    """The ``short`` op: a quick game's short link (:mod:`lansquenet.quicklink`).
    ``{"op": "short", "link": T, "lang": L}`` opens the game the short text ``T`` holds,
    answered as ``open``; ``{"op": "short"}`` answers ``{"short": T}`` for the open
    session (null when its game has no short link: the plain link stays).

    >>> opened = json.loads(handle('{"op": "short", "link": "6.3.0.", "lang": "en"}'))
    >>> opened["scenario"]["seed"], opened["actions"], json.loads(handle('{"op": "short"}'))
    (3, 0, {'short': '6.3.0.'})
    >>> json.loads(handle('{"op": "short", "link": "oops"}'))["error"]["code"]
    'not_a_scenario'
    """
    if "link" in request:
        scenario = quicklink.scenario_of(request["link"])
        return _open({key: value for key, value in request.items() if key != "link"} | {"scenario": scenario})
    if _worker.session is None:
        return _error("no_session", "no session is open: send an open request first")
    return {"short": quicklink.text_of(_worker.session)}


# The bridge: each op of the contract (:data:`lansquenet.protocol.OPS`, in its order) and
# its handler (a session's ops run on the open session). The contract is read at build
# time, not in the browser: tests/site/test_bridge.py fails when the two differ.
HANDLERS: dict[str, Handler] = {
    "replay": _replay,
    "open": _open,
    "move": _on_session(_move),
    "quick": _quick,
    "undo": _on_session(_undo),
    "end": _on_session(_end),
    "bot": _on_session(_bot),
    "steps": _on_session(_steps),
    "story": _on_session(_story),
    "ledger": _on_session(_ledger),
    "scenario": _on_session(_scenario),
    "carry": _on_session(_carry),
    "simulate": _simulate,
    "lesson": _lesson,
    "short": _short,
    "rules": _rules,
}
OPS = tuple(HANDLERS)


def answer(request: object) -> dict[str, Any]:
    """The answer to a decoded request: a coded error for what the engine refuses (a
    :class:`~lansquenet.refusals.LansquenetError`); anything else raises (:func:`handle`
    catches it)."""
    try:
        op = request.get("op") if isinstance(request, dict) else None
        if not isinstance(op, str) or op not in HANDLERS:
            raise BadRequest(f"a request is an object whose op is one of {', '.join(OPS)}")
        _worker.layout = _layout(cast(dict[str, Any], request))
        return HANDLERS[op](cast(dict[str, Any], request))
    except Refusal as refusal:  # the rules refused something outside a move (unexpected)
        return _refusal(refusal, _worker.lang)
    except LansquenetError as error:
        return _error(error.code, str(error))


def _dumps(result: dict[str, Any]) -> str:
    """Strict JSON (no NaN, no Infinity); text with a lone surrogate is escaped."""
    out = json.dumps(result, ensure_ascii=False, allow_nan=False)
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:
        out = json.dumps(result, allow_nan=False)
    return out


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON answer (see the module's docstring)."""
    try:
        if not isinstance(request_json, str):
            raise BadRequest("a request is JSON text")
        # A request holds a scenario one level down: one level more than a scenario.
        request = read_json(request_json, BadRequest, depth=MAX_DEPTH + 1, size=MAX_REQUEST)
        return _dumps(answer(request))
    except LansquenetError as error:
        return _dumps(_error(error.code, str(error)))
    except Exception as error:  # noqa: BLE001 - nothing may escape to the page as a traceback
        return _dumps(_error("internal", f"{type(error).__name__}: {str(error)[:200]}"))
