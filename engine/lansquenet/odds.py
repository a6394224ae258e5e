"""The odds the rules imply: exact figures derived from a pack's composition, and a
seeded simulation of deals that shows them emerging.

Only equal ranks matter (R-P1), so a pack is described by how many ranks it has and how
many cards of each rank. Every figure is a :class:`~fractions.Fraction` computed from
those two numbers; none is typed in. With the rules' pack (R-P1: 13 ranks x 4):

>>> opening_pair(ONE_PACK), bank_wins(ONE_PACK), bank_edge(ONE_PACK)
(Fraction(1, 17), Fraction(9, 17), Fraction(1, 17))
>>> expected_cards_after_two(ONE_PACK), expected_cards_per_deal(ONE_PACK)
(Fraction(51, 7), Fraction(48, 7))

Other packs give other numbers; they are not these rules:

>>> TWO_PACKS.these_rules, opening_pair(TWO_PACKS)
(False, Fraction(7, 103))

Notation used below: ``N`` cards in the pack; after two different first cards,
``m = N - 2`` cards remain, of which ``d = 2 * (per_rank - 1)`` are decisive (R-D3):
``per_rank - 1`` of the bank card's rank and as many of the players' card's rank.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from .refusals import OddsError
from .variants import PRESETS, SOURCES, YEARS, Rules

__all__ = [
    "FORTY",
    "ONE_PACK",
    "PACKS",
    "SIX_PACKS",
    "THIRTY_TWO",
    "TWO_PACKS",
    "VARIANTS",
    "Pack",
    "PresetOdds",
    "Simulation",
    "Variant",
    "bank_edge",
    "bank_wins",
    "covered_edge",
    "expected_cards_after_two",
    "expected_cards_per_deal",
    "figures",
    "length_distribution",
    "move_odds",
    "opening_pair",
    "players_win",
    "preset_odds",
    "rules_edge",
    "rules_pack",
    "simulate",
    "simulation_json",
    "variant",
    "variant_edge",
    "variant_figures",
    "variant_sim_edge",
]


# --- packs ----------------------------------------------------------------------


@dataclass(frozen=True)
class Pack:
    """A pack by composition: ``ranks`` ranks of ``per_rank`` cards each.

    ``name`` is an identifier (the site's catalogues hold the words);
    ``these_rules`` says whether the rules of RULES.md use this pack (R-P1).

    >>> ONE_PACK.cards, FORTY.cards, THIRTY_TWO.cards, TWO_PACKS.cards
    (52, 40, 32, 104)
    >>> Pack(1, 4, "one_rank")
    Traceback (most recent call last):
    lansquenet.refusals.OddsError: invalid_pack
    """

    ranks: int
    per_rank: int
    name: str
    these_rules: bool = False

    def __post_init__(self) -> None:
        # Two ranks at least, two cards of a rank at least: otherwise either every deal
        # is an opening pair or no card can ever decide (R-D4).
        if self.ranks < 2 or self.per_rank < 2:
            raise OddsError("invalid_pack")

    @property
    def cards(self) -> int:
        """``N``, the number of cards in the pack."""
        return self.ranks * self.per_rank

    @property
    def remaining(self) -> int:
        """``m``: the cards left once the bank card and the players' card are turned."""
        return self.cards - 2

    @property
    def decisive(self) -> int:
        """``d``: after two different first cards, the cards that decide (R-D3)."""
        return 2 * (self.per_rank - 1)

    def json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "ranks": self.ranks,
            "per_rank": self.per_rank,
            "cards": self.cards,
            "these_rules": self.these_rules,
        }


ONE_PACK = Pack(13, 4, "one_pack", these_rules=True)  # R-P1: the rules' pack
TWO_PACKS = Pack(13, 8, "2x52", these_rules=False)  # not these rules
FORTY = Pack(10, 4, "forty", these_rules=False)  # not these rules
THIRTY_TWO = Pack(8, 4, "thirty_two", these_rules=False)  # not these rules
SIX_PACKS = Pack(13, 24, "6x52", these_rules=False)  # not these rules
PACKS: tuple[Pack, ...] = (ONE_PACK, TWO_PACKS, FORTY, THIRTY_TWO)


