"""Reading the hands of a board from any input: a file of results or coups, or a journal.

What a command reads, and how (a board, a stream, one board per shoe), is the policy of
:mod:`roads.policy`, which stands above ``roads.scoreboard``; this module, below it,
only reads.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from roads.atomic import mark_input
from roads.errors import ParseError, RoadsError
from roads.formats import Format, check_input, is_journal
from roads.hands.hand import Hand
from roads.hands.intake import PaddingWarning, open_input, padding, read_input, without_bom
from roads.hands.readers import parse_hands, parse_shoes
from roads.tables import STANDARD, Table

if TYPE_CHECKING:
    from roads.hands.journal import Session

_JOURNAL_HEAD = 1 << 12
"""Bytes read first to tell a journal, which is read as a stream, from other input."""

__all__ = ["journal_session", "read_hands", "read_session", "read_shoes", "read_text"]


def read_text(source: str) -> str:
    """The text of a file, or of standard input for ``"-"`` (NUL padding at its end, left by
    a crash, is left out with a warning)."""
    return _decode(source, _unpadded(source, _read(source)))


def _read(source: str) -> bytes:
    """The bytes of ``source``: a regular file or standard input, at most
    ``roads.hands.intake.MAX_INPUT`` (a device or a FIFO is refused at once)."""
    data = read_input(source)
    if source != "-":
        mark_input(source)
    return data


def _unpadded(source: str, data: bytes) -> bytes:
    """``data`` without the NUL padding a crash may leave at its end (said in a warning)."""
    count = padding(data)
    if not count:
        return data
    warnings.warn(
        f"{_name(source)}: ignoring {count} NUL bytes at the end, padding left by a write "
        "that did not finish",
        PaddingWarning,
        stacklevel=3,
    )
    return data[:-count]


def _kind(source: str, data: bytes) -> tuple[Format, bytes]:
    """The format of ``data`` and the bytes its reader takes: a journal's torn tail, NUL
    padding included, is for the journal's reader to judge; other input loses its padding."""
    unpadded = data[: len(data) - padding(data)]
    kind = check_input(source, unpadded)
    return kind, (data if kind.name == "journal" else _unpadded(source, data))


