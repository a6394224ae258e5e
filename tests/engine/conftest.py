"""Helpers for the engine's tests.

- ``conformance_case``: any test asking for it runs once per case found in
  ``spec/conformance/`` (``NAME.json`` beside ``NAME.expected.json``).
- ``norm``: the comparison of CONFORMANCE.md: ``can`` lists compare as sets, ``change``
  entries of 0 are dropped on both sides, an error's ``message`` is not compared.
- ``table_after`` / ``play``: build a table and play moves written as the game's words,
  ``"A bank 12"``, ``"B pass"``, ``"C stake 7"``.
- ``refused``: the refusal code a move gets, checking that it left the table as it was.
- ``random_session``: a hypothesis-driven session (2-10 players, small balances, seeds,
  stacked decks in any spelling) of random legal moves interleaved with refused ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from spec_cases import conformance_cases, norm

from lansquenet import (
    PACK,
    Card,
    Event,
    Move,
    Phase,
    Refusal,
    Table,
    apply,
    legal_moves,
    new_table,
    state_json,
)
from lansquenet import play as rules_play
from lansquenet.cards import SYMBOLS

REPO = Path(__file__).resolve().parents[2]
ENGINE_TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by it
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks ``covered`` the engine's tests that measure its coverage: all of them but its
    property tests (hypothesis: hundreds of random sessions each) and those marked
    ``slow`` (thousands of sessions, a wheel's build). ``make test`` runs the covered ones
    in a process of their own, under coverage, and the others with everything else,
    without coverage's tracing, which doubles their time. Every line they reach, an
    example test reaches too (the coverage report is the same with them or without them)."""
    for item in items:
        inside = item.path.is_relative_to(ENGINE_TESTS)  # the hook sees every folder's tests
        hypothesis = getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
        if inside and not hypothesis and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.covered)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "conformance_case" in metafunc.fixturenames:
        cases = conformance_cases()
        metafunc.parametrize("conformance_case", cases, ids=[c.stem for c in cases])


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


# --- random sessions (test_properties, test_narration) ---------------------------

WORDS = ("bank", "stake", "pass", "banco", "keep", "withdraw", "leave", "buy", "decline")
NOT_WHOLE = (0, -1, -40, "5", 2.5, True, False, None, [3])