def rules_pack(rules: Rules) -> Pack:
    """The pack a rule set plays, by composition (V-P1a, V-P2a): one of the packs above
    when it is one of them, else ``PACKSxCARDS``.

    >>> rules_pack(Rules(packs=6)) is SIX_PACKS, rules_pack(Rules(pair_share="1/2")) is ONE_PACK
    (True, True)
    >>> rules_pack(Rules(packs=3, pack="32", variant=None))
    Pack(ranks=8, per_rank=12, name='3x32', these_rules=False)
    """
    ranks, per_rank = len(rules.ranks), 4 * rules.packs
    for known in (ONE_PACK, TWO_PACKS, SIX_PACKS, FORTY, THIRTY_TWO):
        if (known.ranks, known.per_rank) == (ranks, per_rank):
            return known
    return Pack(ranks, per_rank, f"{rules.packs}x{rules.pack}")


# --- exact figures --------------------------------------------------------------


def opening_pair(pack: Pack = ONE_PACK) -> Fraction:
    """P(opening pair) (R-D2): the players' card is one of the ``per_rank - 1`` cards
    left of the bank card's rank, among the ``N - 1`` cards left.

    >>> opening_pair(ONE_PACK), opening_pair(FORTY), opening_pair(THIRTY_TWO)
    (Fraction(1, 17), Fraction(1, 13), Fraction(3, 31))
    """
    return Fraction(pack.per_rank - 1, pack.cards - 1)


def bank_wins(pack: Pack = ONE_PACK) -> Fraction:
    """P(the bank wins a deal): an opening pair (R-D2), or else the first decisive card
    is of the bank card's rank (R-D3). Both ranks have ``per_rank - 1`` cards left, so by
    symmetry that happens half the time.

    >>> bank_wins(ONE_PACK), bank_wins(TWO_PACKS)
    (Fraction(9, 17), Fraction(55, 103))
    """
    pair = opening_pair(pack)
    return pair + (1 - pair) * Fraction(1, 2)


def players_win(pack: Pack = ONE_PACK) -> Fraction:
    """P(the players win a deal) (R-D3): the complement of :func:`bank_wins` (R-D4).

    >>> players_win(ONE_PACK)
    Fraction(8, 17)
    """
    return 1 - bank_wins(pack)


def bank_edge(pack: Pack = ONE_PACK) -> Fraction:
    """The bank's expected gain per counter covered: it wins the stakes (R-T1) or pays
    them 1 to 1 (R-T2), so the edge is P(bank wins) - P(players win).

    >>> bank_edge(ONE_PACK), bank_edge(FORTY)
    (Fraction(1, 17), Fraction(1, 13))
    """
    return bank_wins(pack) - players_win(pack)


def _first_decisive(m: int, d: int) -> list[tuple[int, Fraction]]:
    """P(the first of ``d`` decisive cards, among ``m`` cards in random order, is at
    position ``k``), for k = 1 .. m - d + 1.

    The ``d`` decisive positions are a uniform choice of ``C(m, d)``; those whose first
    is ``k`` put the other ``d - 1`` among the ``m - k`` positions after it.

    >>> sum(p for _, p in _first_decisive(50, 6))
    Fraction(1, 1)
    """
    total = comb(m, d)
    return [(k, Fraction(comb(m - k, d - 1), total)) for k in range(1, m - d + 2)]


def length_distribution(pack: Pack = ONE_PACK) -> list[tuple[int, Fraction]]:
    """P(a deal turns exactly ``k`` cards after the first two), k = 0 .. m - d + 1.

    ``k = 0`` is an opening pair (R-D2); otherwise cards are turned up to and including
    the first decisive one (R-D3). Exact; the probabilities sum to 1.

    >>> dist = length_distribution(ONE_PACK)
    >>> dist[0], dist[1], dist[-1][0], sum(p for _, p in dist)
    ((0, Fraction(1, 17)), (1, Fraction(48, 425)), 45, Fraction(1, 1))
    """
    pair = opening_pair(pack)
    rest = _first_decisive(pack.remaining, pack.decisive)
    return [(0, pair)] + [(k, (1 - pair) * p) for k, p in rest]


@functools.cache  # exact sums over dozens of Fractions; the site shows each pack's often
def expected_cards_after_two(pack: Pack = ONE_PACK) -> Fraction:
    """Given two different first cards, the expected number of further cards turned up
    to and including the decisive one (R-D3), summed over :func:`_first_decisive`.

    It equals the closed form ``(m + 1) / (d + 1)``: 51/7 with one pack.

    >>> expected_cards_after_two(ONE_PACK)
    Fraction(51, 7)
    """
    return sum((k * p for k, p in _first_decisive(pack.remaining, pack.decisive)), Fraction(0))


