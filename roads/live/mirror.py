"""An image of the board kept in step with a journal (``roads log --render FILE``): drawn again
after every change and swapped in whole, so a viewer never sees half of one."""

from __future__ import annotations

import os
from pathlib import Path

from roads import formats
from roads.drawing.board import BoardOptions
from roads.formats import FormatError
from roads.grids.placement import Tails, tails_named
from roads.hands.hand import Hand
from roads.hands.journal import Session
from roads.scoreboard import Scoreboard


class Mirror:
    """Draws the current shoe of a session to ``path`` (``.svg`` or ``.png``, or as
    ``format``) with drawing ``options`` at ``scale``, its roads laid out with ``tails`` (as in
    ``Roads``)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        options: BoardOptions | None = None,
        scale: float = 1.0,
        format: str | None = None,
        tails: Tails | str = Tails.STRAIGHT,
    ) -> None:
        if str(path) == "-":
            raise FormatError("the board must go to a file, kept up to date: not '-'")
        self.path = Path(path)
        self.format = formats.for_output(self.path, format, formats.BOARD, noun="image").name
        self.tails = tails_named(tails)
        self.options = options
        self.scale = scale
        self._drawn: list[Hand] | None = None

    def update(self, session: Session) -> None:
        """Draw the current shoe, unless the file already shows exactly its hands."""
        hands = session.hands()
        if hands == self._drawn and self.path.exists():
            return
        Scoreboard(hands, tails=self.tails, table=session.table).save(
            self.path, format=self.format, options=self.options, scale=self.scale
        )
        self._drawn = hands
