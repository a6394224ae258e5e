"""The ``rules`` object of VARIANTS.md: the historical forms of the game as data.

A scenario without ``rules`` is the game of RULES.md (V-R1). With them, only the named
thing changes: how many packs are shuffled together (V-P1), which ranks a pack holds
(V-P2), what share of each stake an opening pair brings the bank (V-P3) and where the
bank goes after a loss (V-P4). A preset is a name (V-R3), like python-chess's variants:
the standard game stays untouched, each other form is one :class:`Rules` value, made
from its declaration in :mod:`lansquenet.games` (the one place its id is written).

>>> from lansquenet.games import PRESET_IDS
>>> read({"variant": PRESET_IDS[2]}).cards, read(None) is STANDARD, read({}) is STANDARD
(312, True, True)
>>> read({"packs": 3, "pack": "32"}).record()
{'packs': 3, 'pack': '32'}
>>> read({"variant": PRESET_IDS[1], "packs": 2})
Traceback (most recent call last):
lansquenet.refusals.Refusal: invalid_rules
>>> read({"variant": "zecchinetta"})
Traceback (most recent call last):
lansquenet.refusals.Refusal: unknown_variant
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cards import RANKS_OF, Card, pack_of
from .games import DEFAULT, STANDARD_ID
from .refusals import Refusal

MOST_PACKS = 6  # V-R2: packs is a whole number from 1 to 6
PAIR_SHARES = {"1": Fraction(1), "1/2": Fraction(1, 2)}  # V-P3
SUCCESSORS = ("right", "left")  # V-P4
PARAMETERS = ("packs", "pack", "pair_share", "successor")  # V-R2, in this order
KEYS = ("variant", *PARAMETERS)


@dataclass(frozen=True)
class Rules:
    """One rule set: ``packs`` packs of ``pack`` cards (V-P1, V-P2), the bank's
    ``pair_share`` of each stake on an opening pair (V-P3), the ``successor`` side
    (V-P4); ``variant`` is the preset's name, None for a combination of parameters."""

    packs: int = 1
    pack: str = "52"
    pair_share: str = "1"
    successor: str = "right"
    variant: str | None = STANDARD_ID

    @property
    def ranks(self) -> tuple[str, ...]:
        return RANKS_OF[self.pack]

    @property
    def whole(self) -> tuple[Card, ...]:
        """V-P1a, V-P1c: the whole pack in its canonical order."""
        return pack_of(self.packs, self.pack)

    @property
    def cards(self) -> int:
        """V-P1a: N, the cards of the whole pack."""
        return self.packs * 4 * len(self.ranks)

    @property
    def share(self) -> Fraction:
        return PAIR_SHARES[self.pair_share]

    @property
    def standard(self) -> bool:
        """Whether these are RULES.md's rules (V-R1), whatever their name."""
        return self.parameters() == STANDARD.parameters()

    def parameters(self) -> tuple[int, str, str, str]:
        return (self.packs, self.pack, self.pair_share, self.successor)

    def record(self) -> dict[str, Any] | None:
        """The ``rules`` a scenario writes for these: a preset by its name, else the
        parameters that differ from the standard ones; None for the standard game.

        >>> from lansquenet.games import PRESET_IDS
        >>> read({"variant": PRESET_IDS[4]}).record() == {"variant": PRESET_IDS[4]}
        True
        >>> read({"successor": "right"}).record() is None
        True
        """
        if self.standard:
            return None
        if self.variant is not None:
            return {"variant": self.variant}
        return {
            key: value
            for key, value, default in zip(PARAMETERS, self.parameters(), STANDARD.parameters(), strict=True)
            if value != default
        }


STANDARD = Rules()
# V-R3: the presets, in lansquenet.games's order (the standard game first), each one
# Rules value of its declared parameters.
PRESETS: dict[str, Rules] = {
    p.id: STANDARD if not p.parameters else Rules(**p.parameters, variant=p.id) for p in DEFAULT.presets
}
# V-R3: each preset's sources (VARIANTS.md's ids; RULES for RULES.md) and the year of
# the dated one; the others are undated.
SOURCES: dict[str, tuple[str, ...]] = {p.id: p.sources for p in DEFAULT.presets}
YEARS: dict[str, int | None] = {p.id: p.year for p in DEFAULT.presets}


def _valid(key: str, value: object) -> bool:
    """V-R5 check 3: exact types, values in their set (no null, no float, no bool)."""
    if key == "variant":
        return isinstance(value, str)
    if key == "packs":
        return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MOST_PACKS
    allowed: dict[str, tuple[str, ...]] = {
        "pack": tuple(RANKS_OF),
        "pair_share": tuple(PAIR_SHARES),
        "successor": SUCCESSORS,
    }
    return isinstance(value, str) and value in allowed[key]


def read(rules: object) -> Rules:
    """The rules a scenario's ``rules`` value names, checked in V-R5's order (the first
    failing check gives the code): ``invalid_rules`` or ``unknown_variant``. None
    (absent, or JSON ``null``) is the standard game (V-R1)."""
    if rules is None:
        return STANDARD
    if not isinstance(rules, dict):  # V-R5.1
        raise Refusal("invalid_rules", reason="not_object")
    for key in rules:
        if key not in KEYS:  # V-R5.2 (reading): a misspelt rule is refused, not ignored
            raise Refusal("invalid_rules", reason="unknown_key", key=str(key)[:40])
    for key, value in rules.items():
        if not _valid(key, value):  # V-R5.3
            raise Refusal("invalid_rules", reason="value", key=key)
    name = rules.get("variant", STANDARD_ID)
    given = [key for key in PARAMETERS if key in rules]
    if name != STANDARD_ID and given:  # V-R5.4 (V-R4): a preset says nothing twice
        raise Refusal("invalid_rules", reason="preset_with_parameter", key=given[0])
    if name not in PRESETS:  # V-R5.5
        raise Refusal("unknown_variant", variant=name[:40])
    if name != STANDARD_ID:
        return PRESETS[name]
    chosen = Rules(**{key: rules[key] for key in given}, variant=None)
    return STANDARD if chosen.standard else chosen
