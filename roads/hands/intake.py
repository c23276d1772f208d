"""What roads reads, before any format looks at it: a regular file, or standard input when the
user chose it (``-``); never more than a limit; and one policy, for readers and writers, about
what a crash or an editor leaves in a file: a UTF-8 byte order mark at the start is skipped,
and NUL bytes at the end (the padding a file system leaves after a power loss) are a torn
tail.

A device, a FIFO or a socket is refused by name at once: ``/dev/zero`` would be read until
memory runs out, a FIFO would wait forever. Standard input is read in pieces, and refused as
soon as it cannot be text (a binary start, more NUL padding than a crash leaves, more than
``MAX_INPUT`` bytes), so that ``roads show - < /dev/urandom`` stops at once too.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import sys
from typing import BinaryIO

from roads.errors import ParseError

__all__ = [
    "BOM",
    "MAX_INPUT",
    "MAX_LINE",
    "MAX_PADDING",
    "PaddingWarning",
    "name",
    "open_input",
    "padding",
    "read_input",
    "without_bom",
]

BOM = codecs.BOM_UTF8
MAX_INPUT = 512 << 20
"""The most bytes read whole (512 MiB, some 2.5 million coups with their cards): a long file is
streamed line by line by the commands that can (``roads.hands.streaming``)."""
MAX_LINE = 64 << 20
"""The longest line a stream takes (64 MiB): a line of the notation can hold every coup of a
file, a CSV row or JSON line is some hundred bytes."""
MAX_PADDING = 1 << 20
"""The most NUL bytes at the end of a file taken as padding left by a crash (1 MiB); more is
binary data."""
_PIECE = 1 << 20


class PaddingWarning(UserWarning):
    """NUL bytes at the end of an input, left by a crash, were left out."""


def name(source: str) -> str:
    """How errors name ``source``."""
    return "<stdin>" if source == "-" else source


def open_input(source: str) -> BinaryIO:
    """``source`` opened for reading: standard input for ``"-"``, else a regular file. A
    device, a FIFO or a socket is refused (ParseError) without reading or waiting; a folder
    raises IsADirectoryError, as opening it would."""
    if source == "-":
        return sys.stdin.buffer
    fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), source)
        if not stat.S_ISREG(mode):
            raise ParseError(
                f"not a regular file ({_kind(mode)}), so roads does not read it: give a file, "
                "or - to read standard input",
                source=source,
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def read_input(source: str) -> bytes:
    """The bytes of ``source`` (a path, or ``"-"`` for standard input), at most
    ``MAX_INPUT`` of them. Standard input stops early at what is plainly not text (its start
    is returned, and the format check names what it is) and at padding past
    ``MAX_PADDING``."""
    with open_input(source) as file:
        if source != "-":
            size = os.fstat(file.fileno()).st_size
            if size > MAX_INPUT:
                raise _too_large(source)
            data = file.read(MAX_INPUT + 1)
            if len(data) > MAX_INPUT:
                raise _too_large(source)
            return data
        return _read_stream(file, source)


def _read_stream(file: BinaryIO, source: str) -> bytes:
    from roads.formats import sniff

    pieces: list[bytes] = []
    total = 0
    decoder = codecs.getincrementaldecoder("utf-8")()
    nuls = 0  # the NUL bytes at the end of what was read so far
    while piece := file.read(_PIECE):
        pieces.append(piece)
        total += len(piece)
        if total > MAX_INPUT:
            raise _too_large(source)
        if len(pieces) == 1:
            seen = sniff(piece.rstrip(b"\0") or piece)
            if seen is not None and seen.binary:
                break
        stripped = piece.rstrip(b"\0")
        nuls = len(piece) - len(stripped) + (nuls if not stripped else 0)
        if nuls > MAX_PADDING:
            raise ParseError(
                f"binary data: more than {MAX_PADDING >> 20} MiB of NUL bytes from offset "
                f"{total - nuls}",
                source=name(source),
            )
        try:
            decoder.decode(piece)
        except UnicodeDecodeError:
            break  # the text check names the byte and its offset
    return b"".join(pieces)


def _too_large(source: str) -> ParseError:
    return ParseError(
        f"more than {MAX_INPUT >> 20} MiB, the most roads reads at once: split it into "
        "several files (roads reads a file of one coup a line in pieces when it can)",
        source=name(source),
    )


def without_bom(data: bytes) -> bytes:
    """``data`` without the UTF-8 byte order mark it may start with."""
    return data[len(BOM) :] if data.startswith(BOM) else data


def padding(data: bytes) -> int:
    """How many NUL bytes ``data`` ends with, when they can be the padding a crash leaves
    (at most ``MAX_PADDING``, after some text); 0 otherwise."""
    count = len(data) - len(data.rstrip(b"\0"))
    return count if 0 < count <= MAX_PADDING and count < len(data) else 0
