"""The odds module: exact figures against RULES.md and a brute-force enumeration, and the
seeded simulation against the exact figures."""

from __future__ import annotations

import ast
import doctest
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise, permutations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lansquenet import odds
from lansquenet.odds import (
    FORTY,
    ONE_PACK,
    PACKS,
    THIRTY_TWO,
    TWO_PACKS,
    Pack,
    Simulation,
    bank_edge,
    bank_wins,
    expected_cards_after_two,
    expected_cards_per_deal,
    figures,
    length_distribution,
    opening_pair,
    players_win,
    simulate,
    simulation_json,
)

# --- the figures RULES.md states ("Figures the rules imply") ----------------------


def test_rules_figures_one_pack() -> None:
    assert opening_pair(ONE_PACK) == Fraction(3, 51) == Fraction(1, 17)
    assert bank_wins(ONE_PACK) == Fraction(1, 17) + Fraction(16, 17) / 2 == Fraction(9, 17)
    assert players_win(ONE_PACK) == Fraction(8, 17)
    assert bank_edge(ONE_PACK) == Fraction(9, 17) - Fraction(8, 17) == Fraction(1, 17)
    assert expected_cards_after_two(ONE_PACK) == Fraction(50 + 1, 6 + 1) == Fraction(51, 7)
    assert expected_cards_per_deal(ONE_PACK) == Fraction(16, 17) * Fraction(51, 7)
    assert expected_cards_per_deal(ONE_PACK) == Fraction(48, 7)


def test_figures_are_fractions() -> None:
    for f in (
        opening_pair,
        bank_wins,
        players_win,
        bank_edge,
        expected_cards_after_two,
        expected_cards_per_deal,
    ):
        assert type(f(ONE_PACK)) is Fraction


def test_one_pack_is_the_rules_pack() -> None:
    assert (ONE_PACK.ranks, ONE_PACK.per_rank, ONE_PACK.cards) == (13, 4, 52)
    assert (ONE_PACK.remaining, ONE_PACK.decisive) == (50, 6)
    assert ONE_PACK.these_rules
    assert [p for p in PACKS if p.these_rules] == [ONE_PACK]
    assert {(p.name, p.cards) for p in PACKS} == {
        ("one_pack", 52),
        ("2x52", 104),
        ("forty", 40),
        ("thirty_two", 32),
    }
    assert not (TWO_PACKS.these_rules or FORTY.these_rules or THIRTY_TWO.these_rules)


def test_other_packs_give_other_numbers() -> None:
    assert opening_pair(TWO_PACKS) == Fraction(7, 103)
    assert bank_wins(TWO_PACKS) == Fraction(55, 103)
    assert bank_edge(TWO_PACKS) == Fraction(7, 103)
    assert expected_cards_after_two(TWO_PACKS) == Fraction(103, 15)
    assert opening_pair(FORTY) == Fraction(3, 39) == Fraction(1, 13)
    assert expected_cards_after_two(FORTY) == Fraction(39, 7)
    assert opening_pair(THIRTY_TWO) == Fraction(3, 31)
    assert expected_cards_after_two(THIRTY_TWO) == Fraction(31, 7)
    values = {(opening_pair(p), expected_cards_after_two(p)) for p in PACKS}
    assert len(values) == len(PACKS)


@pytest.mark.parametrize("ranks,per_rank", [(1, 4), (13, 1), (0, 0), (-2, 3)])
def test_degenerate_packs_are_refused(ranks: int, per_rank: int) -> None:
    with pytest.raises(ValueError, match="invalid_pack"):
        Pack(ranks, per_rank, "x")


# --- the distribution of a deal's length ------------------------------------------


def test_distribution_one_pack() -> None:
    dist = length_distribution(ONE_PACK)
    assert [k for k, _ in dist] == list(range(50 - 6 + 2))  # k = 0 .. m - d + 1
    assert dist[0] == (0, Fraction(1, 17))
    assert all(p > 0 for _, p in dist)
    assert sum(p for _, p in dist) == 1
    mean = sum(k * p for k, p in dist)
    assert mean == Fraction(51, 7) * Fraction(16, 17) == Fraction(48, 7)
    # decreasing after k = 1: each further card is less likely to be the first decisive
    probs = [p for _, p in dist[1:]]
    assert probs == sorted(probs, reverse=True)


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_closed_forms(pack: Pack) -> None:
    m, d = pack.cards - 2, 2 * (pack.per_rank - 1)
    p = Fraction(pack.per_rank - 1, pack.cards - 1)
    assert opening_pair(pack) == p
    assert expected_cards_after_two(pack) == Fraction(m + 1, d + 1)
    assert expected_cards_per_deal(pack) == (1 - p) * Fraction(m + 1, d + 1)
    dist = length_distribution(pack)
    assert sum(q for _, q in dist) == 1
    assert dist[-1][0] == m - d + 1
    assert sum(k * q for k, q in dist) == expected_cards_per_deal(pack)


