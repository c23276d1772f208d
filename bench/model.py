"""Benchmarks of the roads model (issue 3).

python bench/model.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from _timing import median_seconds, process_seconds, python, show

from roads.grids.roads import Roads
from roads.hands.notation import parse_notation

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "eight-decks.jsonl"


def _read_every_cell(roads: Roads) -> None:
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        getattr(roads, road)


def main() -> None:
    rng = random.Random(1)
    letters = "".join(rng.choices("BPT", weights=[45.86, 44.62, 9.52], k=1_000_000))
    hands = parse_notation(letters)
    for n in (100, 10_000, 1_000_000):
        shoe = hands[:n]
        repeat = 3 if n == 1_000_000 else 21
        build = median_seconds(lambda s=shoe: Roads(s), repeat=repeat, warmup=1)
        show(
            f"build all five grids, {n:,} coups, per coup",
            build / n * 1e6,
            "us",
            "(target <= 10 us, flat)",
        )
        both = median_seconds(lambda s=shoe: _read_every_cell(Roads(s)), repeat=repeat, warmup=1)
        show("  and read every cell as objects, per coup", both / n * 1e6, "us")
        dropped = median_seconds(
            lambda s=shoe: Roads(s, tails="drop-back"), repeat=repeat, warmup=1
        )
        show(
            "  with drop-back tails, against straight tails",
            dropped / build,
            "x",
            "(same run)",
        )

    roads = Roads(hands[:80])
    banker = hands[0]
    add = []
    undo = []
    for _ in range(2001):
        add.append(median_seconds(lambda: roads.add(banker), repeat=1, warmup=0))
        undo.append(median_seconds(roads.undo, repeat=1, warmup=0))
    add.sort()
    undo.sort()
    show(
        "add one coup to an 80-coup board (median of 2001)",
        add[1000] * 1e6,
        "us",
        "(target < 50 us)",
    )
    show("undo it (median of 2001)", undo[1000] * 1e6, "us", "(target < 50 us)")

    click = process_seconds(python("import click"))
    export = process_seconds([sys.executable, "-m", "roads", "export", str(EXAMPLE)])
    show("python -c 'import click' (whole process)", click * 1e3, "ms")
    show(
        "roads export of an 80-coup shoe (whole process)",
        export * 1e3,
        "ms",
        f"(ratio {export / click:.2f}, target <= 1.5)",
    )


if __name__ == "__main__":
    main()
