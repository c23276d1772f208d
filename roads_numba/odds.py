"""The numba engine's ``odds`` (``roads.engines``): the integer counts of ``roads.game.odds``,
from one compiled walk of every start of four cards and the third cards it leads to.

Each ordering of the six cards dealt from those left counts once, as docs/rules/game.md says: a
coup that uses four cards counts once for every ordered pair of unused fifth and sixth cards,
one that uses five once for every unused sixth. The draw rules come from ``roads.game.rules``
as a table (who draws on what), so the walk holds no rule of its own. Counts stay in int64
while the orderings of six cards do (some 1,500 cards); larger shoes are counted by the
reference, in Python ints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar, cast

import numba
import numpy as np

from roads.fast.odds import ODDS as NUMPY
from roads.game import rules
from roads.game.odds import ODDS as REFERENCE
from roads.game.odds import Distribution, Odds, OddsEngine

_INT64_SAFE = 2**62
"""Largest number of six-card orderings counted in int64."""

F = TypeVar("F", bound=Callable[..., Any])


def _compiled(function: F) -> F:
    """``function`` compiled by numba (cached on disk, run without the GIL), typed as it was:
    numba's decorator is untyped where numba is not installed for the type checker."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


@cache
def _draw_tables() -> tuple[Any, Any]:
    """Whether the Player draws on each two-card total, and whether the Banker draws on each
    two-card total given the Player's third card (column 10: the Player stood)."""
    player = np.array([rules.player_draws(total) for total in range(10)], dtype=np.bool_)
    banker = np.array(
        [
            [rules.banker_draws(total, third if third < 10 else None) for third in range(11)]
            for total in range(10)
        ],
        dtype=np.bool_,
    )
    return player, banker


@_compiled
def _settle(player: int, banker: int, weight: int, counts: Any) -> None:  # pragma: no cover
    if banker > player:
        counts[0] += weight
    elif player > banker:
        counts[1] += weight
    else:
        counts[2] += weight


@_compiled
def _third_cards(
    player: int, banker: int, weight: int, left: Any, n: int, tables: Any, counts: Any
) -> None:  # pragma: no cover
    """Settle the coups a start of four cards without a natural leads to: ``weight`` ways to
    deal that start, ``left`` the cards left after it, ``n`` all the cards before it."""
    player_draws, banker_draws = tables
    sixth = n - 5
    if not player_draws[player]:
        if not banker_draws[banker, 10]:
            _settle(player, banker, weight * (n - 4) * sixth, counts)
            return
        for b3 in range(10):
            if left[b3]:
                _settle(player, (banker + b3) % 10, weight * left[b3] * sixth, counts)
        return
    for p3 in range(10):
        w5 = left[p3]
        if w5 == 0:
            continue
        final = (player + p3) % 10
        if not banker_draws[banker, p3]:
            _settle(final, banker, weight * w5 * sixth, counts)
            continue
        left[p3] -= 1
        for b3 in range(10):
            if left[b3]:
                _settle(final, (banker + b3) % 10, weight * w5 * left[b3], counts)
        left[p3] += 1


@_compiled
def _walk(cards: Any, tables: Any) -> Any:  # pragma: no cover
    """Banker, Player and Tie counts of the orderings of six cards from ``cards`` (ten counts
    of values 0-9), dealt in the rules' order: P1 B1 P2 B2, then the third cards."""
    left = cards.copy()
    n = 0
    for value in range(10):
        n += left[value]
    counts = np.zeros(3, dtype=np.int64)
    for p1 in range(10):
        w1 = left[p1]
        if w1 == 0:
            continue
        left[p1] -= 1
        for b1 in range(10):
            w2 = left[b1]
            if w2 == 0:
                continue
            left[b1] -= 1
            for p2 in range(10):
                w3 = left[p2]
                if w3 == 0:
                    continue
                left[p2] -= 1
                player = (p1 + p2) % 10
                for b2 in range(10):
                    w4 = left[b2]
                    if w4 == 0:
                        continue
                    weight = w1 * w2 * w3 * w4
                    banker = (b1 + b2) % 10
                    if player >= 8 or banker >= 8:  # a natural: no third card
                        _settle(player, banker, weight * (n - 4) * (n - 5), counts)
                        continue
                    left[b2] -= 1
                    _third_cards(player, banker, weight, left, n, tables, counts)
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    return counts


def _orderings(counts: Sequence[int]) -> int:
    n = sum(counts)
    total = 1
    for k in range(6):
        total *= n - k
    return total


class _Numba:
    """The numba engine's odds."""

    def exact_odds(self, counts: Sequence[int]) -> Odds:
        total = _orderings(counts)
        if total > _INT64_SAFE:
            return REFERENCE.exact_odds(counts)
        banker, player, tie = _walk(np.array(counts, dtype=np.int64), _draw_tables())
        return Odds(total=total, banker=int(banker), player=int(player), tie=int(tie))

    def exact_odds_many(self, shoes: Sequence[Sequence[int]]) -> list[Odds]:
        return [self.exact_odds(counts) for counts in shoes]

    def exact_distributions(self, shoes: Sequence[Sequence[int]]) -> list[Distribution]:
        return NUMPY.exact_distributions(shoes)  # numpy's: numba adds nothing to a dot product


ODDS: OddsEngine = _Numba()
"""The numba engine's odds (``roads.engines``, concept ``odds``)."""
