"""The games the engine plays and their presets, declared once (issue 51).

This is the one place a game's or a preset's id is written (with the bridge's types that
``make bridge`` generates from it): the rules reader (:mod:`lansquenet.variants`), the
odds (:mod:`lansquenet.odds`), the quick links (:mod:`lansquenet.quicklink`), the
bridge's types (:mod:`lansquenet.protocol`), the computer players, the command line's
help, the play page's choices, the odds page and the variants table all read it, as
python-chess's ``chess.variant`` keeps one registry of its boards and runs one test
suite over each entry (``tests/engine/test_games.py``).

A :class:`Game` is a game the ``rules`` object of a scenario chooses (VARIANTS.md V-R1;
COURT.md C-16): the default one (RULES.md, the later French form) has no ``game`` key;
any other is named by ``"game": <its id>``, and its rules are read by its own module
(:attr:`Game.reader`). A :class:`Preset` is a named rule set of a game (V-R3): its id
(what ``{"variant": id}`` names), the parameters it sets (V-R2; none for the standard
game), the letter of a quick link (V-R8), its sources (VARIANTS.md's ids; ``RULES`` for
RULES.md) and the year of a dated one.

Adding a preset is its entry here, its words in the catalogues (``variants.name.<id>``,
``play.rules.source.<id>`` in ``site.po``), its lines in ``spec/VARIANTS.md``, a
conformance case and its test; adding a game is its :class:`Game` entry here, its
module (``reader``), its words and its specification.

>>> [game.id for game in GAMES][0] == DEFAULT.id, DEFAULT.presets[0].parameters
(True, {})
>>> len(PRESET_IDS) == len(DEFAULT.presets) == len({p.letter for p in DEFAULT.presets})
True
>>> preset(PRESET_IDS[2]).parameters, preset(PRESET_IDS[2]).year
({'packs': 6}, 1896)
>>> game(None) is DEFAULT, game("nothing") is None, game(COURT.id) is COURT
(True, True, True)
>>> DEFAULT.edge_value(), COURT.edge_value()
(Fraction(1, 17), Fraction(36635, 73896))
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .refusals import Refusal


@dataclass(frozen=True)
class Preset:
    """A named rule set of a game (V-R3)."""

    id: str
    """What ``{"variant": id}`` names; the catalogues' keys end with it."""
    parameters: Mapping[str, Any]
    """V-R2's parameters it sets (those that differ from the standard game's)."""
    letter: str
    """Its letter after ``!`` in a quick game's short link (V-R8); "" for the standard game."""
    sources: tuple[str, ...]
    """VARIANTS.md's source ids (``RULES``: RULES.md)."""
    year: int | None = None
    """The year of the dated source, when there is one."""


@dataclass(frozen=True)
class Setting:
    """A whole-number key of a game's ``rules`` object: from ``least`` to ``most``,
    ``default`` when absent (the play page's field for it; the game's reader refuses
    anything else)."""

    key: str
    least: int
    most: int
    default: int


@dataclass(frozen=True)
class Game:
    """A game a scenario's ``rules`` chooses: ``id`` (the value of ``"game"``, never
    written for the default game), ``reader`` (``"module:function"`` of this package:
    reads a ``rules`` object naming this game, refusing in VARIANTS.md's codes), its
    presets (the first is its standard game) and the year the pages give it."""

    id: str
    reader: str
    presets: tuple[Preset, ...] = ()
    year: int | None = None
    settings: tuple[Setting, ...] = field(default=())
    """The ``rules`` keys of its own, beside ``game`` (none for the default game, whose
    parameters are VARIANTS.md's, V-R2)."""

    edge: tuple[str, Mapping[str, int]] = ("", {})
    """The figure the pages set beside the other games' (``"module:function"`` of this
    package and its arguments, which the pages' words may name): the bank's edge per
    counter covered, the holder's gain over a whole hand in F…"""

    def edge_value(self) -> Fraction:
        """The exact figure :attr:`edge` names, computed now by the engine."""
        module, function = self.edge[0].split(":")
        found: Callable[..., Fraction] = getattr(importlib.import_module(f".{module}", __package__), function)
        return found(**self.edge[1])

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(setting.key for setting in self.settings)

    def setting(self, key: str) -> Setting:
        return next(each for each in self.settings if each.key == key)

    def read(self, rules: object) -> Any:
        """The rules ``rules`` names for this game, read by its module."""
        module, function = self.reader.split(":")
        found: Callable[[object], Any] = getattr(importlib.import_module(f".{module}", __package__), function)
        return found(rules)


# --- the declarations -------------------------------------------------------------

