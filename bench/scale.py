"""Benchmarks of scale (issue 12): the numpy engine, jobs, exact odds, streaming, start-up.

python bench/scale.py [SECTION ...]     sections: engine jobs odds report export animate start
                                        refuse show

Each figure comes with its baseline measured in the same run, as a ratio: the machine's speed
wanders (other tenants share its two cores), so only ratios compare across runs. Commands are
run through the installed ``roads`` entry point, with bytecode, as a user runs them.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from _timing import ensure_bytecode, median_seconds, show

from roads.game.odds import deck_counts, exact_odds
from roads.game.shoe import Shoe

ROADS = str(Path(sys.executable).with_name("roads"))
PYTHON = sys.executable


def wall(command: Sequence[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def peak_mib(command: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MiB) of a command, run in a fresh process."""
    probe = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
        "t = time.perf_counter() - t\n"
        "print(t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n"
    )
    out = subprocess.run(
        [PYTHON, "-c", probe, *command], check=True, capture_output=True, text=True, env=env
    ).stdout.split()
    return float(out[0]), float(out[1])


def engine() -> None:
    """Tally and full records, numpy against pure Python, interleaved runs."""
    from roads.fast import deal as vector

    shoe = Shoe()
    pure_rates, numpy_rates, record_rates = [], [], []
    pure_cpu, numpy_cpu = [], []
    for run in range(7):
        start, cpu = time.perf_counter(), time.process_time()
        tally = shoe.tally(1500, seed=run)
        pure_rates.append(tally.coups / (time.perf_counter() - start))
        pure_cpu.append(tally.coups / (time.process_time() - cpu))
        start, cpu = time.perf_counter(), time.process_time()
        tally = vector.tally(shoe, 12000, seed=run)
        numpy_rates.append(tally.coups / (time.perf_counter() - start))
        numpy_cpu.append(tally.coups / (time.process_time() - cpu))
        start = time.perf_counter()
        coups = 0
        for batch in vector.deal_batches(shoe, run, 0, 12000):
            coups += int(batch.coups.sum())
            batch.starts, batch.shapes, batch.codes  # noqa: B018  (the records, all there)
        record_rates.append(coups / (time.perf_counter() - start))
    pure, fast = sorted(pure_rates)[3], sorted(numpy_rates)[3]
    show("tally, pure Python engine (median of 7, library)", pure, "coups/s", "(bar >= 1.3M)")
    show("tally, numpy engine (median of 7, library)", fast, "coups/s", "(bar >= 5M)")
    show("  numpy / pure, same run", fast / pure, "x", "(bar >= 5x)")
    # CPU time: what each engine costs this process, less disturbed by the other tenants.
    pure_c, fast_c = sorted(pure_cpu)[3], sorted(numpy_cpu)[3]
    show("tally, pure Python engine, per CPU second (median of 7)", pure_c, "coups/s")
    show("tally, numpy engine, per CPU second (median of 7)", fast_c, "coups/s")
    show("  numpy / pure, CPU time, same run", fast_c / pure_c, "x", "(bar >= 5x)")
    show(
        "full coup records, numpy engine (median of 7, library)",
        sorted(record_rates)[3],
        "coups/s",
        "(bar >= 1M)",
    )
    # The installed command, whole process, both engines.
    ensure_bytecode()
    for name, shoes in (("python", 3000), ("numpy", 30000)):
        runs = [
            wall([ROADS, "simulate", "--tally", "--shoes", str(shoes), "--engine", name])
            for _ in range(3)
        ]
        show(
            f"roads simulate --tally --engine {name} (whole process)",
            shoes * 81.3 / sorted(runs)[1],
            "coups/s",
        )
    for name in ("python", "numpy"):
        runs = [
            wall([ROADS, "simulate", "--shoes", "1000", "--format", "jsonl", "--engine", name])
            for _ in range(3)
        ]
        show(
            f"roads simulate --format jsonl --engine {name} (whole process)",
            1000 * 81.3 / sorted(runs)[1],
            "coups/s",
        )


