"""Tables (issue 19): every figure of the spec's "Exact figures", both engines, and an
independent enumeration written here from the rules (not from roads' code)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from bets import SIDE_BETS as SIDE_BET_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_cells
from tiers import size

from roads.errors import RoadsError
from roads.game.odds import (
    CELLS,
    deck_counts,
    distribution_for_decks,
    exact_distribution,
    exact_odds,
    pair_counts,
    rank_counts,
    values_of_ranks,
)
from roads.tables import RULE_SETS, SIDE_BETS, STANDARD, make_table, price_table

TOTAL_8 = 4_998_398_275_503_360


# -- an independent enumeration and settlement, from GAME.md and TABLES.md -----------------------


def reference_pairs(ranks: list[int]) -> tuple[int, int, int]:
    """(Player pair, Banker pair, both) orderings, dealing the first four cards by rank."""
    n = sum(ranks)
    left = list(ranks)
    player = banker = both = 0
    for p1 in range(13):
        for b1 in range(13):
            for p2 in range(13):
                for b2 in range(13):
                    w = 1
                    for r in (p1, b1, p2, b2):
                        w *= left[r]
                        left[r] -= 1
                    for r in (p1, b1, p2, b2):
                        left[r] += 1
                    if w <= 0:
                        continue
                    w *= (n - 4) * (n - 5)
                    player += w * (p1 == p2)
                    banker += w * (b1 == b2)
                    both += w * (p1 == p2 and b1 == b2)
    return player, banker, both


def won(pt: int, bt: int) -> str:
    return "B" if bt > pt else "P" if pt > bt else "T"


def spec_return(bet: str, rules: str, tie: int, cell: tuple[int, int, int, int]) -> Fraction:
    """TABLES.md's tables, as a player reads them."""
    pt, pc, bt, bc = cell
    w = won(pt, bt)
    natural = (pc == 2 and pt >= 8) or (bc == 2 and bt >= 8)
    if bet == "banker":
        if w == "T":
            return Fraction(0)
        if w == "P":
            return Fraction(-1)
        if rules == "standard":
            return Fraction(19, 20)
        if rules == "no-commission":
            return Fraction(1, 2) if bt == 6 else Fraction(1)
        return Fraction(0) if (bt == 7 and bc == 3) else Fraction(1)
    if bet == "player":
        return Fraction(0) if w == "T" else Fraction(1) if w == "P" else Fraction(-1)
    if bet == "tie":
        return Fraction(tie) if w == "T" else Fraction(-1)
    if bet == "dragon_7":
        return Fraction(40) if w == "B" and bt == 7 and bc == 3 else Fraction(-1)
    if bet == "panda_8":
        return Fraction(25) if w == "P" and pt == 8 and pc == 3 else Fraction(-1)
    if bet == "super_6":
        return Fraction(12) if w == "B" and bt == 6 else Fraction(-1)
    if bet == "lucky_6":
        if w == "B" and bt == 6:
            return Fraction(12 if bc == 2 else 20)
        return Fraction(-1)
    side = "P" if bet == "dragon_bonus_player" else "B"
    if w == "T":
        return Fraction(0) if natural else Fraction(-1)
    if w != side:
        return Fraction(-1)
    if natural:
        return Fraction(1)
    margin = pt - bt if side == "P" else bt - pt
    return Fraction({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}.get(margin, -1))


def spec_prices(
    cells: Counter[tuple[int, int, int, int]], rules: str, tie: int
) -> dict[str, dict[Fraction, int]]:
    bets = ["banker", "player", "tie", "dragon_7", "panda_8", "super_6", "lucky_6"]
    bets += ["dragon_bonus_player", "dragon_bonus_banker"]
    prices: dict[str, dict[Fraction, int]] = {}
    for bet in bets:
        returns: Counter[Fraction] = Counter()
        for cell, ways in cells.items():
            returns[spec_return(bet, rules, tie, cell)] += ways
        prices[bet] = {r: w for r, w in returns.items() if w}
    return prices


