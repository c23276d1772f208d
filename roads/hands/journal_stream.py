"""Reading a journal's bytes as a stream of lines, in memory that stays flat however large the
file: every reader and writer of a journal reads it here, so they all take and refuse the same
files.

A journal line is an event of some hundred bytes; a line longer than ``MAX_EVENT_LINE``, or a
run of more than ``MAX_PADDING`` NUL bytes anywhere (a sparse or zeroed file, far more than the
padding a crash leaves at the end), is refused as soon as it is reached, naming the limit, the
line and the offset, and ``roads log JOURNAL --repair``, which keeps what comes before. What is
left after the last newline is the tail: a whole event that only lacks its newline (a file
edited by hand), or a torn line that the next writer cuts off (NUL padding included).
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Iterator

from roads.errors import ParseError
from roads.hands.intake import MAX_PADDING
from roads.hands.journal_errors import JournalError

__all__ = [
    "MAX_CUT",
    "MAX_EVENT_LINE",
    "PIECE",
    "LineStream",
    "check_cut",
    "crc_of",
    "fd_reader",
    "repair_hint",
]

MAX_EVENT_LINE = 1 << 20
"""The longest line a journal takes (1 MiB; an event is some hundred bytes)."""
MAX_CUT = 64 << 20
"""The most bytes a writer cuts off a batch without its commit record (64 MiB, far more than
any action roads writes); a longer one was not left by a write of roads that did not finish,
and is refused instead."""
PIECE = 1 << 20
"""Bytes read at a time."""

_NUL_RUN = b"\0" * (MAX_PADDING + 1)

Read = Callable[[int], bytes]
"""Reads at most that many bytes, the next ones; ``b""`` at the end."""


def repair_hint(source: str) -> str:
    """What to run to keep the lines before a part no reader takes (a backup is kept)."""
    return f"`roads log {source} --repair` keeps the lines before it and a backup of the file"


def check_cut(source: str, size: int) -> None:
    """Refuse (JournalError) to cut ``size`` bytes off the end of a journal when that is more
    than ``MAX_CUT``: no write of roads leaves so much unfinished."""
    if size > MAX_CUT:
        raise JournalError(
            f"{source} ends with {size:,} bytes of a batch without its commit record, more "
            f"than the {MAX_CUT >> 20} MiB a writer cuts off: nothing was logged; "
            + repair_hint(source)
        )


def fd_reader(fd: int, start: int, end: int) -> Read:
    """Reads the bytes of ``fd`` from ``start`` up to ``end`` (the size it had when looked at:
    what a writer adds meanwhile is read next time)."""
    position = start

    def read(size: int) -> bytes:
        nonlocal position
        data = os.pread(fd, min(size, end - position), position) if position < end else b""
        position += len(data)
        return data

    return read


def crc_of(fd: int, size: int, start: int = 0, crc: int = 0) -> tuple[int, int]:
    """The CRC-32 of the bytes of ``fd`` from ``start`` up to ``size``, continuing ``crc`` (the
    CRC of the bytes before ``start``), read a piece at a time; and how many bytes there were
    (fewer than asked if the file is shorter)."""
    read = fd_reader(fd, start, size)
    total = start
    while piece := read(1 << 20):
        crc = zlib.crc32(piece, crc)
        total += len(piece)
    return crc, total


class LineStream:
    """The lines of a journal's bytes, from ``read``, starting at byte ``offset`` of the file
    (line number ``first_line``): ``lines()`` yields each whole line as text, without its
    newline; once it is done, ``tail`` holds the torn bytes after the last newline (empty if
    none) and ``unended`` says whether the last line yielded lacked its newline (a whole event
    at the end of a file edited by hand).

    Raises ParseError, naming the line, the offset and the limit, for a line longer than
    ``MAX_EVENT_LINE``, a run of more than ``MAX_PADDING`` NUL bytes, bytes that are not UTF-8,
    or (from the start of a file) a first line that is not a journal's header.
    """

    def __init__(
        self,
        read: Read,
        source: str,
        *,
        offset: int = 0,
        first_line: int = 1,
        check_start: Callable[[bytes, str], None] | None = None,
    ) -> None:
        self._read = read
        self.source = source
        self.start = offset
        self.first_line = first_line
        self._check_start = check_start if offset == 0 else None
        self.tail = b""
        self.unended = False
        self.whole_bytes = 0
        """Bytes of the lines yielded, with their newlines (the missing one not counted)."""

    def lines(self) -> Iterator[str]:
        pending = bytearray()
        number = self.first_line
        while piece := self._read(PIECE):
            pending += piece
            end = pending.rfind(b"\n")
            if end >= 0:
                chunk = bytes(pending[: end + 1])
                del pending[: end + 1]
                if self._check_start is not None and number == self.first_line:
                    self._check_start(chunk, self.source)
                yield from self._whole_lines(chunk, number)
                number += chunk.count(b"\n")
            self._check_pending(pending, number)
        tail = bytes(pending)
        if self._check_start is not None and number == self.first_line:
            self._check_start(tail, self.source)
        if tail and _is_event(tail):
            self.unended = True
            yield self._decode(tail, number)
        else:
            self.tail = tail

    def _whole_lines(self, chunk: bytes, number: int) -> Iterator[str]:
        """The lines of ``chunk`` (whole lines, from line ``number``): decoded at once when
        they are plainly within the limits, else one at a time, so that the first line at
        fault is the one named, after the lines before it."""
        if len(chunk) <= MAX_EVENT_LINE and b"\0" not in chunk:
            try:
                lines = chunk.decode("utf-8").split("\n")
            except UnicodeDecodeError:
                pass
            else:
                lines.pop()
                self.whole_bytes += len(chunk)
                yield from lines
                return
        for line in chunk.split(b"\n")[:-1]:
            self._check_pending(line, number)
            text = self._decode(line, number)
            self.whole_bytes += len(line) + 1
            yield text
            number += 1

    def _check_pending(self, data: bytes | bytearray, number: int) -> None:
        """Refuse the line being read once it is too long or holds too long a NUL run."""
        if b"\0" in data and _NUL_RUN in data:
            if self._check_start is not None and number == self.first_line:
                self._check_start(bytes(data[:64]), self.source)
            at = self.start + self.whole_bytes + bytes(data).find(_NUL_RUN)
            raise ParseError(
                f"more than {MAX_PADDING >> 20} MiB of NUL bytes from offset {at} (a sparse or "
                "zeroed file, not what a crash leaves); " + repair_hint(self.source),
                source=self.source,
                line=number,
            )
        if len(data) - _trailing_nuls(data) > MAX_EVENT_LINE:
            raise ParseError(
                f"longer than {MAX_EVENT_LINE >> 20} MiB, the longest journal line (an event is "
                f"some hundred bytes; it starts at offset {self.start + self.whole_bytes}); "
                + repair_hint(self.source),
                source=self.source,
                line=number,
            )

    def _decode(self, line: bytes, number: int) -> str:
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            raise ParseError("not UTF-8 text", source=self.source, line=number) from None


def _trailing_nuls(data: bytes | bytearray) -> int:
    return len(data) - len(data.rstrip(b"\0"))


def _is_event(line: bytes) -> bool:
    """Whether a last line without its newline is a whole event (a file edited by hand)."""
    if len(line) > MAX_EVENT_LINE:
        return False
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False
