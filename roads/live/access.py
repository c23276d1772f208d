"""Who may act for which seat on ``roads serve``: the croupier's key and each seat's, derived
from a secret the server keeps in a file of its own (never in the journal).

A seat's page is opened by a link that carries its key (the QR code on ``/display``): with it,
the page joins, bets and leaves for that seat alone. The croupier's key (in the link ``roads
serve`` prints when it serves the network) acts for any seat and logs coups. Each key is an
HMAC-SHA-256 of the server's secret, the journal's path and the role, so it survives a restart
of the server, differs from one journal to another, and cannot be guessed from another seat's.
A seat's key also names the seat's *sitting*: once its player leaves, the next player's key is
another, and the old link acts for nobody. Keys are compared in constant time.

A server that listens on this machine alone takes writes without a key as the croupier's (only
this machine can reach it); one that listens on the network wants a key for every write.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from roads.errors import RoadsError
from roads.hands.journal import Event, Session

KEY_HEADER = "X-Roads-Key"
"""The request header that carries a seat's key or the croupier's."""
SECRET_NAME = "serve-secret"
_SEAT_KINDS = frozenset({"join", "leave", "seat_bet"})


class AccessError(RoadsError):
    """A write its caller may not make: another seat's, or the croupier's without its key."""


def secret_folder() -> Path:
    """Where the server's secret is kept: ``ROADS_STATE_DIR``, else the user's state folder
    (``$XDG_STATE_HOME/roads``, by default ``~/.local/state/roads``)."""
    chosen = os.environ.get("ROADS_STATE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    return Path(base) / "roads"


def server_secret(folder: Path | None = None) -> tuple[bytes, str | None]:
    """The server's secret, read from ``folder`` (default ``secret_folder()``) or made there
    (32 random bytes, a file only its owner reads); and, when it can be neither read nor made,
    a secret for this run alone with the reason why (links then last until the server stops)."""
    path = (folder or secret_folder()) / SECRET_NAME
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip()), None
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:
        return secrets.token_bytes(32), f"cannot read {path}: {error}"
    made = secrets.token_bytes(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another server made it meanwhile
        return server_secret(folder)
    except OSError as error:
        return made, f"cannot keep a secret in {path}: {error.strerror or error}"
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(made.hex() + "\n")
    return made, None


def sitting(session: Session, seat: int) -> int:
    """Which sitting at seat number ``seat`` its key is for: the count of players who sat there
    before the one sitting now (or, at a free seat, before the next one)."""
    opened = sum(1 for account in session.accounts if account.seat == seat)
    return opened - 1 if session.seat(seat) is not None else opened


class Access:
    """The keys of one journal's table, from ``secret``; ``open_without_key``: a write without
    a key is the croupier's (a server on this machine's loopback alone)."""

    def __init__(self, secret: bytes, journal: Path, *, open_without_key: bool) -> None:
        self._secret = secret
        self._journal = str(journal.resolve()).encode("utf-8", "surrogateescape")
        self.open_without_key = open_without_key
        self.croupier = self._derive("croupier")
        """The croupier's key: it acts for every seat."""

    def _derive(self, role: str) -> str:
        message = b"roads serve key\0" + self._journal + b"\0" + role.encode("ascii")
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:16]).decode("ascii").rstrip("=")

    def seat_key(self, session: Session, seat: int) -> str:
        """Seat number ``seat``'s key in ``session``: its player's, or at a free seat the next
        player's."""
        return self.key_of_sitting(seat, sitting(session, seat))

    def key_of_sitting(self, seat: int, number: int) -> str:
        """The key of sitting ``number`` (``sitting``) at seat number ``seat``."""
        return self._derive(f"seat {seat} {number}")

    def is_croupier(self, key: str | None) -> bool:
        """Whether ``key`` is the croupier's (or no key, where that is the croupier's)."""
        if key is None:
            return self.open_without_key
        return self.is_key(key, self.croupier)

    def is_seat(self, key: str | None, session: Session, seat: int) -> bool:
        """Whether ``key`` is seat number ``seat``'s now."""
        return key is not None and self.is_key(key, self.seat_key(session, seat))

    @staticmethod
    def is_key(given: str, key: str) -> bool:
        """Whether ``given`` is ``key``, compared in constant time."""
        return hmac.compare_digest(given.encode("utf-8", "replace"), key.encode("ascii"))

    def check(self, key: str | None, session: Session, events: list[Event]) -> None:
        """Raise AccessError unless the caller with ``key`` may log ``events`` now: the
        croupier anything, a seat's key that seat's join, bets and leave alone."""
        if self.is_croupier(key):
            return
        seats = {event.get("seat") for event in events}
        kinds = {event.get("event") for event in events}
        if kinds <= _SEAT_KINDS and len(seats) == 1:
            (seat,) = seats
            if isinstance(seat, int) and self.is_seat(key, session, seat):
                return
            if key is not None:
                raise AccessError(
                    f"this link is not seat {seat}'s: a seat's page acts for its own seat "
                    "alone (scan the table's code again to sit down)"
                )
        raise AccessError(
            "only the croupier's console logs this: open it by the link roads serve printed"
            if key is None
            else "a seat's link acts for its own seat alone: only the croupier's console logs this"
        )
