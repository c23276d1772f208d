"""What each shoe's flat bets returned, signal by signal, and the chance of being ahead after
some shoes worked out exactly from them.

Most shoes hold no bet at all of a rare signal (``streak-7+``), so the sum of its bets is far
from normal: the chance of being ahead after a few shoes is taken from the measured result of
every shoe instead. A shoe's result on a signal is a whole number of twentieths of the stake
(a won Banker bet pays 19/20, a won Player bet 20/20, a lost bet -20/20, a tie pushes); the
study counts how many shoes ended at each result (``Results``, integers, merged by adding), and
the chance of being ahead after ``n`` shoes is that of the sum of ``n`` shoes drawn from those
results: the measured distribution itself for one shoe, its exact ``n``-fold convolution
(by FFT) for more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from roads.study.signals import BANKER, PLAYER, SIGNAL_NAMES, STATES, TIE, count_shoe, sides

TWENTIETHS = 20
"""A result in whole numbers: twentieths of the stake."""
_WIN = {BANKER: 19, PLAYER: 20}
"""What a won bet on each side returns, in twentieths (the standard table)."""

Results = tuple[tuple[tuple[int, int], ...], ...]
"""For each signal (``SIGNAL_NAMES`` order), (result in twentieths, shoes) pairs, by result."""
METHOD = "per-shoe results, convolved"
"""How the chances of being ahead are worked out from ``Results``."""
NORMAL = "normal approximation"
"""How they are worked out without them (at a named table): the exact mean and variance."""


@cache
def payoffs() -> tuple[tuple[int, ...], ...]:
    """For every cell (``3 * state + outcome``), each signal's result in twentieths."""
    named = [sides()[name] for name in SIGNAL_NAMES]
    found = []
    for state in range(STATES):
        for outcome in (BANKER, PLAYER, TIE):
            row = []
            for side_of in named:
                side = side_of[state]
                if side < 0 or outcome == TIE:
                    row.append(0)
                else:
                    row.append(_WIN[side] if outcome == side else -TWENTIETHS)
            found.append(tuple(row))
    return tuple(found)


def shoe_result(outcomes: bytes) -> tuple[int, ...]:
    """Each signal's result on one shoe (outcome codes), in twentieths: the reference."""
    states: list[int] = []
    count_shoe(outcomes, [0] * (3 * STATES), states)
    table = payoffs()
    totals = [0] * len(SIGNAL_NAMES)
    for state, outcome in zip(states, outcomes, strict=True):
        for k, value in enumerate(table[3 * state + outcome]):
            totals[k] += value
    return tuple(totals)


def results_of(per_shoe: Iterable[Sequence[int]]) -> Results:
    """``Results`` of shoes given by their results (one sequence per shoe, a value per signal).

    Parameters:
        per_shoe: each shoe's result on every signal.
    """
    counters: list[Counter[int]] = [Counter() for _ in SIGNAL_NAMES]
    for shoe in per_shoe:
        for counter, value in zip(counters, shoe, strict=True):
            counter[value] += 1
    return tuple(tuple(sorted(counter.items())) for counter in counters)


def merge_results(parts: Iterable[Results]) -> Results:
    """The ``Results`` of several ranges of shoes together.

    Parameters:
        parts: each range's results.
    """
    counters: list[Counter[int]] = [Counter() for _ in SIGNAL_NAMES]
    for part in parts:
        for counter, pairs in zip(counters, part, strict=True):
            for value, shoes in pairs:
                counter[value] += shoes
    return tuple(tuple(sorted(counter.items())) for counter in counters)


def ahead_after(pairs: Sequence[tuple[int, int]], shoes: int) -> float:
    """The chance that the sum of ``shoes`` shoes drawn from the measured results ``pairs`` is
    above 0: the share of shoes above 0 for one, the exact convolution (FFT) for more.

    Parameters:
        pairs: (result in twentieths, shoes) pairs of one signal.
        shoes: how many shoes are summed.
    """
    (found,) = ahead_after_each(pairs, (shoes,))
    return found


def ahead_after_each(pairs: Sequence[tuple[int, int]], counts: Sequence[int]) -> list[float]:
    """``ahead_after`` for each number of shoes of ``counts``, from one transform.

    Parameters:
        pairs: (result in twentieths, shoes) pairs of one signal.
        counts: the numbers of shoes summed.
    """
    total = sum(count for _, count in pairs)
    if not total:
        return [0.0 for _ in counts]
    low = min(value for value, _ in pairs)
    high = max(value for value, _ in pairs)
    found = []
    spectrum = size = None
    for shoes in counts:
        if shoes <= 0:
            found.append(0.0)
        elif shoes == 1 or low == high:
            above = sum(count for value, count in pairs if shoes * value > 0)
            found.append(above / total)
        else:
            import numpy as np

            if spectrum is None or size is None:
                size = 1 << int(max(counts) * (high - low) + 1).bit_length()
                pmf = np.zeros(high - low + 1)
                for value, count in pairs:
                    pmf[value - low] += count / total
                spectrum = np.fft.rfft(pmf, size)
            summed = np.fft.irfft(spectrum**shoes, size)[: shoes * (high - low) + 1]
            # Index i is the sum shoes * low + i; above 0 from i = -shoes * low + 1 on.
            first = max(0, -shoes * low + 1)
            ahead = float(np.clip(summed[first:], 0.0, None).sum())
            found.append(min(1.0, max(0.0, ahead)))
    return found
