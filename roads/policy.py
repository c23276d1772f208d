"""What a command reads, and how: its hands as a board, a stream, or one board per shoe.

The reading policy of every command that takes hands (``roads render``, ``show``, ``export``,
``animate``, ``report``) in one value, :class:`Input`: where the hands come from (a file or
``"-"``, or the notation as text), which shoe, how the roads lay out tails, and one method per
way a command uses them. A long file is read as a stream where the use allows: a board to draw
is refused as soon as it is too large, a board whose hands are not needed keeps one byte per
hand, and an export never holds them all.

    >>> from roads.policy import Input
    >>> Input(text="BPPT").board()
    Scoreboard(4 coups: B1 P2 T1)

Arguments that do not go together raise :class:`roads.errors.ArgumentError`, whose message a
command line words in its own options (``ArgumentError.worded``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from roads.errors import ArgumentError
from roads.hands.compact import Compact, compact
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.hands.streaming import stream_compact, stream_hands
from roads.inputs import (
    check_table,
    journal_session,
    read_hands_and_table,
    read_shoes_and_tables,
)
from roads.scoreboard import Scoreboard
from roads.tables import STANDARD, Table
from roads.values import frozen

if TYPE_CHECKING:
    from roads.hands.statement import Statement

__all__ = ["Input"]


@frozen
class Input:
    """Where a command's hands come from.

    Attributes:
        source: a file of hands, or ``"-"`` for standard input; None with ``text``.
        text: the hands in the result notation instead of a file (``roads --hands``).
        shoe: shoe N (1-based) of a journal, or of a file whose rows name their shoe.
        every_shoe: every coup of every shoe, as one board.
        tails: how a streak pushed up by an older tail goes on (see ``roads.grids.roads``).

    Each way to read takes ``table``: the table the board is marked as (None: a journal's own,
    else the standard table's marks), given on the command line by ``--rules`` and the like.

    Raises:
        ArgumentError: neither of ``source`` and ``text``, or both (the message says which
            to drop); ``shoe`` and ``every_shoe`` together; either of them with ``text``.
    """

    source: str | None = None
    text: str | None = None
    shoe: int | None = None
    every_shoe: bool = False
    tails: str = "straight"

    def __post_init__(self) -> None:
        if self.source is None and self.text is None:
            raise ArgumentError(
                "give {source} (a file, or - for standard input) or {hands_text}",
                about=("source", "hands"),
            )
        if self.source is not None and self.text is not None:
            raise ArgumentError(
                "both {source} and {hands} were given: drop {hands} to read {source}, "
                "or drop {source} to use {hands}",
                about=("source", "hands"),
            )

    def _check(self) -> None:
        if self.shoe is not None and self.every_shoe:
            raise ArgumentError("give {shoe_n} or {every_shoe}, not both")
        if self.text is not None and (self.shoe is not None or self.every_shoe):
            raise ArgumentError("{shoe} and {every_shoe} apply to files, not to {hands}")

    def _read(self, table: Table | None = None) -> Scoreboard:
        """The board read whole, at ``table`` unless a journal recorded another one (an error:
        ``check_table``)."""
        if self.text is not None:
            return self._at(Scoreboard.from_notation(self.text, tails=self.tails), table)
        source = self.source or "-"
        hands, recorded = read_hands_and_table(source, shoe=self.shoe, every_shoe=self.every_shoe)
        chosen = check_table(recorded, table, source) or STANDARD
        return Scoreboard(hands, tails=self.tails, table=chosen)

    @staticmethod
    def _at(board: Scoreboard, table: Table | None) -> Scoreboard:
        if table is not None:
            board.set_table(table)
        return board

    def board(self, *, table: Table | None = None) -> Scoreboard:
        """The board of the hands, read whole (``roads report``, ``roads animate``).

        Returns:
            The Scoreboard, its hands kept.
        """
        self._check()
        return self._read(table)

    def drawable(
        self,
        *,
        road: str | None = None,
        columns: int | None = None,
        layout: str = "standard",
        table: Table | None = None,
    ) -> Scoreboard:
        """The board to draw with ``road``, ``columns`` and ``layout`` (see ``BoardOptions``):
        a long file is read as a stream and a board too large to draw refused as soon as that
        much is read, not after the whole file (a lobby thumbnail is never too large).

        Returns:
            The Scoreboard.

        Raises:
            roads.errors.RoadsError: the board is too large to draw so.
        """
        self._check()
        if layout == "lobby" or self.text is not None:
            return self._read(table)
        from roads.drawing.board import MOST_MARKS

        # A file of fewer bytes than a picture's most marks holds fewer hands than that.
        hands = stream_hands(
            self.source or "-", shoe=self.shoe, every_shoe=self.every_shoe, smallest=MOST_MARKS
        )
        if hands is None:
            return self._read(table)
        board = Scoreboard.drawable(hands, road=road, columns=columns, tails=self.tails)
        return self._at(board, table)

    def compact(self, *, table: Table | None = None) -> Scoreboard:
        """The board for a use of its roads alone (``roads show``): a long file is read as a
        stream and each hand kept as one byte, so memory does not grow with the file.

        Returns:
            The Scoreboard; its ``hands`` are not kept, where it was read as a stream.
        """
        self._check()
        if self.text is not None:
            return self._read(table)
        hands = stream_hands(self.source or "-", shoe=self.shoe, every_shoe=self.every_shoe)
        if hands is None:
            return self._read(table)
        return self._at(Scoreboard(hands, tails=self.tails, keep_hands=False), table)

    def hands(self, *, table: Table | None = None) -> tuple[Iterable[Hand], Table | None]:
        """The hands in order, read once (``roads export``): a long file comes as a stream.

        Returns:
            The hands (no board is built for them), and ``table``, else the table of an input
            read whole (a journal's own), else None (a stream, or the notation's text).
        """
        self._check()
        if self.text is not None:
            return parse_notation(self.text, comments=False), table
        hands = stream_hands(self.source or "-", shoe=self.shoe, every_shoe=self.every_shoe)
        if hands is not None:
            return hands, table
        board = self._read(table)
        return board.hands, board.table

    def compact_hands(
        self, *, table: Table | None = None, engine: str | None = None
    ) -> tuple[Iterable[Compact], Table | None]:
        """``hands`` in the compact form (``roads.hands.compact``), read once: any file but a
        journal or standard input comes as a stream, whatever its size (``roads export``),
        its lines read by ``engine`` (``roads.engines``; None: the fast one).

        Returns:
            The hands, and the table as ``hands`` returns it.
        """
        self._check()
        if self.source is not None:
            streamed = stream_compact(
                self.source, shoe=self.shoe, every_shoe=self.every_shoe, engine=engine
            )
            if streamed is not None:
                return streamed, table
        hands, read_table = self.hands(table=table)
        return map(compact, hands), read_table

    def statement(self) -> Statement | None:
        """The statement of a journal with seats (``roads.hands.statement``) for the shoe the
        board shows (``shoe``, else the current one; the session with ``every_shoe``); None
        for any other input, or a journal that never had a seat taken beyond seat 1's
        bankroll."""
        if self.source is None or self.source == "-":
            return None
        from roads.hands.statement import statement_of

        session = journal_session(self.source)
        if session is None or not session.seated:
            return None
        shoe = None if self.every_shoe else (self.shoe or len(session.shoes))
        return statement_of(session, shoe=shoe)

    def shoes(self, *, table: Table | None = None) -> list[Scoreboard]:
        """One board per shoe, in order (``roads render --wall``): each shoe of a journal, or
        of a file whose rows name their shoe; the text's one shoe.

        Returns:
            The boards.

        Raises:
            ArgumentError: a shoe was chosen (``shoe`` or ``every_shoe``).
        """
        if self.shoe is not None or self.every_shoe:
            raise ArgumentError("{wall} draws every shoe: drop {shoe} and {every_shoe}")
        if self.text is not None:
            return [self._at(Scoreboard.from_notation(self.text, tails=self.tails), table)]
        source = self.source or "-"
        return [
            Scoreboard(
                hands, tails=self.tails, table=check_table(recorded, table, source) or STANDARD
            )
            for hands, recorded in read_shoes_and_tables(source)
        ]