# The later French form of RULES.md, the default game (no "game" key), with its presets
# (VARIANTS.md V-R3: the standard game first, then the others in V-R3's order).
LATER = Game(
    id="later",
    reader="variants:read",
    edge=("odds:bank_edge", {}),  # R-D2, R-T1, R-T2: per counter covered, one pack
    presets=(
        Preset("standard", {}, "", ("RULES",)),
        Preset("two_packs", {"packs": 2}, "t", ("SDJ",)),
        Preset("six_packs", {"packs": 6}, "s", ("BOU", "PAG", "TRE"), 1896),  # Boussac, 1896
        Preset("italian_forty", {"pack": "40"}, "i", ("RDG", "ENW")),
        Preset("half_on_pair", {"pair_share": "1/2"}, "h", ("ENW",)),
    ),
)

# The court game of Louis XIV's time (COURT.md): named by ``"game"``, with its fonds
# (C-16: a whole number from 1 to 1 000, 1 by default); no presets. Its year is the one
# the play page gives it ("c. 1700").
COURT = Game(
    id="court",
    reader="court:read",
    year=1700,
    settings=(Setting("fonds", 1, 1000, 1),),
    edge=("court_odds:hand_value", {"people": 4}),  # C-13, C-15: over a whole hand, in F, four at the table
)

GAMES: tuple[Game, ...] = (LATER, COURT)
"""Every game, the default one first."""

# --- what the rest reads ----------------------------------------------------------

DEFAULT = GAMES[0]
GAME_IDS: tuple[str, ...] = tuple(game.id for game in GAMES)
PRESET_IDS: tuple[str, ...] = tuple(p.id for p in DEFAULT.presets)
"""The default game's presets, the standard game first (V-R3)."""
STANDARD_ID = PRESET_IDS[0]


def game(name: object) -> Game | None:
    """The game a ``rules`` object's ``game`` value names (None, absent: the default
    game); None for a name no game has."""
    if name is None:
        return DEFAULT
    return next((each for each in GAMES if each.id == name), None)


def read(rules: object) -> Any:
    """The rules a scenario's ``rules`` names, of whichever game, checked in COURT.md
    C-16's order (which amends V-R5): not an object, ``invalid_rules``; a ``game`` that
    is not a text, ``invalid_rules``, or that names no game but the default one's
    (never named), ``unknown_variant``; then the game's own reader (V-R5 steps 2 to 5
    for the default game).

    >>> read(None) is read({}), read({"game": COURT.id, "fonds": 3}).fonds
    (True, 3)
    >>> read({"game": DEFAULT.id})
    Traceback (most recent call last):
    lansquenet.refusals.Refusal: unknown_variant
    """
    if not isinstance(rules, dict) or "game" not in rules:
        return DEFAULT.read(rules)  # C-16.1 (V-R5.1), C-16.3
    name = rules["game"]
    if not isinstance(name, str):  # C-16.2
        raise Refusal("invalid_rules", reason="game", key="game")
    found = next((each for each in GAMES[1:] if each.id == name), None)
    if found is None:  # C-16.2
        raise Refusal("unknown_variant", variant=name[:40], game=True)
    return found.read(rules)  # C-16.4


def ruled_by(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The ``rules`` object of the game whose own settings ``settings`` names (data such
    as a lesson names another game by its rules, never by its id, as a page names a
    preset by its parameters); KeyError when no other game has exactly those keys.

    >>> ruled_by({"fonds": 2}) == {"game": COURT.id, "fonds": 2}
    True
    """
    for each in GAMES[1:]:
        if settings and set(settings) <= set(each.keys):
            return {"game": each.id, **settings}
    raise KeyError(", ".join(settings))


def preset(name: str) -> Preset:
    """The default game's preset ``name`` (KeyError for another)."""
    for each in DEFAULT.presets:
        if each.id == name:
            return each
    raise KeyError(name)


def registry() -> dict[str, Any]:
    """The games and their presets as JSON, for what the pages' JavaScript must know
    (embedded by the site's plugins): ids, parameters, letters, sources, years.

    >>> data = registry()
    >>> data["default"] == GAME_IDS[0], [p["id"] for p in data["games"][0]["presets"]] == list(PRESET_IDS)
    (True, True)
    """
    return {
        "default": DEFAULT.id,
        "standard": STANDARD_ID,
        "games": [
            {
                "id": each.id,
                "year": each.year,
                "settings": [vars(setting) for setting in each.settings],
                "presets": [
                    {
                        "id": p.id,
                        "parameters": dict(p.parameters),
                        "letter": p.letter,
                        "sources": list(p.sources),
                        "year": p.year,
                    }
                    for p in each.presets
                ],
            }
            for each in GAMES
        ],
    }
