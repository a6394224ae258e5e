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
from dataclasses import dataclass
from importlib import resources
from typing import Any

from . import view
from .languages import FALLBACK
from .limits import read_json
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
    """Read a scenario's JSON text, or the name of a shipped scenario, under the limits
    of CONFORMANCE.md (:func:`lansquenet.limits.read_json`)."""
    if len(text) < 100 and text.strip() in names():
        return load(text.strip())
    return check_shape(read_json(text))


@dataclass(frozen=True)
class Stop:
    """Why a replay stopped: the refusal, and the index of the refused action (None
    when the table itself is refused)."""

    index: int | None
    refusal: Refusal

    def json(self, lang: str = FALLBACK) -> dict[str, Any]:
        """``{code, message, action}`` as CONFORMANCE.md prints it."""
        return {"code": self.refusal.code, "message": refusal_text(self.refusal, lang), "action": self.index}


def until_refused(data: dict[str, Any], *, checked: bool = False) -> tuple[Session | None, Stop | None]:
    """Replay a scenario up to its first refusal: the session of every action before it
    (None when the table itself is refused: there is no game), and the refusal (None
    when every action was played). The one replay the command line, the trace, the
    page's renderer and the browser's bridge share.

    Raises :class:`NotAScenario` for what is not a scenario at all (``checked``: the
    caller has already checked its shape, :class:`Session`).

    >>> played, stop = until_refused({**load("worked-example"), "balance": 0})
    >>> played, stop.index, stop.refusal.code
    (None, None, 'invalid_balance')
    >>> played, stop = until_refused(load("worked-example"))
    >>> len(played), stop
    (3, None)
    """
    try:
        played = Session(data, strict=False, checked=checked)
    except Refusal as refusal:  # the table itself is refused
        return None, Stop(None, refusal)
    if played.refused is None:
        return played, None
    return played, Stop(*played.refused)


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON that ``python -m lansquenet replay`` prints: the state, or the refusal.

    Raises :class:`NotAScenario` for what is not a scenario at all.
    """
    played, stop = until_refused(data)
    if stop is None and played is not None:
        return played.state()
    return {"error": stop.json() if stop else None, "state": None if played is None else played.state()}


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
    played, stop = until_refused(data)
    error = None if stop is None else dict(stop.json(lang), params=stop.refusal.params)
    return {"steps": view.steps(played, 0, None, lang) if played is not None else [], "error": error}
