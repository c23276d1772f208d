"""Benchmark of the readers and the journal's append (issue 23, items 5 to 8 and 11).

    python bench/readers.py

- The cost of one ``roads log J --add B -q`` on a single-shoe journal of 100,000 coups and of
  1,000 coups, measured in this run (the fastest of 11, taken in turn), and their ratio (bar:
  1.5). The first append of each journal (which replays it whole and leaves the checkpoint) is
  not counted; every counted one starts from the checkpoint of the one before.
- ``roads show`` of ``/dev/zero``, ``/dev/urandom``, a FIFO, standard input from ``/dev/zero``
  and ``/dev/urandom``, and a CSV whose header has 200,000 columns: seconds from the start of
  ``main`` to its end, and the process's peak memory (bars: 1 s, 100 MB).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import ensure_bytecode, roads_measured, show

COUPS = (1_000, 100_000)
RATIO_BAR = 1.5
SECONDS_BAR, MEMORY_BAR = 1.0, 100 << 20


def journal(path: Path, coups: int) -> None:
    lines = ['{"roads": "journal", "version": 1}']
    lines += [json.dumps({"event": "coup", "outcome": "BPT"[i % 3]}) for i in range(coups)]
    path.write_text("\n".join(lines) + "\n")


def append_cost(folder: Path, rounds: int = 11) -> dict[int, float]:
    """The fastest of ``rounds`` appends to each journal, taken in turn so that both see the
    same load on the machine (the fastest is the cost; the rest is waiting for the CPU)."""
    commands = {}
    for coups in COUPS:
        path = folder / f"{coups}.jsonl"
        journal(path, coups)
        commands[coups] = [sys.executable, "-m", "roads", "log", str(path), "--add", "B", "-q"]
        subprocess.run(commands[coups], check=True)  # replays the whole, leaves the checkpoint
    times: dict[int, list[float]] = {coups: [] for coups in COUPS}
    for _ in range(rounds):
        for coups, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True)
            times[coups].append(time.perf_counter() - start)
    return {coups: min(seconds) for coups, seconds in times.items()}


def main() -> None:
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        os.environ["ROADS_CACHE_DIR"] = str(folder / "checkpoints")
        costs = append_cost(folder)
        small, large = COUPS
        for coups, cost in costs.items():
            show(f"roads log --add B, one shoe of {coups:,} coups", cost, "s")
        ratio = costs[large] / costs[small]
        show(f"ratio {large:,} / {small:,} coups", ratio, "x", f"bar {RATIO_BAR}")

        fifo = folder / "pipe"
        os.mkfifo(fifo)
        wide = folder / "wide.csv"
        wide.write_text(",".join(["outcome", *(f"c{i}" for i in range(200_000))]) + "\nB\n")
        cases = {
            "show /dev/zero": (["show", "/dev/zero"], None),
            "show /dev/urandom": (["show", "/dev/urandom"], None),
            "show FIFO": (["show", str(fifo)], None),
            "show - < /dev/zero": (["show", "-"], "/dev/zero"),
            "show - < /dev/urandom": (["show", "-"], "/dev/urandom"),
            "show, a CSV header of 200,000 columns": (["show", str(wide)], None),
        }
        failed = ratio > RATIO_BAR
        for label, (args, stdin) in cases.items():
            code, seconds, memory = roads_measured(*args, stdin=stdin)
            show(f"{label} (exit {code})", seconds, "s", f"bar {SECONDS_BAR:g} s")
            show(f"{label}: peak memory", memory / (1 << 20), "MB", f"bar {MEMORY_BAR >> 20} MB")
            failed |= seconds > SECONDS_BAR or memory > MEMORY_BAR
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
