"""The exact returns and house edge of every bet of a table, from the cards left."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from roads.game.odds import CELLS, Distribution
from roads.tables.bets import Bet
from roads.tables.deal import Deal, Totals
from roads.tables.table import Table


@dataclass(frozen=True, slots=True)
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
        """The house's share of each unit staked (minus the expected result)."""
        return float(-self.expected)

    def as_dict(self) -> dict[str, object]:
        return {
            "returns": [[str(r), ways] for r, ways in self.returns],
            "house_edge": self.house_edge,
        }


_DEALS = tuple(Deal(totals=Totals(pt, bt, pc, bc)) for pt, pc, bt, bc in CELLS)


def price(bet: Bet, distribution: Distribution) -> Price | None:
    """The exact returns of ``bet``; None for a bet on pairs when the pairs are not known."""
    returns: dict[Fraction, int] = {}
    if bet.reads_pairs:
        pairs = distribution.pairs
        if pairs is None:
            return None
        only_player = pairs.player - pairs.both
        only_banker = pairs.banker - pairs.both
        neither = distribution.total - only_player - only_banker - pairs.both
        for player_pair, banker_pair, ways in (
            (True, True, pairs.both),
            (True, False, only_player),
            (False, True, only_banker),
            (False, False, neither),
        ):
            deal = Deal(player_pair_given=player_pair, banker_pair_given=banker_pair)
            r = bet.settle(deal)
            returns[r] = returns.get(r, 0) + ways
    else:
        for deal, ways in zip(_DEALS, distribution.ways, strict=True):
            if ways:
                r = bet.settle(deal)
                returns[r] = returns.get(r, 0) + ways
    kept = tuple(sorted((r, ways) for r, ways in returns.items() if ways))
    return Price(returns=kept, total=distribution.total)


def price_table(table: Table, distribution: Distribution) -> dict[str, Price]:
    """Every bet of ``table`` priced from ``distribution``, in the table's order; bets on pairs
    are left out when the pairs are not known."""
    prices = {}
    for name, bet in table.bets().items():
        priced = price(bet, distribution)
        if priced is not None:
            prices[name] = priced
    return prices
