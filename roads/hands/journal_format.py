"""Reading the journal's file format: the header, whole lines and a torn tail, batches and their
commit records, and the replay of the lines into a Session."""

from __future__ import annotations

import gc
import io
import json
import os
import warnings
from collections.abc import Iterable
from typing import Any

from roads.errors import ParseError, RoadsError
from roads.formats import JOURNAL_HEADER_LINE as HEADER_LINE
from roads.formats import JOURNAL_VERSION as VERSION
from roads.hands.intake import without_bom
from roads.hands.journal_errors import JournalWarning
from roads.hands.journal_events import BEGIN, COMMIT, KINDS, Event
from roads.hands.journal_lock import open_reading, writing
from roads.hands.journal_stream import LineStream, Read, fd_reader
from roads.hands.readers import json_reason
from roads.hands.refusals import CHECKED_ON_REPLAY, RefusedError, check_event
from roads.hands.session import Session

__all__ = [
    "apply_lines",
    "check_start",
    "read_journal",
    "replay",
    "warn_torn",
    "warn_unclosed",
]


def replay(text: str, source: str = "") -> Session:
    """The state of a journal's text. A last line without its newline is torn, unless it is a
    whole event: a torn line, and a batch of lines without its commit record, are ignored with
    a JournalWarning. Any other bad line raises ParseError naming it."""
    data = io.BytesIO(text.encode("utf-8"))
    return _replay_stream(data.read, source or "journal", source)


def read_journal(path: str | os.PathLike[str]) -> Session:
    """Replay a journal file, a piece at a time, in memory that stays flat. Lines being
    written by another process are not seen: a write in progress is only ever a torn last line
    or a batch without its commit record, and both are left out (with a warning only when no
    write is under way). Never waits for a lock."""
    with open_reading(path) as file:
        busy = writing(file.fileno())
        end = os.fstat(file.fileno()).st_size
        read = fd_reader(file.fileno(), 0, end)
        if busy:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", JournalWarning)
                return _replay_stream(read, str(path), str(path))
        return _replay_stream(read, str(path), str(path))


def _replay_stream(read: Read, name: str, source: str) -> Session:
    stream = LineStream(read, source, check_start=check_start)
    session = Session()
    collecting = gc.isenabled()
    gc.disable()  # a replay makes objects that all live on: the collector would only search
    try:
        applied, _, lines = apply_lines(session, stream.lines(), source, 1)
    finally:
        if collecting:
            gc.enable()
    if stream.tail:
        warn_torn(name, lines + 1)
    if applied < lines:
        warn_unclosed(name, applied + 1, lines)
    return session


def warn_torn(source: str, line: int, action: str = "ignoring") -> None:
    warnings.warn(
        f"{source}: {action} a torn last line (line {line}), left by a write that did not finish",
        JournalWarning,
        stacklevel=3,
    )


def warn_unclosed(source: str, first: int, last: int, action: str = "ignoring") -> None:
    warnings.warn(
        f"{source}: {action} lines {first}-{last}, a batch without its commit record, left by "
        "a write that did not finish",
        JournalWarning,
        stacklevel=3,
    )


def check_start(data: bytes, source: str) -> None:
    """Refuse data whose first line is not a journal header. A first line torn before its
    newline passes if it is the start of the header this module writes."""
    first, newline, _ = without_bom(data).partition(b"\n")
    if not newline:
        if HEADER_LINE.startswith(first):
            return
        raise _not_a_journal(source)
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        raise _not_a_journal(source) from None
    if not isinstance(header, dict):
        raise _not_a_journal(source)
    _check_header(header, source)


def _not_a_journal(source: str) -> ParseError:
    return ParseError(
        'not a roads journal: its first line is not {"roads": "journal", ...}; '
        "roads log starts a journal in a new or empty file",
        source=source,
        line=1,
    )


