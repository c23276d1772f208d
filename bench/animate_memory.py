"""Peak memory of ``roads animate`` of a whole 8-deck shoe, as an animated PNG and as a GIF
(issue 24, APNG streamed).

    python bench/animate_memory.py [SEEDS]

For each of SEEDS shoes (default 3, seeds 1, 2, ...) dealt by ``roads simulate``, runs the
installed ``roads animate SHOE -o OUT.png`` and ``-o OUT.gif`` and prints each one's peak
memory and time; bar: the animated PNG at most 100 MiB. The machine is shared: ``uptime`` is
printed before and after.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from _child import measure, roads_command, uptime
from _timing import ensure_bytecode, show

SEEDS = 3
MEMORY_BAR = 100 << 20


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS
    ensure_bytecode()
    print("before:", uptime())
    failed = False
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for seed in range(1, seeds + 1):
            shoe = folder / f"shoe{seed}.jsonl"
            measure(
                [*roads_command(), "simulate", "--decks", "8", "--seed", str(seed), "-o", str(shoe)]
            )
            with shoe.open() as lines:
                coups = sum(1 for _ in lines)
            for kind in ("png", "gif"):
                run = measure(
                    [*roads_command(), "animate", str(shoe), "-o", str(folder / f"out.{kind}")]
                )
                bar = f"bar {MEMORY_BAR >> 20} MiB" if kind == "png" else ""
                label = f"seed {seed}, {coups} coups, animate -o out.{kind}"
                show(f"{label}: peak memory", run.peak / (1 << 20), "MiB", bar)
                show(f"{label}: time", run.wall, "s")
                failed |= kind == "png" and run.peak > MEMORY_BAR
    print("after:", uptime())
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
