"""The journal's lock and durable writes (``roads.hands.journal_lock``) and its errors
(``roads.hands.journal_errors``): one writer at a time, readers never wait, a busy journal
refused after the wait with exit code 75."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from roads.errors import RoadsError
from roads.hands.journal_errors import JournalBusyError, JournalError, JournalWarning
from roads.hands.journal_lock import cut, locked, open_reading, write_all, writing


def test_the_errors_are_roads_errors_and_busy_asks_to_try_again() -> None:
    assert issubclass(JournalBusyError, JournalError) and issubclass(JournalError, RoadsError)
    assert JournalBusyError.exit_code == 75 and issubclass(JournalWarning, UserWarning)


def test_a_writer_holds_the_lock_and_another_is_refused_after_the_wait(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    told: list[bool] = []
    with locked(path, write=True, lock_wait=None) as fd:
        write_all(fd, b'{"kind": "shoe"}\n')
        with locked(path, write=False, lock_wait=None) as reader:
            assert writing(reader)
        wait = locked(path, write=True, lock_wait=0.05, on_wait=lambda: told.append(True))
        with pytest.raises(JournalBusyError), wait:
            pass
    assert told == [True]
    with locked(path, write=False, lock_wait=None) as reader:
        assert not writing(reader)
    with open_reading(path) as file:
        assert file.read() == b'{"kind": "shoe"}\n'


def test_a_cut_drops_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    with locked(path, write=True, lock_wait=None) as fd:
        write_all(fd, b"one\ntwo\n")
        cut(fd, 4)
    assert path.read_bytes() == b"one\n"


def test_only_a_regular_file_is_opened_for_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(RoadsError, match="not a regular file"):
        open_reading(fifo)
