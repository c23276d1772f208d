"""The study's signal states as a machine over short streak histories, in numpy (the fast
engine's study, ``roads.fast.study``): one table lookup per coup moves every shoe of a batch
to its next state.

What ``count_shoe`` keeps of a shoe is the side and length of the current streak and the
lengths of the streaks before it, as far back as the derived roads compare (three); the signal
state (``roads.study.signals``) depends on nothing else. While every streak is shorter than
``LIMIT`` that history is one of a fixed set of *histories*, so the history after a Banker or
Player coup, and the signal state of each history, are tables built once. A batch of shoes is
then walked coup by coup, all shoes in step, each step two lookups (the count's cell, the next
history) instead of the streaks being cut and compared array by array.

A shoe with a streak of ``LIMIT`` or more (about one shoe in 1,000) leaves the machine for the
history ``_OUT`` and is counted by ``count_shoe`` instead, so the counts are always exactly
``count_shoe``'s.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from roads.study.shoe_results import payoffs, shoe_result
from roads.study.signals import CELLS, COMPARES, FLAG_CODES, LONGEST, SIGNAL_NAMES, count_shoe

BACK = max(COMPARES)
"""The streaks before the current one a history remembers: as many as the derived road that
compares furthest back needs (three)."""
LIMIT = max(limit for limit in range(3, 17) if 2 * (limit - 1) * limit**BACK <= 130_000)
"""Streaks shorter than this are followed by the tables: 16 for three derived roads (3.2 MB of
tables), fewer where more streaks are remembered, so that the tables stay that small."""
NONE = 3
"""The outcome code of a step with no coup (the shoe has ended)."""
_START = 0
"""The history of a shoe before its first Banker/Player coup."""
_HISTORIES = 2 * (LIMIT - 1) * LIMIT**BACK
_OUT = _HISTORIES + 1
"""The history of a shoe that has had a streak of ``LIMIT``: it stays there."""
_DUMP = CELLS
"""The cell a step with no coup, or of a shoe out of the machine, is counted in (dropped)."""

_Ints = npt.NDArray[np.int32]


def _history(side: _Ints, length: _Ints, earlier: list[_Ints]) -> _Ints:
    """The number of a history: the current streak's side and length (1 to ``LIMIT - 1``),
    and the lengths of the ``BACK`` streaks before it, the nearest first (0 where there is
    none)."""
    number = side * (LIMIT - 1) + length - 1
    for back in earlier:
        number = number * LIMIT + back
    return 1 + number


@cache
def tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint16], npt.NDArray[np.int16]]:
    """``after``, ``cells`` and ``states``, each indexed by ``4 * history + outcome``
    (``states`` by the history alone): four times the history after the coup, the count
    (``3 * state + outcome``, ``_DUMP`` when there is no coup) and the signal state before it.
    """
    ids = np.arange(1, _HISTORIES + 1, dtype=np.int32)
    rest = ids - 1
    earlier: list[_Ints] = []
    for _ in range(BACK):
        earlier.insert(0, rest % LIMIT)
        rest = rest // LIMIT
    length, side = rest % (LIMIT - 1) + 1, rest // (LIMIT - 1)
    # count_shoe's state after the coup that made this history.
    flags = np.zeros_like(length)
    for k in COMPARES:
        back = earlier[k - 1]
        flags = flags * 3 + np.where(back == 0, 0, np.where(back == length, 1, 2))
    doubles = np.where((earlier[0] == 2) & (earlier[1] == 2), 2, 0)
    code = ((doubles + side) * LONGEST + np.minimum(length, LONGEST) - 1) * FLAG_CODES + flags
    states = np.zeros(_OUT + 1, dtype=np.int16)
    states[1 : _HISTORIES + 1] = 1 + code
    after = np.repeat(np.arange(_OUT + 1, dtype=np.int32), 4).reshape(-1, 4)
    zero = np.zeros(1, dtype=np.int32)
    for outcome in (0, 1):
        longer = np.where(length + 1 < LIMIT, _history(side, length + 1, earlier), _OUT)
        turned = _history(
            np.full_like(side, outcome), np.ones_like(length), [length, *earlier[:-1]]
        )
        after[1 : _HISTORIES + 1, outcome] = np.where(side == outcome, longer, turned)
        after[_START, outcome] = _history(zero + outcome, zero + 1, [zero] * BACK)[0]
    cells = 3 * states.astype(np.int32)[:, None] + np.arange(4, dtype=np.int32)
    cells[:, NONE] = _DUMP
    cells[_OUT] = _DUMP
    return (
        (4 * after).astype(np.int32).reshape(-1),
        cells.astype(np.uint16).reshape(-1),
        states,
    )


def walk(outcomes: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.bool_]]:
    """Walk shoes coup by coup: ``outcomes[j, k]`` is coup ``j`` of shoe ``k`` (0 Banker, 1
    Player, 2 Tie, ``NONE`` once the shoe has ended).

    Returns the cell each coup is counted in, in the same layout (``_DUMP`` where there is no
    coup, and for every coup of a shoe that left the machine), and which shoes left it (count
    them with ``count_shoe``).
    """
    cells: npt.NDArray[np.uint16] = np.empty(outcomes.shape, dtype=np.uint16)
    left = _walk(outcomes, cells, states=False)
    if left.any():
        cells[:, left] = _DUMP
    return cells, left


def _walk(
    outcomes: npt.NDArray[np.uint8], found: npt.NDArray[Any], *, states: bool
) -> npt.NDArray[np.bool_]:
    """Fill ``found`` (the layout of ``outcomes``) with each coup's cell, or with ``states``
    the signal state before it; which shoes left the machine."""
    after, cells, state_of = tables()
    shoes = outcomes.shape[1]
    at = np.zeros(shoes, dtype=np.int32)  # 4 * each shoe's history
    index = np.empty(shoes, dtype=np.int32)
    for step, row in enumerate(outcomes):
        if states:
            np.take(state_of, at >> 2, out=found[step])
        np.add(at, row, out=index)
        if not states:
            np.take(cells, index, out=found[step])
        np.take(after, index, out=at)
    left: npt.NDArray[np.bool_] = at == 4 * _OUT
    return left


@cache
def _payoff_table() -> npt.NDArray[np.int8]:
    """Each signal's result in twentieths for every cell, and 0 for ``_DUMP``."""
    table = np.zeros((CELLS + 1, len(SIGNAL_NAMES)), dtype=np.int8)
    table[:CELLS] = np.array(payoffs(), dtype=np.int8)
    return table


