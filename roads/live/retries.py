"""Which idempotency keys the current shoe of a journal has logged (``roads.live.api``), so that a
write sent again after a lost reply is answered without being logged twice.

The keys live in the journal (each write's line keeps its key under ``id``); the server reads
those of the last shoe at its first keyed write, then remembers each it logs. Keys are
remembered per shoe: a new shoe starts with only its own. What is remembered follows the file,
not its name: a journal replaced (another inode), edited in place or appended to by another
process since (``roads.live.content``) has its keys read again, so a key is "repeated" only if
the journal holds it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from roads.live.api import KEY_FIELD
from roads.live.content import Fingerprint, continues, fingerprint


def last_shoe_keys(path: str | os.PathLike[str]) -> dict[str, int | None]:
    """The keys of the writes in the last shoe of the journal at ``path`` (none if it is
    missing), each with the coup it was for (a coup's number; for any other write, the next
    coup's; None for an undo or a new shoe). A batch counts once its commit line is in; lines
    that are not JSON objects (a torn tail) are passed over, as the journal's reader passes
    over them."""
    keys: dict[str, int | None] = {}
    batch: list[dict[str, object]] | None = None
    done: list[bool] = []  # the last shoe's items (True: a coup), as undo takes them back
    try:
        with Path(path).open("rb") as file:
            for line in file:
                if b"{" not in line:
                    continue
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(event, dict):
                    continue
                kind = event.get("event")
                if kind == "begin":
                    batch = []
                elif kind == "commit":
                    for queued in batch or ():
                        _take(queued, keys, done)
                    batch = None
                elif batch is not None:
                    batch.append(event)
                else:
                    _take(event, keys, done)
    except FileNotFoundError:
        return {}
    return keys


def _take(event: dict[str, object], keys: dict[str, int | None], done: list[bool]) -> None:
    kind = event.get("event")
    if kind == "shoe":
        keys.clear()
        done.clear()
    elif kind == "undo":
        if done:
            done.pop()
    elif kind in ("coup", "bet", "seat_bet", "join", "leave"):
        done.append(kind == "coup")
    key = event.get(KEY_FIELD)
    if isinstance(key, str):
        coups = sum(done)
        keys[key] = None if kind in ("undo", "shoe") else coups if kind == "coup" else coups + 1


class Keys:
    """The keys of the current shoe of the journal at ``path``, read at the first look (and
    again whenever the file is not the one they were read from, with only this server's writes
    added), each with the coup its write was for."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._path = Path(path)
        self._keys: dict[str, int | None] | None = None
        self._shoe = 0
        self._file: Fingerprint | None = None
        """The journal as the keys were read from it, with this server's writes since."""

    def seen(self, key: str, shoe: int) -> bool:
        """Whether shoe number ``shoe`` (the journal's current one) has logged ``key``."""
        now = continues(self._file, self._path)
        if self._keys is None or now is None or self._file is None or now != self._file:
            self._file = fingerprint(self._path)  # before reading: a later change reads again
            self._keys, self._shoe = last_shoe_keys(self._path), shoe
        return shoe == self._shoe and key in self._keys

    def coup_of(self, key: str) -> int | None:
        """The coup the write of ``key`` was for (None: not known, or an undo or new shoe)."""
        return None if self._keys is None else self._keys.get(key)

    def logged(self, key: str, shoe: int, coup: int | None = None) -> None:
        """``key`` was logged, for ``coup``, and shoe number ``shoe`` is now the journal's
        current one."""
        if self._keys is None or shoe != self._shoe:
            self._keys, self._shoe = {}, shoe
        self._keys.setdefault(key, coup)
        # This server has only appended since it looked (under the journal's lock): only the
        # new bytes are read.
        self._file = continues(self._file, self._path, appended=True) or fingerprint(self._path)