@given(st.integers(2, 30), st.integers(2, 12))
def test_closed_forms_any_pack(ranks: int, per_rank: int) -> None:
    pack = Pack(ranks, per_rank, "any")
    n = ranks * per_rank
    m, d = n - 2, 2 * (per_rank - 1)
    p = opening_pair(pack)
    assert bank_wins(pack) + players_win(pack) == 1
    assert bank_wins(pack) == (1 + p) / 2
    assert bank_edge(pack) == p
    assert expected_cards_after_two(pack) == Fraction(m + 1, d + 1)
    dist = length_distribution(pack)
    assert sum(q for _, q in dist) == 1
    assert sum(k * q for k, q in dist) == (1 - p) * Fraction(m + 1, d + 1)


# --- brute force: every ordering of a tiny pack -----------------------------------


def _enumerate(pack: Pack) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Play every ordering of the pack's cards: P(pair), P(bank wins), P(length = k)."""
    cards = range(pack.cards)
    pairs = bank = total = 0
    lengths: Counter[int] = Counter()
    for order in permutations(cards):
        ranks = [c % pack.ranks for c in order]
        total += 1
        if ranks[0] == ranks[1]:  # R-D2
            pairs += 1
            bank += 1
            lengths[0] += 1
            continue
        for k, rank in enumerate(ranks[2:], start=1):  # R-D3
            if rank in (ranks[0], ranks[1]):
                bank += rank == ranks[0]
                lengths[k] += 1
                break
        else:
            raise AssertionError("no decision")  # R-D4
    return (
        Fraction(pairs, total),
        Fraction(bank, total),
        {k: Fraction(c, total) for k, c in lengths.items()},
    )


@pytest.mark.parametrize("ranks,per_rank", [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4)])
def test_brute_force(ranks: int, per_rank: int) -> None:
    pack = Pack(ranks, per_rank, "tiny")
    pair, bank, lengths = _enumerate(pack)
    assert opening_pair(pack) == pair
    assert bank_wins(pack) == bank
    assert bank_edge(pack) == bank - (1 - bank)
    dist = dict(length_distribution(pack))
    assert {k: p for k, p in dist.items() if p} == lengths
    assert expected_cards_per_deal(pack) == sum(k * p for k, p in lengths.items())
    decided = {k: p / (1 - pair) for k, p in lengths.items() if k}
    assert expected_cards_after_two(pack) == sum(k * p for k, p in decided.items())


# --- the simulation ---------------------------------------------------------------

N = 20_000
SEED = 17


def _se(p: Fraction, n: int) -> float:
    return math.sqrt(float(p * (1 - p)) / n)


@pytest.fixture(scope="module")
def sim() -> Simulation:
    return simulate(N, seed=SEED)


def test_simulation_bank_share(sim: Simulation) -> None:
    p = Fraction(9, 17)
    assert abs(float(sim.bank_share) - float(p)) < 3 * _se(p, N)


def test_simulation_pair_share(sim: Simulation) -> None:
    p = Fraction(1, 17)
    assert abs(float(sim.pair_share) - float(p)) < 3 * _se(p, N)
    assert sim.opening_pairs == sim.lengths[0]


def test_simulation_mean_cards(sim: Simulation) -> None:
    dist = length_distribution(ONE_PACK)
    mean = sum(k * p for k, p in dist)
    var = sum(k * k * p for k, p in dist) - mean * mean
    assert abs(float(sim.mean_cards - Fraction(48, 7))) < 3 * math.sqrt(var / N)
    decided = N - sim.opening_pairs
    cond = [(k, p * Fraction(17, 16)) for k, p in dist[1:]]
    cvar = sum(k * k * p for k, p in cond) - Fraction(51, 7) ** 2
    assert sim.mean_cards_after_two is not None
    assert abs(float(sim.mean_cards_after_two - Fraction(51, 7))) < 3 * math.sqrt(cvar / decided)


