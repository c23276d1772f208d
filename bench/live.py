"""Benchmarks of the keyboard logger (issue 5): what one key press costs on an 80-coup shoe.

    python bench/live.py

- Journal append, including the fsync, on the file system of the temporary folder.
- Key press to redrawn terminal board: the real prompt_toolkit application, keys sent through a
  pipe, the screen drawn by a VT100 output (80 x 24 and 160 x 50) into /dev/null; from sending
  the key until the application's ``after_render``. Each press appends to the journal (fsync),
  rebuilds the roads of the shoe and lays the board out. Presses alternate ``b`` and ``u``, so
  the shoe stays at 80 coups.
- The same with ``--render board.png`` (and ``.svg``): the image is drawn and swapped in
  atomically (temporary file, fsync, rename) before the screen is redrawn.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from _timing import median_seconds, show

from roads.game.coup import Outcome
from roads.hands.hand import Hand
from roads.hands.journal import Journal
from roads.live.keys import KeyLogger
from roads.live.mirror import Mirror
from roads.scoreboard import Scoreboard

PRESSES = 60
APPENDS = 200


def journal_of(folder: Path, name: str, coups: int = 80) -> Journal:
    journal = Journal(folder / name)
    for hand in Scoreboard.simulate(seed=7).hands[:coups]:
        journal.add(hand)
    return journal


def key_to_screen(logger: KeyLogger, rows: int, columns: int) -> float:
    """Median seconds from a key sent to the application until its screen is redrawn."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from roads.live.logger import build_application

    async def main() -> list[float]:
        with create_pipe_input() as pipe, open(os.devnull, "w") as sink:
            output = Vt100_Output(sink, lambda: Size(rows, columns), term="xterm-256color")
            app = build_application(logger, input=pipe, output=output)
            drawn = asyncio.Event()
            finished: list[float] = []

            def after(_: object) -> None:
                finished.append(time.perf_counter())
                drawn.set()

            app.after_render += after
            running = asyncio.ensure_future(app.run_async())
            await drawn.wait()
            samples = []
            for press in range(PRESSES):
                await asyncio.sleep(random.uniform(0.005, 0.02))
                drawn.clear()
                start = time.perf_counter()
                pipe.send_text("b" if press % 2 == 0 else "u")
                await drawn.wait()
                samples.append(finished[-1] - start)
                assert not logger.failed, logger.message
            pipe.send_text("q")
            await running
            return samples

    samples = asyncio.run(main())
    return statistics.median(samples[4:])


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        journal = Journal(folder / "append.jsonl")
        hand = Hand(Outcome.BANKER)
        append = median_seconds(lambda: journal.add(hand), repeat=APPENDS, warmup=5)
        show("journal append incl. fsync (median of 200)", append * 1000, "ms")

        quiet = KeyLogger(journal_of(folder, "keys.jsonl"))

        def press_and_undo() -> None:
            quiet.press("b")
            quiet.press("u")

        press = median_seconds(press_and_undo, repeat=40) / 2
        show("  of which: KeyLogger.press (append + message), no screen", press * 1000, "ms")

        def redraw_text() -> None:
            quiet.version += 1  # as after a change: no cached board or layout
            quiet.body(80, 18)

        body = median_seconds(redraw_text, repeat=40)
        show("  of which: roads + board text laid out for 80 x 18", body * 1000, "ms")

        for rows, columns in ((24, 80), (50, 160)):
            logger = KeyLogger(journal_of(folder, f"screen-{columns}.jsonl"))
            seconds = key_to_screen(logger, rows, columns)
            show(
                f"key press -> redrawn terminal board, {columns} x {rows}, 80 coups",
                seconds * 1000,
                "ms",
                "(target < 50 ms)",
            )

        for kind in ("png", "svg"):
            image = folder / f"board.{kind}"
            logger = KeyLogger(journal_of(folder, f"render-{kind}.jsonl"), mirror=Mirror(image))
            seconds = key_to_screen(logger, 24, 80)
            target = "(target < 100 ms)" if kind == "png" else ""
            show(
                f"key press -> redrawn board with --render board.{kind}",
                seconds * 1000,
                "ms",
                target,
            )
            assert image.stat().st_size > 0


if __name__ == "__main__":
    main()
