"""Benchmark of one line of many coups in the notation (issue 42.9).

    python bench/long_line.py [COUPS]

The same 2,000,000 coups (or COUPS) are written twice in the notation: on one line, and in
lines of 80. ``roads show`` reads each, as a user runs it (its output to /dev/null), and the
processor seconds and the peak memory of each are printed, with the ratio one line / lines of
80 measured in this run (bars: 1.2 for both; before the fix one line was read whole, 311 MB
for 2M coups). ``roads show --columns 30`` (a terminal's width) is measured too: its memory is
the board's alone.
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
from pathlib import Path

from _timing import ensure_bytecode, roads_measured, show

COUPS = 2_000_000
BAR = 1.2


def measured(*args: str) -> tuple[float, int]:
    """Processor seconds and peak bytes of ``roads ARGS`` (its output thrown away)."""
    code, seconds, used = roads_measured(*args, clock="process_time", timeout=None)
    if code:
        raise SystemExit(f"roads {' '.join(args)}: exit {code}")
    return seconds, used


def main() -> None:
    ensure_bytecode()
    coups = int(sys.argv[1]) if len(sys.argv) > 1 else COUPS
    chooser = random.Random(42)
    text = "".join(chooser.choice(("B", "P", "Bb", "Pn", "T", "B6", "P8")) for _ in range(coups))
    failed = False
    with tempfile.TemporaryDirectory() as temporary:
        one = Path(temporary) / "line.txt"
        one.write_text(text + "\n")
        lines = Path(temporary) / "lines.txt"
        spellings = [hand.group() for hand in re.finditer(r"[BPT][bpn678]*", text)]
        lines.write_text(
            "".join("".join(spellings[i : i + 80]) + "\n" for i in range(0, len(spellings), 80))
        )
        for extra in ([], ["--columns", "30"]):
            said = " ".join(["roads show", *extra])
            line_seconds, line_bytes = measured("show", str(one), *extra)
            rows_seconds, rows_bytes = measured("show", str(lines), *extra)
            show(f"{said}, one line of {coups:,} coups", line_seconds, "s")
            show(f"{said}, lines of 80", rows_seconds, "s")
            show(f"{said}: ratio of seconds", line_seconds / rows_seconds, "x", f"bar {BAR}")
            show(f"{said}, one line: peak memory", line_bytes / (1 << 20), "MB")
            show(f"{said}, lines of 80: peak memory", rows_bytes / (1 << 20), "MB")
            show(f"{said}: ratio of memory", line_bytes / rows_bytes, "x", f"bar {BAR}")
            failed |= line_seconds > BAR * rows_seconds or line_bytes > BAR * rows_bytes
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
