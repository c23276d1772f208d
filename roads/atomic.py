"""Writing files so that a reader never sees half of one and a failure leaves the old one."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def open_atomic(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` only when the block ends without an error.

    It is written in the same folder, flushed to disk, then renamed over ``path``, so readers
    see the old file or the new one, never a part. ``"-"`` is standard output; a path that is
    not a regular file, such as ``/dev/null``, is written in place.
    """
    if str(path) == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    if target.exists() and not target.is_file():
        # A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written, never replaced.
        with open(target, "wb") as stream:
            yield stream
        return
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
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace ``path`` with ``data`` atomically (see ``open_atomic``)."""
    with open_atomic(path) as file:
        file.write(data.encode() if isinstance(data, str) else data)