def spellings(card: Card) -> list[str]:
    """Every accepted way to write ``card`` (CONFORMANCE: T for 10, symbols, any case)."""
    ranks = [card.rank, "T"] if card.rank == "10" else [card.rank]
    out = []
    for rank in ranks:
        out += [rank + card.suit, (rank + card.suit).lower(), rank + SYMBOLS[card.suit]]
    return out


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A scenario's table: 2-10 players, a small balance (so players go broke), a seed,
    and sometimes stacked decks written in any accepted spelling. No actions yet."""
    names = draw(
        st.lists(
            st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=5).filter(
                str.strip
            ),
            min_size=2,
            max_size=10,
            unique=True,
        )
    )
    deck = st.lists(st.sampled_from(PACK), unique=True, max_size=8).flatmap(
        lambda cards: st.tuples(*(st.sampled_from(spellings(c)) for c in cards)).map(list)
    )
    return {
        "players": names,
        "balance": draw(st.integers(1, 40)),
        "first_banker": draw(st.sampled_from(names)),
        "seed": draw(st.integers(0, 2**32)),
        "decks": draw(st.lists(deck, max_size=4)),
        "finish_after": draw(st.none() | st.integers(1, 8)),
        "actions": [],
    }


def table_of(spec: dict[str, Any]) -> Table:
    return new_table(
        spec["players"],
        spec["balance"],
        spec["first_banker"],
        decks=spec["decks"],
        seed=spec["seed"],
        finish_after=spec["finish_after"],
    )


# CONFORMANCE's table of `do`: the words of each moment, whatever one can afford
# (after a win, "withdraw" only after an opening pair: R-B3).
MOMENTS = {
    Phase.ANNOUNCE: ["bank"],
    Phase.COVER: ["stake", "pass", "banco"],
    Phase.CHOICE: ["keep", "leave"],
    Phase.OFFER: ["buy", "decline"],
}


def moment(table: Table) -> list[str]:
    """The words of this moment (:data:`MOMENTS`)."""
    words = MOMENTS.get(table.phase, [])
    if table.phase is Phase.CHOICE and table.deals[-1].opening_pair:
        return ["keep", "withdraw", "leave"]
    return words


def legal_move(data: st.DataObject, table: Table) -> Move:
    """A move the rules accept: a word of ``legal_moves`` and an amount within limits."""
    assert table.to_act is not None
    seat = table.to_act
    do = data.draw(st.sampled_from(legal_moves(table)), label="legal")
    amount: object = None
    if do == "bank":  # R-P5
        amount = data.draw(st.integers(1, table.balances[seat]), label="bank")
    elif do == "stake":  # R-C2
        amount = data.draw(st.integers(1, min(table.uncovered, table.balances[seat])), label="stake")
    return Move(table.players[seat], do, amount)


def illegal_move(data: st.DataObject, table: Table) -> tuple[Move, str]:
    """A move the rules refuse, and the code CONFORMANCE.md gives it."""
    stranger = "".join(table.players) + "?"  # longer than any name: nobody's
    if table.phase is Phase.FINISHED:  # session_finished comes first, whoever asks
        who = data.draw(st.sampled_from([*table.players, stranger]))
        return Move(who, data.draw(st.sampled_from(WORDS)), 1), "session_finished"
    assert table.to_act is not None
    seat = table.to_act
    name = table.players[seat]
    options: list[tuple[Move, str]] = [
        (Move(stranger, data.draw(st.sampled_from(WORDS))), "unknown_player"),
        (Move(name, data.draw(st.sampled_from(["fold", "", "BANK", "bank ", "hit"]))), "illegal_action"),
    ]
    others = [p for s, p in enumerate(table.players) if s != seat]
    options.append(
        (Move(data.draw(st.sampled_from(others)), data.draw(st.sampled_from(WORDS)), 1), "not_your_turn")
    )
    wrong = [w for w in WORDS if w not in moment(table)]
    options.append((Move(name, data.draw(st.sampled_from(wrong)), 1), "illegal_action"))
    balance = table.balances[seat]
    if table.phase is Phase.ANNOUNCE:
        options.append((Move(name, "bank", data.draw(st.sampled_from(NOT_WHOLE))), "invalid_amount"))
        options.append(
            (Move(name, "bank", balance + data.draw(st.integers(1, 1000))), "bank_exceeds_balance")
        )
    if table.phase is Phase.COVER:
        uncovered = table.uncovered
        options.append((Move(name, "stake", data.draw(st.sampled_from(NOT_WHOLE))), "invalid_amount"))
        options.append(
            (Move(name, "stake", uncovered + data.draw(st.integers(1, 1000))), "stake_exceeds_uncovered")
        )
        if balance < uncovered:
            options.append(
                (Move(name, "stake", data.draw(st.integers(balance + 1, uncovered))), "stake_exceeds_balance")
            )
        assert table.bank is not None
        if balance + table.stakes[seat] < table.bank.amount:
            options.append((Move(name, "banco"), "banco_unaffordable"))
    return data.draw(st.sampled_from(options), label="illegal")


def action_of(move_: Move) -> dict[str, Any]:
    action: dict[str, Any] = {"by": move_.player, "do": move_.do}
    if move_.amount is not None:
        action["amount"] = move_.amount
    return action


@dataclass(frozen=True)
class Refused:
    """A move refused during a random session: the table it was tried on, the code
    CONFORMANCE.md gives it, the code the engine gave, and how many actions came before."""

    table: Table
    move: Move
    want: str
    got: str
    index: int


@dataclass
class Played:
    """A random session: its scenario (with the accepted actions), the table it ended at,
    every step (event and table after it) and the refused moves met on the way."""

    spec: dict[str, Any]
    table: Table
    steps: list[tuple[Event, Table]] = field(default_factory=list)
    refusals: list[Refused] = field(default_factory=list)


def random_session(data: st.DataObject, max_moves: int = 60, illegal: bool = True) -> Played:
    """Play a random session: random legal moves, interleaved (if ``illegal``) with moves
    the rules refuse; each refusal is recorded with the code expected and the code got."""
    spec = data.draw(scenarios(), label="scenario")
    played = Played(spec, table_of(spec))
    for _ in range(max_moves):
        table = played.table
        if illegal and data.draw(st.integers(0, 3), label="try illegal") == 0:
            attempt, want = illegal_move(data, table)
            with pytest.raises(Refusal) as caught:
                apply(table, attempt)
            played.refusals.append(Refused(table, attempt, want, caught.value.code, len(spec["actions"])))
            continue
        if table.phase is Phase.FINISHED:
            break
        chosen = legal_move(data, table)
        steps = rules_play(table, chosen)
        played.steps.extend(steps)
        spec["actions"].append(action_of(chosen))
        played.table = steps[-1][1]
    return played


@pytest.fixture(name="random_session", scope="session")
def random_session_fixture() -> Callable[..., Played]:
    return random_session
