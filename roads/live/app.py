"""What the routes and the screens of ``roads serve`` read of the live server: ``App``, which
the server (``roads.live.server.LiveServer``) is, typed by what they read, so that they never
import the server, which imports them."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from roads.hands.journal import Event
from roads.live.access import Access
from roads.live.page import Page
from roads.live.policy import Policy
from roads.live.watch import Watcher

__all__ = ["App"]


class App(Protocol):
    """What the routes and the screens read of the live server."""

    path: Path
    page: Page
    policy: Policy
    token: str
    watcher: Watcher
    access: Access
    read_only: bool

    def log(self, message: str) -> None:
        """Say ``message`` in the server's log."""
        ...

    def write(
        self, event: Event | list[Event], *, key: str | None = None, caller: str | None = None
    ) -> dict[str, Any]:
        """Log ``event`` (or events, as one action) in the journal, once per ``key``, for
        ``caller`` (a croupier's or a seat's key); the reply for the client."""
        ...

    def wall_picture(self) -> str:
        """The wall's SVG."""
        ...