@functools.cache
def expected_cards_per_deal(pack: Pack = ONE_PACK) -> Fraction:
    """Over all deals, the expected number of cards turned after the first two: the
    mean of :func:`length_distribution` (an opening pair turns none, R-D2), which is
    ``(1 - P(opening pair)) * E``.

    >>> expected_cards_per_deal(ONE_PACK)
    Fraction(48, 7)
    """
    return sum((k * p for k, p in length_distribution(pack)), Fraction(0))


def _figure(value: Fraction) -> dict[str, Any]:
    return {"fraction": str(value), "float": float(value)}


def figures(pack: Pack = ONE_PACK) -> dict[str, Any]:
    """Every exact figure of ``pack``, each as a string fraction and a float (JSON).

    >>> f = figures(ONE_PACK)
    >>> f["bank_wins"], f["pack"]["these_rules"]
    ({'fraction': '9/17', 'float': 0.5294117647058824}, True)
    >>> f["length_distribution"][0]
    {'k': 0, 'fraction': '1/17', 'float': 0.058823529411764705}
    """
    return {
        "pack": pack.json(),
        "opening_pair": _figure(opening_pair(pack)),
        "bank_wins": _figure(bank_wins(pack)),
        "players_win": _figure(players_win(pack)),
        "bank_edge": _figure(bank_edge(pack)),
        "expected_cards_after_two": _figure(expected_cards_after_two(pack)),
        "expected_cards_per_deal": _figure(expected_cards_per_deal(pack)),
        "length_distribution": [{"k": k, **_figure(p)} for k, p in length_distribution(pack)],
    }


# --- the odds of each move -------------------------------------------------------

# The moves that put counters at risk on the next deal, by who then wins: a player's
# stake (R-C2) wins when the players do (R-D3; an opening pair is the bank's, R-D2;
# there is no tie, R-D4); a bank (R-P5), kept (R-B3), continued after withdrawing its
# winnings (R-B3) or bought (R-B4) wins when the bank does. The other moves risk nothing.
PLAYER_MOVES = ("stake", "banco")
BANKER_MOVES = ("bank", "keep", "withdraw", "buy")
HOLD_DEALS = 3  # keep: the chance to still hold the bank after 1, 2, 3 more deals


@functools.cache
def move_odds(pack: Pack = ONE_PACK, pair_share: Fraction = Fraction(1)) -> dict[str, dict[str, Any] | None]:
    """For each ``do`` word, the odds of the deal it commits to, as strings of exact
    fractions: ``win``, the chance the mover wins that deal, and ``per_counter``, the
    mover's expected change per counter at risk (staked, or covered in the bank: stakes
    are paid 1 to 1 either way, R-T1, R-T2). ``keep`` also gives ``hold``: the chance to
    still hold the bank after 1, 2 and 3 more deals, keeping it after each win (a loss
    passes it on, R-B2; the pack is shuffled before every deal, R-P3, so deals are
    independent). Moves that risk nothing (pass, decline, leave) have ``None``.

    >>> odds = move_odds(ONE_PACK)
    >>> odds["stake"], odds["bank"]
    ({'win': '8/17', 'per_counter': '-1/17'}, {'win': '9/17', 'per_counter': '1/17'})
    >>> odds["keep"]["hold"], odds["pass"]
    (['9/17', '81/289', '729/4913'], None)

    With ``pair_share`` 1/2 (V-P3a: the bank takes half of each stake on an opening
    pair) the bank still wins as often, and gains half as much per counter on even
    stakes (odd stakes give it less: :func:`covered_edge`):

    >>> half = move_odds(ONE_PACK, Fraction(1, 2))
    >>> half["stake"], half["keep"]["hold"][0]
    ({'win': '8/17', 'per_counter': '-1/34'}, '9/17')
    """
    edge = rules_edge(pack, pair_share)
    player = {"win": str(players_win(pack)), "per_counter": str(-edge)}
    banker = {"win": str(bank_wins(pack)), "per_counter": str(edge)}
    out: dict[str, dict[str, Any] | None] = {do: None for do in ("pass", "decline", "leave")}
    out.update({do: player for do in PLAYER_MOVES})
    out.update({do: banker for do in BANKER_MOVES})
    out["keep"] = {**banker, "hold": [str(bank_wins(pack) ** k) for k in range(1, HOLD_DEALS + 1)]}
    return out


