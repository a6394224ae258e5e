"""Players' names as the set-up form takes them: the engine's policy, not the page's.

The rules only ask for different, non-empty names, compared exactly (R-S1: "A" and
"A " are two players), and a scenario replayed by the command line keeps exactly that
(CONFORMANCE.md). A table set up by a reader is held to more, so that a name can be
drawn and told apart: at most :data:`NAME_MAX` characters (``name_too_long``), and no
two names that look alike, differing only in case, accents or spaces
(``names_alike``). The page sends its table with ``check_names`` and shows the
engine's sentence; it decides nothing itself.

>>> check(["Anne", "Bruno"])
>>> check(["Anne", "Bruno", "anne "])
Traceback (most recent call last):
lansquenet.refusals.Refusal: names_alike
>>> check(["Anne", "B" * 21])
Traceback (most recent call last):
lansquenet.refusals.Refusal: name_too_long
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .refusals import Refusal

NAME_MAX = 20  # characters: a longer name breaks the drawing and the tables


def likeness(name: str) -> str:
    """The form look-alike names share: no case, no accents, single spaces.

    >>> likeness("  Chloé  Dupont "), likeness("CHLOE DUPONT")
    ('chloe dupont', 'chloe dupont')
    """
    bare = "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def check(players: Iterable[object]) -> None:
    """Refuse a set-up form's names: too long, or like an earlier one (``n`` and ``m``
    are the players' numbers in the form, from 1). Names that are not text are left to
    the rules (``invalid_players``)."""
    seen: dict[str, tuple[int, str]] = {}
    for n, name in enumerate(players, start=1):
        if not isinstance(name, str):
            continue
        if len(name) > NAME_MAX:
            raise Refusal("name_too_long", player=name[:NAME_MAX] + "…", n=n, max=NAME_MAX)
        like = likeness(name)
        if like in seen:
            m, other = seen[like]
            raise Refusal("names_alike", player=name, other=other, n=n, m=m)
        seen[like] = (n, name)
