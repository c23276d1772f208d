"""Counting at the dealing's pace and ``--jobs`` that pays (issue 24), as a user runs it.

python bench/counting.py [--quick] [--numba PYTHON]

Every figure is a median of runs interleaved with its baseline, in the same run, as a ratio
(the machine is shared: ``uptime`` is printed before and after):

- ``roads simulate --tally --engine numpy --jobs 1`` of 300,000 shoes (start-up subtracted)
  against the numba reference's tally, one thread (bar >= 0.5); beside it the same command as
  a user runs it, with the default ``--jobs auto`` (no bar: it uses every core, numba one);
- ``roads study --jobs 2`` of 100,000 shoes against the same numba tally rate (bar >= 0.4),
  the whole command; beside it the same with a 1-shoe study's time subtracted, as the tally's
  start-up is (the issue's figure for the study does not say which it means);
- ``--jobs 2`` against ``--jobs 1``: a 20,000-shoe study (bar >= 1.0) and a 300,000-shoe tally
  (bar >= 1.7);
- the study's counting per shoe (in this process) against numba's counting of every signal
  state of the same shoes.

The numba reference (bench/_numba_reference.py) runs with ``--numba PYTHON``, the Python of a
bench-only venv with numba installed (default /work/venv/counting-bench/bin/python); numba is
never a dependency of roads. It checks that its counts equal roads' on roads' own shoes.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from _timing import ensure_bytecode, show

ROADS = [sys.executable, "-m", "roads"]
SEED = 1
HERE = Path(__file__).parent


def wall(command: Sequence[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def interleaved(commands: dict[str, list[str]], repeat: int) -> dict[str, float]:
    """Median wall time of each command, the commands run in turn ``repeat`` times."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            times[name].append(wall(command))
    return {name: statistics.median(found) for name, found in times.items()}


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()


def numba_reference(python: str, shoes: int, repeat: int) -> dict[str, float]:
    runs = []
    for _ in range(repeat):
        out = subprocess.run(
            [python, str(HERE / "_numba_reference.py"), str(shoes), str(SEED)],
            capture_output=True,
            text=True,
            check=True,
            # the bench venv has numba, not roads: it reads roads from this checkout
            env={**os.environ, "PYTHONPATH": str(HERE.parent)},
        ).stdout
        runs.append(json.loads(out))
    return {key: statistics.median(run[key] for run in runs) for key in runs[0] if key != "numba"}


def study_counting_us_per_shoe(shoes: int, repeat: int) -> float:
    from roads.fast.deal import deal_batches
    from roads.fast.study import tally_batch
    from roads.game.shoe import Shoe
    from roads.study.counting import Job, Task, run_task
    from roads.study.dealer import SeededDealer

    batches = list(deal_batches(Shoe(8, 14), SEED, 0, shoes))
    run_task(Job(SeededDealer(Shoe(8, 14), SEED), "numpy", 8), Task(0, 300))
    found = []
    for _ in range(repeat):
        start = time.perf_counter()
        for one in batches:
            tally_batch(one.shapes, one.coups)
        found.append(time.perf_counter() - start)
    return statistics.median(found) / shoes * 1e6


def main() -> None:
    quick = "--quick" in sys.argv
    python = "/work/venv/counting-bench/bin/python"
    if "--numba" in sys.argv:
        python = sys.argv[sys.argv.index("--numba") + 1]
    repeat = 3 if quick else 5
    tally_shoes = 60_000 if quick else 300_000
    big_study = 30_000 if quick else 100_000
    ensure_bytecode()
    print("load before:", uptime())
    with tempfile.TemporaryDirectory() as folder:
        out = str(Path(folder) / "study.json")
        counts = Path(folder) / "tally.jsonl"
        tally = [*ROADS, "simulate", "--tally", "--engine", "numpy", "--seed", str(SEED)]
        tally += ["-o", str(counts)]
        study = [*ROADS, "study", "--engine", "numpy", "--seed", str(SEED), "-o", out]
        times = interleaved(
            {
                "start": [*tally, "--shoes", "1", "--jobs", "1"],
                "tally1": [*tally, "--shoes", str(tally_shoes), "--jobs", "1"],
                "tally2": [*tally, "--shoes", str(tally_shoes), "--jobs", "2"],
                "tallyauto": [*tally, "--shoes", str(tally_shoes)],
                "study20k1": [*study, "--shoes", "20000", "--jobs", "1"],
                "study20k2": [*study, "--shoes", "20000", "--jobs", "2"],
                "studybig2": [*study, "--shoes", str(big_study), "--jobs", "2"],
                "studystart": [*study, "--shoes", "1", "--jobs", "2"],
            },
            repeat,
        )
        subprocess.run([*study, "--shoes", str(big_study), "--jobs", "1"], check=True)
        big_coups = json.loads(Path(out).read_text())["data"]["coups"]
        subprocess.run([*tally, "--shoes", str(tally_shoes)], check=True)
        tally_coups = json.loads(counts.read_text())["coups"]
    reference = numba_reference(python, min(tally_shoes, 100_000), repeat)
    counting = study_counting_us_per_shoe(20_000, repeat)
    print("load after: ", uptime())

    limit = reference["tally_own_shuffle"]
    tally_rate = tally_coups / (times["tally1"] - times["start"])
    study_rate = big_coups / times["studybig2"]
    show("numba tally, one thread (own shuffle)", limit / 1e6, "Mcoups/s")
    show(
        "numba dealing+counting of roads' shoes",
        reference["deal_count_roads_shoes"] / 1e6,
        "Mcoups/s",
    )
    show(
        f"roads simulate --tally --jobs 1 {tally_shoes:,} (start-up subtracted)",
        tally_rate / 1e6,
        "Mcoups/s",
    )
    show("  ratio to the numba tally", tally_rate / limit, "x", "(bar >= 0.5)")
    auto_rate = tally_coups / (times["tallyauto"] - times["start"])
    show("  the same, --jobs auto (the default)", auto_rate / 1e6, "Mcoups/s")
    show("  ratio to the numba tally (one thread)", auto_rate / limit, "x")
    show(f"roads study --jobs 2 {big_study:,} shoes", study_rate / 1e6, "Mcoups/s")
    show("  ratio to the numba tally", study_rate / limit, "x", "(bar >= 0.4)")
    counting_rate = big_coups / (times["studybig2"] - times["studystart"])
    show("  the same, a 1-shoe study's time subtracted", counting_rate / 1e6, "Mcoups/s")
    show("  ratio to the numba tally", counting_rate / limit, "x", "(no bar: the tally's reading)")
    show(
        "study 20k: --jobs 2 speed-up over --jobs 1",
        times["study20k1"] / times["study20k2"],
        "x",
        "(bar >= 1.0)",
    )
    show(
        f"tally {tally_shoes:,}: --jobs 2 speed-up over --jobs 1",
        (times["tally1"] - times["start"]) / (times["tally2"] - times["start"]),
        "x",
        "(bar >= 1.7)",
    )
    show("study counting per shoe (roads, numpy)", counting, "us")
    show(
        "numba dealing + counting every signal state, per shoe",
        reference["states_us_per_shoe"],
        "us",
    )
    show("  ratio", counting / reference["states_us_per_shoe"], "x")


if __name__ == "__main__":
    main()
