"""Benchmarks of the scoreboard images (issue 4).

python bench/render.py
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import process_seconds, python, seconds, show

from roads.backends.png import to_png
from roads.backends.svg import to_svg
from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.wall import draw_wall
from roads.scoreboard import Scoreboard

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "eight-decks.jsonl"

PEAK = """
import random, resource, sys
from roads.scoreboard import Scoreboard
random.seed(5)
board = Scoreboard.from_notation("".join(random.choices("BPT", weights=[46, 45, 9], k=1000)))
data = board.png(scale=2)
sys.stdout.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
"""


def main() -> None:
    board = Scoreboard.read(str(EXAMPLE))
    for label, action, target in (
        ("scene", lambda: draw_board(board.roads), ""),
        (
            "SVG, in process (scene + svg)",
            lambda: to_svg(draw_board(board.roads)),
            "(target <= 15 ms)",
        ),
        (
            "PNG, in process (scene + png)",
            lambda: to_png(draw_board(board.roads)),
            "(target <= 40 ms)",
        ),
    ):
        times = seconds(action, repeat=41)
        show(
            f"board of {len(board.hands)} coups: {label}, median",
            statistics.median(times) * 1e3,
            "ms",
            target,
        )
        show("  fastest of 41", times[0] * 1e3, "ms")

    standard = statistics.median(seconds(lambda: to_png(draw_board(board.roads)), repeat=21))
    for layout in ("casino", "lobby"):
        options = BoardOptions(layout=layout)
        median = statistics.median(
            seconds(lambda o=options: to_png(draw_board(board.roads, o)), repeat=21)
        )
        show(f"  PNG, --layout {layout}, against standard", median / standard, "x", "(same run)")
    shoes = [Scoreboard.simulate(seed=7, index=index).roads for index in range(8)]
    wall = statistics.median(seconds(lambda: to_png(draw_wall(shoes)), repeat=11))
    show("  PNG, a wall of 8 shoes, against one standard board", wall / standard, "x", "(same run)")

    with tempfile.TemporaryDirectory() as folder:
        out = str(Path(folder) / "board.png")
        baseline = process_seconds(python("import click, PIL.Image, svgwrite"))
        render = process_seconds([sys.executable, "-m", "roads", "render", str(EXAMPLE), "-o", out])
    show("python -c 'import click, PIL.Image, svgwrite'", baseline * 1e3, "ms")
    show(
        "roads render to PNG (whole process)",
        render * 1e3,
        "ms",
        f"(ratio {render / baseline:.2f}, target <= 2)",
    )

    peak_kib = int(
        subprocess.run(
            [sys.executable, "-c", PEAK], capture_output=True, text=True, check=True
        ).stdout
    )
    show(
        "peak memory, 1,000-coup board to PNG at scale 2",
        peak_kib / 1024,
        "MiB",
        "(target < 200 MiB)",
    )
    _ = resource


if __name__ == "__main__":
    main()