def tally_outcomes(
    outcomes: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """``CELLS`` counts of shoes laid out as ``walk`` takes them (``count_shoe``'s integers), and
    each shoe's result on every signal in twentieths (one row per shoe,
    ``shoe_results.shoe_result``'s integers)."""
    cells, left = walk(outcomes)
    counts = np.bincount(cells.reshape(-1), minlength=CELLS + 1)[:CELLS].astype(np.int64)
    per_shoe: npt.NDArray[np.int32] = _payoff_table()[cells].sum(axis=0, dtype=np.int32)
    for k in np.flatnonzero(left).tolist():
        shoe = outcomes[:, k]
        dealt = shoe[shoe != NONE].tobytes()
        extra = [0] * CELLS
        count_shoe(dealt, extra)
        counts += np.array(extra, dtype=np.int64)
        per_shoe[k] = shoe_result(dealt)
    return counts, per_shoe


def states_before(outcomes: npt.NDArray[np.uint8]) -> npt.NDArray[np.int16]:
    """The signal state before each coup, laid out as ``walk`` takes the outcomes (meaningless
    where there is no coup)."""
    found: npt.NDArray[np.int16] = np.empty(outcomes.shape, dtype=np.int16)
    left = _walk(outcomes, found, states=True)
    for k in np.flatnonzero(left).tolist():
        shoe = outcomes[:, k]
        dealt = shoe[shoe != NONE]
        states: list[int] = []
        count_shoe(dealt.tobytes(), [0] * CELLS, states)
        found[: len(states), k] = states
    return found


def laid_out(
    outcomes: npt.NDArray[np.uint8], lengths: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.uint8], tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]]:
    """Shoes laid end to end (``lengths`` coups each) laid out for ``walk``, and where each
    coup went."""
    lengths = np.asarray(lengths, dtype=np.intp)
    starts = np.cumsum(lengths) - lengths
    shoe_of = np.repeat(np.arange(len(lengths)), lengths)
    coup_of = np.arange(len(outcomes)) - starts[shoe_of]
    grid = np.full((int(lengths.max(initial=0)), len(lengths)), NONE, dtype=np.uint8)
    grid[coup_of, shoe_of] = outcomes
    return grid, (coup_of, shoe_of)
