"""Cards and the pack (R-P1).

Only ranks matter to the rules; suits are kept for display. A card's code (``QD``)
is the same in every language; how a reader of a language sees it (``D♦`` in French,
``Q♦`` in English) is :func:`lansquenet.narration.card_text`.

>>> card = Card.parse("T♣")
>>> str(card), card.rank, card.suit
('10C', '10', 'C')
>>> Card.parse("7s") == Card("7", "S")
True
>>> len(PACK), str(PACK[0]), str(PACK[-1])
(52, 'AS', 'KC')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .refusals import Refusal

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")  # canonical order of CONFORMANCE.md
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_FROM_SYMBOL = {v: k for k, v in SYMBOLS.items()}


@dataclass(frozen=True, order=True)
class Card:
    """A card of the 52-card pack: a rank and a suit."""

    rank: str
    suit: str

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read ``7S``, ``10H``, ``T♣`` or ``q♦``; refuse anything else (``invalid_card``).

        >>> Card.parse("XX")
        Traceback (most recent call last):
        lansquenet.refusals.Refusal: invalid_card
        """
        if isinstance(text, str) and 2 <= len(text.strip()) <= 3:
            raw = text.strip().upper()
            rank, suit = raw[:-1], _FROM_SYMBOL.get(raw[-1], raw[-1])
            rank = "10" if rank == "T" else rank
            if rank in RANKS and suit in SUITS:
                return cls(rank, suit)
        raise Refusal("invalid_card", card=str(text))

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def red(self) -> bool:
        """Hearts and diamonds are printed red."""
        return self.suit in ("H", "D")


PACK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)


def stacked(top: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """A whole pack whose first cards are ``top``, the rest in canonical order.

    >>> [str(c) for c in stacked([Card("K", "C")])[:3]]
    ['KC', 'AS', '2S']
    """
    listed: set[Card] = set()
    for card in top:
        if card in listed:  # R-P1: one pack, each card once
            raise Refusal("invalid_card", card=str(card))
        listed.add(card)
    return tuple(top) + tuple(c for c in PACK if c not in listed)


def shuffled(seed: int, deal: int) -> tuple[tuple[Card, ...], int]:
    """The pack shuffled for deal number ``deal`` of a session seeded with ``seed``,
    then cut (R-P3): returns the pack and the cut ``k`` (the top k cards went under).

    The same seed gives the same deal on every platform (CPython and Pyodide share
    the Mersenne Twister and its string seeding).

    >>> a, k = shuffled(7, 0)
    >>> (a, k) == shuffled(7, 0), len(set(a)), 1 <= k <= 51
    (True, 52, True)
    """
    rng = random.Random(f"lansquenet:{seed}:{deal}")
    cards = list(PACK)
    rng.shuffle(cards)
    k = rng.randint(1, 51)  # R-P3: the top k cards go to the bottom
    return tuple(cards[k:] + cards[:k]), k
