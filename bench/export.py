"""Benchmark of ``roads export`` of a long file (issue 24, export streaming).

    python bench/export.py [COUPS] [ROUNDS]

Deals COUPS coups (default 1,000,000) with ``roads simulate`` into JSON Lines, CSV and the
notation, then, ROUNDS times (default 3), in turn:

- the floor: a Python process that parses each JSON line and writes the hand again
  (``json.loads``, then ``json.dumps`` of its fields), the least an export of the hands costs;
- ``roads export FILE --all -o OUT.json`` of each of the three files (the installed command).

It prints the medians, the ratio of the export of the JSON Lines to the floor, wall time and
processor time (bar 2.5 for both), and the peak memory of each export (bar 150 MB). The JSON
Lines and the CSV hold the same coups with their cards: their exports must be the same bytes.
The machine is shared: ``uptime`` is printed before and after.
"""

from __future__ import annotations

import hashlib
import statistics
import sys
import tempfile
from pathlib import Path

from _child import Run, measure, roads_command, uptime
from _timing import ensure_bytecode, show

COUPS = 1_000_000
ROUNDS = 3
RATIO_BAR = 2.5
MEMORY_BAR = 150 * 10**6
COUPS_A_SHOE = 79  # about: the shoes are dealt until there are COUPS coups or more
FORMATS = ("jsonl", "csv", "txt")
_FLOOR = """
import json, sys
dumps = json.JSONEncoder(ensure_ascii=False).encode
with open(sys.argv[1], encoding="utf-8") as lines, open(sys.argv[2], "w") as out:
    write = out.write
    for line in lines:
        fields = json.loads(line)
        fields.pop("shoe", None)
        write("    " + dumps(fields) + ",\\n")
"""


def _digest(path: Path) -> str:
    """The file's SHA-256, read in pieces: this process stays small, as a child's peak memory
    (from ``wait4``) starts from the parent's size when it forks."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while piece := file.read(1 << 20):
            digest.update(piece)
    return digest.hexdigest()


def deal(folder: Path, coups: int) -> dict[str, Path]:
    """The same shoes as JSON Lines, CSV and the notation, from ``roads simulate``."""
    shoes = -(-coups // COUPS_A_SHOE)
    paths = {}
    for kind in FORMATS:
        path = folder / f"shoes.{kind}"
        measure(
            [*roads_command(), "simulate", "--shoes", str(shoes), "--seed", "2026", "-o", str(path)]
        )
        paths[kind] = path
    return paths


def main() -> None:
    coups = int(sys.argv[1]) if len(sys.argv) > 1 else COUPS
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else ROUNDS
    ensure_bytecode()
    print("before:", uptime(), flush=True)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        paths = deal(folder, coups)
        with paths["jsonl"].open() as lines:
            dealt = sum(1 for _ in lines)
        sizes = ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in paths.values())
        print(f"{dealt:,} coups in {sizes}", flush=True)
        out = folder / "out.json"
        runs: dict[str, list[Run]] = {"floor": [], **{kind: [] for kind in FORMATS}}
        digests: dict[str, str] = {}
        for number in range(rounds):
            run = measure([sys.executable, "-c", _FLOOR, str(paths["jsonl"]), str(out)])
            runs["floor"].append(run)
            print(f"  round {number + 1}, floor: {run}", flush=True)
            for kind in FORMATS:
                command = [*roads_command(), "export", str(paths[kind]), "--all", "-o", str(out)]
                run = measure(command)
                runs[kind].append(run)
                print(f"  round {number + 1}, {kind}: {run}", flush=True)
                digests[kind] = _digest(out)

        def median(name: str, what: str) -> float:
            return statistics.median(getattr(run, what) for run in runs[name])

        failed = digests["jsonl"] != digests["csv"]
        show("floor: parse and rewrite the hands (JSON Lines)", median("floor", "wall"), "s")
        show("floor, processor time", median("floor", "cpu"), "s")
        for kind in FORMATS:
            show(f"roads export shoes.{kind} --all", median(kind, "wall"), "s")
            show(f"roads export shoes.{kind} --all, processor time", median(kind, "cpu"), "s")
            peak = max(run.peak for run in runs[kind])
            show(
                f"roads export shoes.{kind}: peak memory",
                peak / 1e6,
                "MB",
                f"bar {MEMORY_BAR / 1e6:g} MB",
            )
            failed |= peak > MEMORY_BAR
        for what, label in (("wall", "wall time"), ("cpu", "processor time")):
            ratio = median("jsonl", what) / median("floor", what)
            show(f"ratio export / floor, JSON Lines, {label}", ratio, "x", f"bar {RATIO_BAR}")
            failed |= ratio > RATIO_BAR
        print("JSON Lines and CSV exports the same bytes:", digests["jsonl"] == digests["csv"])
    print("after:", uptime())
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
