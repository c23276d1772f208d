"""Writing files so that a reader never sees half of one and a failure leaves the old one."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()
"""The mode a plain ``open`` would give a new file (read once: setting the umask to read it is
not safe while other threads create files)."""


@contextlib.contextmanager
def open_atomic(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` only when the block ends without an error.

    It is written in the same folder, flushed to disk, then renamed over ``path``, so readers
    see the old file or the new one, never a part. ``"-"`` is standard output; a symbolic link
    is followed, so the file it points to is replaced; a path that is not a regular file, such
    as ``/dev/null``, is written in place.
    """
    if str(path) == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = Path(path).resolve()
    if target.exists() and not target.is_file():
        # A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written, never replaced.
        with open(target, "wb") as stream:
            yield stream
        return
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such folder", str(target.parent))
    import tempfile

    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        return _NEW_FILE_MODE


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace ``path`` with ``data`` atomically (see ``open_atomic``)."""
    with open_atomic(path) as file:
        file.write(data.encode() if isinstance(data, str) else data)
