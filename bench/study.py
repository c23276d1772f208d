"""Benchmarks of ``roads study`` (issue 13), as a user runs it: whole processes.

python bench/study.py [--quick]

- pure Python on one core: coups analysed per second (target >= 150k/s);
- numpy with --jobs 2: a 100,000-shoe study (target < 10 s, >= 1M coups/s);
- --exact-shoes 100 with numpy (target < 30 s).

The machine's speed drifts, so each figure also comes as a ratio to ``roads simulate --tally``
--engine python of the same shoes measured in the same run (the pure engine's fastest loop).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from _timing import process_seconds, show

ROADS = [sys.executable, "-m", "roads"]
SEED = 1


def coups_of(path: Path) -> int:
    coups: int = json.loads(path.read_text())["data"]["coups"]
    return coups


def main() -> None:
    quick = "--quick" in sys.argv
    repeat = 1 if quick else 3
    pure_shoes = 5_000 if quick else 20_000
    big_shoes = 20_000 if quick else 100_000
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "study.json"
        common = ["--seed", str(SEED), "-o", str(out)]

        tally = process_seconds(
            [
                *ROADS,
                "simulate",
                "--tally",
                "--engine",
                "python",
                "--seed",
                str(SEED),
                "--shoes",
                str(pure_shoes),
                "-o",
                str(Path(folder) / "t.txt"),
            ],
            repeat,
        )
        show(f"baseline: roads simulate --tally --engine python, {pure_shoes:,} shoes", tally, "s")

        pure = process_seconds(
            [*ROADS, "study", "--shoes", str(pure_shoes), "--engine", "python", *common], repeat
        )
        coups = coups_of(out)
        show(f"study, python, 1 job, {pure_shoes:,} shoes ({coups:,} coups)", pure, "s")
        show("  coups analysed per second", coups / pure / 1e3, "k/s", "(target >= 150k/s)")
        show("  ratio to the tally of the same shoes", pure / tally, "x")

        big = process_seconds(
            [
                *ROADS,
                "study",
                "--shoes",
                str(big_shoes),
                "--engine",
                "numpy",
                "--jobs",
                "2",
                *common,
            ],
            repeat,
        )
        coups = coups_of(out)
        show(
            f"study, numpy, 2 jobs, {big_shoes:,} shoes ({coups:,} coups)",
            big,
            "s",
            "(target < 10 s for 100,000)",
        )
        show("  coups analysed per second", coups / big / 1e6, "M/s", "(target >= 1M/s)")
        show("  ratio to the tally (1 job) per shoe", (big / big_shoes) / (tally / pure_shoes), "x")

        exact = process_seconds(
            [
                *ROADS,
                "study",
                "--shoes",
                "100",
                "--exact-shoes",
                "100",
                "--engine",
                "numpy",
                *common,
            ],
            repeat,
        )
        document = json.loads(out.read_text())
        evaluations = document["card_removal"]["coups"]
        show(
            f"study --exact-shoes 100, numpy ({evaluations:,} exact odds)",
            exact,
            "s",
            "(target < 30 s)",
        )
        show("  ms per exact evaluation", 1e3 * exact / evaluations, "ms")


if __name__ == "__main__":
    main()
