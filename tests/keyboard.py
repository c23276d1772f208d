"""The keyboard logger as the tests drive it: a logger on a journal, the keys pressed, and what
it logged."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from roads.hands.journal import Journal, read_journal
from roads.live.keys import KeyLogger
from roads.live.mirror import Mirror


def logger_on(
    tmp_path: Path, bankroll: int | None = None, lang: str = "en", mirror: Mirror | None = None
) -> KeyLogger:
    journal = Journal(tmp_path / "j.jsonl")
    if bankroll is not None:
        journal.set_bankroll(bankroll)
    return KeyLogger(journal, mirror=mirror, lang=lang)


def logged(logger: KeyLogger) -> str:
    """The current shoe as the file holds it."""
    return "".join(hand.notation for hand in read_journal(logger.journal.path).hands())


def drive(logger: KeyLogger, steps: list[str | Callable[[], None]]) -> int:
    """Run the application on ``logger``, typing each string step (and waiting for the redraw)
    and calling each other step; return how many times the screen was drawn. The last step must
    make it quit."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from roads.live.logger import build_application

    async def main() -> int:
        with create_pipe_input() as pipe:
            app = build_application(logger, input=pipe, output=DummyOutput())
            drawn = asyncio.Event()
            app.after_render += lambda _: drawn.set()
            running = asyncio.ensure_future(app.run_async(handle_sigint=False))
            await asyncio.wait_for(drawn.wait(), 10)
            for step in steps:
                if callable(step):
                    step()
                    continue
                drawn.clear()
                pipe.send_text(step)
                await asyncio.wait_for(drawn.wait(), 10)
            await asyncio.wait_for(running, 10)
            return app.render_counter

    # A thread of its own: the browser tests leave Playwright's event loop running in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, main()).result(timeout=60)
