"""A checkpoint of a journal's replayed state, so that one append costs the same however long
the journal is: a small cache file outside the journal's folder, written after each append,
naming the journal's file, how far it had been replayed, a CRC of every byte up to there, and
the summary of the state at that point (``roads.hands.session_summary``).

The journal stays the only source of truth: a checkpoint is taken only when its file is the
same (device and inode), at least as long, and the same bytes up to the checkpoint's end; a
stale, foreign or corrupt checkpoint is ignored, and the journal replayed from the top.
Checking the CRC reads the bytes but parses none of them, which is what replaying costs.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from roads.errors import RoadsError
from roads.hands.journal_stream import crc_of
from roads.hands.session import Session
from roads.hands.session_summary import session_of, summary

__all__ = ["Checkpoint", "load", "save"]

VERSION = 2


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A state replayed from the first ``offset`` bytes (``lines`` lines) of a journal."""

    session: Session
    offset: int
    lines: int
    crc: int
    """The CRC-32 of those bytes."""


def folder() -> Path:
    """Where checkpoints are kept: ``ROADS_CACHE_DIR``, else the user's cache folder."""
    chosen = os.environ.get("ROADS_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "roads" / "journals"


def _where(identity: tuple[int, int]) -> Path:
    return folder() / f"journal-{identity[0]}-{identity[1]}.json"


def load(fd: int, identity: tuple[int, int]) -> Checkpoint | None:
    """The checkpoint of the journal open as ``fd``, if there is one that still holds."""
    try:
        record = json.loads(_where(identity).read_bytes())
        offset, lines = int(record["offset"]), int(record["lines"])
        if record["version"] != VERSION or record["file"] != list(identity) or offset <= 0:
            return None
        if os.fstat(fd).st_size < offset:
            return None
        crc, size = crc_of(fd, offset)
        if size != offset or os.pread(fd, 1, offset - 1) != b"\n" or crc != record["crc"]:
            return None
        return Checkpoint(session_of(record["state"]), offset, lines, record["crc"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RoadsError):
        return None


def save(
    identity: tuple[int, int],
    fd: int,
    session: Session,
    offset: int,
    lines: int,
    known: tuple[int, int] | None,
) -> tuple[int, int] | None:
    """Keep a checkpoint of ``session``, replayed from the first ``offset`` bytes of the
    journal open as ``fd``; quietly nothing if it cannot be written (it is only a cache).
    ``known``: the CRC of the first bytes, (bytes, CRC), so that only the rest is read.
    Returns the CRC of the ``offset`` bytes, (offset, CRC), when the checkpoint was kept."""
    state = summary(session)
    start, crc = known if known is not None and known[0] <= offset else (0, 0)
    with suppress(OSError):
        crc, _ = crc_of(fd, offset, start, crc)
        record = {
            "version": VERSION,
            "file": list(identity),
            "offset": offset,
            "lines": lines,
            "crc": crc,
            "state": state,
        }
        target = _where(identity)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(record, sort_keys=True))
        os.replace(temporary, target)
        return offset, crc
    return None
