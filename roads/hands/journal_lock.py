"""Locking the journal and making its writes durable: the exclusive lock (waited for a bounded
time if asked), whether another process holds it, opening a journal for reading, and writes,
cuts and new names flushed to disk."""

from __future__ import annotations

import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from roads.errors import RoadsError
from roads.hands.journal_errors import JournalBusyError

__all__ = ["cut", "fsync_folder", "locked", "open_reading", "write_all", "writing"]


def open_reading(path: str | os.PathLike[str]) -> IO[bytes]:
    """``path`` opened for reading, refused by name if it is not a regular file (a device or
    a FIFO would block, or read as nothing)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RoadsError(f"{os.fsdecode(path)}: not a regular file, so not a journal")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def writing(fd: int) -> bool:
    """Whether another process holds the journal's exclusive lock (is writing) right now."""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    fcntl.flock(fd, fcntl.LOCK_UN)
    return False


@contextmanager
def locked(
    path: Path,
    *,
    write: bool,
    lock_wait: float | None,
    on_wait: Callable[[], None] | None = None,
) -> Iterator[int]:
    """The journal open for appending under the exclusive lock, or open for reading
    without any lock (readers take only what is committed, so they never wait). ``on_wait``
    is called once, at once, if another process holds the lock."""
    flags = (os.O_RDWR | os.O_CREAT | os.O_APPEND) if write else os.O_RDONLY
    fd = os.open(path, flags | os.O_CLOEXEC | os.O_NONBLOCK, 0o666)
    try:
        os.set_blocking(fd, True)
        if write:
            _lock(fd, path, lock_wait, on_wait)
        yield fd
    finally:
        os.close(fd)  # releases the lock


def _lock(fd: int, path: Path, lock_wait: float | None, on_wait: Callable[[], None] | None) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        if on_wait is not None:
            on_wait()
    if lock_wait is None:
        fcntl.flock(fd, fcntl.LOCK_EX)
        return
    deadline = time.monotonic() + lock_wait
    pause = 0.002
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            left = deadline - time.monotonic()
            if left <= 0:
                raise JournalBusyError(
                    f"another process holds the journal {path} (waited {lock_wait:g} s): "
                    "nothing was logged; try again once it is done",
                    about=("lock_wait",),
                ) from None
            time.sleep(min(pause, left))
            pause = min(pause * 2, 0.05)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte (a write to a regular file may stop short, e.g. on a full disk)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def cut(fd: int, size: int) -> None:
    """Cut the file short at ``size`` bytes and flush that to disk."""
    os.ftruncate(fd, size)
    os.fsync(fd)


def fsync_folder(path: Path) -> None:
    """Make the new file's name durable too."""
    with suppress(OSError):
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
