"""Reading the hands of a long file as a stream: one line at a time, in memory that stays flat.

The hands, and the errors, are those ``readers.parse_hands`` gives for the whole text; only the
moment differs: a bad line is found when it is reached, after the hands before it have been
handed on. Callers that must not act on part of a file write to a temporary file that replaces
the output only at the end (``roads.atomic``).
"""

from __future__ import annotations

import codecs
import os
import warnings
from collections.abc import Callable, Iterator
from typing import BinaryIO

from roads import engines
from roads.errors import ParseError
from roads.formats import is_journal
from roads.hands.compact import Compact, CompactRecord, reading_engine
from roads.hands.hand import Hand
from roads.hands.intake import BOM, MAX_LINE, MAX_PADDING, PaddingWarning, open_input
from roads.hands.notation import notation_records
from roads.hands.readers import Record, check_shoe_choice, csv_records, jsonl_records
from roads.progress import job

_HEAD = 1 << 16
"""Bytes read first to tell what kind of file it is."""


STREAM_FROM = 16 << 20
"""Files smaller than this (16 MiB, some 80,000 coups with their cards) are read whole: they
take little memory, and reading them whole shows the progress of building their roads."""
STREAM_NOTATION_FROM = 64 << 10
"""The same for the result notation (64 KiB), where a coup takes a byte or two: 16 MiB of it
would be some ten million coups, far too many to hold as hands."""


def stream_hands(
    source: str,
    *,
    shoe: int | None = None,
    every_shoe: bool = False,
    smallest: int | None = None,
) -> Iterator[Hand] | None:
    """The hands of the file ``source`` as a stream, or None when it is better read whole:
    smaller than ``smallest`` bytes (None: ``STREAM_FROM``, or ``STREAM_NOTATION_FROM`` for
    the result notation), standard input, a journal, a JSON document, or (but for the
    notation) line breaks other than LF and CR LF.

    ``shoe`` and ``every_shoe`` choose among the shoes the rows name, as in ``parse_hands``.
    """
    opened = _stream(source, smallest)
    if opened is None:
        return None
    kind, path = opened
    records = {"csv": _csv, "jsonl": _jsonl, "text": _notation}[kind](path, source)
    return _chosen(records, source, shoe, every_shoe)


def file_lines(kind: str, path: str, source: str) -> Iterator[str]:
    """The text of the file ``path`` of ``kind`` as a reader of that kind takes it: the
    lines of CSV and JSON Lines, each with its line end; the notation in blocks of any size
    (a line of it can hold every coup of a file)."""
    return _blocks(path, source) if kind == "text" else _lines(path, source)


def stream_compact(
    source: str, *, shoe: int | None = None, every_shoe: bool = False, engine: str | None = None
) -> Iterator[Compact] | None:
    """The hands of the file ``source`` in the compact form (``roads.hands.compact``), as a
    stream whatever the file's size; None where ``stream_hands`` would read it whole for
    another reason (standard input, a journal, line breaks other than LF and CR LF). The
    hands, and the errors, are those of ``stream_hands``; ``engine`` reads the lines
    (``roads.engines``; None: the fast one), the same hands from any."""
    opened = _stream(source, 0)
    if opened is None:
        return None
    kind, path = opened
    reading = reading_engine(engines.choose(engine))
    records = reading.records(kind, file_lines(kind, path, source), source)
    return _chosen_compact(records, source, shoe, every_shoe)


def _stream(source: str, smallest: int | None) -> tuple[str, str] | None:
    """The kind of the file ``source`` and its path, when it is to be read as a stream."""
    if source == "-":
        return None
    path = source
    with open_input(path) as file:
        size = os.fstat(file.fileno()).st_size
        if size < (min(STREAM_FROM, STREAM_NOTATION_FROM) if smallest is None else smallest):
            return None
        head = file.read(_HEAD)
    if not head.strip():
        return None
    if is_journal(head.decode("utf-8-sig", errors="replace")):
        return None  # a journal is read as a stream of events (roads.hands.journal_stream)
    from roads.formats import check_input

    kind = check_input(source, head).name
    if kind in ("journal", "json"):
        return None  # a journal replays, a JSON document is one value: read whole
    if kind != "text" and (
        b"\r" in head.replace(b"\r\n", b"") or (smallest is None and size < STREAM_FROM)
    ):
        return None
    from roads.atomic import mark_input

    mark_input(source)  # no output of this command may replace it
    return kind, path


_TELL_EVERY = 1 << 20
"""Bytes read between two reports of the progress of reading (``roads.progress``)."""


def _lines(path: str, source: str) -> Iterator[str]:
    """The file's lines, decoded, each with its ``\\n``; a byte that is not UTF-8 is named by
    its offset in the file, as reading the whole file names it. How many of the file's bytes
    have been read is told to the progress listener, if any (the number of hands is not known
    before the end)."""
    with open_input(path) as file:
        total = os.fstat(file.fileno()).st_size
        with job(f"Reading {os.path.basename(path)}", total) as progress:
            yield from _decoded(file, source, progress.advance)


