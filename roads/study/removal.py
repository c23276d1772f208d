"""Card removal: the exact edges of the main bets before every coup of the exact shoes, from
the cards left, their spread, how they move through the shoe, and how each signal's bets lean
on them (the ``card_removal`` part of a study's document)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from roads.game.odds import Odds
from roads.study.document import Bin, CardRemoval, Distribution, EdgeAtPosition, SignalEdge
from roads.study.exact import ExactCoup
from roads.study.numbers import banker_return as _banker_return
from roads.study.numbers import number as _number
from roads.study.numbers import player_return as _player_return
from roads.study.numbers import share as _share
from roads.study.signals import BANKER, SIGNALS, sides
from roads.study.statistics import pearson
from roads.study.table_bets import TableCounted
from roads.values import frozen

_EDGE_BIN = Fraction(1, 1000)
"""Width of the bins of the exact-edge histogram: 0.1% of the stake."""
_PERCENTS = (0, 5, 25, 50, 75, 95, 100)
"""The percentiles of a ``Distribution``: min, p05, p25, median, p75, p95 and max."""


@frozen
class _Common:
    """Exact fractions as whole numbers over one denominator (the least common multiple of
    theirs): sorted, compared and summed as integers, with the same values as the fractions
    (a Fraction sum reduces by a gcd at every term)."""

    scaled: tuple[int, ...]
    denominator: int

    @classmethod
    def of(cls, values: Sequence[Fraction], denominator: int) -> _Common:
        """``values``, over ``denominator`` (a multiple of each of theirs)."""
        return cls(tuple(v.numerator * (denominator // v.denominator) for v in values), denominator)

    def number(self, scaled: int, count: int = 1) -> float:
        """How the document writes ``scaled / count`` (over this denominator): int division is
        rounded correctly, as a Fraction's float is, so the figure is the same."""
        return _number(scaled / (self.denominator * count))


def _quantile(ordered: Sequence[int], percent: int) -> int:
    """The nearest-rank percentile of a sorted sample."""
    rank = max(1, math.ceil(percent * len(ordered) / 100))
    return ordered[rank - 1]


def _distribution(edges: _Common) -> Distribution:
    ordered = sorted(edges.scaled)
    bins: dict[int, int] = {}
    per_bin = edges.denominator * _EDGE_BIN.numerator
    for edge in ordered:
        key = edge * _EDGE_BIN.denominator // per_bin  # floor(edge / _EDGE_BIN)
        bins[key] = bins.get(key, 0) + 1
    low, high = min(bins), max(bins)
    lowest, p05, p25, median, p75, p95, highest = (
        edges.number(_quantile(ordered, percent)) for percent in _PERCENTS
    )
    return Distribution(
        min=lowest,
        p05=p05,
        p25=p25,
        median=median,
        p75=p75,
        p95=p95,
        max=highest,
        mean=edges.number(sum(ordered), len(ordered)),
        histogram=tuple(
            Bin(
                first=_number(key * _EDGE_BIN),
                last=_number((key + 1) * _EDGE_BIN),
                count=bins.get(key, 0),
            )
            for key in range(low, high + 1)
        ),
    )


_POSITION_STEP = 10
"""Coups per row of the edge by position in the shoe."""


def _by_position(
    exact: Sequence[ExactCoup], banker_edges: _Common, player_edges: _Common
) -> tuple[EdgeAtPosition, ...]:
    """The mean exact edges, and how often a bet had a positive expectation, by coup number."""
    coups: dict[int, int] = {}
    banker_sums: dict[int, int] = {}
    player_sums: dict[int, int] = {}
    positive: dict[int, int] = {}
    for coup, banker, player in zip(exact, banker_edges.scaled, player_edges.scaled, strict=True):
        key = (coup.number - 1) // _POSITION_STEP
        coups[key] = coups.get(key, 0) + 1
        banker_sums[key] = banker_sums.get(key, 0) + banker
        player_sums[key] = player_sums.get(key, 0) + player
        positive[key] = positive.get(key, 0) + (banker < 0 or player < 0)
    return tuple(
        EdgeAtPosition(
            first=key * _POSITION_STEP + 1,
            last=(key + 1) * _POSITION_STEP,
            coups=count,
            banker_edge_mean=banker_edges.number(banker_sums[key], count),
            player_edge_mean=player_edges.number(player_sums[key], count),
            either_positive=positive[key],
        )
        for key, count in sorted(coups.items())
    )


