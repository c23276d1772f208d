"""Writing files so that a reader never sees half of one and a failure leaves the old one.

Every command that writes a file comes here, so it is written with ``os`` alone: ``pathlib``
and ``tempfile`` (with the ``shutil`` and ``random`` it imports) would cost each command up to
10 milliseconds at start-up.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from typing import IO

from roads.errors import RoadsError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()
"""The mode a plain ``open`` would give a new file (read once: setting the umask to read it is
not safe while other threads create files)."""
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


@contextlib.contextmanager
def open_atomic(path: str | os.PathLike[str], *, durable: bool = True) -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` only when the block ends without an error.

    It is written in the same folder, flushed to disk (``durable``), then renamed over
    ``path``, so readers see the old file or the new one, never a part. Without ``durable``
    the system writes the file and its new name out when it will: the old file is kept just
    the same until the new one is whole, but a power cut soon after may leave neither whole;
    for files made again from their input (pictures), not for records. ``"-"`` is standard
    output; a symbolic link is followed, so the file it points to is replaced; a path that is
    not a regular file, such as ``/dev/null``, is written in place.
    """
    if str(path) == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = os.path.realpath(path)
    if os.path.exists(target) and not os.path.isfile(target):
        # A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written, never replaced.
        with open(target, "wb") as stream:
            yield stream
        return
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise FileNotFoundError(errno.ENOENT, "no such folder", folder)
    _refuse_an_input(target, path)
    try:
        fd, temporary = _create_beside(target)
    except OSError as error:
        raise _naming(error, path) from None
    try:
        try:
            with os.fdopen(fd, "wb") as file:
                yield file
                file.flush()
                if durable:
                    os.fsync(file.fileno())
            os.chmod(temporary, _mode_for(target))
            os.replace(temporary, target)
        except OSError as error:
            raise _naming(error, path) from None
        if durable:
            _fsync_folder(folder)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _create_beside(target: str) -> tuple[int, str]:
    """A new, empty file of this process's only, in ``target``'s folder: its descriptor and
    path (``.NAME.XXXXXXXX.tmp``, created with ``O_EXCL`` so no other file is ever opened)."""
    folder, name = os.path.split(target)
    for _ in range(100):
        temporary = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(temporary, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o600)
        except FileExistsError:
            continue
        return fd, temporary
    raise FileExistsError(errno.EEXIST, "no free temporary name", folder)


def _naming(error: OSError, path: str | os.PathLike[str]) -> OSError:
    """``error`` about ``path`` (the file asked for), not about the temporary file."""
    return type(error)(error.errno, error.strerror or str(error), os.fspath(path))


def _fsync_folder(folder: str) -> None:
    """Make the rename durable: the new name is in the folder's data once this returns."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems cannot sync a folder
            os.fsync(fd)
    finally:
        os.close(fd)


_INPUTS: set[tuple[int, int]] = set()
"""The files this process read as inputs (device, inode): never replaced by an output."""


def mark_input(path: str | os.PathLike[str]) -> None:
    """Remember that ``path`` is an input (or the journal) of the running command, so that
    ``open_atomic`` refuses to write over it."""
    with contextlib.suppress(OSError):
        status = os.stat(path)
        _INPUTS.add((status.st_dev, status.st_ino))


def forget_inputs() -> None:
    """Start a new command: no file is an input yet."""
    _INPUTS.clear()


def same_file(first: str | os.PathLike[str], second: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same existing file (through links too)."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        return os.path.realpath(first) == os.path.realpath(second)


def _refuse_an_input(target: str, path: str | os.PathLike[str]) -> None:
    try:
        status = os.stat(target)
    except OSError:
        return
    if (status.st_dev, status.st_ino) in _INPUTS:
        raise RoadsError(
            f"{os.fspath(path)} is also an input of this command: write to another file"
        )


def _mode_for(target: str) -> int:
    try:
        return os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        return _NEW_FILE_MODE


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (see ``open_atomic``, and its ``durable``)."""
    with open_atomic(path, durable=durable) as file:
        file.write(data.encode() if isinstance(data, str) else data)


@contextlib.contextmanager
def open_output(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """Like ``open_atomic``, but standard output (``"-"``) too gets nothing unless the block
    ends without an error: what is written goes to a temporary file first, then is copied out.
    For output written piece by piece while its input is still being read."""
    if str(path) != "-":
        with open_atomic(path) as file:
            yield file
        return
    with _spool() as spool:
        yield spool
        spool.seek(0)
        while chunk := spool.read(1 << 20):
            sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.flush()


def _spool() -> IO[bytes]:
    """An anonymous temporary file, gone when closed: ``O_TMPFILE`` where the system has it
    (no ``tempfile`` import), else ``tempfile.TemporaryFile``."""
    anonymous = getattr(os, "O_TMPFILE", 0)
    if anonymous:
        folder = os.environ.get("TMPDIR") or "/tmp"
        with contextlib.suppress(OSError):
            return os.fdopen(os.open(folder, anonymous | os.O_RDWR, 0o600), "w+b")
    import tempfile

    return tempfile.TemporaryFile()
