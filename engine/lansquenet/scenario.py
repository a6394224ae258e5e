"""Scenarios (CONFORMANCE.md): a table, its cards and its actions, replayed as a trace.

>>> result = replay(load("worked-example"))
>>> result["balances"], result["to_act"]["player"]
({'A': 88, 'B': 105, 'C': 107}, 'B')
>>> steps = trace(load("worked-example"))
>>> steps[0]["event"]["code"], steps[-1]["event"]["code"]
('session_started', 'bank_returned')
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .languages import FALLBACK
from .narration import refusal_text
from .refusals import NotAScenario, Refusal
from .session import Session, check_shape


def names() -> list[str]:
    """The scenarios shipped with the package (the worked example of section 06, …)."""
    folder = resources.files(__package__) / "scenarios"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load(name: str) -> dict[str, Any]:
    """A shipped scenario by name."""
    if name not in names():
        raise NotAScenario(f"no scenario named {name!r}")
    text = (resources.files(__package__) / "scenarios" / f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def parse(text: str) -> dict[str, Any]:
    """Read a scenario's JSON text, or the name of a shipped scenario."""
    if text.strip() in names():
        return load(text.strip())
    try:
        data = json.loads(text)
    except ValueError as error:
        raise NotAScenario(f"not JSON: {error}") from None
    return check_shape(data)


def _refusal_json(refusal: Refusal, index: int | None, lang: str = FALLBACK) -> dict[str, Any]:
    return {"code": refusal.code, "message": refusal_text(refusal, lang), "action": index}


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON that ``python -m lansquenet replay`` prints: the state, or the refusal.

    Raises :class:`NotAScenario` for what is not a scenario at all.
    """
    check_shape(data)
    try:
        played = Session(data, strict=False)
    except Refusal as refusal:  # the table itself is refused
        return {"error": _refusal_json(refusal, None), "state": None}
    if played.refused is None:
        return played.state()
    index, stop = played.refused
    return {"error": _refusal_json(stop, index), "state": played.state()}


def trace(data: dict[str, Any], lang: str = FALLBACK) -> list[dict[str, Any]]:
    """Every step of a scenario, each display-ready (:func:`lansquenet.view.step_view`):
    an event, its sentence in ``lang``, the table after it (what pages and the stepper
    show). Stops before a refused action."""
    steps: list[dict[str, Any]] = session(data, lang)["steps"]
    return steps


def session(data: dict[str, Any], lang: str = FALLBACK) -> dict[str, Any]:
    """What a rendered page needs in one call: the narrated steps, and the refusal (with
    its sentence in ``lang``) that stopped the replay if any.

    Raises :class:`NotAScenario` for what is not a scenario at all.
    """
    check_shape(data)
    try:
        played = Session(data, strict=False)
    except Refusal as refusal:
        return {"steps": [], "error": dict(_refusal_json(refusal, None, lang), params=refusal.params)}
    error = None
    if played.refused is not None:
        index, stop = played.refused
        error = dict(_refusal_json(stop, index, lang), params=stop.params)
    return {"steps": played.steps(0, None, lang), "error": error}