def rules_edge(pack: Pack = ONE_PACK, pair_share: Fraction = Fraction(1)) -> Fraction:
    """The bank's edge per counter covered by even stakes (§3 of VARIANTS.md): an
    opening pair brings it ``pair_share`` of each stake; otherwise the race is even
    (R-D3). With the whole stake, :func:`bank_edge`.

    >>> rules_edge(ONE_PACK) == bank_edge(ONE_PACK), rules_edge(ONE_PACK, Fraction(1, 2))
    (True, Fraction(1, 34))
    """
    return opening_pair(pack) * pair_share


def covered_edge(
    stakes: list[int] | tuple[int, ...], pack: Pack = ONE_PACK, pair_share: Fraction = Fraction(1)
) -> Fraction:
    """The bank's exact edge per counter covered by these ``stakes`` (V-P3a: on an
    opening pair it takes ⌊s x pair_share⌋ of each stake s): P(pair) x Σ⌊s/2⌋ / Σs under
    half on a pair, so odd stakes give it less than 1/34; 0 with no stake.

    >>> covered_edge([4, 6], ONE_PACK, Fraction(1, 2)), covered_edge([3], ONE_PACK, Fraction(1, 2))
    (Fraction(1, 34), Fraction(1, 51))
    >>> covered_edge([1, 1], ONE_PACK, Fraction(1, 2)), covered_edge([5, 7]) == bank_edge(ONE_PACK)
    (Fraction(0, 1), True)
    """
    total = sum(stakes)
    if not total:
        return Fraction(0)
    taken = sum((s * pair_share).__floor__() for s in stakes)
    return opening_pair(pack) * Fraction(taken, total)


@dataclass(frozen=True)
class PresetOdds:
    """A preset of V-R3 as the pages show it: its name, its sources (VARIANTS.md's ids),
    the year of the dated one, its rules (as a scenario writes them) and its exact
    figures: the chance of an opening pair and the bank's edge per counter covered by
    even stakes. :func:`lansquenet.chart.fraction` writes a figure exactly and as a
    percentage in the reader's language."""

    name: str
    sources: tuple[str, ...]
    year: int | None
    rules: dict[str, Any] | None
    opening_pair: Fraction
    edge: Fraction


def preset_odds() -> tuple[PresetOdds, ...]:
    """Every preset of V-R3, the standard game first, with its figures.

    >>> [p.name for p in preset_odds()] == list(PRESETS)
    True
    >>> [str(p.edge) for p in preset_odds()]
    ['1/17', '7/103', '23/311', '1/13', '1/34']
    >>> preset_odds()[2].year, preset_odds()[2].sources
    (1896, ('BOU', 'PAG', 'TRE'))
    """
    out = []
    for name, rules in PRESETS.items():
        pack = rules_pack(rules)
        out.append(
            PresetOdds(
                name=name,
                sources=SOURCES[name],
                year=YEARS[name],
                rules=rules.record(),
                opening_pair=opening_pair(pack),
                edge=rules_edge(pack, rules.share),
            )
        )
    return tuple(out)


# --- variants through history ---------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """A way sources describe the game that differs from these rules: another ``pack``
    and/or another opening pair (``pair_share``: the share of every stake the bank takes
    on an opening pair, 1 in these rules, R-D2). Everything else is as in these rules:
    the players' card is shared, the first decisive card decides (R-D3), stakes are
    paid 1 to 1 (R-T1, R-T2). ``name`` is an identifier (the site's catalogues hold the
    words and the sources).

    >>> [(v.pack.cards, v.pair_share) for v in VARIANTS]  # doctest: +NORMALIZE_WHITESPACE
    [(104, Fraction(1, 1)), (312, Fraction(1, 1)), (40, Fraction(1, 1)), (52, Fraction(1, 2))]
    >>> variant("baccarat")
    Traceback (most recent call last):
    lansquenet.refusals.OddsError: unknown_variant
    """

    name: str
    pack: Pack
    pair_share: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if not 0 <= self.pair_share <= 1:
            raise OddsError("invalid_pair_share")

    @property
    def these_rules(self) -> bool:
        """Only the rules' pack with the whole stake on an opening pair is these rules."""
        return self.pack.these_rules and self.pair_share == 1

    def json(self) -> dict[str, Any]:
        return {"name": self.name, "pack": self.pack.json(), "pair_share": str(self.pair_share)}


