"""Benchmark of the shuffles (issue 24): a shoe's shuffle, and its shuffle and deal, per shoe,
in each engine, for the philox shuffle against shake-sort (the one before it) measured in the
same run, interleaved, medians of many runs.

python bench/shuffle.py [--shoes N]

The issue's figures for shake-sort, numpy engine: 8.3 us a shoe with dealing (7.8 of it the
shuffle); its target for a Fisher-Yates shuffle on a counter-based generator: about 1.1 us.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from _timing import show

from roads.game.shoe import Shoe
from roads.game.shuffles import SHUFFLES, shuffled_codes

Action = Callable[[], object]


def per_shoe(
    actions: dict[str, tuple[Action, int]], runs: int, pick: Callable[[list[float]], float]
) -> dict[str, float]:
    """Microseconds per shoe of each action (shoes it handles) over interleaved runs: the
    median, or the best (``pick``)."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for action, _ in actions.values():
        action()  # warm up: caches, numpy's first Philox
    for _ in range(runs):
        for name, (action, shoes) in actions.items():
            start = time.perf_counter()
            action()
            times[name].append((time.perf_counter() - start) / shoes * 1e6)
    return {name: pick(found) for name, found in times.items()}


def pure_actions(shoes: int) -> dict[str, tuple[Action, int]]:
    actions: dict[str, tuple[Action, int]] = {}
    for name in SHUFFLES:
        shoe = Shoe(shuffle=name)
        actions[f"python {name}: shuffle"] = (
            lambda name=name: [shuffled_codes(8, 1, i, name) for i in range(shoes)],
            shoes,
        )
        actions[f"python {name}: shuffle + deal (tally)"] = (
            lambda shoe=shoe: shoe.tally(shoes, seed=1),
            shoes,
        )
    return actions


def numpy_actions(shoes: int) -> dict[str, tuple[Action, int]]:
    from roads.fast import deal as vector

    actions: dict[str, tuple[Action, int]] = {}
    for name in SHUFFLES:
        shoe = Shoe(shuffle=name)
        actions[f"numpy {name}: shuffle"] = (
            lambda name=name: [
                vector.shuffled_codes_many(8, 1, first, first + vector.DEFAULT_BATCH, name)
                for first in range(0, shoes, vector.DEFAULT_BATCH)
            ],
            shoes,
        )
        actions[f"numpy {name}: shuffle + deal (tally)"] = (
            lambda shoe=shoe: vector.tally(shoe, shoes, 1),
            shoes,
        )
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=4096, help="shoes per numpy run")
    parser.add_argument("--runs", type=int, default=15, help="interleaved runs per figure")
    parser.add_argument(
        "--best", action="store_true", help="the best run, not the median (a busy machine)"
    )
    args = parser.parse_args()
    pick = min if args.best else statistics.median
    results = per_shoe(pure_actions(max(args.shoes // 32, 16)), args.runs, pick)
    try:
        results |= per_shoe(numpy_actions(args.shoes), args.runs, pick)
    except ImportError:
        print("numpy is not installed: the numpy engine's figures are left out")
    for name, value in results.items():
        show(name, value, "us/shoe")
    for engine in ("python", "numpy"):
        for what in ("shuffle", "shuffle + deal (tally)"):
            new, old = f"{engine} philox: {what}", f"{engine} shake-sort: {what}"
            if new in results:
                show(f"{engine} {what}: philox / shake-sort", results[new] / results[old], "x")


if __name__ == "__main__":
    main()
