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
>>> whole = pack_of(2, "40")  # V-P1a, V-P2a: two packs of 40, pack 1 then pack 2
>>> len(whole), str(whole[0]), str(whole[39]), str(whole[40])
(80, 'AS', 'KC', 'AS')
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from .refusals import Refusal

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# V-P2a: each pack's ranks by its size, in canonical order (CONFORMANCE's, the missing left out).
RANKS_OF = {
    "52": RANKS,
    "40": ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"),
    "32": ("A", "7", "8", "9", "10", "J", "Q", "K"),
}
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
        if isinstance(text, str):
            known = _PARSED.get(text)
            if known is not None and cls is Card:
                return known
            if 2 <= len(text.strip()) <= 3:
                raw = text.strip().upper()
                rank, suit = raw[:-1], _FROM_SYMBOL.get(raw[-1], raw[-1])
                rank = "10" if rank == "T" else rank
                if rank in RANKS and suit in SUITS:
                    card = cls(rank, suit)
                    if len(text) <= 3 and cls is Card:  # the spellings of a card: a few hundred
                        _PARSED[text] = card
                    return card
        raise Refusal("invalid_card", card=str(text))

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def red(self) -> bool:
        """Hearts and diamonds are printed red."""
        return self.suit in ("H", "D")


# The cards read so far, by their text (a card is a frozen value: one may be shared). A
# link's decks spell the same few cards again and again (benchmark 9c: 334 decks).
_PARSED: dict[str, Card] = {}

PACK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)


@functools.cache
def pack_of(packs: int = 1, pack: str = "52") -> tuple[Card, ...]:
    """V-P1c: the canonical multi-pack order, ``packs`` copies of the ``pack`` of 52,
    40 or 32 cards (V-P2b: suits S, H, D, C, the ranks of :data:`RANKS_OF` in their
    order), pack 1 first. One pack of 52 cards is :data:`PACK` itself.

    >>> pack_of() is PACK, [str(c) for c in pack_of(1, "32")[:3]]
    (True, ['AS', '7S', '8S'])
    """
    if (packs, pack) == (1, "52"):
        return PACK
    return tuple(Card(r, s) for s in SUITS for r in RANKS_OF[pack]) * packs


_PLACES: dict[int, tuple[tuple[Card, ...], dict[Card, tuple[int, ...]]]] = {}


def _places(pack: tuple[Card, ...]) -> dict[Card, tuple[int, ...]]:
    """Where each card of ``pack`` lies (its positions, first to last), kept per pack:
    a scenario's decks are stacked on the same pack, one per deal, and a card's hash
    costs a tuple's (benchmarks 8b, 9c: a 1 000-action link stacks 334 decks)."""
    kept = _PLACES.get(id(pack))
    if kept is not None and kept[0] is pack:
        return kept[1]
    spots: dict[Card, list[int]] = {}
    for spot, card in enumerate(pack):
        spots.setdefault(card, []).append(spot)
    places = {card: tuple(at) for card, at in spots.items()}
    if len(_PLACES) >= 16:  # the packs in use are few (pack_of's); never grows unbounded
        _PLACES.clear()
    _PLACES[id(pack)] = (pack, places)
    return places


def stacked(top: list[Card] | tuple[Card, ...], pack: tuple[Card, ...] = PACK) -> tuple[Card, ...]:
    """A whole ``pack`` whose first cards are ``top``, the rest in the pack's canonical
    order; each listed card takes the first remaining copy of its code (V-P1c).

    >>> [str(c) for c in stacked([Card("K", "C")])[:3]]
    ['KC', 'AS', '2S']
    >>> [str(c) for c in stacked([Card("A", "S")], pack_of(2))[:2]]
    ['AS', '2S']
    >>> stacked([Card("8", "S")], pack_of(1, "40"))
    Traceback (most recent call last):
    lansquenet.refusals.Refusal: invalid_card
    """
    places = _places(pack)
    taken: set[int] = set()  # the positions in ``pack`` of the listed cards
    for card in top:
        for spot in places.get(card, ()):  # V-P1c: the first remaining copy of its code
            if spot not in taken:
                taken.add(spot)
                break
        else:  # R-P1, V-P1c, V-P2b: not in the pack, or listed too often
            raise Refusal("invalid_card", card=str(card))
    rest = [card for spot, card in enumerate(pack) if spot not in taken]
    return tuple(top) + tuple(rest)


def shuffled(seed: int, deal: int, pack: tuple[Card, ...] = PACK) -> tuple[tuple[Card, ...], int]:
    """``pack`` shuffled for deal number ``deal`` of a session seeded with ``seed``,
    then cut (R-P3, V-P1b): returns the pack and the cut ``k`` (the top k cards went
    under). The 52-card pack is shuffled as it always was (V-R1).

    The same seed gives the same deal on every platform (CPython and Pyodide share
    the Mersenne Twister and its string seeding).

    >>> a, k = shuffled(7, 0)
    >>> (a, k) == shuffled(7, 0), len(set(a)), 1 <= k <= 51
    (True, 52, True)
    """
    rng = random.Random(f"lansquenet:{seed}:{deal}")
    cards = list(pack)
    rng.shuffle(cards)
    k = rng.randint(1, len(cards) - 1)  # R-P3: the top k cards go to the bottom
    return tuple(cards[k:] + cards[:k]), k
