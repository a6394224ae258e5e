"""The rules' presets (spec/VARIANTS.md, V-R3) as the pages show them: the play page's
"Rules" choice, the variants page's and the odds page's "Play this variant" links.

Every figure comes from :mod:`lansquenet.odds` (the functions the coach uses), every
word from ``locales/<lang>/site.po`` (``variants.name.*``, ``play.rules.*``): nothing
here states a rule, it names what the engine computes.

>>> [preset.name for preset in PRESETS]
['standard', 'two_packs', 'six_packs', 'italian_forty', 'half_on_pair']
>>> str(edge("six_packs")), str(edge("half_on_pair")), str(edge("standard"))
('23/311', '1/34', '1/17')
>>> play_link("six_packs")
'play/#rules=six_packs'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from lansquenet import chart, odds, variants

STANDARD = odds.Variant("standard", odds.ONE_PACK)  # V-R3: RULES.md's own
RULES_KEY = "#rules="  # the play page's address for a new game under a preset (permalink.js)


@dataclass(frozen=True)
class Preset:
    """One preset: its name (V-R3's, as ``odds.VARIANTS`` and ``variants.PRESETS``
    spell it) and the odds module's description of it."""

    name: str
    variant: odds.Variant

    @property
    def parameters(self) -> dict[str, Any]:
        """Its four parameters (V-R2), as the engine's preset has them: what the play
        page's "Custom" choice shows when this preset is chosen."""
        rules = variants.PRESETS[self.name]
        return dict(zip(variants.PARAMETERS, rules.parameters(), strict=True))


ORDER = tuple(variants.PRESETS)  # V-R3's table, in its order
PRESETS: tuple[Preset, ...] = tuple(
    Preset(name, STANDARD if name == "standard" else odds.variant(name)) for name in ORDER
)


def preset(name: str) -> Preset:
    for each in PRESETS:
        if each.name == name:
            return each
    raise KeyError(name)


def edge(name: str) -> Fraction:
    """The bank's edge per counter covered under the preset ``name`` (with even stakes
    under half_on_pair: odd stakes give it less, V-P3a)."""
    return odds.variant_edge(preset(name).variant)


def edge_text(name: str, lang: str) -> tuple[str, str]:
    """The edge as an exact fraction and as a percentage, in ``lang``."""
    value = edge(name)
    return str(value), chart.percent(float(value), lang, 1)


def play_link(name: str) -> str:
    """The play page's address (from the site's top, in a language's folder) opening a
    new game under ``name``."""
    return "play/" + RULES_KEY + name