def card_removal(
    exact: Sequence[ExactCoup], exact_shoes: int, odds: Odds, at: TableCounted | None = None
) -> CardRemoval:
    """The card removal part of a study's document.

    Parameters:
        exact: the exact coups of the first ``exact_shoes`` shoes, in order (at least one).
        exact_shoes: how many shoes they are.
        odds: the exact odds of a fresh shoe.
        at: the counts of a named table, whose Banker and Player bets are then priced.
    """
    if at is not None:
        # The named table's Banker and Player bets, priced from the cards left.
        banker_edges = [-dict(c.expected)["banker"] for c in exact]
        player_edges = [-dict(c.expected)["player"] for c in exact]
        fresh_banker, fresh_player = -at.flat.banker.expected, -at.flat.player.expected
    else:
        banker_edges = [-_banker_return(c.banker, c.player, c.total) for c in exact]
        player_edges = [-_player_return(c.banker, c.player, c.total) for c in exact]
        fresh_banker = -_banker_return(odds.banker, odds.player, odds.total)
        fresh_player = -_player_return(odds.banker, odds.player, odds.total)
    denominator = math.lcm(*(edge.denominator for edge in (*banker_edges, *player_edges)))
    banker, player = (_Common.of(edges, denominator) for edges in (banker_edges, player_edges))
    banker_positive = sum(1 for edge in banker.scaled if edge < 0)
    player_positive = sum(1 for edge in player.scaled if edge < 0)
    either = sum(1 for b, p in zip(banker.scaled, player.scaled, strict=True) if b < 0 or p < 0)
    n = len(exact)
    return CardRemoval(
        shoes=exact_shoes,
        coups=n,
        by_position=_by_position(exact, banker, player),
        banker_edge=_distribution(banker),
        player_edge=_distribution(player),
        banker_positive=_share(banker_positive, n),
        player_positive=_share(player_positive, n),
        either_positive=_share(either, n),
        fresh_banker_edge=_number(fresh_banker),
        fresh_player_edge=_number(fresh_player),
        signals=_by_signal(exact, banker, player),
    )


def _by_signal(
    exact: Sequence[ExactCoup], banker_edges: _Common, player_edges: _Common
) -> tuple[SignalEdge, ...]:
    """For each signal, the coups it bets, how the side it names goes with the cards' tilt to
    Banker, and the mean exact return of its bets."""
    by_signal = []
    tilt = [float(Fraction(c.banker - c.player, c.total)) for c in exact]
    banker_scaled, player_scaled = banker_edges.scaled, player_edges.scaled
    for signal in SIGNALS:
        named = sides()[signal.name]
        xs: list[float] = []
        ys: list[float] = []
        returns = 0
        for coup, y, b_edge, p_edge in zip(exact, tilt, banker_scaled, player_scaled, strict=True):
            side = named[coup.state]
            if side < 0:
                continue
            xs.append(1.0 if side == BANKER else -1.0)
            ys.append(y)
            returns -= b_edge if side == BANKER else p_edge
        r = pearson(xs, ys)
        by_signal.append(
            SignalEdge(
                name=signal.name,
                coups=len(xs),
                edge_correlation=_number(r) if r is not None else None,
                mean_exact_return=banker_edges.number(returns, len(xs)) if xs else None,
            )
        )
    return tuple(by_signal)
