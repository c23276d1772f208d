"""Repairing a journal that no reader takes (``roads log JOURNAL --repair``): a run of NUL bytes
past the limit (a sparse or zeroed file), a line past the longest a journal takes, a line that
is not an event, a torn tail or a batch without its commit record longer than a writer cuts.

The repair keeps every line before the first that no reader takes, less a batch left open
there, and keeps the whole file as it was beside it, as a backup: the journal's name then
names a new file of the kept lines, and the backup is the old file itself (a hard link made
before anything changes, so not a byte of it is rewritten). The work is done under the
journal's exclusive lock, a piece at a time, in memory that stays flat however large the file.
"""

from __future__ import annotations

import itertools
import os
import warnings
from dataclasses import dataclass
from pathlib import Path

from roads.errors import ParseError, RoadsError
from roads.hands.journal_errors import JournalWarning
from roads.hands.journal_format import apply_lines, check_start
from roads.hands.journal_lock import fsync_folder, locked, write_all
from roads.hands.journal_stream import LineStream, fd_reader, repair_hint
from roads.hands.session import Session

__all__ = ["Repaired", "repair"]


@dataclass(frozen=True, slots=True)
class Repaired:
    """What a repair did: the journal kept its first ``kept`` bytes (``lines`` lines) of the
    ``size`` it had; ``backup`` is the file as it was (None: nothing needed repairing, and
    nothing changed); ``reason`` is why the rest was left out."""

    kept: int
    lines: int
    size: int
    backup: Path | None
    reason: str


def repair(path: str | os.PathLike[str], *, lock_wait: float | None = None) -> Repaired:
    """Keep the lines of the journal at ``path`` that readers take, up to the first they
    refuse, and the file as it was beside it (``path`` with ``.broken``, or ``.broken-N``,
    added). RoadsError if there is no such file; ParseError if it is not a journal at all (its
    first line); JournalBusyError
    if another writer holds it for longer than ``lock_wait`` seconds (None: as long as it
    takes)."""
    journal = Path(path)
    if not journal.is_file():  # checked before the lock, which would create it
        raise RoadsError(f"{journal}: no such journal (not a regular file): nothing to repair")
    with locked(journal, write=True, lock_wait=lock_wait) as fd:
        size = os.fstat(fd).st_size
        bad_line, reason = _first_refused(fd, size, str(journal))
        kept, lines = _kept(fd, size, str(journal), bad_line)
        if kept == size:
            return Repaired(kept, lines, size, None, "nothing to repair")
        backup = _link_backup(journal)
        _write_kept(journal, fd, kept)
    return Repaired(kept, lines, size, backup, reason)


def _first_refused(fd: int, size: int, source: str) -> tuple[int | None, str]:
    """The number of the first line no reader takes, and why (None: every whole line is
    taken; what is left out then is a torn tail or a batch without its commit)."""
    stream = LineStream(fd_reader(fd, 0, size), source, check_start=check_start)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", JournalWarning)
            apply_lines(Session(), stream.lines(), source, 1)
    except ParseError as error:
        if error.line is None or error.line <= 1:
            raise
        return error.line, error.reason.removesuffix("; " + repair_hint(source))
    return None, "a torn last line or a batch without its commit record"


def _kept(fd: int, size: int, source: str, bad_line: int | None) -> tuple[int, int]:
    """How many bytes (and lines) of the journal to keep: the lines before ``bad_line`` (all
    the whole ones if None), less a batch they leave open."""
    stream = LineStream(fd_reader(fd, 0, size), source, check_start=check_start)
    lines = stream.lines()
    if bad_line is not None:
        lines = itertools.islice(lines, bad_line - 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        done, done_bytes, _ = apply_lines(Session(), lines, source, 1)
    return min(done_bytes, size), done  # a last line that only lacks its newline is kept


def _link_backup(journal: Path) -> Path:
    """A new name for the journal's file as it is (a hard link: no byte is copied)."""
    for number in itertools.count():
        backup = journal.with_name(
            journal.name + (".broken" if not number else f".broken-{number}")
        )
        try:
            os.link(journal, backup)
        except FileExistsError:
            continue
        fsync_folder(backup)
        return backup
    raise AssertionError("unreachable")


def _write_kept(journal: Path, fd: int, kept: int) -> None:
    """Put a new file of the first ``kept`` bytes of ``fd`` in the journal's place."""
    temporary = journal.with_name(f".{journal.name}.{os.getpid()}.repair")
    out = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        read = fd_reader(fd, 0, kept)
        while piece := read(1 << 20):
            write_all(out, piece)
        os.fchmod(out, os.fstat(fd).st_mode & 0o7777)
        os.fsync(out)
    except BaseException:
        os.close(out)
        os.unlink(temporary)
        raise
    os.close(out)
    os.replace(temporary, journal)
    fsync_folder(journal)