def as_counter(counts: list[int]) -> Counter[tuple[int, int, int, int]]:
    ways = exact_distribution(counts).ways
    return Counter({cell: w for cell, w in zip(CELLS, ways, strict=True) if w})


# -- the figures of TABLES.md ----------------------------------------------------------------------


def test_eight_deck_counts_equal_the_spec_to_the_integer() -> None:
    d = distribution_for_decks(8)
    assert d.total == TOTAL_8 and sum(d.ways) == TOTAL_8
    prices = price_table(make_table(rules="ez"), d)
    assert dict(prices["dragon_7"].returns)[Fraction(40)] == 112_633_011_329_024
    assert dict(prices["panda_8"].returns)[Fraction(25)] == 172_660_763_262_976
    lucky = dict(prices["lucky_6"].returns)
    assert lucky[Fraction(12)] + lucky[Fraction(20)] == 269_232_304_455_680
    assert lucky[Fraction(12)] == 186_173_936_904_192
    assert dict(prices["super_6"].returns)[Fraction(12)] == 269_232_304_455_680
    assert dict(prices["player_pair"].returns)[Fraction(11)] == 373_374_329_013_504
    assert dict(prices["banker_pair"].returns)[Fraction(11)] == 373_374_329_013_504
    banker = dict(price_table(STANDARD, d)["banker"].returns)
    assert banker == {
        Fraction(-1): 2_230_518_282_592_256,
        Fraction(0): 475_627_426_473_216,
        Fraction(19, 20): 2_292_252_566_437_888,
    }


@pytest.mark.parametrize(
    ("rules", "tie", "bet", "percent", "places"),
    [
        ("ez", 8, "banker", 1.0183, 4),
        ("ez", 8, "dragon_7", 7.6113, 4),
        ("ez", 8, "panda_8", 10.1876, 4),
        ("no-commission", 8, "banker", 1.4581, 4),
        ("standard", 8, "super_6", 29.977, 3),
        ("standard", 8, "lucky_6", 16.684, 3),
        ("standard", 8, "dragon_bonus_player", 2.652, 3),
        ("standard", 8, "dragon_bonus_banker", 9.373, 3),
        ("standard", 8, "player_pair", 10.361, 3),
        ("standard", 8, "banker_pair", 10.361, 3),
        ("standard", 8, "either_pair", 13.710, 3),
        ("standard", 8, "tie", 14.360, 3),
        ("standard", 9, "tie", 4.844, 3),
        ("standard", 8, "banker", 1.0579, 4),
        ("standard", 8, "player", 1.2351, 4),
    ],
)
def test_house_edges_equal_the_spec_to_the_stated_decimals(
    rules: str, tie: int, bet: str, percent: float, places: int
) -> None:
    prices = price_table(make_table(rules=rules, tie_pays=tie), distribution_for_decks(8))
    assert round(prices[bet].house_edge * 100, places) == percent


def test_returns_are_sorted_and_sum_to_the_total() -> None:
    d = distribution_for_decks(8)
    for rules in RULE_SETS.names():
        for price in price_table(make_table(rules=rules), d).values():
            values = [r for r, _ in price.returns]
            assert values == sorted(values)
            assert sum(ways for _, ways in price.returns) == d.total


# -- the engine against the independent enumeration -------------------------------------------


@pytest.mark.parametrize("decks", [1, 6])
def test_full_shoes_equal_the_independent_enumeration(decks: int) -> None:
    counts = list(deck_counts(decks))
    cells = reference_cells(counts)
    assert as_counter(counts) == cells
    d = distribution_for_decks(decks)
    for rules in RULE_SETS.names():
        for tie in (8, 9):
            prices = price_table(make_table(rules=rules, tie_pays=tie), d)
            for bet, returns in spec_prices(cells, rules, tie).items():
                assert dict(prices[bet].returns) == returns, (rules, tie, bet)