# Every preset but the standard game (lansquenet.games, in its order), with the pack it
# plays and the share of each stake an opening pair brings the bank: not these rules.
VARIANTS: tuple[Variant, ...] = tuple(
    Variant(name, rules_pack(rules), rules.share) for name, rules in PRESETS.items() if not rules.standard
)


def variant(name: str) -> Variant:
    """The variant called ``name`` (one of :data:`VARIANTS`)."""
    for each in VARIANTS:
        if each.name == name:
            return each
    raise OddsError("unknown_variant")


def variant_edge(v: Variant) -> Fraction:
    """The bank's expected gain per counter covered under ``v``: on an opening pair it
    takes ``pair_share`` of every stake; otherwise the race is even (R-D3), so it wins
    as often as it pays 1 to 1 and gains nothing on average.

    >>> [variant_edge(v) for v in VARIANTS]
    [Fraction(7, 103), Fraction(23, 311), Fraction(1, 13), Fraction(1, 34)]
    >>> variant_edge(Variant("rules", ONE_PACK)) == bank_edge(ONE_PACK)
    True
    """
    return opening_pair(v.pack) * v.pair_share


def variant_figures(v: Variant) -> dict[str, Fraction]:
    """The exact figures of a variant: the chance of an opening pair, the bank's edge,
    the cards turned after the first two (per deal, and when the first two differ).
    The pair rule changes the edge only: an opening pair ends the deal either way.

    >>> f = variant_figures(variant(VARIANTS[1].name))
    >>> f["opening_pair"], f["bank_edge"], f["cards_per_deal"]
    (Fraction(23, 311), Fraction(23, 311), Fraction(288, 47))
    """
    return {
        "opening_pair": opening_pair(v.pack),
        "bank_edge": variant_edge(v),
        "cards_after_two": expected_cards_after_two(v.pack),
        "cards_per_deal": expected_cards_per_deal(v.pack),
    }


# --- simulation -----------------------------------------------------------------


@dataclass(frozen=True)
class Simulation:
    """The result of :func:`simulate`.

    ``lengths[k]`` counts the deals that turned exactly ``k`` cards after the first two
    (``lengths[0]`` is the opening pairs); ``checkpoints`` holds ``(deals, bank wins)``
    after evenly spaced numbers of deals, the last being all of them.
    """

    deals: int
    seed: int | str
    pack: Pack
    bank_wins: int
    opening_pairs: int
    lengths: tuple[int, ...]
    checkpoints: tuple[tuple[int, int], ...]

    @property
    def bank_share(self) -> Fraction:
        return Fraction(self.bank_wins, self.deals)

    @property
    def pair_share(self) -> Fraction:
        return Fraction(self.opening_pairs, self.deals)

    @property
    def cards_turned(self) -> int:
        """All cards turned after the first two, over all deals."""
        return sum(k * count for k, count in enumerate(self.lengths))

    @property
    def mean_cards(self) -> Fraction:
        """Mean cards turned after the first two, per deal (compare 48/7)."""
        return Fraction(self.cards_turned, self.deals)

    @property
    def mean_cards_after_two(self) -> Fraction | None:
        """The same over deals without an opening pair (compare 51/7); ``None`` if
        every deal was an opening pair."""
        decided = self.deals - self.opening_pairs
        return Fraction(self.cards_turned, decided) if decided else None

    @property
    def running_share(self) -> list[tuple[int, float]]:
        """``(deals, share of bank wins so far)`` at each checkpoint, for a chart."""
        return [(n, wins / n) for n, wins in self.checkpoints]