def _chi2(counts: tuple[int, ...], dist: list[tuple[int, Fraction]]) -> tuple[float, int]:
    """Pearson's statistic, tail bins pooled to an expected count of at least 5."""
    n = sum(counts)
    stat, bins, obs, exp = 0.0, 0, 0, 0.0
    for k, p in dist:
        obs += counts[k]
        exp += float(p) * n
        if exp >= 5:
            stat += (obs - exp) ** 2 / exp
            bins, obs, exp = bins + 1, 0, 0.0
    if exp:
        stat += (obs - exp) ** 2 / exp
        bins += 1
    return stat, bins - 1


@pytest.mark.parametrize("pack", [ONE_PACK, TWO_PACKS, Pack(3, 2, "tiny")], ids=str)
def test_simulation_follows_the_exact_distribution(pack: Pack) -> None:
    s = simulate(N, seed=SEED, pack=pack)
    assert len(s.lengths) == len(length_distribution(pack))
    stat, df = _chi2(s.lengths, length_distribution(pack))
    assert stat < df + 5 * math.sqrt(2 * df)  # far in the tail of chi-square(df)
    p = bank_wins(pack)
    assert abs(float(s.bank_share - p)) < 3 * _se(p, N)


def test_simulation_is_deterministic(sim: Simulation) -> None:
    assert simulate(N, seed=SEED) == sim
    assert simulate(N, seed=SEED + 1) != sim
    assert simulate(N, seed=SEED + 1).lengths != sim.lengths
    assert simulate(500, seed="page") == simulate(500, seed="page")
    assert simulate(500, seed="page") != simulate(500, seed="other")


def test_simulation_golden() -> None:
    # Pinned: the page publishes these numbers; CPython and Pyodide must agree.
    s = simulate(1000, seed=7)
    assert (s.bank_wins, s.opening_pairs) == (549, 70)
    assert s.lengths[:5] == (70, 113, 99, 75, 86)


