"""Benchmark of the tables (issue 19): every bet of a table priced exactly from one depleted
shoe, against the Banker/Player/Tie odds of the same shoe, in the same run.

python bench/tables.py    (target: ratio <= 1.5 for each engine)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from _timing import median_seconds, show

from roads.game.odds import deck_counts, exact_distribution, exact_odds, pair_counts, rank_counts
from roads.tables import make_table, price_table


def _depleted(seed: int) -> tuple[list[int], list[int]]:
    """The cards left, by rank and by value, after 100 to 300 cards of 8 decks were dealt."""
    rng = random.Random(seed)
    ranks = list(rank_counts(8))
    for _ in range(rng.randrange(100, 300)):
        ranks[rng.choices(range(13), weights=ranks)[0]] -= 1
    return ranks, [sum(ranks[9:]), *ranks[:9]]


def _ratio(
    three: Callable[[list[int]], object],
    every: Callable[[list[int], list[int]], object],
    repeat: int,
) -> float:
    """Time of every bet over time of the three, both summed over 5 shoes, each the best of
    ``repeat`` runs taken in turn (this machine is shared: the best run is the least
    disturbed)."""
    total_three = total_every = 0.0
    for seed in range(5):
        ranks, values = _depleted(seed)
        best_three = best_every = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            three(values)
            middle = time.perf_counter()
            every(ranks, values)
            end = time.perf_counter()
            best_three = min(best_three, middle - start)
            best_every = min(best_every, end - middle)
        total_three += best_three
        total_every += best_every
    return total_every / total_three


def main() -> None:
    table = make_table(rules="ez")

    def pure(ranks: list[int], values: list[int]) -> object:
        return price_table(table, exact_distribution(values).with_pairs(pair_counts(ranks)))

    show(
        "pure: every bet / Banker-Player-Tie (5 shoes)",
        _ratio(exact_odds, pure, 15),
        "x",
        "(target <= 1.5)",
    )
    try:
        from roads.fast.odds import exact_distribution_numpy, exact_odds_numpy
    except ImportError:
        return

    def vector(ranks: list[int], values: list[int]) -> object:
        distribution = exact_distribution_numpy(values).with_pairs(pair_counts(ranks))
        return price_table(table, distribution)

    show(
        "numpy: every bet / Banker-Player-Tie (5 shoes)",
        _ratio(exact_odds_numpy, vector, 101),
        "x",
        "(target <= 1.5)",
    )
    full = deck_counts(8)
    show(
        "pure: every bet, 8 decks",
        median_seconds(lambda: price_table(table, exact_distribution(full))) * 1e3,
        "ms",
        "",
    )


if __name__ == "__main__":
    main()
