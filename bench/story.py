"""Benchmarks of the shoe story (issue 6): the report and the replay animation.

python bench/story.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import process_seconds, show

SEED = 42
"""``roads simulate --seed 42`` deals an 80-coup shoe."""
SIZE_SEEDS = range(1, 9)
ROADS = [sys.executable, "-m", "roads"]


def simulate(seed: int, target: Path) -> int:
    subprocess.run(
        [*ROADS, "simulate", "--seed", str(seed), "--format", "jsonl", "-o", str(target)],
        check=True,
    )
    return len(target.read_text().splitlines())


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        shoe = here / "shoe.jsonl"
        coups = simulate(SEED, shoe)
        report = process_seconds([*ROADS, "report", str(shoe), "-o", str(here / "r.html")], 5)
        show(
            f"roads report, {coups}-coup shoe with cards (whole process)",
            report,
            "s",
            "(target < 10 s)",
        )
        gif = process_seconds([*ROADS, "animate", str(shoe), "-o", str(here / "a.gif")], 5)
        show(f"roads animate to GIF, {coups}-coup shoe (whole process)", gif, "s", "(target < 5 s)")
        sizes = []
        for seed in SIZE_SEEDS:
            coups = simulate(seed, shoe)
            target = here / f"{seed}.gif"
            subprocess.run([*ROADS, "animate", str(shoe), "-o", str(target)], check=True)
            sizes.append((target.stat().st_size, coups, seed))
        largest, coups, seed = max(sizes)
        show(
            f"GIF of a full 8-deck shoe, largest of {len(sizes)} (seed {seed}, {coups} coups)",
            largest / 1e3,
            "kB",
            "(target < 1,000 kB)",
        )


if __name__ == "__main__":
    main()
