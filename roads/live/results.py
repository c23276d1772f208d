"""A results file that is not a journal (the notation, CSV, JSON Lines), as the session a
read-only live board shows: its shoes, in order."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from roads.errors import RoadsError
from roads.hands.journal import Session, coup_event, shoe_event
from roads.hands.readers import parse_shoes

MAX_SIZE = 64 * 1024 * 1024
"""Bytes of a results file served read-only."""


def read_results(path: str | os.PathLike[str]) -> Session:
    """The shoes of the results file at ``path`` as a session. Raises RoadsError (or
    ParseError naming the line) if it is not a regular file, too large, or not results."""
    path = Path(path)
    with path.open("rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise RoadsError(f"{path} is not a regular file")
        if status.st_size > MAX_SIZE:
            raise RoadsError(f"{path} is over {MAX_SIZE // 2**20} MB: not a results file to serve")
        data = file.read(MAX_SIZE + 1)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RoadsError(f"{path} is not UTF-8 text") from None
    session = Session()
    for number, hands in enumerate(parse_shoes(text, str(path))):
        if number:
            session.apply(shoe_event())
        for hand in hands:
            session.apply(coup_event(hand))
    return session
