"""What a journal's bytes are, to follow the file and not its name (``roads serve``): its
device and inode, its size, and a CRC-32 of its bytes (as the journal's checkpoint keeps), read
in pieces so that any file takes the same memory.

A file *continues* a fingerprint taken earlier when it is the same file (device and inode) and
its first bytes are still the same: it has only been appended to. Anything else (an edit in
place, a file moved over it, one cut short) does not continue it, and what was read from it
must be read again. Its bytes are read to tell, never its size and time alone: an edit in place
can keep both (file times are as coarse as a few milliseconds on some systems).
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PIECE = 1 << 20
"""Bytes read at a time."""


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """A file as it was: which file, how long, and the CRC-32 of those bytes."""

    device: int
    inode: int
    size: int
    crc: int


def crc_of(fd: int, size: int, *, start: int = 0, crc: int = 0) -> int | None:
    """The CRC-32 of bytes ``start .. size`` of the file open as ``fd``, continuing ``crc``
    (that of the bytes before ``start``); None if the file is shorter."""
    at = start
    while at < size:
        piece = os.pread(fd, min(PIECE, size - at), at)
        if not piece:
            return None
        crc = zlib.crc32(piece, crc)
        at += len(piece)
    return crc


def fingerprint(path: str | os.PathLike[str]) -> Fingerprint | None:
    """The file at ``path`` as it is now; None if there is none (or it cannot be read)."""
    return _read(path, lambda fd, status: crc_of(fd, status.st_size))


def continues(
    earlier: Fingerprint | None,
    path: str | os.PathLike[str],
    *,
    appended: bool = False,
) -> Fingerprint | None:
    """The file at ``path`` now, if it is ``earlier``'s file with ``earlier``'s bytes still
    first (only appended to since); None if not (or ``earlier`` is None, or there is no file).
    Every byte is read, unless ``appended`` says that this process has only appended to it
    since (then only the new bytes are)."""
    if earlier is None:
        return None

    def crc_continued(fd: int, status: os.stat_result) -> int | None:
        if (status.st_dev, status.st_ino) != (earlier.device, earlier.inode):
            return None
        if status.st_size < earlier.size:
            return None
        if not appended and crc_of(fd, earlier.size) != earlier.crc:
            return None
        return crc_of(fd, status.st_size, start=earlier.size, crc=earlier.crc)

    return _read(path, crc_continued)


def _read(
    path: str | os.PathLike[str], crc: Callable[[int, os.stat_result], int | None]
) -> Fingerprint | None:
    """The file at ``path`` as ``crc`` finds it (given the open file and its status; None:
    not the file wanted); None if there is none (or it cannot be read)."""
    try:
        fd = os.open(Path(path), os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        status = os.fstat(fd)
        found = crc(fd, status)
    except OSError:
        return None
    finally:
        os.close(fd)
    if found is None:
        return None
    return Fingerprint(status.st_dev, status.st_ino, status.st_size, found)
