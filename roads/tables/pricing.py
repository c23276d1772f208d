"""The exact returns and house edge of every bet of a table, from the cards left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from math import lcm
from operator import itemgetter
from typing import Any

from roads.game.coup import Outcome
from roads.game.odds import CELLS, Distribution, Odds, exact_distribution
from roads.tables.bets import Bet
from roads.tables.deal import Deal, Totals
from roads.tables.table import Table
from roads.values import frozen


@frozen
class Price:
    """A bet's exact returns: ``(net result of a 1-unit stake, orderings)`` sorted by result,
    out of ``total`` orderings."""

    returns: tuple[tuple[Fraction, int], ...]
    total: int

    @property
    def expected(self) -> Fraction:
        """The expected net result of a 1-unit stake."""
        return sum((r * ways for r, ways in self.returns), Fraction(0)) / self.total

    @property
    def house_edge(self) -> float:
        """The house's share of each unit staked (minus the expected result), rounded once
        from the exact integers (the same float as ``float(-self.expected)``)."""
        common = lcm(*(r.denominator for r, _ in self.returns))
        won = sum(r.numerator * (common // r.denominator) * ways for r, ways in self.returns)
        return -won / (common * self.total)

    def as_dict(self) -> dict[str, object]:
        """``{"returns": [[fraction, count], ...], "house_edge": float}`` (the edge to 15
        significant digits, the same on every machine)."""
        return {
            "returns": [[str(r), ways] for r, ways in self.returns],
            "house_edge": float(f"{self.house_edge:.15g}"),
        }


_DEALS = tuple(Deal(totals=Totals(pt, bt, pc, bc)) for pt, pc, bt, bc in CELLS)


def _pair_deals() -> tuple[Deal, Deal, Deal, Deal]:
    return tuple(  # type: ignore[return-value]
        Deal(player_pair_given=pp, banker_pair_given=bp)
        for pp, bp in ((True, True), (True, False), (False, True), (False, False))
    )


_PAIR_DEALS = _pair_deals()
_Classes = tuple[tuple[Fraction, Callable[[Sequence[int]], Any]], ...]


@cache
def _classes(bet: Bet) -> _Classes:
    """Which cells (or pair cases: both, Player only, Banker only, neither) return what, as a
    getter of their counts per return: a bet settles the same way whatever the cards left, so
    this is worked out once per bet (a table's bets live as long as the table)."""
    by_return: dict[Fraction, list[int]] = {}
    if bet.reads_pairs:
        for i, deal in enumerate(_PAIR_DEALS):
            by_return.setdefault(bet.settle(deal), []).append(i)
    else:
        for i in _possible():
            by_return.setdefault(bet.settle(_DEALS[i]), []).append(i)
    return tuple(
        (r, itemgetter(*cells) if len(cells) > 1 else _one(cells[0]))
        for r, cells in sorted(by_return.items())
    )


@cache
def _possible() -> tuple[int, ...]:
    """The cells a coup can end in (the others are never dealt, from any cards): those of six
    cards of each value, enough for any six-card coup."""
    return tuple(i for i, ways in enumerate(exact_distribution([6] * 10).ways) if ways)


def _one(index: int) -> Callable[[Sequence[int]], tuple[int]]:
    return lambda ways: (ways[index],)


def price(bet: Bet, distribution: Distribution) -> Price | None:
    """The exact returns of ``bet``; None for a bet on pairs when the pairs are not known."""
    if bet.reads_pairs:
        pairs = distribution.pairs
        if pairs is None:
            return None
        only_player = pairs.player - pairs.both
        only_banker = pairs.banker - pairs.both
        neither = distribution.total - only_player - only_banker - pairs.both
        ways: Sequence[int] = (pairs.both, only_player, only_banker, neither)
    else:
        ways = distribution.ways
    returns = []
    classes = _classes(bet)
    for r, cells in classes:
        count = sum(cells(ways))
        if count:
            returns.append((r, count))
    return Price(returns=tuple(returns), total=distribution.total)


def price_table(table: Table, distribution: Distribution) -> dict[str, Price]:
    """Every bet of ``table`` priced from ``distribution``, in the table's order; bets on pairs
    are left out when the pairs are not known."""
    prices = {}
    for name, bet in table.bet_items():
        priced = price(bet, distribution)
        if priced is not None:
            prices[name] = priced
    return prices


def outcome_edge(bet: Bet, odds: Odds) -> float:
    """The house edge of a bet that settles on who won alone (a standard main bet), from the
    Banker, Player and Tie counts."""
    ways = ((Outcome.BANKER, odds.banker), (Outcome.PLAYER, odds.player), (Outcome.TIE, odds.tie))
    expected = sum((bet.settle(Deal(outcome_given=o)) * n for o, n in ways), Fraction(0))
    return float(-expected / odds.total)
