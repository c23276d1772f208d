"""A recorded file studied at the engine's pace (issue 39), as a user runs it.

    python bench/study_recorded.py [--quick]

Writes the 2,000 shoes ``roads simulate --seed 1 --shoes 2000 -o s.jsonl`` deals, then times
in the same run ``roads study s.jsonl`` against ``roads export s.jsonl --all --format json``
of the same file (bar: at most 1.5 times) and against the simulated study of the same shoes,
``roads study --shoes 2000 --seed 1`` (bar: at most 3 times).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import process_seconds, show

ROADS = [sys.executable, "-m", "roads"]
SHOES = 2000


def main() -> None:
    repeat = 3 if "--quick" in sys.argv else 9
    with tempfile.TemporaryDirectory() as folder:
        shoes = Path(folder) / "s.jsonl"
        out = str(Path(folder) / "out.json")
        subprocess.run(
            [*ROADS, "simulate", "--seed", "1", "--shoes", str(SHOES), "-o", str(shoes)],
            check=True,
        )
        export = process_seconds(
            [*ROADS, "export", str(shoes), "--all", "--format", "json", "-o", out], repeat
        )
        show(f"baseline: roads export s.jsonl --all --format json ({SHOES:,} shoes)", export, "s")
        simulated = process_seconds(
            [*ROADS, "study", "--shoes", str(SHOES), "--seed", "1", "-o", out], repeat
        )
        show(f"roads study --shoes {SHOES:,} --seed 1", simulated, "s")
        recorded = process_seconds([*ROADS, "study", str(shoes), "-o", out], repeat)
        show("roads study s.jsonl", recorded, "s")
        show("  ratio to the export of the same file", recorded / export, "x", "(bar <= 1.5)")
        show("  ratio to the simulated study", recorded / simulated, "x", "(bar <= 3)")


if __name__ == "__main__":
    main()