def _check_header(header: dict[str, Any], source: str) -> None:
    if header.get("roads") != "journal":
        raise _not_a_journal(source)
    version = header.get("version")
    if version != VERSION:
        raise ParseError(
            f"journal version {version!r}: this roads reads version {VERSION}",
            source=source,
            line=1,
        )


def _parse_line(line: str, source: str, number: int) -> Event | None:
    """The event on a line; None for a blank line or the header (line 1, checked)."""
    if number == 1:
        line = line.removeprefix("\ufeff")  # a byte order mark, left by an editor
    if not line.strip():
        return None
    try:
        event = json.loads(line)
    except ValueError as error:
        raise ParseError(
            f"not a journal event: {json_reason(error)}", source=source, line=number
        ) from None
    except RecursionError:
        raise ParseError(
            "not a journal event: nested too deeply", source=source, line=number
        ) from None
    if not isinstance(event, dict):
        raise ParseError("not a journal event (expected {...})", source=source, line=number)
    if number == 1:
        _check_header(event, source)
        return None
    return event


def _apply_event(
    session: Session, event: Event, source: str, number: int, unknown: set[str]
) -> None:
    """Replay one event, checked first as the writer checks it (``check_event``): one the
    writer would have refused is skipped with a warning naming its line and field; one of a
    kind this roads does not know (a newer roads' kind, or a typo) changes nothing, and is
    said once per kind in ``unknown``. A coup that is not a hand raises ParseError."""
    kind = event.get("event")
    if isinstance(kind, str) and kind not in CHECKED_ON_REPLAY:
        if kind not in unknown:
            unknown.add(kind)
            _warn(
                f"{source}:{number}: skipping events of kind {kind!r}, which this roads does "
                f"not know (one of {', '.join(KINDS)}): a newer roads' kinds change nothing "
                "here, a misspelt one is lost (said once per kind)"
            )
        return
    try:
        session.apply(event, hand=check_event(session, event))
    except RefusedError as refusal:
        field = f" (field {refusal.field!r})" if refusal.field else ""
        shown = kind if isinstance(kind, str) else f"{kind!r}"
        article = "an" if shown[:1] in ("a", "e", "i", "o", "u") else "a"
        _warn(
            f"{source}:{number}: skipping {article} {shown} event the journal's writer would "
            f"have refused{field}: {refusal}"
        )
    except RoadsError as error:
        reason = error.reason if isinstance(error, ParseError) else str(error)
        raise ParseError(reason, source=source, line=number) from None


def _warn(message: str) -> None:
    warnings.warn(message, JournalWarning, stacklevel=5)


def apply_lines(
    session: Session, lines: Iterable[str], source: str, first: int
) -> tuple[int, int, int]:
    """Apply whole ``lines`` (numbered from ``first``) to ``session``: the events of a batch
    only once its commit record is read. Returns how many lines are done with (applied, or
    blank) before the first batch left open, how many bytes they take with newlines, and how
    many lines there were."""
    done = done_bytes = position = index = begun = 0
    batch: list[tuple[Event, int]] | None = None
    unknown: set[str] = set()
    for index, line in enumerate(lines, 1):
        number = first + index - 1
        position += len(line if line.isascii() else line.encode("utf-8")) + 1
        event = _parse_line(line, source, number)
        kind = event.get("event") if event is not None else None
        if kind == BEGIN:
            if batch is not None:
                raise ParseError(
                    f"a batch begins inside the one begun at line {begun}, which has no "
                    "commit record",
                    source=source,
                    line=number,
                )
            batch, begun = [], number
            continue
        if kind == COMMIT:
            if batch is None:
                _warn(f"{source}:{number}: skipping a commit record without its begin")
            for queued, queued_number in batch or ():
                _apply_event(session, queued, source, queued_number, unknown)
            batch = None
        elif event is not None:
            if batch is not None:
                batch.append((event, number))
                continue
            _apply_event(session, event, source, number, unknown)
        elif batch is not None:
            continue
        done, done_bytes = index, position
    return done, done_bytes, index


# -- writing -----------------------------------------------------------------------------------
