"""What each shoe's flat bets returned, signal by signal, and the chance of being ahead after
some shoes worked out exactly from them.

Most shoes hold no bet at all of a rare signal (``streak-7+``), so the sum of its bets is far
from normal: the chance of being ahead after a few shoes is taken from the measured result of
every shoe instead. A shoe's result on a signal is a whole number of parts of the stake: the
smallest part every main-bet return of the table is a whole number of (read from the table's
bets in ``roads.tables``: twentieths at the standard table, whose Banker bet pays 19/20;
halves at no-commission; whole stakes at EZ, see ``class_payoffs``); the study counts
how many shoes ended at each result (``Results``, integers, merged by adding), and the chance
of being ahead after ``n`` shoes is that of the sum of ``n`` shoes drawn from those results:
the measured distribution itself for one shoe, its exact ``n``-fold convolution (by FFT) for
more.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from functools import cache
from math import lcm
from operator import add

from roads.study.signals import BANKER, OUTCOMES, SIGNAL_NAMES, STATES, count_shoe, sides
from roads.tables import STANDARD, Deal

Results = tuple[tuple[tuple[int, int], ...], ...]
"""For each signal (``SIGNAL_NAMES`` order), (result in parts of the stake, shoes) pairs, by
result."""
METHOD = "per-shoe results, convolved"
"""How the chances of being ahead are worked out from ``Results``."""


def standard_returns() -> tuple[tuple[int, int], ...]:
    """What a 1-unit Banker and Player bet return at the standard table for each outcome (in
    ``OUTCOMES``' order, that of the outcome codes), as its bets (``roads.tables.STANDARD``)
    settle them, in the smallest part of the stake they are all whole numbers of
    (twentieths)."""
    banker, player = STANDARD.bet("banker"), STANDARD.bet("player")
    deals = [Deal(outcome_given=outcome) for outcome in OUTCOMES]
    settled = [(banker.settle(deal), player.settle(deal)) for deal in deals]
    unit = lcm(*(value.denominator for pair in settled for value in pair))
    return tuple((int(on_banker * unit), int(on_player * unit)) for on_banker, on_player in settled)


@cache
def payoffs() -> tuple[tuple[int, ...], ...]:
    """For every cell (``3 * state + outcome``), each signal's result in the parts of the
    stake of ``standard_returns`` (twentieths)."""
    return class_payoffs(standard_returns())


@cache
def class_payoffs(returns: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """For every state and class of coups (``len(returns) * state + class``), each signal's
    result, in the units ``returns`` are given in.

    Parameters:
        returns: for each class (the outcomes at the standard table, a named table's classes
            of main-bet results: ``table_bets.TablePricing.returns``), what a 1-unit Banker
            and Player bet return, in whole numbers of one part of the stake.
    """
    named = [sides()[name] for name in SIGNAL_NAMES]
    found = []
    for state in range(STATES):
        for on_banker, on_player in returns:
            found.append(
                tuple(
                    0
                    if side_of[state] < 0
                    else on_banker
                    if side_of[state] == BANKER
                    else on_player
                    for side_of in named
                )
            )
    return tuple(found)


def shoe_result(outcomes: bytes) -> tuple[int, ...]:
    """Each signal's result on one shoe (outcome codes), in twentieths: the reference."""
    states: list[int] = []
    count_shoe(outcomes, [0] * (3 * STATES), states)
    return result_of_states(outcomes, states)


def result_of_states(outcomes: bytes, states: Sequence[int]) -> tuple[int, ...]:
    """Each signal's result on one shoe, from its outcome codes and the state before each coup
    (``count_shoe``'s ``states``), in twentieths."""
    cells = (3 * state + outcome for state, outcome in zip(states, outcomes, strict=True))
    return result_of_cells(cells, payoffs())


def result_of_cells(cells: Iterable[int], table: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each signal's result on one shoe: the sum of the rows of ``table`` at its coups' cells.

    Parameters:
        cells: the cell of every coup of the shoe (its state and outcome or class).
        table: each signal's result on a coup of each cell (``payoffs``, ``class_payoffs``).
    """
    totals: Iterable[int] = (0,) * len(SIGNAL_NAMES)
    for cell in cells:
        totals = map(add, totals, table[cell])
    return tuple(totals)


PerShoe = bytes
"""Each shoe's result on every signal, in parts of the stake: 32-bit little-endian integers, a
row of ``len(SIGNAL_NAMES)`` per shoe, shoes in order (joined, the rows of several ranges)."""


def packed(per_shoe: Iterable[Sequence[int]]) -> PerShoe:
    """``PerShoe`` of shoes given by their results (one sequence per shoe, a value per signal).

    Parameters:
        per_shoe: each shoe's result on every signal.
    """
    rows = array("i", (value for shoe in per_shoe for value in shoe))
    if sys.byteorder != "little":  # pragma: no cover - every platform roads runs on
        rows.byteswap()
    return rows.tobytes()


def results_of(per_shoe: PerShoe) -> Results:
    """How many shoes ended at each result of each signal.

    Parameters:
        per_shoe: the shoes' results (``packed``, or joined ranges of them).
    """
    import numpy as np

    signals = len(SIGNAL_NAMES)
    rows = np.frombuffer(per_shoe, dtype="<i4").reshape(-1, signals).astype(np.int64)
    low = int(rows.min(initial=0))
    span = int(rows.max(initial=0)) - low + 1
    # One sort for every signal: each (signal, result) a key, results offset to be positive.
    keys = (rows - low) + span * np.arange(signals, dtype=np.int64)
    values, shoes = np.unique(keys.reshape(-1), return_counts=True)
    found: list[list[tuple[int, int]]] = [[] for _ in range(signals)]
    for key, count in zip(values.tolist(), shoes.tolist(), strict=True):
        found[key // span].append((key % span + low, count))
    return tuple(tuple(pairs) for pairs in found)


def ahead_after(pairs: Sequence[tuple[int, int]], shoes: int) -> float:
    """The chance that the sum of ``shoes`` shoes drawn from the measured results ``pairs`` is
    above 0: the share of shoes above 0 for one, the exact convolution (FFT) for more.

    Parameters:
        pairs: (result in parts of the stake, shoes) pairs of one signal.
        shoes: how many shoes are summed.
    """
    (found,) = ahead_after_each(pairs, (shoes,))
    return found


def ahead_after_each(pairs: Sequence[tuple[int, int]], counts: Sequence[int]) -> list[float]:
    """``ahead_after`` for each number of shoes of ``counts``, from one transform.

    Parameters:
        pairs: (result in parts of the stake, shoes) pairs of one signal.
        counts: the numbers of shoes summed.
    """
    total = sum(count for _, count in pairs)
    if not total:
        return [0.0 for _ in counts]
    low = min(value for value, _ in pairs)
    high = max(value for value, _ in pairs)
    found = []
    for shoes in counts:
        if shoes <= 0:
            found.append(0.0)
        elif shoes == 1 or low == high:
            above = sum(count for value, count in pairs if shoes * value > 0)
            found.append(above / total)
        else:
            found.append(_convolved(pairs, total, low, high, shoes))
    return found


def _convolved(
    pairs: Sequence[tuple[int, int]], total: int, low: int, high: int, shoes: int
) -> float:
    """The chance the sum of ``shoes`` draws from ``pairs`` is above 0, by FFT: the transform
    of the measured distribution raised to the power ``shoes`` by squaring."""
    import numpy as np

    size = 1 << int(shoes * (high - low) + 1).bit_length()
    pmf = np.zeros(high - low + 1)
    values = np.fromiter((value - low for value, _ in pairs), dtype=np.int64, count=len(pairs))
    counts = np.fromiter((count for _, count in pairs), dtype=np.float64, count=len(pairs))
    pmf[values] = counts / total
    base = np.fft.rfft(pmf, size)
    power = np.ones_like(base)
    left = shoes
    while left:
        if left & 1:
            power = power * base
        left >>= 1
        if left:
            base = base * base
    summed = np.fft.irfft(power, size)[: shoes * (high - low) + 1]
    # Index i is the sum shoes * low + i; above 0 from i = -shoes * low + 1 on.
    first = max(0, -shoes * low + 1)
    ahead = float(np.clip(summed[first:], 0.0, None).sum())
    return min(1.0, max(0.0, ahead))
