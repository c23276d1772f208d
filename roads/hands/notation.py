"""The result notation (docs/rules/notation.md): ``B``, ``P`` or ``T`` per coup, then its flags
``b p n``, and the marks ``6`` ``7`` after ``B`` and ``8`` after ``P``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import product

from roads.errors import ParseError
from roads.game.coup import Outcome
from roads.hands.hand import Hand
from roads.tables.marks import MARK_BY_FLAG, MARKS

_TOKEN = re.compile(
    r"(?P<hand>[BPT][bpn678]*)|(?P<space>[\s,|]+)|(?P<comment>#[^\n]*)|(?P<bad>.)", re.DOTALL
)
_FLAG_NAMES = {
    "b": "banker pair",
    "p": "player pair",
    "n": "natural",
    "6": "Banker wins with 6",
    "7": "Dragon 7: Banker wins with a three-card 7",
    "8": "Panda 8: Player wins with a three-card 8",
}
_MARK_FLAGS = "".join(mark.flag for mark in MARKS)

# Hands without cards are plain values: one shared instance per spelling keeps long shoes small.
_HANDS = {
    hand.notation: hand
    for outcome, bp, pp, nat in product(Outcome, (False, True), (False, True), (False, True))
    for marks in [()] + ([] if nat else [(mark.name,) for mark in MARKS if mark.side is outcome])
    for hand in [Hand(outcome, bp, pp, nat, marks=marks)]
}


def hand_spelled(spelling: str) -> Hand:
    """The shared hand of a spelling in canonical order (``B``, ``Pbn``, ``B7``: flags ``b p n``,
    then a mark), one instance per spelling. Raises KeyError for any other text."""
    return _HANDS[spelling]


def where(text: str, index: int, source: str = "") -> tuple[int, int]:
    """The 1-based (line, column) of ``text[index]``. Line is 0 for a string of one line with no
    ``source`` (its errors name a position), and at least 1 for a file."""
    if "\n" not in text:
        return (1 if source else 0), index + 1
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def parse_notation(text: str, source: str = "", *, comments: bool = True) -> list[Hand]:
    """Read hands from the result notation; whitespace, ``,`` and ``|`` separate.

    ``#`` starts a comment, as in a file; without ``comments`` (results given as one string:
    ``--hands``, ``--add``, the HTTP API) it is an error, where it would silently drop the
    rest. Raises ParseError naming the first character that is not notation, and where it is.
    """
    hands: list[Hand] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind == "comment" and not comments:
            line, column = where(text, match.start(), source)
            raise ParseError(
                "unexpected '#': comments are for files, not for results given as text",
                source=source,
                line=line,
                column=column,
            )
        if kind == "hand":
            spelling = match.group()
            hand = _HANDS.get(spelling)
            if hand is None:
                hand = _HANDS[_canonical(spelling, text, match.start(), source)]
            hands.append(hand)
        elif kind == "bad":
            raise _unexpected(match.group(), text, match.start(), source)
    return hands


def notation_lines(lines: Iterable[str], source: str = "") -> Iterator[Hand]:
    """The hands of a file of the notation, given as its lines or as pieces of any size
    (``#`` starts a comment); an error names the line it is on, counted from 1."""
    for _, hand in notation_records(lines, source):
        yield hand


SHOE_MARK = re.compile(r"#[ \t]*shoe\b", re.IGNORECASE)
"""A comment that starts a shoe (docs/export.md): a line that begins with ``# shoe``, as
``roads simulate`` writes one before each shoe (``# shoe 2: 8 decks, seed 5, ...``). Any reader
of the notation takes it for a comment; roads takes the hands after it, up to the next such
line, as one shoe (the hands before the first, if any, as another)."""

_PIECE = 1 << 16
"""The most characters of one line read at a time: a line of millions of coups is read in
pieces of this size, in memory that does not grow with it."""
_OPEN_HAND = re.compile(r"[BPT][bpn678]{0,6}\Z")


def notation_records(pieces: Iterable[str], source: str = "") -> Iterator[tuple[str | None, Hand]]:
    """The hands of notation text given as pieces of any size (the lines of a file, or blocks
    of it), each with the label of the shoe it is in: the number of ``SHOE_MARK`` lines before
    it (``"1"`` after the first), None before the first. Memory stays flat however long a
    line is: a line is read ``_PIECE`` characters at a time. An error names the line (from 1)
    and the column."""
    reader = _Reader(source)
    for piece in pieces:
        yield from reader.feed(piece)
    yield from reader.end()


class _Reader:
    """The state of reading notation piece by piece: the line, how much of it is read, and
    the shoe the hands are in."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.label: str | None = None
        self.shoes = 0  # the SHOE_MARK lines read
        self.line = 1
        self.column = 0  # characters of the line read before ``pending``
        self.pending = ""  # the line's characters not yet read
        self.comment = False  # the rest of the line is a comment already read

    def feed(self, piece: str) -> Iterator[tuple[str | None, Hand]]:
        start = 0
        while (end := piece.find("\n", start)) >= 0:
            if not self.comment:
                self.pending += piece[start:end]
                yield from self._read(final=True)
            self.line, self.column, self.pending = self.line + 1, 0, ""
            self.comment = False
            start = end + 1
        if not self.comment:
            self.pending += piece[start:]
            if len(self.pending) > _PIECE:
                yield from self._read(final=False)

    def end(self) -> Iterator[tuple[str | None, Hand]]:
        if not self.comment:
            yield from self._read(final=True)

    def _read(self, *, final: bool) -> Iterator[tuple[str | None, Hand]]:
        """Read ``pending``: all of it at the end of its line; else up to a comment, or up to
        a hand whose flags may go on in the next piece (kept for then)."""
        text = self.pending
        cut = len(text)
        if not final:
            hash_at = text.find("#")
            if hash_at >= 0:
                cut = hash_at
            else:
                tail = _OPEN_HAND.search(text, max(0, cut - 7))
                cut = tail.start() if tail is not None else cut
        yield from self._hands(text[:cut])
        self.column += cut
        self.pending = text[cut:]
        if not final and len(self.pending) > _PIECE:  # a long comment: read its start
            self._comment(self.pending[:_PIECE])
            self.pending, self.comment = "", True

    def _hands(self, text: str) -> Iterator[tuple[str | None, Hand]]:
        label = self.label
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup
            if kind == "hand":
                spelling = match.group()
                hand = _HANDS.get(spelling)
                if hand is None:
                    try:
                        hand = _HANDS[_canonical(spelling, text, match.start(), "")]
                    except ParseError as error:
                        raise self._error(error.reason, error.column) from None
                yield label, hand
            elif kind == "comment":
                self._comment(match.group(), match.start())
                label = self.label
            elif kind == "bad":
                unexpected = _unexpected(match.group(), text, match.start(), "")
                raise self._error(unexpected.reason, match.start() + 1)

    def _comment(self, text: str, at: int = 0) -> None:
        """A comment ``text`` at column ``at`` (0-based) of the part of the line read: a
        ``SHOE_MARK`` at the start of a line starts the next shoe."""
        if self.column + at == 0 and SHOE_MARK.match(text):
            self.shoes += 1
            self.label = str(self.shoes)

    def _error(self, reason: str, column: int) -> ParseError:
        return ParseError(reason, source=self.source, line=self.line, column=self.column + column)


def _canonical(spelling: str, text: str, start: int, source: str) -> str:
    """Flags may come in any order, each once: ``Bnb`` is ``Bbn``. A mark must fit its letter
    (``6`` and ``7`` after ``B``, ``8`` after ``P``), one per coup, and never with ``n``: a
    natural is no three-card hand, and no Banker win with 6."""
    letter, flags = spelling[0], spelling[1:]

    def fail(offset: int, reason: str) -> ParseError:
        line, column = where(text, start + offset, source)
        return ParseError(reason, source=source, line=line, column=column)

    marked = ""
    for offset, flag in enumerate(flags, start=1):
        if flags.index(flag) != offset - 1:
            raise fail(offset, f"flag {flag!r} ({_FLAG_NAMES[flag]}) is given twice for one coup")
        mark = MARK_BY_FLAG.get(flag)
        if mark is None:
            continue
        if mark.side.value != letter:
            raise fail(
                offset,
                f"flag {flag!r} ({_FLAG_NAMES[flag]}) cannot follow {letter!r}: it marks a "
                f"{mark.side.value} result",
            )
        if marked:
            raise fail(
                offset,
                f"flag {flag!r} ({_FLAG_NAMES[flag]}) contradicts {marked!r} "
                f"({_FLAG_NAMES[marked]}): one coup has one of them",
            )
        if "n" in flags:
            raise fail(offset, f"flag {flag!r} ({_FLAG_NAMES[flag]}) contradicts 'n' (natural)")
        marked = flag
    return letter + "".join(flag for flag in "bpn" + _MARK_FLAGS if flag in flags)


def _unexpected(char: str, text: str, index: int, source: str) -> ParseError:
    line, column = where(text, index, source)
    if char in _FLAG_NAMES:
        reason = f"flag {char!r} ({_FLAG_NAMES[char]}) must follow a result letter B, P or T"
    elif char.upper() in "BPT":
        reason = f"unexpected {char!r}: results are upper-case B, P or T"
    else:
        reason = (
            f"unexpected {char!r}: expected a result B, P or T (flags b, p, n after it), "
            "spaces, ',' or '|'"
        )
    return ParseError(reason, source=source, line=line, column=column)


def format_notation(hands: Iterable[Hand]) -> str:
    """The hands in the result notation, without separators."""
    return "".join(hand.notation for hand in hands)
