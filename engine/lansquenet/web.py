"""The bridge the browser's worker calls: one JSON request in, one JSON answer out.

:func:`handle` is the single entry point of the Pyodide worker (``engine-worker.mjs``).
A request is an object with an ``op``:

- ``{"op": "replay", "scenario": S}``: exactly what ``python -m lansquenet replay``
  prints for ``S`` (the state, or ``{"error", "state"}`` for a refused action), and
  ``{"error": {"code": "not_a_scenario", "message"}}`` for what is not a scenario at all.
  ``S`` is a scenario object, or text as the command line reads it (JSON, or the name of
  a shipped scenario).
- ``{"op": "session", "scenario": S, "lang": "fr"}``: :func:`lansquenet.session` in
  ``lang``, each step with its table diagram (``svg``), and ``to_act`` (who acts next
  and their legal moves) of the last step. With ``"from": K`` the steps before index K
  (which a caller already holds: a replay's first steps never change) are left out;
  ``count`` is the number of steps in all.
- ``{"op": "simulate", "n": N, "seed": K}``: the seeded simulation of the odds page
  (:func:`lansquenet.odds.simulate`, as :func:`lansquenet.odds.simulation_json`). With
  ``"chart": {labels}`` (and ``"lang"``), the answer also holds ``svg``: the chart of the
  running share (:func:`lansquenet.chart.share_chart`), words from ``labels``. With
  ``"variant": "six_packs"`` (one of :data:`lansquenet.odds.VARIANTS`), the deals use
  that variant's pack, and the answer also holds ``variant`` and its simulated ``edge``.

Whatever happens, the answer is JSON: a Python exception never reaches the page as a
traceback but as ``{"error": {"code": "internal", "message"}}``.

>>> answer = json.loads(handle('{"op": "replay", "scenario": "worked-example"}'))
>>> answer["balances"], answer["to_act"]
({'A': 88, 'B': 105, 'C': 107}, {'player': 'B', 'can': ['bank']})
>>> json.loads(handle('{"op": "replay", "scenario": [1, 2]}'))["error"]["code"]
'not_a_scenario'
>>> steps = json.loads(handle('{"op": "session", "scenario": "worked-example", "lang": "fr"}'))
>>> steps["to_act"], steps["count"], steps["steps"][-1]["svg"].startswith("<svg")
({'player': 'B', 'can': ['bank']}, 11, True)
>>> later = json.loads(handle('{"op": "session", "scenario": "worked-example", "from": 9}'))
>>> [step["event"]["code"] for step in later["steps"]], later["count"]
(['players_win', 'bank_returned'], 11)
>>> sim = json.loads(handle('{"op": "simulate", "n": 100, "seed": 1, "lang": "fr", "chart": {}}'))
>>> sim["deals"], sim["svg"].startswith("<svg")
(100, True)
>>> json.loads(handle("{oops"))["error"]["code"]
'bad_request'
"""

from __future__ import annotations

import json
from typing import Any

from . import chart, odds
from .diagram import diagram
from .narration import LANGUAGES
from .refusals import NotAScenario
from .scenario import check_shape, parse, replay, session

OPS = ("replay", "session", "simulate")


class BadRequest(ValueError):
    """A request the bridge cannot read (not the engine's concern)."""


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def scenario_of(value: object) -> dict[str, Any]:
    """The scenario of a request: an object, or text as the command line reads it."""
    if isinstance(value, str):
        return parse(value)
    return check_shape(value)


def _session(request: dict[str, Any]) -> dict[str, Any]:
    lang = request.get("lang", "en")
    if lang not in LANGUAGES:
        raise BadRequest(f"lang must be one of {', '.join(LANGUAGES)}")
    since = request.get("from", 0)
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise BadRequest("from must be a whole number, at least 0")
    result = session(scenario_of(request.get("scenario")), lang)
    steps: list[dict[str, Any]] = result["steps"]
    result["to_act"] = steps[-1]["state"]["to_act"] if steps else None
    result["count"] = len(steps)
    result["steps"] = steps[since:]
    for step in result["steps"]:
        step["svg"] = diagram(step["state"], lang)
    return result


def _simulate(request: dict[str, Any]) -> dict[str, Any]:
    """The ``simulate`` op; its chart's words must be text, its language one we have.

    >>> _simulate({"n": 5, "chart": {"title": 1}})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: chart must be an object of words
    >>> _simulate({"n": 5, "chart": {}, "lang": "de"})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: lang must be one of fr, en
    >>> _simulate({"n": 5, "variant": "skin"})
    Traceback (most recent call last):
    lansquenet.web.BadRequest: variant must be one of six_packs, two_packs, italian_forty, half_on_pair
    >>> _simulate({"n": 50, "variant": "half_on_pair"})["pack"]["cards"]
    52
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
    if "chart" in request:
        labels, lang = request["chart"], request.get("lang", "en")
        if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
            raise BadRequest("chart must be an object of words")
        if lang not in LANGUAGES:
            raise BadRequest(f"lang must be one of {', '.join(LANGUAGES)}")
        result["svg"] = chart.share_chart(result, lang, labels, ident="lq-sim-chart")
    return result


def answer(request: object) -> dict[str, Any]:
    """The answer to a decoded request (may raise; :func:`handle` catches)."""
    if not isinstance(request, dict) or request.get("op") not in OPS:
        raise BadRequest(f"a request is an object whose op is one of {', '.join(OPS)}")
    op = request["op"]
    try:
        if op == "replay":
            return replay(scenario_of(request.get("scenario")))
        if op == "session":
            return _session(request)
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
