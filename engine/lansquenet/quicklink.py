"""The short link of a quick game: its seed and the reader's own moves.

A quick game (:func:`lansquenet.bots.quick_game`) is drawn from its seed, and its
computer players decide from the seed and the number of actions played
(:func:`lansquenet.bots.generator`). So the game needs only the seed, its number of
deals, how many actions it holds and the reader's moves: the rest replays. The text is
``DEALS.SEED.COUNT.MOVES``, each move a letter (:data:`LETTERS`) and its amount in
digits, and ``e`` last when time was called (R-P4): a 6-deal game fits a QR code. A
class's table (``quick_game`` with ``players``: the class view's) adds its names,
``~NAME,NAME``, each percent-encoded (UTF-8; ``.``, ``~`` and ``,`` too). A game under
other rules than the standard ones (VARIANTS.md, V-R8) ends with ``!`` and its rules
(:func:`rules_code`): a preset's letter (``!s``: six packs), or the packs, the pack and
``h`` for half on a pair, ``l`` for the bank passing left (``!332``, ``!152l``). A text
without ``!`` is the standard game, as every link written before.

:func:`text_of` writes it for a session (None when the game is not a quick game, or
when one of the computer players' moves is not theirs, e.g. a link edited by hand:
the plain link then stays); :func:`scenario_of` reads it back as a scenario.

>>> from lansquenet.bots import quick_game
>>> session = Session(quick_game(12, 3))
>>> while session.table.to_act is not None and len(session) < 6:
...     _ = session.push(_bot_action(session))
>>> short = text_of(session)
>>> short.startswith("3.12.6.")
True
>>> scenario_of(short) == session.scenario()
True
>>> scenario_of("3.12.40.b999999")["actions"][-1]["amount"]  # kept: the open says it is refused
999999
>>> scenario_of("4.12.0.")
Traceback (most recent call last):
lansquenet.refusals.NotAScenario: not a quick game's link
>>> session = Session(quick_game(12, 3, ["Zoé", "A.~,"]))
>>> text_of(session)
'3.12.0.~Zo%C3%A9,A%2E%7E%2C'
>>> scenario_of(text_of(session)) == session.scenario()
True
>>> from lansquenet.games import PRESET_IDS
>>> session = Session(quick_game(12, 3, rules={"variant": PRESET_IDS[2]}))
>>> text_of(session), scenario_of("3.12.0.!s") == session.scenario()
('3.12.0.!s', True)
>>> scenario_of("3.12.0.!252hl")["rules"]
{'packs': 2, 'pair_share': '1/2', 'successor': 'left'}

The court game (COURT.md) ends with ``!c`` and its fonds; its one move, ``deal``, is ``c``:

>>> fonds_two = court.CourtRules(fonds=2).record()
>>> session = Session(quick_game(12, 3, rules=fonds_two))
>>> while session.table.to_act is not None and len(session) < 4:
...     _ = session.push(_bot_action(session))
>>> short = text_of(session)
>>> short.endswith("!c2"), scenario_of(short) == session.scenario()
(True, True)
"""

from __future__ import annotations

import re
from typing import Any

from . import court, games, variants
from .bots import QUICK_DEALS, decide, explain, generator, quick_game
from .games import DEFAULT
from .limits import safe_whole
from .refusals import NotAScenario, Refusal
from .rules import MAX_PLAYERS
from .session import Session, action_of

