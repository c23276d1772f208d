"""Card removal: the exact edges of the main bets before every coup of the exact shoes, from
the cards left, their spread, how they move through the shoe, and how each signal's bets lean
on them (the ``card_removal`` part of a study's document)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from roads.game.odds import Odds
from roads.study.document import Bin, CardRemoval, Distribution, EdgeAtPosition, SignalEdge
from roads.study.exact import ExactCoup
from roads.study.numbers import banker_return as _banker_return
from roads.study.numbers import number as _number
from roads.study.numbers import player_return as _player_return
from roads.study.numbers import share as _share
from roads.study.signals import BANKER, SIGNALS, sides
from roads.study.statistics import pearson

if TYPE_CHECKING:
    from roads.study.figures import TableCounted

_EDGE_BIN = Fraction(1, 1000)
"""Width of the bins of the exact-edge histogram: 0.1% of the stake."""
_PERCENTS = (0, 5, 25, 50, 75, 95, 100)
"""The percentiles of a ``Distribution``: min, p05, p25, median, p75, p95 and max."""


def _quantile(ordered: Sequence[Fraction], percent: int) -> Fraction:
    """The nearest-rank percentile of a sorted sample."""
    rank = max(1, math.ceil(percent * len(ordered) / 100))
    return ordered[rank - 1]


def _distribution(edges: Sequence[Fraction]) -> Distribution:
    ordered = sorted(edges)
    bins: dict[int, int] = {}
    for edge in ordered:
        key = math.floor(edge / _EDGE_BIN)
        bins[key] = bins.get(key, 0) + 1
    low, high = min(bins), max(bins)
    lowest, p05, p25, median, p75, p95, highest = (
        _number(_quantile(ordered, percent)) for percent in _PERCENTS
    )
    return Distribution(
        min=lowest,
        p05=p05,
        p25=p25,
        median=median,
        p75=p75,
        p95=p95,
        max=highest,
        mean=_number(sum(ordered, Fraction(0)) / len(ordered)),
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
    exact: Sequence[ExactCoup],
    banker_edges: Sequence[Fraction],
    player_edges: Sequence[Fraction],
) -> tuple[EdgeAtPosition, ...]:
    """The mean exact edges, and how often a bet had a positive expectation, by coup number."""
    coups: dict[int, int] = {}
    banker_sums: dict[int, Fraction] = {}
    player_sums: dict[int, Fraction] = {}
    positive: dict[int, int] = {}
    for coup, banker, player in zip(exact, banker_edges, player_edges, strict=True):
        key = (coup.number - 1) // _POSITION_STEP
        coups[key] = coups.get(key, 0) + 1
        banker_sums[key] = banker_sums.get(key, Fraction(0)) + banker
        player_sums[key] = player_sums.get(key, Fraction(0)) + player
        positive[key] = positive.get(key, 0) + (banker < 0 or player < 0)
    return tuple(
        EdgeAtPosition(
            first=key * _POSITION_STEP + 1,
            last=(key + 1) * _POSITION_STEP,
            coups=count,
            banker_edge_mean=_number(banker_sums[key] / count),
            player_edge_mean=_number(player_sums[key] / count),
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
    banker_positive = sum(1 for edge in banker_edges if edge < 0)
    player_positive = sum(1 for edge in player_edges if edge < 0)
    either = sum(1 for b, p in zip(banker_edges, player_edges, strict=True) if b < 0 or p < 0)
    n = len(exact)
    by_signal = []
    tilt = [float(Fraction(c.banker - c.player, c.total)) for c in exact]
    for signal in SIGNALS:
        named = sides()[signal.name]
        xs: list[float] = []
        ys: list[float] = []
        returns: list[Fraction] = []
        for coup, y, b_edge, p_edge in zip(exact, tilt, banker_edges, player_edges, strict=True):
            side = named[coup.state]
            if side < 0:
                continue
            xs.append(1.0 if side == BANKER else -1.0)
            ys.append(y)
            returns.append(-b_edge if side == BANKER else -p_edge)
        r = pearson(xs, ys)
        by_signal.append(
            SignalEdge(
                name=signal.name,
                coups=len(xs),
                edge_correlation=_number(r) if r is not None else None,
                mean_exact_return=(
                    _number(sum(returns, Fraction(0)) / len(returns)) if returns else None
                ),
            )
        )
    return CardRemoval(
        shoes=exact_shoes,
        coups=n,
        by_position=_by_position(exact, banker_edges, player_edges),
        banker_edge=_distribution(banker_edges),
        player_edge=_distribution(player_edges),
        banker_positive=_share(banker_positive, n),
        player_positive=_share(player_positive, n),
        either_positive=_share(either, n),
        fresh_banker_edge=_number(fresh_banker),
        fresh_player_edge=_number(fresh_player),
        signals=tuple(by_signal),
    )