def test_simulation_checkpoints(sim: Simulation) -> None:
    points = sim.checkpoints
    assert len(points) == 100
    assert points[-1] == (N, sim.bank_wins)
    assert [n for n, _ in points] == [N * i // 100 for i in range(1, 101)]
    assert all(w1 <= w2 <= w1 + (n2 - n1) for (n1, w1), (n2, w2) in pairwise(points))
    shares = sim.running_share
    assert shares[-1] == (N, float(sim.bank_share))
    few = simulate(7, seed=1, points=50)
    assert [n for n, _ in few.checkpoints] == list(range(1, 8))
    assert len(simulate(N, seed=1, points=200).checkpoints) == 200


def test_simulation_counts(sim: Simulation) -> None:
    assert sim.deals == sum(sim.lengths) == N
    assert sim.seed == SEED and sim.pack == ONE_PACK
    assert sim.cards_turned == sum(k * c for k, c in enumerate(sim.lengths))
    assert sim.mean_cards == Fraction(sim.cards_turned, N)


@pytest.mark.parametrize("n", [0, -1, True])
def test_simulation_refuses_no_deals(n: int) -> None:
    with pytest.raises(ValueError):
        simulate(n, seed=1)


def test_all_pairs_has_no_mean_after_two() -> None:
    # find a tiny run that is only opening pairs: 2 ranks x 2 cards, pair prob 1/3
    for seed in range(200):
        s = simulate(1, seed=seed, pack=Pack(2, 2, "tiny"))
        if s.opening_pairs == 1:
            assert s.mean_cards_after_two is None
            assert simulation_json(s)["mean_cards_after_two"] is None
            return
    raise AssertionError("no opening pair in 200 seeds")  # pragma: no cover


# --- JSON for the page ------------------------------------------------------------


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_figures_json(pack: Pack) -> None:
    f = json.loads(json.dumps(figures(pack)))
    assert f["pack"] == {
        "name": pack.name,
        "ranks": pack.ranks,
        "per_rank": pack.per_rank,
        "cards": pack.cards,
        "these_rules": pack.these_rules,
    }
    functions: list[tuple[str, Callable[[Pack], Fraction]]] = [
        ("opening_pair", opening_pair),
        ("bank_wins", bank_wins),
        ("players_win", players_win),
        ("bank_edge", bank_edge),
        ("expected_cards_after_two", expected_cards_after_two),
        ("expected_cards_per_deal", expected_cards_per_deal),
    ]
    for key, fn in functions:
        assert Fraction(f[key]["fraction"]) == fn(pack)
        assert f[key]["float"] == float(fn(pack))
    rows = f["length_distribution"]
    assert [(r["k"], Fraction(r["fraction"])) for r in rows] == length_distribution(pack)


def test_figures_json_one_pack_strings() -> None:
    f = figures(ONE_PACK)
    assert [f[k]["fraction"] for k in (
        "opening_pair", "bank_wins", "bank_edge",
        "expected_cards_after_two", "expected_cards_per_deal",
    )] == ["1/17", "9/17", "1/17", "51/7", "48/7"]  # fmt: skip


def test_simulation_json(sim: Simulation) -> None:
    j = json.loads(json.dumps(simulation_json(sim)))
    assert j["deals"] == N and j["seed"] == SEED and j["pack"]["name"] == "one_pack"
    assert j["bank_wins"] == sim.bank_wins and j["opening_pairs"] == sim.opening_pairs
    assert Fraction(j["bank_share"]["fraction"]) == sim.bank_share
    assert Fraction(j["pair_share"]["fraction"]) == sim.pair_share
    assert Fraction(j["mean_cards"]["fraction"]) == sim.mean_cards
    assert Fraction(j["mean_cards_after_two"]["fraction"]) == sim.mean_cards_after_two
    assert j["lengths"] == list(sim.lengths)
    assert [(n, w) for n, w, _ in j["running"]] == list(sim.checkpoints)
    assert all(share == w / n for n, w, share in j["running"])


# --- the module itself ------------------------------------------------------------


def test_doctests() -> None:
    result = doctest.testmod(odds)
    assert result.attempted > 10 and result.failed == 0


def test_no_sentences_in_the_module() -> None:
    """Words for readers live in the catalogues: the module's strings, docstrings
    aside, are identifiers."""
    tree = ast.parse(Path(odds.__file__).read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]
    assert strings
    assert all(re.fullmatch(r"[A-Za-z0-9_:]*", s) for s in strings), strings


def test_standard_library_only() -> None:
    tree = ast.parse(Path(odds.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and not node.level  # the engine's own errors allowed
    } | {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert imported <= {
        "__future__",
        "functools",
        "random",
        "dataclasses",
        "fractions",
        "math",
        "typing",
    }


# --- variants through history: exact figures against brute force --------------------


def _enumerate_gain(pack: Pack, pair_share: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """Every ordering of a tiny pack under a variant's opening pair: P(pair), the
    bank's mean gain per counter covered, the mean cards turned after the first two."""
    pairs = total = cards = 0
    gain = Fraction(0)
    for order in permutations(range(pack.cards)):
        ranks = [c % pack.ranks for c in order]
        total += 1
        if ranks[0] == ranks[1]:  # R-D2, under the variant's share
            pairs += 1
            gain += pair_share
            continue
        for k, rank in enumerate(ranks[2:], start=1):  # R-D3
            if rank in (ranks[0], ranks[1]):
                gain += 1 if rank == ranks[0] else -1  # R-T1 / R-T2
                cards += k
                break
    return Fraction(pairs, total), gain / total, Fraction(cards, total)


@pytest.mark.parametrize("share", [Fraction(1), Fraction(1, 2), Fraction(0)])
@pytest.mark.parametrize("ranks,per_rank", [(2, 2), (3, 2), (2, 3), (4, 2)])
def test_variant_brute_force(ranks: int, per_rank: int, share: Fraction) -> None:
    v = odds.Variant("tiny", Pack(ranks, per_rank, "tiny"), share)
    pair, gain, cards = _enumerate_gain(v.pack, share)
    figs = odds.variant_figures(v)
    assert figs["opening_pair"] == pair
    assert figs["bank_edge"] == odds.variant_edge(v) == gain
    assert figs["cards_per_deal"] == cards
    assert all(type(f) is Fraction for f in figs.values())


def test_variants_are_not_these_rules() -> None:
    assert len(odds.VARIANTS) >= 4
    assert len({v.name for v in odds.VARIANTS}) == len(odds.VARIANTS)
    assert not any(v.these_rules for v in odds.VARIANTS)
    assert odds.Variant("rules", ONE_PACK).these_rules
    half = odds.variant("half_on_pair")
    assert (half.pack, half.pair_share) == (ONE_PACK, Fraction(1, 2))
    assert odds.variant_edge(half) == bank_edge(ONE_PACK) / 2 == Fraction(1, 34)
    six = odds.variant("six_packs")
    assert six.pack.cards == 6 * 52 and odds.variant_edge(six) == Fraction(23, 311)
    assert odds.variant_figures(odds.variant("italian_forty"))["opening_pair"] == Fraction(1, 13)
    with pytest.raises(ValueError, match="unknown_variant"):
        odds.variant("skin")
    with pytest.raises(ValueError, match="invalid_pair_share"):
        odds.Variant("x", ONE_PACK, Fraction(3, 2))
