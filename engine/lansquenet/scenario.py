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

from .narration import event_text, refusal_text
from .refusals import NotAScenario, Refusal
from .rules import Event, Move, end, legal_moves, new_table, play
from .table import Phase, Table, state_json, view_json

REQUIRED = ("players", "first_banker", "actions")
DEFAULT_BALANCE = 100  # R-P2: everyone starts with the same counters, 100 by default


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
    for key in ("seed", "finish_after"):
        value = data.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise NotAScenario(f"{key} must be a whole number")
    if data.get("finish_after") is not None and data["finish_after"] < 1:
        raise NotAScenario("finish_after must be at least 1")
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


def move_of(action: dict[str, Any]) -> Move:
    return Move(str(action.get("by")), str(action.get("do")), action.get("amount"))


def _run(data: dict[str, Any], view: bool) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Replay: the steps (event + state), and the refusal that stopped it, if any."""
    shape = view_json if view else state_json
    try:
        table = table_of(check_shape(data))
    except Refusal as refusal:
        return [], _refusal_json(refusal, None)
    assert table.to_act is not None
    first = Event("session_started", {"player": table.players[table.to_act], "balance": table.balances[0]})
    steps = [_step_json(first, table, shape)]
    for index, action in enumerate(data["actions"]):
        try:
            played = play(table, move_of(action))
        except Refusal as refusal:
            return steps, _refusal_json(refusal, index)
        steps.extend(_step_json(event, after, shape) for event, after in played)
        table = played[-1][1]
    if data.get("ended") and table.phase is not Phase.FINISHED:  # R-P4: "time is up"
        steps.extend(_step_json(event, after, shape) for event, after in end(table))
    return steps, None


def _step_json(event: Event, table: Table, shape: Any) -> dict[str, Any]:
    can = legal_moves(table) if table.to_act is not None else None
    return {"event": event.json(), "state": shape(table, can)}


def _refusal_json(refusal: Refusal, index: int | None) -> dict[str, Any]:
    return {
        "code": refusal.code,
        "message": refusal_text(refusal, "en"),
        "action": index,
        "params": refusal.params,
    }


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON that ``python -m lansquenet replay`` prints: the state, or the refusal.

    Raises :class:`NotAScenario` for what is not a scenario at all.
    """
    steps, refusal = _run(data, view=False)
    state: dict[str, Any] | None = steps[-1]["state"] if steps else None
    if refusal is None:
        assert state is not None
        return state
    refusal.pop("params")
    return {"error": refusal, "state": state}


def trace(data: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """Every step of a scenario, each an event, its sentence in ``lang`` and the whole
    table after it (what pages and the stepper show). Stops before a refused action."""
    steps, _ = _run(data, view=True)
    for step in steps:
        step["text"] = event_text(step["event"], lang)
    return steps


def session(data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """What the play page needs in one call: the narrated steps, the refusal (with its
    sentence in ``lang``) that stopped the replay if any, and the final state."""
    steps, refusal = _run(data, view=True)
    for step in steps:
        step["text"] = event_text(step["event"], lang)
    if refusal is not None:
        refusal["message"] = refusal_text(Refusal(refusal["code"], **refusal["params"]), lang)
    return {"steps": steps, "error": refusal}
