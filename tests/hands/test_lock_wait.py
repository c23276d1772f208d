"""A journal held by another process: ``roads log`` says so at once, waits at most
``--lock-wait`` seconds, then exits with code 75 having logged nothing; the keyboard logger
shows that it is waiting before it waits."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from command_line import run
from keyboard import drive, logged, logger_on

from roads.hands.journal import Journal, JournalBusyError, read_journal
from roads.hands.notation import parse_notation


@contextmanager
def held(path: Path) -> Iterator[None]:
    """The journal's exclusive lock, held as another writer would hold it."""
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def test_roads_log_says_at_once_that_it_waits_then_exits_75(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    Journal(path).add(*parse_notation("B"))
    with held(path):
        started = time.monotonic()
        with subprocess.Popen(
            [sys.executable, "-m", "roads", "log", str(path), "--add", "P", "--lock-wait", "2"],
            stderr=subprocess.PIPE,
            text=True,
        ) as process:
            assert process.stderr is not None
            first = process.stderr.readline()
            said_after = time.monotonic() - started
            rest = process.stderr.read()
            code = process.wait(timeout=30)
            waited = time.monotonic() - started
    assert first == (
        f"roads log: another process holds the journal {path}: waiting up to 2 s (--lock-wait)\n"
    )
    assert said_after < waited - 1.5  # said before the wait, not after it
    assert code == 75 and waited >= 2, (code, rest)
    assert rest == (
        f"roads log: error: another process holds the journal {path} (waited 2 s): nothing was "
        "logged; try again once it is done (--lock-wait)\n"
    )
    assert [hand.notation for hand in read_journal(path).hands()] == ["B"]


def test_the_wait_is_said_before_any_waiting(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    calls: list[float] = []
    journal = Journal(path, lock_wait=0.3, on_wait=lambda: calls.append(time.monotonic()))
    with held(path):
        started = time.monotonic()
        with pytest.raises(JournalBusyError, match=r"waited 0\.3 s"):
            journal.undo()
        refused = time.monotonic()
    # Said at the start of the 0.3 s wait (nearer its start than its end), once.
    assert len(calls) == 1 and calls[0] - started < refused - calls[0]
    assert not read_journal(path).hands()


def test_a_free_journal_says_nothing_of_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    code, _, err = run(["log", str(path), "--add", "B", "--lock-wait", "5"], capsys)
    assert code == 0 and "waiting" not in err, err


def test_the_keyboard_logger_shows_that_it_waits(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    logger.journal.lock_wait = 0.3
    shown: list[str] = []
    lock: list[object] = []

    def watch() -> None:
        drawn = logger.redraw
        logger.redraw = lambda: (shown.append(logger.message), drawn())[-1]

    def hold() -> None:
        context = held(logger.journal.path)
        context.__enter__()
        lock.append(context)

    def release() -> None:
        lock.pop().__exit__(None, None, None)  # type: ignore[attr-defined]

    drive(logger, [watch, hold, "b", release, "p", "q"])
    assert shown == [f"Another process holds {logger.journal.path.name}: waiting for it to finish…"]
    assert logged(logger) == "P"