def jobs() -> None:
    """--jobs 2 against --jobs 1 on a tally of about 20 seconds."""
    ensure_bytecode()
    shoes = 2000
    while True:
        took = wall([ROADS, "simulate", "--tally", "--shoes", str(shoes)])
        if took > 4:
            break
        shoes *= 2
    shoes = int(shoes * 20 / took)
    one = wall([ROADS, "simulate", "--tally", "--shoes", str(shoes), "--jobs", "1"])
    two = wall([ROADS, "simulate", "--tally", "--shoes", str(shoes), "--jobs", "2"])
    show(f"tally of {shoes} shoes, --jobs 1", one, "s")
    show(f"tally of {shoes} shoes, --jobs 2", two, "s")
    show("  --jobs 2 speed-up", one / two, "x", "(bar >= 1.7x)")
    # What two processes can get from this machine at this moment: the same pure-Python loop,
    # once in one process and twice in two at the same time.
    burn = [PYTHON, "-c", "s = 0\nfor i in range(30_000_000): s += i"]
    alone = wall(burn)
    start = time.perf_counter()
    pair = [subprocess.Popen(burn) for _ in range(2)]
    for process in pair:
        process.wait()
    both = time.perf_counter() - start
    show("  baseline: two processes' speed-up on a plain loop", 2 * alone / both, "x", "(ideal 2x)")


def _depleted(count: int) -> list[list[int]]:
    rng = random.Random(7)
    shoes = []
    for _ in range(count):
        counts = list(deck_counts(8))
        for _ in range(rng.randrange(0, 380)):
            value = rng.choices(range(10), weights=counts)[0]
            counts[value] -= 1
        shoes.append(counts)
    return shoes


def odds() -> None:
    """Exact odds: numpy and pure Python, the full 8-deck shoe and the slowest depleted one."""
    from roads.fast.odds import exact_odds_numpy

    full = list(deck_counts(8))
    shoes = [full, *_depleted(21)]
    pure = [median_seconds(lambda c=c: exact_odds(c), repeat=7) for c in shoes]
    fast = [median_seconds(lambda c=c: exact_odds_numpy(c), repeat=21) for c in shoes]
    show("exact odds, 8 decks, pure Python", pure[0] * 1e3, "ms", "(bar <= 6 ms)")
    show("exact odds, 8 decks, numpy", fast[0] * 1e3, "ms", "(bar <= 1.5 ms)")
    show("  pure / numpy, 8 decks", pure[0] / fast[0], "x", "(bar >= 8x)")
    show("exact odds, slowest of 21 depleted, pure Python", max(pure) * 1e3, "ms", "(<= 6 ms)")
    show("exact odds, slowest of 21 depleted, numpy", max(fast) * 1e3, "ms", "(bar <= 1.5 ms)")
    show("  pure / numpy, slowest of each", max(pure) / max(fast), "x", "(bar >= 8x)")


def report() -> None:
    """roads report of an 80-coup shoe with cards, with numpy and with the pure engine."""
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        shoe, page = Path(folder) / "shoe.jsonl", Path(folder) / "r.html"
        subprocess.run(
            [ROADS, "simulate", "--seed", "42", "--format", "jsonl", "-o", str(shoe)], check=True
        )
        command = [ROADS, "report", str(shoe), "-o", str(page)]
        baseline = [PYTHON, "-c", "import click"]
        runs: dict[str, list[float]] = {"numpy": [], "python": [], "click": []}
        for _ in range(7):
            runs["numpy"].append(wall(command, env={**os.environ, "ROADS_ENGINE": "numpy"}))
            runs["python"].append(wall(command, env={**os.environ, "ROADS_ENGINE": "python"}))
            runs["click"].append(wall(baseline))
        med = {key: sorted(value)[3] for key, value in runs.items()}
        show("roads report, 80 coups, numpy (whole process)", med["numpy"], "s", "(bar <= 0.5 s)")
        show("roads report, 80 coups, pure (whole process)", med["python"], "s", "(bar <= 0.8 s)")
        show("  baseline: python -c 'import click'", med["click"], "s")


def export() -> None:
    """roads export of 10k and 1M coups: peak memory and time per coup."""
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        sizes = {}
        for name, shoes in (("10k", 123), ("1M", 12300)):
            path = here / f"{name}.jsonl"
            simulate = [ROADS, "simulate", "--seed", "3", "--shoes", str(shoes)]
            subprocess.run([*simulate, "--format", "jsonl", "-o", str(path)], check=True)
            with path.open("rb") as file:
                sizes[name] = sum(1 for _ in file)
        per_coup = {}
        for name in ("10k", "1M"):
            command = [ROADS, "export", str(here / f"{name}.jsonl"), "--all"]
            took, peak = peak_mib([*command, "-o", str(here / f"{name}.json")])
            per_coup[name] = took / sizes[name]
            show(f"roads export, {sizes[name]} coups: peak memory", peak, "MiB", "(1M: <= 200 MB)")
            show(f"roads export, {sizes[name]} coups: time per coup", per_coup[name] * 1e6, "us")
        show("  time per coup, 1M / 10k", per_coup["1M"] / per_coup["10k"], "x", "(bar <= 1.2x)")


