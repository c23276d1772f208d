"""Exact odds with numpy: the fast engine's ``odds`` (``roads.engines``), the same integer counts
as the reference, ``roads.game.odds``.

The Banker, Player and Tie counts come from the table of :mod:`roads.fast.odds_groups`: the
orderings grouped by the values the six cards show, two sums of 5005 products of falling
factorials (two gathers and a dot product for one shoe; for many, a product of small matrices
per size of the low half). The distribution by final totals walks the four-card starts:

The enumeration's shape does not depend on the cards left: which four-card starts there are,
which third cards each leads to, and which Banker third cards beat or tie the Player. All of
that is built once into index arrays; an evaluation is then a few array operations on the
counts, for one shoe or for many shoes at once (the cards left after every coup of a shoe).

Every count fits in int64 while the number of orderings of six cards does (up to about 1500
cards, far beyond 8 decks): each partial sum is a count of some of those orderings, so it is no
larger than the total. Larger shoes are counted from the same table in Python ints
(``odds_groups.grouped_counts``), and their distributions by the reference.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from roads.fast.odds_groups import BASE, CARDS, HALF, grouped_counts, groups
from roads.game import rules
from roads.game.odds import CELLS, Distribution, Odds, OddsEngine, cell
from roads.game.odds import ODDS as REFERENCE
from roads.values import frozen

_INT64_SAFE = 2**62
"""Largest number of six-card orderings evaluated in int64."""

IntArray: TypeAlias = npt.NDArray[np.int64]


def _compare(player: int, banker: int) -> int:
    return 0 if banker > player else 1 if player > banker else 2


@frozen
class _Plan:
    """The enumeration's index arrays. Four-card starts ``p1 <= p2, b1 <= b2`` are ordered:
    first those that deal no third card, then those where only the Banker draws, then those
    where the Player draws (``third`` on), each of those with a row of ten third cards."""

    values: tuple[IntArray, IntArray, IntArray, IntArray]  # p1, p2, b1, b2 of each start
    before: tuple[IntArray, IntArray, IntArray]  # same values drawn before p2, b1, b2
    orders: IntArray  # orderings of the two hands' cards: 1, 2 or 4
    four: IntArray  # (starts, 3): one-hot outcome of a start that deals no third card
    stand: slice  # the starts where the Player stands and the Banker draws
    stand_beat: IntArray  # index into beats (banker * 10 + player)
    stand_beat_drawn: IntArray  # how many of the four drawn would beat the Player
    stand_tie: IntArray  # the Banker third card value that ties
    stand_tie_drawn: IntArray  # how many of the four drawn have that value
    third: slice  # the starts where the Player draws
    third_drawn: IntArray  # (third starts, 10): how many of the four drawn have each value
    five: IntArray  # (third starts * 10, 4): one-hot outcome when the Banker stands, draws
    draw_beat: IntArray  # (third starts, 10): index into beats, or 100 (no draw: zero)
    draw_beat_drawn: IntArray  # of the five drawn, how many would beat the Player
    draw_tie: IntArray  # the value that ties, or 10 (no draw: zero)
    draw_tie_drawn: IntArray  # of the five drawn, how many have it
    beats: IntArray  # (10, 101): [value, banker * 10 + player] = (banker + value) % 10 > player


def _ints(values: list[int]) -> IntArray:
    return np.array(values, dtype=np.int64)


@cache
def _plan() -> _Plan:  # noqa: PLR0912 (the third-card table, case by case)
    starts: list[tuple[int, int, int, int]] = []
    for p1 in range(10):
        for p2 in range(p1, 10):
            for b1 in range(10):
                for b2 in range(b1, 10):
                    starts.append((p1, p2, b1, b2))

    def kind(drawn: tuple[int, int, int, int]) -> int:
        player, banker = (drawn[0] + drawn[1]) % 10, (drawn[2] + drawn[3]) % 10
        if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
            return 0
        return 1 if player >= 6 else 2

    starts.sort(key=kind)
    kinds = [kind(drawn) for drawn in starts]
    stands, thirds = kinds.index(1), kinds.index(2)
    four, stand, third, five, draw = [], [], [], [], []
    for drawn in starts:
        player, banker = (drawn[0] + drawn[1]) % 10, (drawn[2] + drawn[3]) % 10
        outcome = [0, 0, 0]
        if kind(drawn) == 0:
            outcome[_compare(player, banker)] = 1
        elif kind(drawn) == 1:
            beat = sum((banker + v) % 10 > player for v in drawn)
            tie = (player - banker) % 10
            stand.append((banker * 10 + player, beat, tie, drawn.count(tie)))
        else:
            third.append([drawn.count(t) for t in range(10)])
            for t in range(10):
                final = (player + t) % 10
                if rules.BANKER_DRAWS[banker][t]:
                    both = (*drawn, t)
                    beat = sum((banker + v) % 10 > final for v in both)
                    tie = (final - banker) % 10
                    five.append((0, 0, 0, 1))
                    draw.append((banker * 10 + final, beat, tie, both.count(tie)))
                else:
                    row = [0, 0, 0, 0]
                    row[_compare(final, banker)] = 1
                    five.append((row[0], row[1], row[2], row[3]))
                    draw.append((100, 0, 10, 0))
        four.append(outcome)
    columns = np.array(starts, dtype=np.int64).T
    before = [[drawn[:k].count(drawn[k]) for drawn in starts] for k in range(1, 4)]
    stand_rows = np.array(stand, dtype=np.int64).T
    draw_rows = np.array(draw, dtype=np.int64).T.reshape(4, -1, 10)
    beats = np.zeros((10, 101), dtype=np.int64)
    for banker in range(10):
        for player in range(10):
            for v in range(10):
                beats[v, banker * 10 + player] = (banker + v) % 10 > player
    return _Plan(
        values=(columns[0], columns[1], columns[2], columns[3]),
        before=(_ints(before[0]), _ints(before[1]), _ints(before[2])),
        orders=np.array(
            [(1 if d[0] == d[1] else 2) * (1 if d[2] == d[3] else 2) for d in starts],
            dtype=np.int64,
        ),
        four=np.array(four, dtype=np.int64),
        stand=slice(stands, thirds),
        stand_beat=stand_rows[0],
        stand_beat_drawn=stand_rows[1],
        stand_tie=stand_rows[2],
        stand_tie_drawn=stand_rows[3],
        third=slice(thirds, len(starts)),
        third_drawn=np.array(third, dtype=np.int64),
        five=np.array(five, dtype=np.int64),
        draw_beat=draw_rows[0],
        draw_beat_drawn=draw_rows[1],
        draw_tie=draw_rows[2],
        draw_tie_drawn=draw_rows[3],
        beats=beats,
    )


@frozen
class _Grouped:
    """:mod:`roads.fast.odds_groups`' tables as arrays, and the falling factorials of every
    count of cards small enough for the exact float path."""

    halves: npt.NDArray[np.intp]  # (5, 924): where each half product's factors sit in (10, 7)
    low: npt.NDArray[np.intp]  # (5005,): the low half of each six-value multiset
    high: npt.NDArray[np.intp]  # (5005,): its high half
    ways: npt.NDArray[np.float64]  # (2, 5005): value sequences the Banker wins, that tie
    blocks: tuple[tuple[slice, slice, npt.NDArray[np.float64], IntArray], ...]
    # by the size s of the low half: its low halves, the high halves of size 6 - s, and the
    # (low, 2 * high) coefficients, Banker's then Tie's, in float64 and int64
    falling: npt.NDArray[np.float64]  # (_FLOAT_CARDS + 1, 7): c (c - 1) ... (c - k + 1)


_FLOAT_CARDS = 455
"""The most cards for which every count is below 2**53 (455 * 454 * ... * 450 is), so exact in
float64: every number the evaluation forms (a falling factorial, a product of them, a
coefficient times one, a partial sum) is a whole number of orderings, none above the total;
a low half's products with its row of coefficients, before the high half multiplies them, are
at most 720 / s! times the orderings of its s cards, far below."""


@cache
def _grouped() -> _Grouped:
    tables = groups()
    multiplicity = np.array(tables.halves, dtype=np.intp)
    value = np.arange(HALF)[:, None] + np.where(
        np.arange(multiplicity.shape[1]) < multiplicity.shape[1] // 2, 0, HALF
    )
    counts = np.arange(_FLOAT_CARDS + 1, dtype=np.float64)
    falling = np.ones((_FLOAT_CARDS + 1, CARDS + 1), dtype=np.float64)
    for k in range(1, CARDS + 1):
        falling[:, k] = falling[:, k - 1] * np.maximum(counts - (k - 1), 0)
    ways = np.array([tables.banker, tables.tie], dtype=np.int64)
    blocks = []
    sizes, offset, half = tables.sizes, 0, multiplicity.shape[1] // 2
    for size in range(CARDS + 1):
        low = slice(sizes[size], sizes[size + 1])
        high = slice(half + sizes[CARDS - size], half + sizes[CARDS - size + 1])
        rows, columns = low.stop - low.start, high.stop - high.start
        block = ways[:, offset : offset + rows * columns].reshape(2, rows, columns)
        offset += rows * columns
        joined = np.concatenate([block[0], block[1]], axis=1)
        blocks.append((low, high, joined.astype(np.float64), joined))
    return _Grouped(
        blocks=tuple(blocks),
        halves=(value * BASE + multiplicity).astype(np.intp),
        low=np.array(tables.low, dtype=np.intp),
        high=np.array(tables.high, dtype=np.intp),
        ways=ways.astype(np.float64),
        falling=falling,
    )


def _orderings(n: int) -> int:
    return n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


def _odds(total: int, banker: int, tie: int) -> Odds:
    return Odds(total=total, banker=banker, player=total - banker - tie, tie=tie)


def exact_odds_many(shoes: Sequence[Sequence[int]]) -> list[Odds]:
    """Exact odds of the next coup for each of ``shoes`` (ten counts of values 0-9 each), all
    at once: the cards left after every coup of a shoe cost little more than one shoe.

    Grouped by the values the six cards show (:mod:`roads.fast.odds_groups`): the same counts
    as :func:`roads.game.odds.exact_odds`, for counts it has checked.
    """
    if not shoes:
        return []
    totals = [_orderings(sum(shoe)) for shoe in shoes]
    if max(totals) >= _INT64_SAFE:
        return [
            _odds(total, *grouped_counts(row)) for total, row in zip(totals, shoes, strict=True)
        ]
    g = _grouped()
    counts = np.array(shoes, dtype=np.intp)
    k = len(shoes)
    falling: npt.NDArray[np.float64] | IntArray
    in_int64 = max(sum(shoe) for shoe in shoes) > _FLOAT_CARDS
    if not in_int64:
        falling = g.falling[counts].reshape(k, -1)
    else:
        # Falling factorials of counts too large for the table, in int64.
        steps = counts[:, :, None].astype(np.int64) - np.arange(-1, 6, dtype=np.int64)
        steps[:, :, 0] = 1
        falling = np.maximum(np.cumprod(steps, axis=2), 0).reshape(k, -1)
    counted = np.concatenate(
        [_bilinear(g, falling[at : at + _CHUNK], in_int64) for at in range(0, k, _CHUNK)]
    ).tolist()
    return [
        _odds(total, int(banker), int(tie))
        for total, (banker, tie) in zip(totals, counted, strict=True)
    ]


_CHUNK = 16
"""Shoes evaluated together: enough to share the work, few enough to keep the arrays small."""


def _bilinear(
    g: _Grouped, falling: npt.NDArray[np.float64] | IntArray, in_int64: bool
) -> npt.NDArray[Any]:
    """``(shoes, 2)``: the Banker's and the Tie's counts, block by block of multisets: for a
    low half of size ``s``, ``sum(low @ block * high)`` with the high halves of size 6 - s,
    which forms no array of all 5005 products."""
    half = falling[:, g.halves[0]]
    for row in g.halves[1:]:
        half = half * falling[:, row]
    counted = np.zeros((len(falling), 2), dtype=half.dtype)
    for low, high, block, block_int in g.blocks:
        upper = high.stop - high.start
        joined = half[:, low] @ (block_int if in_int64 else block)
        high_half = half[:, high]
        counted[:, 0] += (joined[:, :upper] * high_half).sum(axis=1)
        counted[:, 1] += (joined[:, upper:] * high_half).sum(axis=1)
    return counted


def exact_odds_numpy(counts: Sequence[int]) -> Odds:
    """Exact odds of the next coup from ten counts of values 0-9 (checked), with numpy."""
    n = sum(counts)
    if n > _FLOAT_CARDS:
        return exact_odds_many([counts])[0]
    g = _grouped()
    half = g.falling[list(counts)].take(g.halves).prod(axis=0)
    w = half.take(g.low)
    w *= half.take(g.high)
    banker, tie = (g.ways @ w).tolist()
    return _odds(_orderings(n), int(banker), int(tie))


@frozen
class _Binned:
    """A fixed sum by bins: ``source`` indexes the summed columns, sorted by bin; ``offsets``
    where each bin present starts in them; ``bins`` which bins those are, of ``size``."""

    source: IntArray
    offsets: IntArray
    bins: IntArray
    size: int

    @classmethod
    def of(cls, source: list[int], bins: list[int], size: int) -> _Binned:
        order = np.argsort(np.array(bins, dtype=np.int64), kind="stable")
        sorted_bins = np.array(bins, dtype=np.int64)[order]
        present, offsets = np.unique(sorted_bins, return_index=True)
        return cls(_ints(source)[order], offsets.astype(np.int64), present, size)

    def sum(self, columns: IntArray) -> IntArray:
        """``(shoes, size)``: the sum of ``columns[:, i]`` over the ``i`` of each bin."""
        out = np.zeros((columns.shape[0], self.size), dtype=np.int64)
        out[:, self.bins] = np.add.reduceat(columns[:, self.source], self.offsets, axis=1)
        return out


@frozen
class _Spread:
    """The distribution's plan (see ``roads.game.odds.exact_distribution``): the starts' group
    sums ``W``, ``P1`` and ``P2``, then the terms of each cell, summed by cell."""

    group_w: _Binned  # starts -> 100 groups (player * 10 + banker)
    group_p1: _Binned  # four cards of the starts -> group * 10 + value
    group_p2: _Binned  # six pairs of the four cards -> group * 100 + lower * 10 + higher
    cells: _Binned  # the terms below -> the distribution's cells
    four: IntArray  # groups where nobody draws
    stand: IntArray  # groups where only the Banker draws
    third: IntArray  # groups where the Player draws
    banker_draws: IntArray  # (third groups, 10): the Banker draws on that third card


@cache
def _spread() -> _Spread:
    plan = _plan()
    starts = list(zip(*(column.tolist() for column in plan.values), strict=True))
    group = [((p1 + p2) % 10) * 10 + (b1 + b2) % 10 for p1, p2, b1, b2 in starts]
    index = range(len(starts))
    kinds = {"four": [], "stand": [], "third": []}  # type: dict[str, list[int]]
    for g in range(100):
        player, banker = divmod(g, 10)
        if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
            kinds["four"].append(g)
        elif player >= 6:
            kinds["stand"].append(g)
        else:
            kinds["third"].append(g)
    draws = [s for s in index if group[s] not in kinds["four"]]  # a third card is dealt
    p1_source = [s for s in draws for _ in range(4)]
    p1_bins = [group[s] * 10 + v for s in draws for v in starts[s]]
    # P2 = U + U.T + diag(P1), U summing each unordered pair of the four cards once.
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    p2_source = [s for s in index if group[s] // 10 <= 5 for _ in pairs]
    p2_bins = [
        group[s] * 100 + min(starts[s][i], starts[s][j]) * 10 + max(starts[s][i], starts[s][j])
        for s in index
        if group[s] // 10 <= 5
        for i, j in pairs
    ]
    # Terms, in order: one per four group; ten (Banker's third) per stand group; per third
    # group, ten Banker-stands terms and a hundred Banker-draws terms (zero where not).
    targets: list[int] = []
    for g in kinds["four"]:
        targets.append(cell(g // 10, 2, g % 10, 2))
    for g in kinds["stand"]:
        targets += [cell(g // 10, 2, (g % 10 + v) % 10, 3) for v in range(10)]
    for g in kinds["third"]:
        player, banker = divmod(g, 10)
        targets += [cell((player + t) % 10, 3, banker, 2) for t in range(10)]
    for g in kinds["third"]:
        player, banker = divmod(g, 10)
        targets += [
            cell((player + t) % 10, 3, (banker + v) % 10, 3) for t in range(10) for v in range(10)
        ]
    return _Spread(
        group_w=_Binned.of(list(index), group, 100),
        group_p1=_Binned.of(p1_source, p1_bins, 1000),
        group_p2=_Binned.of(p2_source, p2_bins, 10000),
        cells=_Binned.of(list(range(len(targets))), targets, len(CELLS)),
        four=_ints(kinds["four"]),
        stand=_ints(kinds["stand"]),
        third=_ints(kinds["third"]),
        banker_draws=np.array(
            [[rules.BANKER_DRAWS[g % 10][t] for t in range(10)] for g in kinds["third"]],
            dtype=np.int64,
        ),
    )


def exact_distribution_many(shoes: Sequence[Sequence[int]]) -> list[Distribution]:
    """The exact distribution of the next coup for each of ``shoes`` (ten counts of values
    0-9 each, checked): the same counts as :func:`roads.game.odds.exact_distribution`."""
    if len(shoes) > _CHUNK:  # in pieces, to keep the arrays small
        return [
            d
            for at in range(0, len(shoes), _CHUNK)
            for d in _distributions(shoes[at : at + _CHUNK])
        ]
    return _distributions(shoes)


def _distributions(shoes: Sequence[Sequence[int]]) -> list[Distribution]:
    if not shoes:
        return []
    c = np.array(shoes, dtype=np.int64)
    n = c.sum(axis=1)
    if int(n.max()) ** 6 >= _INT64_SAFE:
        return REFERENCE.exact_distributions(shoes)
    plan, spread = _plan(), _spread()
    v0, v1, v2, v3 = plan.values
    d1, d2, d3 = plan.before
    padded = np.zeros((len(shoes), 11), dtype=np.int64)
    padded[:, :10] = c
    weight = padded[:, v0] * (padded[:, v1] - d1)
    weight *= padded[:, v2] - d2
    weight *= padded[:, v3] - d3
    weight *= plan.orders
    w = spread.group_w.sum(weight)  # (k, 100)
    p1 = spread.group_p1.sum(weight).reshape(-1, 100, 10)
    upper = spread.group_p2.sum(weight).reshape(-1, 100, 10, 10)[:, spread.third]
    four = w[:, spread.four] * ((n - 4) * (n - 5))[:, None]
    ws = w[:, spread.stand, None]
    stand = (c[:, None, :] * ws - p1[:, spread.stand]) * (n - 5)[:, None, None]
    wt = w[:, spread.third, None]
    p1t = p1[:, spread.third]  # (k, G, 10)
    a = c[:, None, :] * wt - p1t  # (k, G, 10): third cards of each value
    draws = spread.banker_draws[None]
    stands_then = a * (1 - draws) * (n - 5)[:, None, None]
    ct = c[:, None, :, None]
    cv = c[:, None, None, :]
    both = ct * cv * wt[..., None] - ct * p1t[:, :, None, :] - cv * p1t[:, :, :, None]
    both += upper
    both += upper.transpose(0, 1, 3, 2)
    both += p1t[..., None] * np.eye(10, dtype=np.int64)
    both -= a[..., None] * np.eye(10, dtype=np.int64)
    both *= draws[..., None]
    k = len(shoes)
    terms = np.concatenate(
        [four, stand.reshape(k, -1), stands_then.reshape(k, -1), both.reshape(k, -1)], axis=1
    )
    cells = spread.cells.sum(terms)
    totals = [int(m) * (m - 1) * (m - 2) * (m - 3) * (m - 4) * (m - 5) for m in n.tolist()]
    return [
        Distribution(total=total, ways=tuple(row))
        for total, row in zip(totals, cells.tolist(), strict=True)
    ]


def exact_distribution_numpy(counts: Sequence[int]) -> Distribution:
    """The exact distribution of the next coup from ten counts of values 0-9, with numpy."""
    return exact_distribution_many([counts])[0]


class _Fast:
    """The fast engine's odds."""

    def exact_odds(self, counts: Sequence[int]) -> Odds:
        return exact_odds_numpy(counts)

    def exact_odds_many(self, shoes: Sequence[Sequence[int]]) -> list[Odds]:
        return exact_odds_many(shoes)

    def exact_distributions(self, shoes: Sequence[Sequence[int]]) -> list[Distribution]:
        return exact_distribution_many(shoes)


ODDS: OddsEngine = _Fast()
"""The fast engine's odds (``roads.engines``, concept ``odds``)."""
