"""Benchmark of the PDF writer (issue 38): a board's PDF against its PNG, in the same run, as a
user runs ``roads render``; the PDF's size; a session's score cards.

python bench/pdf.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from _timing import process_seconds, seconds, show

from roads import backends
from roads.drawing.board import draw_board
from roads.scoreboard import Scoreboard

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "eight-decks.jsonl"
SESSION = ROOT / "examples" / "session.jsonl"


def main() -> None:
    board = Scoreboard.read(str(EXAMPLE))
    png = statistics.median(
        seconds(lambda: backends.render(draw_board(board.roads), "png"), repeat=31)
    )
    pdf = statistics.median(
        seconds(lambda: backends.render(draw_board(board.roads), "pdf"), repeat=31)
    )
    show(f"board of {len(board)} coups: PNG in process (scene + png)", png * 1e3, "ms")
    show("  PDF in process (scene + pdf)", pdf * 1e3, "ms", f"(ratio {pdf / png:.2f})")
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "roads"]
        as_png = process_seconds([*command, "render", str(EXAMPLE), "-o", f"{folder}/b.png"])
        as_pdf = process_seconds([*command, "render", str(EXAMPLE), "-o", f"{folder}/b.pdf"])
        size = Path(f"{folder}/b.pdf").stat().st_size
        cards = process_seconds(
            [*command, "scorecard", str(SESSION), "--roads", "all", "-o", f"{folder}/s.pdf"],
            repeat=7,
        )
        pages = Path(f"{folder}/s.pdf").read_bytes().count(b"/Type /Page ")
    show("roads render to PNG (whole process)", as_png * 1e3, "ms")
    show(
        "roads render to PDF (whole process)",
        as_pdf * 1e3,
        "ms",
        f"(ratio {as_pdf / as_png:.2f} to the PNG, target <= 1.5)",
    )
    show("  the PDF's size", size / 1000, "KB", "(target < 100)")
    show(f"roads scorecard of a session ({pages} pages, --roads all)", cards * 1e3, "ms")


if __name__ == "__main__":
    main()