def test_pairs_of_one_deck_equal_dealing_by_rank() -> None:
    ranks = list(rank_counts(1))
    pairs = pair_counts(ranks)
    assert (pairs.player, pairs.banker, pairs.both) == reference_pairs(ranks)


@settings(max_examples=size(8, 25), deadline=None)
@given(st.lists(st.integers(0, 4), min_size=13, max_size=13).filter(lambda r: sum(r) >= 6))
def test_depleted_ranks_equal_dealing_by_rank(ranks: list[int]) -> None:
    pairs = pair_counts(ranks)
    assert (pairs.player, pairs.banker, pairs.both) == reference_pairs(ranks)


@settings(max_examples=size(8, 30), deadline=None)
@given(st.lists(st.integers(0, 6), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6))
def test_depleted_shoes_equal_the_independent_enumeration(counts: list[int]) -> None:
    cells = reference_cells(counts)
    assert as_counter(counts) == cells
    d = exact_distribution(counts)
    odds = exact_odds(counts)
    assert d.odds() == odds
    prices = price_table(make_table(rules="ez"), d)
    for bet, returns in spec_prices(cells, "ez", 8).items():
        assert dict(prices[bet].returns) == returns, bet


def test_depleted_multi_deck_shoe_equals_the_independent_enumeration() -> None:
    counts = [90, 20, 31, 7, 25, 32, 1, 18, 30, 0]
    assert as_counter(counts) == reference_cells(counts)


def test_pair_bets_are_absent_when_only_values_are_known() -> None:
    prices = price_table(STANDARD, exact_distribution(deck_counts(8)))
    assert "player_pair" not in prices and "either_pair" not in prices
    assert "dragon_7" in prices


def test_values_of_ranks_put_tens_and_faces_first() -> None:
    assert values_of_ranks(list(range(1, 14))) == (10 + 11 + 12 + 13, 1, 2, 3, 4, 5, 6, 7, 8, 9)


# -- the numpy engine counts the same -------------------------------------------------------------


@pytest.mark.parametrize("decks", range(1, 9))
def test_numpy_equals_pure_for_full_shoes(decks: int) -> None:
    vector = pytest.importorskip("roads.fast.odds")
    counts = deck_counts(decks)
    assert vector.exact_distribution_numpy(counts) == exact_distribution(counts)


@settings(max_examples=size(7, 30), deadline=None)
@given(st.lists(st.lists(st.integers(0, 32), min_size=10, max_size=10), min_size=1, max_size=4))
def test_numpy_equals_pure_for_depleted_shoes(shoes: list[list[int]]) -> None:
    vector = pytest.importorskip("roads.fast.odds")
    shoes = [shoe for shoe in shoes if sum(shoe) >= 6] or [[1] * 10]
    assert vector.exact_distribution_many(shoes) == [exact_distribution(s) for s in shoes]


# -- the registry ---------------------------------------------------------------------------


def test_rule_sets_are_found_by_name_and_alias() -> None:
    assert [cls.name for cls in RULE_SETS] == ["standard", "no-commission", "ez"]
    for alias in ("super-6", "punto-2000", "punto_2000", "No-Commission"):
        assert make_table(rules=alias).rules == "no-commission"
    with pytest.raises(RoadsError, match=r"no rule set 'macao'.*standard, no-commission, ez"):
        make_table(rules="macao")


def test_side_bets_are_registered_by_name() -> None:
    assert SIDE_BETS.names() == SIDE_BET_NAMES


def test_a_table_offers_only_the_side_bets_it_names() -> None:
    table = make_table(rules="ez", side_bets=["panda_8", "dragon-7"])
    assert list(table.bets()) == ["banker", "player", "tie", "dragon_7", "panda_8"]
    with pytest.raises(RoadsError, match="does not offer it"):
        table.bet("lucky_6")
    with pytest.raises(RoadsError, match="Tie pays 8 or 9"):
        make_table(tie_pays=10)
