"""Benchmark of the exact odds (issue 24): the numpy engine against a plain six-deep numba
enumeration of the same counts, measured side by side in one run, and the report's odds after
every coup of a whole 8-deck shoe.

python bench/odds.py    (targets: numpy <= 0.25x numba for 8 decks; a shoe's trail <= 10 ms)

numba is the reference only, never a dependency of roads: install it into a separate venv,
``python -m uv pip install numba``. Without it the script prints the roads figures alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from _timing import show

from roads.game.odds import deck_counts, exact_odds
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.hands.prices import bet_edges
from roads.story.remaining import odds_trail
from roads.tables import make_table


def _numba_reference() -> Callable[[list[int]], tuple[int, int, int]] | None:
    """``(banker, player, tie)`` by the plain enumeration, compiled by numba; None without it."""
    try:
        import numba
        import numpy as np
    except ImportError:
        return None
    draws = np.array(
        [
            [
                1
                if (
                    b <= 2
                    or (b == 3 and t != 8)
                    or (b == 4 and 2 <= t <= 7)
                    or (b == 5 and 4 <= t <= 7)
                    or (b == 6 and 6 <= t <= 7)
                )
                else 0
                for t in range(10)
            ]
            for b in range(10)
        ],
        dtype=np.int64,
    )

    @numba.njit(cache=False)  # type: ignore[misc]
    def count(left: np.ndarray, draws: np.ndarray) -> tuple[int, int, int]:
        n = left.sum()
        won = np.zeros(3, dtype=np.int64)
        for p1 in range(10):
            w1 = left[p1]
            if w1 == 0:
                continue
            left[p1] -= 1
            for b1 in range(10):
                w2 = w1 * left[b1]
                if w2 == 0:
                    continue
                left[b1] -= 1
                for p2 in range(10):
                    w3 = w2 * left[p2]
                    if w3 == 0:
                        continue
                    left[p2] -= 1
                    for b2 in range(10):
                        w4 = w3 * left[b2]
                        if w4 == 0:
                            continue
                        left[b2] -= 1
                        player = (p1 + p2) % 10
                        banker = (b1 + b2) % 10
                        if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
                            k = 0 if banker > player else 1 if player > banker else 2
                            won[k] += w4 * (n - 4) * (n - 5)
                        elif player >= 6:
                            for b3 in range(10):
                                w5 = w4 * left[b3]
                                final = (banker + b3) % 10
                                k = 0 if final > player else 1 if player > final else 2
                                won[k] += w5 * (n - 5)
                        else:
                            for p3 in range(10):
                                w5 = w4 * left[p3]
                                if w5 == 0:
                                    continue
                                final = (player + p3) % 10
                                if draws[banker, p3] == 0:
                                    k = 0 if banker > final else 1 if final > banker else 2
                                    won[k] += w5 * (n - 5)
                                    continue
                                left[p3] -= 1
                                for b3 in range(10):
                                    w6 = w5 * left[b3]
                                    last = (banker + b3) % 10
                                    k = 0 if last > final else 1 if final > last else 2
                                    won[k] += w6
                                left[p3] += 1
                        left[b2] += 1
                    left[p2] += 1
                left[b1] += 1
            left[p1] += 1
        return won[0], won[1], won[2]

    def run(counts: list[int]) -> tuple[int, int, int]:
        banker, player, tie = count(np.array(counts, dtype=np.int64), draws)
        return int(banker), int(player), int(tie)

    return run


def _best(action: Callable[[], object], runs: int) -> float:
    """The fastest of ``runs`` runs (this machine is shared: the best run is the least
    disturbed), after two to warm up."""
    action()
    action()
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    from roads.game.vector_odds import exact_odds_numpy

    full = list(deck_counts(8))
    reference = _numba_reference()
    numpy_odds = exact_odds_numpy(full)
    if reference is not None:
        banker, player, tie = reference(full)
        same = (banker, player, tie) == (numpy_odds.banker, numpy_odds.player, numpy_odds.tie)
        print(f"numba reference counts equal roads' for 8 decks: {same}")
        # Interleaved, so that both see the same load.
        numba_best = numpy_best = float("inf")
        for _ in range(15):
            numba_best = min(numba_best, _best(lambda: reference(full), 20))
            numpy_best = min(numpy_best, _best(lambda: exact_odds_numpy(full), 20))
        show("exact odds, 8 decks: numba six-deep (reference)", numba_best * 1e3, "ms")
        show("exact odds, 8 decks: roads numpy", numpy_best * 1e3, "ms")
        show("roads numpy / numba", numpy_best / numba_best, "x", "(target <= 0.25)")
    else:
        show(
            "exact odds, 8 decks: roads numpy",
            _best(lambda: exact_odds_numpy(full), 200) * 1e3,
            "ms",
        )
        print("(install numba in a separate venv for the reference)")
    show("exact odds, 8 decks: roads pure", _best(lambda: exact_odds(full), 20) * 1e3, "ms")
    hands = [Hand.from_coup(coup) for coup in Shoe().deal(seed=42).coups]
    for engine in ("numpy", "python"):
        show(
            f"report odds trail, {len(hands)} coups, {engine}",
            _best(lambda e=engine: odds_trail(hands, 8, engine=e), 15) * 1e3,
            "ms",
            "(target <= 10 ms)" if engine == "numpy" else "",
        )
    for rules in ("standard", "ez"):
        table = make_table(rules=rules)
        show(
            f"report table of bets, {len(hands)} coups, {rules}",
            _best(lambda t=table: bet_edges(hands, t, 8), 10) * 1e3,
            "ms",
        )


if __name__ == "__main__":
    main()