LETTERS = {
    "bank": "b",
    "stake": "s",
    "pass": "p",
    "banco": "o",
    "keep": "k",
    "withdraw": "w",
    "leave": "l",
    "buy": "y",
    "decline": "d",
    "deal": "c",  # COURT.md, C-17: the holder deals a coup
}
MOVES = {letter: do for do, letter in LETTERS.items()}
PRESET_LETTERS = {p.id: p.letter for p in DEFAULT.presets if p.letter}  # V-R3, V-R8: lansquenet.games's
# After "!": a preset's letter, or the parameters.
COURT_LETTER = "c"  # after "!": the court game, then its fonds (C-16: "!c5")
# After "!": a preset's letter, or the parameters, or the court game and its fonds.
RULES = re.compile(
    r"(["
    + "".join(PRESET_LETTERS.values())
    + r"])|([1-6])(52|40|32)(h?)(l?)|"
    + COURT_LETTER
    + r"([1-9]\d{0,3})"
)
SHAPE = re.compile(r"(\d{1,2})\.(\d{1,16})\.(\d{1,6})\.((?:[bspokwlydc]\d{0,16})*)")  # "e" ends it
TOKEN = re.compile(r"([bspokwlydc])(\d*)")

# The tokens written so far, kept by the identity of the session's action objects: a
# move then costs one check, not a replay of the game (the same at move 5 and 1 000).
_kept: list[tuple[dict[str, Any], str]] = []


def _bot_action(session: Session) -> dict[str, Any]:
    """The action the computer player to act takes now."""
    table = session.table
    assert table.to_act is not None
    temperament = session.setup.get("computer", {}).get(table.players[table.to_act], "steady")
    move, _, _ = decide(table, table.to_act, temperament, generator(session.setup.get("seed"), len(session)))
    return action_of(move)


def rules_code(rules: variants.Rules | court.CourtRules) -> str:
    """The few characters after ``!`` that say ``rules`` ("" for the standard game).

    >>> from lansquenet.games import PRESET_IDS
    >>> rules_code(variants.read({"variant": PRESET_IDS[3]})), rules_code(variants.read({"pack": "40"}))
    ('i', '140')
    >>> rules_code(variants.STANDARD), rules_code(court.CourtRules(fonds=5))
    ('', 'c5')
    """
    if isinstance(rules, court.CourtRules):
        return f"{COURT_LETTER}{rules.fonds}"
    if rules.standard:
        return ""
    if rules.variant is not None:
        return PRESET_LETTERS[rules.variant]
    half = "h" if rules.pair_share == "1/2" else ""
    return f"{rules.packs}{rules.pack}{half}{'l' if rules.successor == 'left' else ''}"


def _rules_of(code: str) -> dict[str, Any] | None:
    """The ``rules`` a scenario writes for the characters after ``!``."""
    found = RULES.fullmatch(code)
    if found is None:
        raise NotAScenario("not a quick game's link")
    if found[6]:  # C-16: the court game
        return court.CourtRules(fonds=int(found[6])).record()
    if found[1]:
        preset = next(name for name, letter in PRESET_LETTERS.items() if letter == found[1])
        return {"variant": preset}
    given = {"packs": int(found[2]), "pack": found[3], "pair_share": "1/2" if found[4] else "1"}
    return variants.read(given | {"successor": "left" if found[5] else "right"}).record()


def _seated(setup: dict[str, Any]) -> list[str] | None:
    """The names a quick game seated (``[]``: the reader's one seat), or None when
    ``setup`` is no quick game."""
    seed, deals = setup.get("seed"), setup.get("finish_after")
    players, computer = setup.get("players"), setup.get("computer")
    if not safe_whole(seed) or deals not in QUICK_DEALS or not isinstance(players, list):
        return None
    if not isinstance(computer, dict) or not all(isinstance(name, str) for name in players):
        return None
    rules = setup.get("rules")
    if rules is not None and games.read(rules).record() != rules:
        return None  # rules spelt otherwise than a short link writes them
    for names in ([], [name for name in players if name not in computer]):
        table = quick_game(seed, deals, names, rules)
        del table["actions"]
        if table == setup:
            return names
    return None


SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
ESCAPED = re.compile(r"(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})*")  # a name as _name writes it (either case)


