"""Watching a journal for changes made by any process, and sharing each change's rendering.

One thread polls the file's (inode, size, mtime) a few times a second, or at once when woken
after a write, and every CONTENT_EVERY seconds its content too (a CRC of its bytes, for an
edit that keeps the size and the time); on a change it renders the new state once and
publishes it as a numbered
Snapshot holding the Server-Sent Event already encoded, so every client is sent the same bytes
and a slow client only ever skips to the newest snapshot: nothing queues up behind it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from roads.live.content import Fingerprint, fingerprint

INTERVAL = 0.05
"""Seconds between two looks at the journal."""
CONTENT_EVERY = 0.5
"""Seconds between two looks at the journal's content, when its size and time stay the same."""
CONTENT_UP_TO = 64 << 20
"""Bytes of a journal whose content is looked at that often (a longer one: at each change of
its size or time only)."""

_Key = tuple[int, int, int] | None
_UNSEEN: _Key = (-1, -1, -1)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One published state: its number, the state, and the same as a Server-Sent Event."""

    version: int
    state: dict[str, Any]
    event: bytes


def encode_event(version: int, state: dict[str, Any]) -> bytes:
    """``state`` as one ``board`` Server-Sent Event (JSON keeps it on one ``data:`` line)."""
    data = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    return f"id: {version}\nevent: board\ndata: {data}\n\n".encode()


def _key(path: Path) -> _Key:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


class Watcher:
    """Publishes ``render()`` again whenever the file at ``path`` changes.

    ``render`` must not raise for a bad journal (it returns a state that says what is wrong);
    if it raises anyway, ``log`` gets one line and the last snapshot stays.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        render: Callable[[], dict[str, Any]],
        *,
        log: Callable[[str], None],
        interval: float = INTERVAL,
    ) -> None:
        self.path = Path(path)
        self._render = render
        self._log = log
        self._interval = interval
        self._changed = threading.Condition()
        self._wake = threading.Event()
        self._stopped = False
        self._key: _Key = _UNSEEN
        self._content: Fingerprint | None = None
        self._content_seen = 0.0
        self._snapshot = Snapshot(0, {}, b"")
        self._thread = threading.Thread(target=self._run, name="roads-watch", daemon=True)

    def start(self) -> None:
        """Render the current state, then watch in the background."""
        self._check()
        self._thread.start()

    def stop(self) -> None:
        """Stop watching and release every client waiting for a change."""
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def wake(self) -> None:
        """Look at the journal now, e.g. right after this process wrote to it."""
        self._wake.set()

    @property
    def snapshot(self) -> Snapshot:
        with self._changed:
            return self._snapshot

    def wait(self, version: int, timeout: float) -> Snapshot | None:
        """The snapshot after ``version`` once there is one, or the current one after
        ``timeout`` seconds; None once the watcher has stopped."""
        with self._changed:
            self._changed.wait_for(
                lambda: self._stopped or self._snapshot.version != version, timeout
            )
            return None if self._stopped else self._snapshot

    def _content_changed(self, key: _Key) -> bool:
        """Whether the journal's bytes changed though its size and time did not (looked at
        every CONTENT_EVERY seconds, for a journal of at most CONTENT_UP_TO bytes)."""
        now = time.monotonic()
        if key is None or key[1] > CONTENT_UP_TO or now - self._content_seen < CONTENT_EVERY:
            return False
        self._content_seen = now
        content, self._content = self._content, self._content_now(key)
        return content != self._content

    def _content_now(self, key: _Key) -> Fingerprint | None:
        if key is None or key[1] > CONTENT_UP_TO:
            return None
        return fingerprint(self.path)

    def _run(self) -> None:
        while not self._stopped:
            self._wake.wait(self._interval)
            self._wake.clear()
            if not self._stopped:
                self._check()

    def _check(self) -> None:
        key = _key(self.path)
        if key == self._key and not self._content_changed(key):
            return
        self._key = key  # even if rendering fails: one failure, one line, not one per poll
        # What is drawn is the content from here on: taken before rendering, so that a change
        # meanwhile is drawn at the next look.
        self._content, self._content_seen = self._content_now(key), time.monotonic()
        try:
            state = self._render()
        except Exception as error:
            self._log(f"cannot draw the board: {type(error).__name__}: {error}")
            return
        with self._changed:
            if state == self._snapshot.state:
                return
            version = self._snapshot.version + 1
            self._snapshot = Snapshot(version, state, encode_event(version, state))
            self._changed.notify_all()
