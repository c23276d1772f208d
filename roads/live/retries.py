"""Which idempotency keys the current shoe of a journal has logged (``roads.live.api``), so that a
write sent again after a lost reply is answered without being logged twice.

The keys live in the journal (each write's line keeps its key under ``id``); the server reads
those of the last shoe once, at its first keyed write, then remembers each it logs. Keys are
remembered per shoe: a new shoe starts with only its own.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from roads.live.api import KEY_FIELD


def last_shoe_keys(path: str | os.PathLike[str]) -> set[str]:
    """The keys of the writes in the last shoe of the journal at ``path`` (none if it is
    missing). A batch counts once its commit line is in; lines that are not JSON objects (a
    torn tail) are passed over, as the journal's reader passes over them."""
    keys: set[str] = set()
    batch: set[str] | None = None
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
                    batch = set()
                elif kind == "commit":
                    keys |= batch or set()
                    batch = None
                else:
                    if kind == "shoe":
                        keys = set()
                    key = event.get(KEY_FIELD)
                    if isinstance(key, str):
                        (keys if batch is None else batch).add(key)
    except FileNotFoundError:
        return set()
    return keys


class Keys:
    """The keys of the current shoe of the journal at ``path``, read at the first look."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._path = Path(path)
        self._keys: set[str] | None = None
        self._shoe = 0

    def seen(self, key: str, shoe: int) -> bool:
        """Whether shoe number ``shoe`` (the journal's current one) has logged ``key``."""
        if self._keys is None:
            self._keys, self._shoe = last_shoe_keys(self._path), shoe
        return shoe == self._shoe and key in self._keys

    def logged(self, key: str, shoe: int) -> None:
        """``key`` was logged, and shoe number ``shoe`` is now the journal's current one."""
        if self._keys is None or shoe != self._shoe:
            self._keys, self._shoe = set(), shoe
        self._keys.add(key)
