"""The numba reference of bench/counting.py: the same dealing and counting as roads, compiled.

Run by bench/counting.py with the Python of a bench-only venv that has numba (never a
dependency of roads):

    python -m uv venv /work/venv/counting-bench
    python -m uv pip install --python /work/venv/counting-bench/bin/python -e '.[fast]' numba

    python bench/_numba_reference.py SHOES SEED

prints one JSON line: the one-thread rates of (1) a whole tally (its own splitmix64
Fisher-Yates shuffle, drawing by Lemire's multiply-shift, then dealing and counting B/P/T),
(2) dealing and counting B/P/T of roads' own shuffled shoes, checked against
``roads.fast.deal.tally``, and (3) every signal state's counts of the same shoes, checked
against roads' study counting.
"""

from __future__ import annotations

import json
import sys
import time

import numba
import numpy as np

from roads.fast.deal import _table6
from roads.fast.deal import tally as roads_tally
from roads.fast.shuffle import shuffled_codes_many, value_bytes
from roads.game.shoe import Shoe
from roads.study.counting import Job, Task, run_task
from roads.study.dealer import SeededDealer
from roads.study.signals import CELLS, FLAG_CODES, LONGEST

_BATCH = 1000


@numba.njit(cache=True)
def _deal(values, start, cut_at, n, table, out):  # type: ignore[no-untyped-def]
    """Deal one shoe of values (padded by six zeros); add its outcomes to ``out``; return the
    number of coups."""
    i = start
    coups = 0
    while True:
        index = 0
        for k in range(6):
            index = index * 10 + values[i + k]
        shape = table[index]
        if i >= cut_at:
            if i + (shape & 7) <= n:
                out[shape >> 4] += 1
                coups += 1
            return coups
        out[shape >> 4] += 1
        coups += 1
        i += shape & 7


@numba.njit(cache=True)
def _tally_own_shuffle(shoes, seed, deck_values, cut_card, table, out):  # type: ignore[no-untyped-def]
    n = len(deck_values)
    values = np.zeros(n + 6, dtype=np.uint8)
    state = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
    coups = 0
    for _ in range(shoes):
        values[:n] = deck_values
        for j in range(n - 1, 0, -1):
            state += np.uint64(0x9E3779B97F4A7C15)
            z = state
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z = z ^ (z >> np.uint64(31))
            # Lemire's multiply-shift, as roads' shuffle draws (a 32-bit draw times the bound,
            # the high half): no division, which would cost more than the rest of a step.
            r = int(((z >> np.uint64(32)) * np.uint64(j + 1)) >> np.uint64(32))
            values[j], values[r] = values[r], values[j]
        first = values[0] if values[0] else 10
        coups += _deal(values, 1 + first, n - cut_card, n, table, out)
    return coups


@numba.njit(cache=True)
def _tally_values(values, cut_card, table, out):  # type: ignore[no-untyped-def]
    shoes, width = values.shape
    n = width - 6
    coups = 0
    for k in range(shoes):
        row = values[k]
        first = row[0] if row[0] else 10
        coups += _deal(row, 1 + first, n - cut_card, n, table, out)
    return coups


@numba.njit(cache=True)
def _states_values(values, cut_card, table, counts, longest, flags):  # type: ignore[no-untyped-def]
    """Every signal state's counts of dealt shoes: ``count_shoe`` of roads, compiled."""
    shoes, width = values.shape
    n = width - 6
    outcomes = np.zeros(n, dtype=np.uint8)
    earlier = np.zeros(n, dtype=np.int64)
    for k in range(shoes):
        row = values[k]
        i = 1 + (row[0] if row[0] else 10)
        m = 0
        while True:
            index = 0
            for j in range(6):
                index = index * 10 + row[i + j]
            shape = table[index]
            if i >= n - cut_card:
                if i + (shape & 7) <= n:
                    outcomes[m] = shape >> 4
                    m += 1
                break
            outcomes[m] = shape >> 4
            m += 1
            i += shape & 7
        state = 0
        side = -1
        length = 0
        runs = 0
        for c in range(m):
            outcome = outcomes[c]
            counts[state + outcome] += 1
            if outcome == 2:
                continue
            if outcome == side:
                length += 1
            else:
                if side >= 0:
                    earlier[runs] = length
                    runs += 1
                side = outcome
                length = 1
            f1 = (1 if earlier[runs - 1] == length else 2) if runs > 0 else 0
            f2 = (1 if earlier[runs - 2] == length else 2) if runs > 1 else 0
            f3 = (1 if earlier[runs - 3] == length else 2) if runs > 2 else 0
            capped = length if length < longest else longest
            doubles = 2 if runs > 1 and earlier[runs - 1] == 2 and earlier[runs - 2] == 2 else 0
            state = 3 + 3 * (
                ((doubles + side) * longest + capped - 1) * flags + f1 * 9 + f2 * 3 + f3
            )


def _padded_values(decks: int, seed: int, start: int, stop: int) -> np.ndarray:  # type: ignore[type-arg]
    codes = shuffled_codes_many(decks, seed, start, stop)
    values = np.zeros((codes.shape[0], codes.shape[1] + 6), dtype=np.uint8)
    values[:, : codes.shape[1]] = value_bytes()[codes]
    return values


def main() -> None:
    shoes, seed = int(sys.argv[1]), int(sys.argv[2])
    shoe = Shoe(8, 14)
    table = _table6()
    deck_values = np.tile(value_bytes(), 8)
    out = np.zeros(3, dtype=np.int64)
    _tally_own_shuffle(10, seed, deck_values, 14, table, out)  # compile
    start = time.perf_counter()
    out[:] = 0
    coups = _tally_own_shuffle(shoes, seed, deck_values, 14, table, out)
    own = coups / (time.perf_counter() - start)

    # Roads' own shoes (shuffled by roads, not timed): dealing and counting only.
    batches = [
        _padded_values(8, seed, first, min(first + _BATCH, shoes))
        for first in range(0, min(shoes, 20 * _BATCH), _BATCH)
    ]
    dealt = sum(len(b) for b in batches)
    _tally_values(batches[0][:2], 14, table, out)
    _states_values(batches[0][:2], 14, table, np.zeros(CELLS, dtype=np.int64), LONGEST, FLAG_CODES)
    out[:] = 0
    start = time.perf_counter()
    coups = sum(_tally_values(b, 14, table, out) for b in batches)
    deal_rate = coups / (time.perf_counter() - start)
    same = roads_tally(shoe, dealt, seed)
    assert (same.banker, same.player, same.tie) == tuple(out.tolist()), "tally differs"

    counts = np.zeros(CELLS, dtype=np.int64)
    start = time.perf_counter()
    for b in batches:
        _states_values(b, 14, table, counts, LONGEST, FLAG_CODES)
    states_seconds = time.perf_counter() - start
    found = run_task(Job(SeededDealer(shoe, seed), "numpy", 8), Task(0, dealt))
    assert found.counts == tuple(counts.tolist()), "signal counts differ"
    print(
        json.dumps(
            {
                "tally_own_shuffle": own,
                "deal_count_roads_shoes": deal_rate,
                "states_us_per_shoe": states_seconds / dealt * 1e6,
                "states_shoes": dealt,
                "numba": numba.__version__,
            }
        )
    )


if __name__ == "__main__":
    main()
