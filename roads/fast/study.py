"""The fast engine's study counting (``roads.engines``, concept ``study``): the same integers as
the reference (``roads.study.counters``), many shoes at once.

Seeded shoes are dealt in batches without their cards (``roads.fast.deal.deal_shapes``) and
their outcomes walked through the streak machine (``roads.fast.streaks``), never through one
record per shoe; recorded shoes are laid out for the same walk. At a named table the batches
are dealt with their cards, and each coup's deal code read from the arrays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from roads.fast.deal import DEFAULT_BATCH, ShoeBatch, deal_batches, deal_shapes
from roads.fast.streaks import (
    NONE,
    laid_out,
    states_before,
    tally_outcomes,
)
from roads.game.shoe import Shoe
from roads.study.counters import CountingEngine, Tally
from roads.study.shoe_results import class_payoffs
from roads.study.signals import CELLS, STATES
from roads.study.table_bets import DETAILS, Key, TableCounts, TablePricing, sorted_deals

RECORDED_CHUNK = 2000
"""Recorded shoes laid out and walked together."""


def states_numpy(
    outcomes: npt.NDArray[np.uint8], shoe_lengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.int16]:
    """The state before every coup of shoes laid end to end (``count_shoe``'s states)."""
    grid, where = laid_out(outcomes, shoe_lengths)
    found: npt.NDArray[np.int16] = states_before(grid)[where]
    return found


def _packed(rows: Sequence[npt.NDArray[np.int32]]) -> bytes:
    """Shoes' results (``tally_outcomes``' rows) as ``shoe_results.PerShoe``."""
    if not rows:
        return b""
    return np.concatenate(rows).astype("<i4", copy=False).tobytes()


def _tally_shoes(
    shoes: Sequence[bytes],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """``tally_outcomes`` of shoes given as outcome codes."""
    outcomes = np.frombuffer(b"".join(shoes), dtype=np.uint8)
    lengths = np.fromiter((len(shoe) for shoe in shoes), dtype=np.int64, count=len(shoes))
    grid, _ = laid_out(outcomes, lengths)
    return tally_outcomes(grid)


def tally_batch(
    shapes: npt.NDArray[np.uint8], coups: npt.NDArray[np.intp]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """``tally_outcomes`` of a batch of shoes dealt by ``roads.fast.deal``: ``CELLS`` counts (the
    same integers as ``count_shoe``) and each shoe's results; ``shapes[k, j]`` is the shape
    code (``tableau``) of coup ``j`` of shoe ``k``, dealt for ``j < coups[k]``."""
    return tally_outcomes(_by_coup(shapes, coups))


def _by_coup(shapes: npt.NDArray[np.uint8], coups: npt.NDArray[np.intp]) -> npt.NDArray[np.uint8]:
    """One row per coup, one column per shoe: the layout the walk steps through."""
    by_coup = shapes.T >> 4
    by_coup &= 3
    np.putmask(by_coup, np.arange(shapes.shape[1])[:, None] >= coups, NONE)
    return np.ascontiguousarray(by_coup, dtype=np.uint8)


def batch_keys(batch: ShoeBatch) -> list[int]:
    """The deal code (``table_bets``) of every coup of a batch, shoe after shoe."""
    found: list[int] = []
    for k in range(batch.shoes):
        shoe = batch.shoe(k)
        player, banker = shoe.totals()
        cards = shoe.card_counts.astype(np.int64)
        player_drew = (shoe.player_cards()[:, 2] >= 0).astype(np.int64)
        banker_drew = cards - 4 - player_drew
        player_pair, banker_pair = shoe.pairs()
        cells = (
            (player.astype(np.int64) * 2 + player_drew) * 10 + banker.astype(np.int64)
        ) * 2 + banker_drew
        codes = 4 * cells + player_pair.astype(np.int64) + 2 * banker_pair.astype(np.int64)
        found.extend(codes.tolist())
    return found


def count_batches(
    pricing: TablePricing, batches: Iterable[ShoeBatch]
) -> tuple[list[int], TableCounts]:
    """The signal counts and a named table's counts of batches (``table_bets.count_records``'
    integers)."""
    counts = np.zeros(CELLS, dtype=np.int64)
    by_class = np.zeros(STATES * pricing.size, dtype=np.int64)
    deals: Counter[Key] = Counter()
    classes = np.frombuffer(pricing.class_of_code, dtype=np.uint8).astype(np.int64)
    payoff = _class_payoffs(pricing.returns)
    rows: list[npt.NDArray[np.int32]] = []
    for batch in batches:
        dealt = np.arange(batch.shapes.shape[1]) < batch.coups[:, None]
        outcomes = (batch.shapes[dealt] >> 4).astype(np.uint8)
        state = states_numpy(outcomes, batch.coups.astype(np.int64)).astype(np.int64)
        counts += np.bincount(3 * state + outcomes, minlength=CELLS)
        codes = np.array(batch_keys(batch), dtype=np.int64)
        cells = state * pricing.size + classes[codes]
        by_class += np.bincount(cells, minlength=len(by_class))
        rows.append(_shoe_sums(payoff[cells], batch.coups.astype(np.int64)))
        found = np.bincount(codes, minlength=DETAILS)
        for code in found.nonzero()[0].tolist():
            deals[code] += int(found[code])
    table = TableCounts(tuple(int(v) for v in by_class), sorted_deals(deals), _packed(rows))
    return [int(v) for v in counts], table


@cache
def _class_payoffs(returns: tuple[tuple[int, int], ...]) -> npt.NDArray[np.int32]:
    """``shoe_results.class_payoffs`` as an array, rows by cell."""
    return np.array(class_payoffs(returns), dtype=np.int32)


def _shoe_sums(
    by_coup: npt.NDArray[np.int32], coups: npt.NDArray[np.int64]
) -> npt.NDArray[np.int32]:
    """The sum of the rows of ``by_coup`` (coups of shoes end to end) shoe by shoe, ``coups[k]``
    rows for shoe ``k``: its result on every signal (``shoe_results.result_of_cells``)."""
    found = np.zeros((len(coups), by_coup.shape[1]), dtype=np.int32)
    dealt = coups > 0
    if dealt.any():
        starts = (np.cumsum(coups) - coups)[dealt]
        found[dealt] = np.add.reduceat(by_coup, starts, axis=0)
    return found


class _Fast:
    """The fast engine's study counting."""

    def tally_dealt(
        self, shoe: Shoe, seed: int, bounds: Sequence[tuple[int, int]], *, batch: int | None
    ) -> list[Tally]:
        counts = [np.zeros(CELLS, dtype=np.int64) for _ in bounds]
        rows: list[list[npt.NDArray[np.int32]]] = [[] for _ in bounds]
        for k, shapes, coups in _by_range(shoe, seed, bounds, batch=batch):
            found, per_shoe = tally_batch(shapes, coups)
            counts[k] += found
            rows[k].append(per_shoe)
        return [
            Tally(tuple(found.tolist()), _packed(parts))
            for found, parts in zip(counts, rows, strict=True)
        ]

    def tally_recorded(self, outcomes: Iterable[bytes]) -> Tally:
        counts = np.zeros(CELLS, dtype=np.int64)
        rows: list[npt.NDArray[np.int32]] = []
        for chunk in _chunks(outcomes):
            found, per_shoe = _tally_shoes(chunk)
            counts += found
            rows.append(per_shoe)
        return Tally(tuple(counts.tolist()), _packed(rows))

    def count_table_dealt(
        self, pricing: TablePricing, shoe: Shoe, seed: int, first: int, stop: int
    ) -> tuple[list[int], TableCounts]:
        return count_batches(pricing, deal_batches(shoe, seed, first, stop))


def _by_range(
    shoe: Shoe, seed: int, bounds: Sequence[tuple[int, int]], *, batch: int | None
) -> Iterator[tuple[int, npt.NDArray[np.uint8], npt.NDArray[np.intp]]]:
    """The shapes and coup counts of the shoes of every range of ``bounds`` (consecutive), each
    piece with the index of its range. They are dealt in batches that may span the ranges'
    bounds (a shoe is the same whichever batch deals it), so a batch may give several pieces."""
    if not bounds:
        return
    k = 0
    first, stop = bounds[0][0], bounds[-1][1]
    for dealt in deal_shapes(shoe, seed, first, stop, batch=batch or DEFAULT_BATCH):
        at, end = dealt.start, dealt.start + dealt.shoes
        while at < end:
            upto = min(end, bounds[k][1])
            rows = slice(at - dealt.start, upto - dealt.start)
            yield k, dealt.shapes[rows], dealt.coups[rows]
            at = upto
            k += at == bounds[k][1]


def _chunks(outcomes: Iterable[bytes]) -> Iterator[list[bytes]]:
    chunk: list[bytes] = []
    for shoe in outcomes:
        chunk.append(shoe)
        if len(chunk) == RECORDED_CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


COUNTING: CountingEngine = _Fast()
"""The fast engine's study counting (``roads.engines``, concept ``study``)."""