def _decode(source: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ParseError(
            f"not UTF-8 text (byte {data[error.start]:#04x} at offset {error.start})",
            source=_name(source),
        ) from None


def _name(source: str) -> str:
    return "<stdin>" if source == "-" else source


def _session(source: str, text: str) -> Session:
    """The journal ``text`` was read from: standard input replayed from the text itself."""
    from roads.hands import journal

    if source == "-":
        return journal.replay(text, source=_name(source))
    return journal.read_journal(source)


def _journal_file(source: str) -> Session | None:
    """The session of ``source`` if it is a journal file (not standard input), read as a
    stream, in memory that stays flat however large the file (``roads.hands.journal_stream``);
    None for anything else, which is read whole."""
    if source == "-":
        return None
    with open_input(source) as file:
        head = file.read(_JOURNAL_HEAD)
    if not is_journal(without_bom(head).decode("utf-8", "replace")):
        return None
    check_input(source, head.split(b"\n", 1)[0] + b"\n")  # a journal named as CSV is refused
    mark_input(source)
    return _session(source, "")


def read_session(source: str) -> Session:
    """The practice session of the journal ``source`` (a path, or ``"-"``); RoadsError if it
    is not a journal."""
    session = _journal_file(source)
    if session is not None:
        return session
    format_, data = _kind(source, _read(source))
    text = _decode(source, data)
    if format_.name != "journal" and not is_journal(text):
        raise RoadsError(
            f"{_name(source)} is not a journal ({format_.title}): only a journal keeps the "
            "seats and bets of a practice session (roads log writes one)"
        )
    return _session(source, text)


def journal_session(source: str) -> Session | None:
    """``read_session`` of ``source`` if it is a journal; None for any other input."""
    session = _journal_file(source)
    if session is not None:
        return session
    format_, data = _kind(source, _read(source))
    text = _decode(source, data)
    if format_.name != "journal" and not is_journal(text):
        return None
    return _session(source, text)


def read_hands(source: str, *, shoe: int | None = None, every_shoe: bool = False) -> list[Hand]:
    """The hands in ``source`` (a path, or ``"-"``), whatever its kind.

    A journal gives its current shoe, shoe number ``shoe`` (1-based), or ``every_shoe``; so does
    a file whose rows name their shoe, except that with several shoes it needs one of the two.
    """
    return read_hands_at_table(source, shoe=shoe, every_shoe=every_shoe)[0]


def read_hands_at_table(
    source: str, *, shoe: int | None = None, every_shoe: bool = False
) -> tuple[list[Hand], Table]:
    """``read_hands``, with the table the hands were played at: a journal's (of that shoe, or
    of its current shoe), else ``standard``."""
    hands, table = read_hands_and_table(source, shoe=shoe, every_shoe=every_shoe)
    return hands, table or STANDARD


def read_hands_and_table(
    source: str, *, shoe: int | None = None, every_shoe: bool = False
) -> tuple[list[Hand], Table | None]:
    """``read_hands``, with the table a journal recorded for them (of that shoe, or of its
    current shoe); None when the input records no table (it is not a journal)."""
    session = _journal_file(source)
    if session is not None:
        return session.hands(shoe=shoe, every_shoe=every_shoe), session.table_of(
            None if every_shoe else shoe
        )
    format_, data = _kind(source, _read(source))
    kind = format_.name
    text = _decode(source, data)
    if kind == "journal" or is_journal(text):
        session = _session(source, text)
        hands = session.hands(shoe=shoe, every_shoe=every_shoe)
        return hands, session.table_of(None if every_shoe else shoe)
    hands = parse_hands(text, source=_name(source), shoe=shoe, every_shoe=every_shoe, format=kind)
    return hands, None


def read_shoes(source: str) -> list[list[Hand]]:
    """The hands of every shoe in ``source`` (a path, or ``"-"``), recognised as ``read_hands``
    recognises it: each shoe of a journal, or of a file whose rows name their shoe, in order."""
    return [hands for hands, _ in read_shoes_at_tables(source)]


def read_shoes_at_tables(source: str) -> list[tuple[list[Hand], Table]]:
    """``read_shoes``, each shoe with its table (as ``read_hands_at_table``)."""
    return [(hands, table or STANDARD) for hands, table in read_shoes_and_tables(source)]


def read_shoes_and_tables(source: str) -> list[tuple[list[Hand], Table | None]]:
    """``read_shoes``, each shoe with the table a journal recorded for it (None: the input is
    not a journal)."""
    session = _journal_file(source)
    if session is not None:
        return [
            (session.hands(shoe=number), session.table_of(number))
            for number in range(1, len(session.shoes) + 1)
        ]
    format_, data = _kind(source, _read(source))
    kind = format_.name
    text = _decode(source, data)
    if kind == "journal" or is_journal(text):
        session = _session(source, text)
        return [
            (session.hands(shoe=number), session.table_of(number))
            for number in range(1, len(session.shoes) + 1)
        ]
    return [(hands, None) for hands in parse_shoes(text, source=_name(source), format=kind)]


def check_table(recorded: Table | None, given: Table | None, source: str) -> Table | None:
    """The table to read hands at: ``given`` (``--rules`` and the like), unless the input is
    a journal that recorded another one: a shoe's table cannot change once a coup is logged, so
    that is an error naming both (the journal's own table, or none, is what to give)."""
    if given is None or recorded is None or given.pay == recorded.pay:
        return recorded or given
    raise RoadsError(
        f"{_name(source)} is a journal played at the {_words(recorded)}; the options name the "
        f"{_words(given)}: a journal settles and marks by its own table, so drop --rules, "
        "--tie-pays and --side-bets (or give its own)"
    )


def _words(table: Table) -> str:
    offered = (
        "every side bet"
        if table.side_bets is None
        else ("side bets " + ", ".join(table.side_bets) if table.side_bets else "no side bet")
    )
    return f"{table.rules} table (Tie {table.tie_pays}:1, {offered})"