def show_all() -> None:
    """roads show --all of 1M coups (the last 40 columns): peak memory."""
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "1M.jsonl"
        simulate = [ROADS, "simulate", "--seed", "3", "--shoes", "12300"]
        subprocess.run([*simulate, "--format", "jsonl", "-o", str(path)], check=True)
        command = [ROADS, "show", str(path), "--all", "--columns", "40", "--no-colour"]
        took, peak = peak_mib(command)
        _, base = peak_mib([PYTHON, "-c", "import click"])
        show("roads show --all, 1M coups: peak memory", peak, "MiB")
        show("  baseline: python -c 'import click'", base, "MiB")
        show("roads show --all, 1M coups: wall time", took, "s")


def animate() -> None:
    """roads animate of an 8-deck shoe: peak memory."""
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        shoe = Path(folder) / "shoe.jsonl"
        subprocess.run(
            [ROADS, "simulate", "--seed", "42", "--format", "jsonl", "-o", str(shoe)], check=True
        )
        took, peak = peak_mib([ROADS, "animate", str(shoe), "-o", str(Path(folder) / "a.gif")])
        _, base = peak_mib([PYTHON, "-c", "import PIL.Image"])
        show("roads animate, 80-coup shoe: peak memory", peak, "MiB", "(bar <= 100 MiB)")
        show("  baseline: python -c 'import PIL.Image'", base, "MiB")
        show("roads animate, 80-coup shoe: wall time", took, "s")


def start() -> None:
    """roads export start-up against python -c 'import click', interleaved; and, for scale, a
    click program with export's options and nothing of roads (bench/click_floor.py)."""
    ensure_bytecode()
    command = [ROADS, "export", "--hands", "BPPTB", "-o", os.devnull]
    baseline = [PYTHON, "-c", "import click"]
    floor = [PYTHON, str(Path(__file__).with_name("click_floor.py"))]
    floor += ["export", "--hands", "BPPTB", "-o", os.devnull]
    ours, theirs, floors = [], [], []
    for _ in range(25):
        ours.append(wall(command))
        theirs.append(wall(baseline))
        floors.append(wall(floor))
    a, b, c = sorted(ours)[12], sorted(theirs)[12], sorted(floors)[12]
    show("roads export --hands (installed entry point)", a * 1e3, "ms")
    show("python -c 'import click'", b * 1e3, "ms")
    show("  ratio", a / b, "x", "(bar <= 1.3x)")
    show("click alone with export's options (bench/click_floor.py)", c * 1e3, "ms")
    show("  its ratio: the floor of any click command", c / b, "x")


def refuse() -> None:
    """roads render of a board too large to draw: refused after the same read, however long."""
    ensure_bytecode()
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as folder:
        took = {}
        for coups in (300_000, 3_000_000):
            path = Path(folder) / f"{coups}.txt"
            with path.open("w") as file:
                for _ in range(coups // 100):
                    file.write("".join(rng.choice("BBBBPPPPT") for _ in range(100)) + "\n")
            command = [ROADS, "render", str(path), "-o", str(Path(folder) / "b.svg")]
            start = time.perf_counter()
            subprocess.run(command, stderr=subprocess.DEVNULL, check=False)
            took[coups] = time.perf_counter() - start
            show(f"roads render, {coups} coups: refused after", took[coups], "s")
        show("  3M / 300k coups", took[3_000_000] / took[300_000], "x", "(1x: refused early)")


SECTIONS = {
    "refuse": refuse,
    "engine": engine,
    "jobs": jobs,
    "odds": odds,
    "report": report,
    "export": export,
    "show": show_all,
    "animate": animate,
    "start": start,
}


def main() -> None:
    for name in sys.argv[1:] or list(SECTIONS):
        print(f"# {name}")
        SECTIONS[name]()


if __name__ == "__main__":
    main()
