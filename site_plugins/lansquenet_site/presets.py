"""The rules' presets (spec/VARIANTS.md, V-R3) as the pages show them: the play page's
"Rules" choice, the variants page's and the odds page's "Play this variant" links. Their
ids and order are :mod:`lansquenet.games`'s (read through :mod:`lansquenet.odds`).

Every figure comes from :mod:`lansquenet.odds`, from the functions the coach uses
(:func:`~lansquenet.odds.move_odds` with the preset's pack and pair share); every word
from ``locales/<lang>/site.po`` (``variants.name.*``, ``play.rules.*``): nothing here
states a rule, it names what the engine computes.

>>> from lansquenet import games
>>> [preset.name for preset in PRESETS] == list(games.PRESET_IDS)
True
>>> [str(preset.edge) for preset in PRESETS]
['1/17', '7/103', '23/311', '1/13', '1/34']
>>> all(p.edge == figures.edge for p, figures in zip(PRESETS, odds.preset_odds(), strict=True))
True
>>> play_link(PRESETS[2].name) == "play/#rules=" + games.PRESET_IDS[2]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from lansquenet import chart, odds, variants

RULES_KEY = "#rules="  # the play page's address for a new game under a preset (permalink.js)


@dataclass(frozen=True)
class Preset:
    """One preset, by its name (V-R3's, as ``variants.PRESETS`` spells it)."""

    name: str

    @property
    def rules(self) -> variants.Rules:
        return variants.PRESETS[self.name]

    @property
    def pack(self) -> odds.Pack:
        return odds.rules_pack(self.rules)

    @property
    def parameters(self) -> dict[str, Any]:
        """Its four parameters (V-R2), as the engine's preset has them: what the play
        page's "Custom" choice shows when this preset is chosen."""
        return dict(zip(variants.PARAMETERS, self.rules.parameters(), strict=True))

    @property
    def coach(self) -> dict[str, dict[str, Any] | None]:
        """The odds the coach gives for each move under this preset."""
        return odds.move_odds(self.pack, self.rules.share)

    @property
    def edge(self) -> Fraction:
        """The bank's edge per counter covered, as the coach gives it (with even stakes
        under half on a pair: odd stakes give the bank less, V-P3a)."""
        return Fraction((self.coach["bank"] or {})["per_counter"])

    def edge_text(self, lang: str) -> tuple[str, str]:
        """The edge as an exact fraction and as a percentage, in ``lang``."""
        return str(self.edge), chart.percent(float(self.edge), lang, 1)


PRESETS: tuple[Preset, ...] = tuple(Preset(figures.name) for figures in odds.preset_odds())  # V-R3's order


def preset(name: str) -> Preset:
    for each in PRESETS:
        if each.name == name:
            return each
    raise KeyError(name)


def play_link(name: str) -> str:
    """The play page's address (from the site's top, in a language's folder) opening a
    new game under ``name``."""
    return "play/" + RULES_KEY + name
