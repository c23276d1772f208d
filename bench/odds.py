"""Benchmark of the exact odds (issue 24): the numpy engine against a plain six-deep numba
enumeration of the same counts, measured side by side in one run, and the report's odds after
every coup of a whole 8-deck shoe.

python bench/odds.py    (targets: numpy <= 0.25x numba for 8 decks; a shoe's trail <= 10 ms)

The numba walk is the numba engine's (``roads_numba``), installed with ``pip install
"roads[numba]"``. Without it the script prints the roads figures alone.
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
    """``(banker, player, tie)`` by the numba engine's plain six-deep walk (``roads_numba``, the
    numba extra); None without numba."""
    try:
        from roads_numba.odds import ODDS
    except ImportError:
        return None

    def run(counts: list[int]) -> tuple[int, int, int]:
        odds = ODDS.exact_odds(counts)
        return odds.banker, odds.player, odds.tie

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
    from roads.fast.odds import exact_odds_numpy

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
        print('(pip install "roads[numba]" for the numba walk)')
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
