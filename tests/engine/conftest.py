"""Helpers for the engine's tests.

- ``shared_dir``: the shared folder (RULES.md, CONFORMANCE.md, conformance/): the
  ``LANSQUENET_SHARED`` variable, else ``<repo>/../shared``, else ``/work/shared``.
- ``conformance_case``: any test asking for it runs once per case found in
  ``shared/conformance/`` (``NAME.json`` beside ``NAME.expected.json``).
- ``norm``: the comparison of CONFORMANCE.md: ``can`` lists compare as sets, ``change``
  entries of 0 are dropped on both sides, an error's ``message`` is not compared.
- ``table_after`` / ``play``: build a table and play moves written as the game's words,
  ``"A bank 12"``, ``"B pass"``, ``"C stake 7"``.
- ``refused``: the refusal code a move gets, checking that it left the table as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from lansquenet import Event, Move, Refusal, Table, apply, new_table, state_json

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "engine"

# Decks written as the top of the pack after shuffling and cutting (CONFORMANCE.md).
PLAYERS_WIN = ["7S", "QH", "2C", "QD"]  # section 06: the queen comes first
BANK_WINS = ["7S", "QH", "2C", "7D"]  # section 06: had 7♦ come before the queen
OPENING_PAIR = ["KH", "KS"]  # R-D2


def find_shared() -> Path:
    """Where the shared folder is (see the module's docstring)."""
    env = os.environ.get("LANSQUENET_SHARED")
    if env:
        return Path(env)
    beside = REPO.parent / "shared"
    if beside.is_dir():
        return beside
    return Path("/work/shared")


def conformance_cases(shared: Path) -> list[Path]:
    """Every scenario of ``shared/conformance`` (not the ``.expected.json`` files)."""
    folder = shared / "conformance"
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


def expected_of(case: Path) -> Path:
    return case.with_name(case.name[: -len(".json")] + ".expected.json")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return find_shared()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "conformance_case" in metafunc.fixturenames:
        cases = conformance_cases(find_shared())
        metafunc.parametrize("conformance_case", cases, ids=[c.stem for c in cases])


def norm(value: Any) -> Any:
    """A result made comparable as CONFORMANCE.md says."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "can" and isinstance(item, list):
                out[key] = frozenset(item)
            elif key == "change" and isinstance(item, dict):
                out[key] = {p: c for p, c in item.items() if c != 0}
            elif key == "error" and isinstance(item, dict):
                out[key] = {k: norm(v) for k, v in item.items() if k != "message"}
            else:
                out[key] = norm(item)
        return out
    if isinstance(value, list):
        return [norm(v) for v in value]
    return value


@pytest.fixture(name="norm", scope="session")
def norm_fixture() -> Callable[[Any], Any]:
    return norm


def move(text: str) -> Move:
    """``"A stake 5"`` → ``Move("A", "stake", 5)``; ``"B pass"`` → ``Move("B", "pass")``."""
    words = text.split()
    amount: object = int(words[2]) if len(words) > 2 else None
    return Move(words[0], words[1], amount)


def play(table: Table, moves: Iterable[str | Move] = ()) -> tuple[Table, list[Event]]:
    """Play ``moves`` from ``table``: the table after them and every event on the way."""
    events: list[Event] = []
    for item in moves:
        table, more = apply(table, move(item) if isinstance(item, str) else item)
        events.extend(more)
    return table, events


def table_after(
    players: Iterable[str] | str,
    balance: int,
    banker: str,
    moves: Iterable[str | Move] = (),
    **options: Any,
) -> tuple[Table, list[Event]]:
    """A new table (players as a list or as ``"A B C"``) after ``moves``."""
    names = players.split() if isinstance(players, str) else list(players)
    return play(new_table(names, balance, banker, **options), moves)


def refused(table: Table, attempt: str | Move) -> str:
    """The refusal code of ``attempt``; fails if it is accepted or changes the table."""
    before = state_json(table)
    with pytest.raises(Refusal) as caught:
        apply(table, move(attempt) if isinstance(attempt, str) else attempt)
    assert state_json(table) == before
    return caught.value.code


@pytest.fixture(name="play", scope="session")
def play_fixture() -> Callable[..., tuple[Table, list[Event]]]:
    return play


@pytest.fixture(name="table_after", scope="session")
def table_after_fixture() -> Callable[..., tuple[Table, list[Event]]]:
    return table_after


@pytest.fixture(name="refused", scope="session")
def refused_fixture() -> Callable[[Table, str | Move], str]:
    return refused
