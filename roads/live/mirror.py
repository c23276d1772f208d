"""An image of the board kept in step with a journal (``roads log --render FILE``): drawn again
after every change and swapped in whole, so a viewer never sees half of one."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from roads.errors import RoadsError
from roads.grids.placement import Tails, tails_named
from roads.hands.hand import Hand
from roads.hands.journal import Session
from roads.scoreboard import FORMATS, Scoreboard


class Mirror:
    """Draws the current shoe of a session to ``path`` (``.svg`` or ``.png``) with ``options``
    (those of ``Scoreboard.svg`` / ``png``) and ``tails`` (as in ``Roads``)."""

    def __init__(
        self, path: str | os.PathLike[str], *, tails: Tails | str = Tails.STRAIGHT, **options: Any
    ) -> None:
        self.path = Path(path)
        self.tails = tails_named(tails)
        self.format = self.path.suffix.lower().lstrip(".")
        if self.format not in FORMATS:
            raise RoadsError(f"cannot tell the image format of {str(path)!r}: name it .svg or .png")
        self.options = options
        self._drawn: list[Hand] | None = None

    def update(self, session: Session) -> None:
        """Draw the current shoe, unless the file already shows exactly its hands."""
        hands = session.hands()
        if hands == self._drawn and self.path.exists():
            return
        Scoreboard(hands, tails=self.tails).save(self.path, format=self.format, **self.options)
        self._drawn = hands
