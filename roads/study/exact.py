"""The card-removal part of a study: the exact odds of every coup from the cards left.

The odds follow GAME.md (every ordering of six cards from those left) and are the integers
``roads.game.odds.exact_odds`` gives. Two ways to count them:

- ``python``: ``exact_odds`` itself, once per coup;
- ``numpy``: by multisets. The outcome of a coup depends only on the values of the six cards
  in order, and the number of orderings of distinct cards with values ``v1 .. v6`` is the product
  over values of falling factorials ``c_v (c_v - 1) ...`` of how many times each value occurs.
  So the ways of each outcome are ``sum over six-value multisets M of A[M, outcome] * W(M)``,
  where ``A`` (5005 multisets x 3 outcomes) counts the value sequences of each multiset by
  outcome, built once from the tableau, and ``W`` is a product of falling factorials. Every term
  stays below the total number of orderings (under 2^53), so 64-bit integers count exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from roads.game.odds import deck_counts, exact_odds
from roads.game.tableau import FIRST, MORE, MORE_OFFSET
from roads.study.dealer import ShoeRecord
from roads.study.signals import CELLS, count_shoe

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_CARDS_NEEDED = 6
_BATCH = 128

OddsRow = tuple[int, int, int, int]
"""Integer odds of one coup: total orderings, and the ways Banker, Player, Tie win."""


@dataclass(frozen=True, slots=True)
class ExactCoup:
    """One coup of an exact shoe: its number in the shoe (1-based), the state before it, its
    outcome, and its exact odds."""

    number: int
    state: int
    outcome: int
    total: int
    banker: int
    player: int
    tie: int


@cache
def _python_odds(counts: tuple[int, ...]) -> OddsRow:
    odds = exact_odds(counts)
    return odds.total, odds.banker, odds.player, odds.tie


@cache
def _tables() -> tuple[Any, Any]:
    """The multisets of six values (as counts per value) and A, the sequences of each by
    outcome."""
    import numpy as np

    first = np.zeros(10**4, dtype=np.int64)
    for four, shape in FIRST.items():
        first[four[0] * 1000 + four[1] * 100 + four[2] * 10 + four[3]] = shape
    more = np.zeros((len(MORE), 100), dtype=np.int64)
    for state, table in enumerate(MORE):
        for pair, shape in table.items():
            more[state, pair[0] * 10 + pair[1]] = shape
    index = np.arange(10**6, dtype=np.int64)
    start = first[index // 100]
    drew = start >= MORE_OFFSET
    code = np.where(drew, more[np.where(drew, start - MORE_OFFSET, 0), index % 100], start)
    outcome = code >> 4
    digits = [(index // 10**place) % 10 for place in range(6)]
    key = np.zeros(10**6, dtype=np.int64)
    for digit in digits:
        key += 7**digit
    unique, inverse = np.unique(key, return_inverse=True)
    ways = np.bincount(inverse.ravel() * 3 + outcome, minlength=3 * len(unique))
    multisets = np.stack([(unique // 7**value) % 7 for value in range(10)], axis=1)
    return multisets, ways.reshape(len(unique), 3)


def _numpy_odds(batch: Sequence[Sequence[int]]) -> list[OddsRow]:
    import numpy as np

    multisets, ways = _tables()
    counts = np.asarray(batch, dtype=np.int64)  # E x 10
    falling = np.ones((len(counts), 10, 7), dtype=np.int64)
    for j in range(1, 7):
        falling[:, :, j] = falling[:, :, j - 1] * np.maximum(counts - (j - 1), 0)
    weight = np.ones((len(counts), len(multisets)), dtype=np.int64)
    for value in range(10):
        weight *= falling[:, value, multisets[:, value]]
    by_outcome: npt.NDArray[np.int64] = weight @ ways
    n = counts.sum(axis=1)
    rows = []
    for left, (banker, player, tie) in zip(n.tolist(), by_outcome.tolist(), strict=True):
        total = left * (left - 1) * (left - 2) * (left - 3) * (left - 4) * (left - 5)
        rows.append((total, banker, player, tie))
    return rows


def odds_of(counts: Sequence[Sequence[int]], engine: str) -> list[OddsRow]:
    """The exact odds from each of ``counts`` (ten counts of values 0-9, six cards or more)."""
    if engine == "python":
        return [_python_odds(tuple(one)) for one in counts]
    rows: list[OddsRow] = []
    for at in range(0, len(counts), _BATCH):
        rows.extend(_numpy_odds(counts[at : at + _BATCH]))
    return rows


def exact_shoe(record: ShoeRecord, decks: int, engine: str) -> tuple[ExactCoup, ...]:
    """Every coup of a shoe with its exact odds from the cards left before it.

    The shoe starts as ``decks`` full decks; burned cards stay in (nobody saw them). The coups
    stop where fewer than six cards are left, or where a card is one more than ``decks`` decks
    hold (recorded shoes of another size).
    """
    if record.cards is None:
        return ()
    states: list[int] = []
    count_shoe(record.outcomes, [0] * CELLS, states)
    left = list(deck_counts(decks))
    before: list[tuple[int, ...]] = []
    for cards in record.cards:
        if sum(left) < _CARDS_NEEDED:
            break
        before.append(tuple(left))
        for value in cards:
            left[value] -= 1
        if min(left) < 0:
            before.pop()
            break
    rows = odds_of(before, engine)
    return tuple(
        ExactCoup(number, state, outcome, *row)
        for number, (state, outcome, row) in enumerate(
            zip(states, record.outcomes, rows, strict=False), start=1
        )
    )


def exact_shoes(records: Iterable[ShoeRecord], decks: int, engine: str) -> list[ExactCoup]:
    """The exact coups of several shoes, in order."""
    found: list[ExactCoup] = []
    for record in records:
        found.extend(exact_shoe(record, decks, engine))
    return found