def simulate(n: int, seed: int | str = 0, *, pack: Pack = ONE_PACK, points: int = 100) -> Simulation:
    """Play ``n`` deals with a freshly shuffled ``pack`` each (R-P3), seeded.

    The method turns the cards one at a time, each drawn uniformly from the cards not yet
    seen: a Fisher-Yates shuffle carried out only as far as the deal goes. Since only
    equal ranks matter (R-P1), a drawn card is classified, not named: after the bank card
    (whose rank is never needed), the players' card makes an opening pair if it is one
    of the ``per_rank - 1`` cards left of that rank (R-D2). Otherwise each further card
    is, among the ``r`` unseen, one of ``per_rank - 1`` of the bank's rank (bank wins),
    one of as many of the players' rank (players win) or one of the ``r - d`` others
    (turn again) (R-D3). This is the same random process as shuffling the whole pack and
    turning until decided, but it costs a handful of draws per deal instead of a full
    shuffle. Draws are exact: ``getrandbits`` with rejection, as ``random.shuffle`` does.

    The generator is ``random.Random`` seeded with a string built from ``seed``: the same
    seed gives the same result on CPython and Pyodide (same Mersenne Twister, same
    string seeding).

    >>> sim = simulate(2000, seed=1)
    >>> sim == simulate(2000, seed=1), sim.deals, sum(sim.lengths)
    (True, 2000, 2000)
    >>> sim.checkpoints[-1] == (2000, sim.bank_wins), len(sim.checkpoints)
    (True, 100)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or points < 1:
        raise OddsError("invalid_deals")
    rng = random.Random(f"lansquenet:odds:{seed}")
    getrandbits = rng.getrandbits
    first = pack.cards - 1  # the players' card: one of N - 1 unseen cards
    first_bits = first.bit_length()
    same = pack.per_rank - 1  # R-D2: cards left of the bank card's rank
    m = pack.remaining
    d = pack.decisive
    half = d // 2  # R-D3: the first ``half`` of the decisive cards are the bank's rank
    bits = [r.bit_length() for r in range(m + 1)]
    lengths = [0] * (m - d + 2)
    points = min(points, n)
    checkpoints: list[tuple[int, int]] = []
    wins = 0
    done = 0
    for i in range(1, points + 1):
        upto = i * n // points
        for _ in range(upto - done):
            # R-D1: the bank card is drawn; its rank is irrelevant. The players' card:
            x = getrandbits(first_bits)
            while x >= first:
                x = getrandbits(first_bits)
            if x < same:  # R-D2: opening pair, the bank wins at once
                wins += 1
                lengths[0] += 1
                continue
            r = m
            while True:  # R-D3: turn one card among the r unseen
                x = getrandbits(bits[r])
                if x < half:  # of the bank card's rank
                    wins += 1
                    break
                if x < d:  # of the players' card's rank
                    break
                if x < r:  # any other rank: turn again
                    r -= 1
                # x >= r: rejected, draw again among the same r cards
            lengths[m - r + 1] += 1
        done = upto
        checkpoints.append((done, wins))
    return Simulation(
        deals=n,
        seed=seed,
        pack=pack,
        bank_wins=wins,
        opening_pairs=lengths[0],
        lengths=tuple(lengths),
        checkpoints=tuple(checkpoints),
    )


def variant_sim_edge(v: Variant, sim: Simulation) -> dict[str, Any]:
    """The bank's gain per counter covered over a simulation of ``v``'s pack, under
    ``v``'s opening pair (compare :func:`variant_edge`), as a fraction and a float.

    >>> sim = simulate(1000, seed=3)
    >>> variant_sim_edge(Variant("rules", ONE_PACK), sim)["fraction"] == str(
    ...     Fraction(2 * sim.bank_wins - sim.deals, sim.deals))
    True
    """
    race_wins = sim.bank_wins - sim.opening_pairs
    race_losses = sim.deals - sim.bank_wins
    return _figure((sim.opening_pairs * v.pair_share + race_wins - race_losses) / sim.deals)


def simulation_json(sim: Simulation) -> dict[str, Any]:
    """The simulation for the page: shares as a string fraction and a float, the
    running share as ``[deals, bank wins, share]`` rows for a chart.

    >>> j = simulation_json(simulate(100, seed=2, points=4))
    >>> j["deals"], [row[0] for row in j["running"]]
    (100, [25, 50, 75, 100])
    """
    after_two = sim.mean_cards_after_two
    return {
        "pack": sim.pack.json(),
        "deals": sim.deals,
        "seed": sim.seed,
        "bank_wins": sim.bank_wins,
        "opening_pairs": sim.opening_pairs,
        "bank_share": _figure(sim.bank_share),
        "pair_share": _figure(sim.pair_share),
        "mean_cards": _figure(sim.mean_cards),
        "mean_cards_after_two": None if after_two is None else _figure(after_two),
        "lengths": list(sim.lengths),
        "running": [[n, wins, wins / n] for n, wins in sim.checkpoints],
    }