def _decoded(file: BinaryIO, source: str, advance: Callable[[int], None]) -> Iterator[str]:
    offset = 0
    untold = 0
    for number, raw in enumerate(iter(lambda: file.readline(MAX_LINE + 1), b"")):
        if len(raw) > MAX_LINE:
            raise ParseError(
                f"line {number + 1} is longer than {MAX_LINE >> 20} MiB, the longest roads "
                "reads: is this a file of hands?",
                source=source,
            )
        data = raw
        if number == 0 and raw.startswith(BOM):
            data, offset = raw[len(BOM) :], len(BOM)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            at = offset + error.start
            raise ParseError(
                f"not UTF-8 text (byte {data[error.start]:#04x} at offset {at})", source=source
            ) from None
        offset += len(data)
        untold += len(raw)
        if untold >= _TELL_EVERY:
            advance(untold)
            untold = 0
        yield text
    advance(untold)


_BLOCK = 1 << 20
"""Bytes of the notation read at a time."""


def _blocks(path: str, source: str) -> Iterator[str]:
    """The file's text in blocks of about ``_BLOCK`` bytes, decoded (a character cut by a
    block's end goes with the next one); a byte that is not UTF-8 is named by its offset in
    the file, and NUL padding at the end (left by a crash) is left out with a warning, as
    reading the whole file does. The bytes read are told to the progress listener."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    with open_input(path) as file:
        total = os.fstat(file.fileno()).st_size
        with job(f"Reading {os.path.basename(path)}", total) as progress:
            offset = 0  # bytes given to the decoder before this block
            nuls = b""  # NUL bytes held back: padding if nothing follows them
            while block := file.read(_BLOCK):
                if offset == 0 and block.startswith(BOM):
                    block, offset = block[len(BOM) :], len(BOM)
                kept = block.rstrip(b"\0")
                data, nuls = (nuls + kept, block[len(kept) :]) if kept else (b"", nuls + block)
                if len(nuls) > MAX_PADDING:  # more than padding: for the reader to refuse
                    data, nuls = data + nuls, b""
                held = len(decoder.getstate()[0])
                try:
                    text = decoder.decode(data)
                except UnicodeDecodeError as error:
                    at = offset - held + error.start
                    raise ParseError(
                        f"not UTF-8 text (byte {error.object[error.start]:#04x} at offset {at})",
                        source=source,
                    ) from None
                offset += len(data)
                progress.advance(len(block))
                yield text
            yield from _end(decoder, nuls, offset, source)


def _end(
    decoder: codecs.IncrementalDecoder, nuls: bytes, offset: int, source: str
) -> Iterator[str]:
    """The end of ``_blocks``: the NUL bytes held back, or the warning that they are padding;
    an error for a character the end cuts short."""
    if nuls and (offset == 0 or len(nuls) > MAX_PADDING):
        yield nuls.decode()  # not padding: the reader names the first NUL
    elif nuls:
        warnings.warn(
            f"{source}: ignoring {len(nuls)} NUL bytes at the end, padding left by a write "
            "that did not finish",
            PaddingWarning,
            stacklevel=2,
        )
    held = decoder.getstate()[0]
    if held:  # a character cut short by the end of the file
        raise ParseError(
            f"not UTF-8 text (byte {held[0]:#04x} at offset {offset - len(held)})", source=source
        )


def _jsonl(path: str, source: str) -> Iterator[Record]:
    return jsonl_records(_lines(path, source), source)


def _csv(path: str, source: str) -> Iterator[Record]:
    return csv_records(_lines(path, source), source)


def _notation(path: str, source: str) -> Iterator[Record]:
    return notation_records(_blocks(path, source), source)


def _chosen(
    records: Iterator[Record], source: str, shoe: int | None, every_shoe: bool
) -> Iterator[Hand]:
    labels: dict[str | None, int] = {}
    for label, hand in records:
        ordinal = labels.setdefault(label, len(labels))
        if every_shoe or (ordinal == 0 if shoe is None else ordinal == shoe - 1):
            yield hand
    check_shoe_choice(len(labels), shoe, every_shoe, source)


def _chosen_compact(
    records: Iterator[CompactRecord], source: str, shoe: int | None, every_shoe: bool
) -> Iterator[Compact]:
    if every_shoe:
        for _, hand, cards in records:
            yield hand, cards
        return
    labels: dict[str | None, int] = {}
    wanted = 0 if shoe is None else shoe - 1
    for label, hand, cards in records:
        if labels.setdefault(label, len(labels)) == wanted:
            yield hand, cards
    check_shoe_choice(len(labels), shoe, every_shoe, source)
