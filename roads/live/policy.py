"""What ``roads serve`` lets in: the write token, the Host and Origin checks, loopback only unless
asked, and read-only boards.

A write needs the random token embedded in the page, sent in a header that another origin
cannot send without a CORS preflight this server never grants; every request must name this
server in its Host header (against DNS rebinding), and an Origin header, if sent, must be this
server's.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from http import HTTPStatus
from urllib.parse import urlsplit

from roads.errors import RoadsError

TOKEN_HEADER = "X-Roads-Token"


class RequestError(Exception):
    """A request this server refuses: the status and a message for the client."""

    def __init__(
        self,
        status: HTTPStatus,
        message: str,
        *,
        allow: str = "",
        retry_after: int = 0,
        fields: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.allow = allow
        self.retry_after = retry_after
        self.fields = fields or {}
        """More of the answer's JSON beside ``error``, for the page's script: ``reason``
        (``"token"``: fetch ``/token`` and send again; ``"round"``: no more bets, send again
        once coup ``coup`` is logged; ``"key"``: not this link's to do)."""


class ReadOnlyError(RoadsError):
    """A write sent to a board served read-only."""


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` stands for is this machine's loopback."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise RoadsError(f"cannot find the host {host!r}: {error.strerror}") from None
    return all(ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]).is_loopback for info in infos)


class Policy:
    """The checks of one server listening on ``host`` (``loopback`` if it is this machine's
    own) and ``port``: a fresh random token, and the names its Host header may give."""

    def __init__(self, host: str, port: int, *, loopback: bool) -> None:
        self.port = port
        self.token = secrets.token_urlsafe(32)
        names = {"localhost", host.lower().strip("[]").rstrip("."), socket.gethostname().lower()}
        if not loopback:
            names |= {socket.getfqdn().lower(), f"{socket.gethostname().lower()}.local"}
        self._host_names = frozenset(names)

    def accepts_host(self, value: str | None) -> bool:
        """Whether a Host header names this server: its port, and an IP address, localhost,
        the host it listens on or this machine's name (never a name someone else's DNS
        could point here)."""
        if not value:
            return False
        try:
            parts = urlsplit(f"//{value}")
            port = parts.port or 80
        except ValueError:
            return False
        name = (parts.hostname or "").rstrip(".")
        if port != self.port or not name:
            return False
        if name in self._host_names:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def check_origin(self, host: str | None, origin: str | None) -> None:
        """Raise RequestError unless ``host`` (the Host header) names this server and
        ``origin`` (the Origin header), if sent, is this server's."""
        if not self.accepts_host(host):
            raise RequestError(HTTPStatus.FORBIDDEN, f"the Host {host!r} does not name this server")
        if origin is not None and origin.lower() != f"http://{host}".lower():
            raise RequestError(HTTPStatus.FORBIDDEN, f"requests from {origin!r} are not accepted")

    def check_token(self, given: str) -> None:
        """Raise RequestError unless ``given`` (the token header) is this server's token."""
        if not hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode("ascii")):
            raise RequestError(
                HTTPStatus.FORBIDDEN,
                f"a missing or wrong {TOKEN_HEADER}: load the page again (a page fetches "
                "/token itself)",
                fields={"reason": "token"},
            )