def _name(name: str) -> str:
    """``name`` percent-encoded: its UTF-8 bytes, all but letters, digits, _ and -
    (the standard library the site ships to the browser, trimmed to what the engine needs:
    site_plugins/lansquenet_site/stdlib.txt, holds no urllib)."""
    return "".join(chr(b) if b in SAFE else f"%{b:02X}" for b in name.encode("utf-8"))


def _unname(text: str) -> str:
    """The name ``_name`` wrote; :class:`NotAScenario` for anything else."""
    if not ESCAPED.fullmatch(text):
        raise NotAScenario("not a quick game's link")
    raw = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m[1], 16)), text).encode("latin-1")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotAScenario("not a quick game's link") from None


def _token(action: dict[str, Any]) -> str:
    amount = action.get("amount")
    return LETTERS[action["do"]] + ("" if amount is None else str(amount))


def text_of(session: Session) -> str | None:
    """The short text of ``session``'s game, or None when it has none (see above)."""
    ruled = session.table.rules
    setup = dict(session.setup)
    names = _seated(setup)
    if names is None:
        return None
    computer, seed = setup["computer"], setup["seed"]
    same = 0  # the tokens kept that are still this game's
    while same < min(len(_kept), len(session)) and _kept[same][0] is session.played(same)[0]:
        same += 1
    del _kept[same:]
    for index in range(same, len(session)):
        action, before, _ = session.played(index)
        if action["by"] in computer:
            if explain(before, action, computer[action["by"]], seed, index) is None:
                return None  # not what the computer player decides: no short link
            _kept.append((action, ""))
        else:
            _kept.append((action, _token(action)))
    moves = "".join(token for _, token in _kept)
    seats = "~" + ",".join(map(_name, names)) if names else ""
    code = rules_code(ruled)
    marked = "!" + code if code else ""
    return (
        f"{setup['finish_after']}.{seed}.{len(session)}.{moves}"
        + ("e" if session.ended else "")
        + seats
        + marked
    )


def scenario_of(text: object) -> dict[str, Any]:
    """The scenario a short text holds: the computer players' moves replayed from the
    seed, the reader's from the text. A move the rules refuse ends the actions (the
    ``open`` that reads them says which and why); what is not a short text at all is
    :class:`NotAScenario`."""
    names: list[str] = []
    rules = None
    if isinstance(text, str) and "!" in text:  # V-R8: the game's rules, last
        text, code = text.split("!", 1)
        rules = _rules_of(code)
    if isinstance(text, str) and "~" in text:
        text, seats = text.split("~", 1)
        names = [_unname(name) for name in seats.split(",")] if seats else []
        if len(names) > MAX_PLAYERS:  # R-S1: more names than seats, no table
            raise NotAScenario("not a quick game's link")
    found = SHAPE.fullmatch(text) if isinstance(text, str) else None
    ended = False
    if found is None and isinstance(text, str) and text.endswith("e"):
        found, ended = SHAPE.fullmatch(text[:-1]), True
    if found is None or int(found[1]) not in QUICK_DEALS or not safe_whole(int(found[2])):
        raise NotAScenario("not a quick game's link")
    seed, count = int(found[2]), int(found[3])
    scenario = quick_game(seed, int(found[1]), names, rules)
    moves = iter([(MOVES[letter], amount) for letter, amount in TOKEN.findall(found[4])])
    session = Session(scenario)
    while len(session) < count and session.table.to_act is not None:
        player = session.table.players[session.table.to_act]
        if player in scenario["computer"]:
            action = _bot_action(session)
        else:
            do, amount = next(moves, ("", ""))
            if not do:
                break  # the reader's moves end here
            action = {"by": player, "do": do}
            if amount != "":
                action["amount"] = int(amount)
        try:
            session.push(action)
        except Refusal:
            scenario["actions"] = [*session.scenario()["actions"], action]
            return scenario
    scenario["actions"] = session.scenario()["actions"]
    if ended:
        scenario["ended"] = True
    return scenario


__all__ = ["LETTERS", "rules_code", "scenario_of", "text_of"]
