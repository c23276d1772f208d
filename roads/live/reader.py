"""Reading whole requests without a thread per connection (``roads serve``'s transport).

One thread reads, without blocking on any, the requests of every connection waiting for one (new,
or kept alive between two requests). A connection is handed on only once its whole request is
in, head and body (``Content-Length`` bytes, at most the server's ``max_body``), so a thread is
never held by a client that sends slowly or not at all. Each request has one deadline for all
its bytes, and the size of its head is capped as the bytes arrive, however they are cut into
lines. A request line that is not ``METHOD TARGET HTTP/1.x`` (HTTP/0.9 included), a head over
MAX_HEAD, a head with differing ``Content-Length`` values (or one beside a
``Transfer-Encoding``: request smuggling), and a head RFC 9112 calls invalid (a folded line, a
line that is not ``name: value``, white space before the colon, no Host or two in HTTP/1.1, a
Host that is not ``host[:port]``) are answered here with 400 and a status line, and closed.
At most MAX_WAITING connections wait; a new one pushes the oldest out.
"""

from __future__ import annotations

import json
import re
import selectors
import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any


def file_budget(share: int, most: int) -> int:
    """``most``, or less where this process may open fewer than ``share`` times as many files
    (``ulimit -n``), so that one kind of connection never takes every descriptor."""
    try:
        import resource
    except ImportError:  # no such limit here (Windows)
        return most
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return most
    return max(16, min(most, soft // share))


MAX_WAITING = file_budget(2, 1024)
"""Connections whose request is still arriving (at most half the files this process may open);
the oldest is dropped to make room."""
MAX_HEAD = 64 * 1024
"""Bytes of a request head."""

_FIELD_NAME = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_HOST = re.compile(rb"(\[[0-9A-Za-z:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]*)(:[0-9]*)?")
"""A Host value: uri-host [":" port] (RFC 9110 7.2), so no user information, path or space."""
_REQUEST_LINE = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+ [^\x00-\x20\x7f]+ HTTP/1\.[01]\r?\n")

Start = Callable[[socket.socket, Any, bytes, bytes], None]
"""Called with a connection, its address, one whole request and what followed it."""


def refusal(status: HTTPStatus, message: str, *, retry_after: int = 0) -> bytes:
    """A whole answer that closes the connection: a status line and one line of JSON."""
    body = json.dumps({"error": message}, ensure_ascii=False).encode() + b"\n"
    head = (
        f"HTTP/1.1 {status.value} {status.phrase}\r\n"
        "Content-Type: application/json; charset=utf-8\r\n"
        "X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n"
        + (f"Retry-After: {retry_after}\r\n" if retry_after else "")
        + f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("ascii") + body


def answer_and_close(connection: socket.socket, answer: bytes) -> None:
    """Send a short answer without waiting (it fits in any socket buffer), then close."""
    with suppress(OSError):
        connection.setblocking(False)
        connection.send(answer)
    with suppress(OSError):
        connection.shutdown(socket.SHUT_WR)
    connection.close()


class RefusedError(Exception):
    """A request answered by the reader itself."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _head_end(data: bytes | bytearray) -> int:
    """Where the head in ``data`` ends (after its blank line), or -1 while it is incomplete."""
    end = data.find(b"\r\n\r\n")
    if end >= 0:
        return end + 4
    end = data.find(b"\n\n")
    return end + 2 if end >= 0 else -1


def _check_request_line(data: bytes | bytearray) -> None:
    """Raise RefusedError once the first line is in and is not ``METHOD TARGET HTTP/1.x``."""
    end = data.find(b"\n")
    if end < 0:
        if len(data) > 8192:
            raise RefusedError(HTTPStatus.REQUEST_URI_TOO_LONG, "the request line is too long")
        return
    if not _REQUEST_LINE.fullmatch(bytes(data[: end + 1])):
        line = bytes(data[:end]).decode("latin-1").strip()[:80]
        raise RefusedError(
            HTTPStatus.BAD_REQUEST,
            f"not an HTTP/1.0 or 1.1 request line: {line!r} (send METHOD /path HTTP/1.1)",
        )


def check_head(head: bytes) -> None:
    """Raise RefusedError (400) for a head that RFC 9112 says must be refused: a folded field
    line (obs-fold), a line that is not ``name: value`` or has white space before its colon,
    more than one Host, none in an HTTP/1.1 request, or one that is not ``host[:port]``."""
    lines = head.split(b"\n")
    version_11 = lines[0].rstrip(b"\r").endswith(b"HTTP/1.1")
    hosts: list[bytes] = []
    for number, ending in enumerate(lines[1:], start=2):
        line = ending.removesuffix(b"\r")
        if not line:
            continue
        if line[:1] in (b" ", b"\t"):
            raise RefusedError(
                HTTPStatus.BAD_REQUEST,
                f"line {number} of the head is folded (starts with white space): send each "
                "header on one line",
            )
        name, colon, value = line.partition(b":")
        if not colon or not _FIELD_NAME.fullmatch(name):
            shown = line.decode("latin-1")[:60]
            raise RefusedError(
                HTTPStatus.BAD_REQUEST,
                f"line {number} of the head is not 'Name: value' (no white space before the "
                f"colon): {shown!r}",
            )
        if name.lower() == b"host":
            hosts.append(value.strip(b" \t"))
    if len(hosts) > 1:
        raise RefusedError(HTTPStatus.BAD_REQUEST, "more than one Host header: send one")
    if not hosts and version_11:
        raise RefusedError(HTTPStatus.BAD_REQUEST, "an HTTP/1.1 request must have a Host header")
    if hosts and not _HOST.fullmatch(hosts[0]):
        shown = hosts[0].decode("latin-1")[:80]
        raise RefusedError(
            HTTPStatus.BAD_REQUEST, f"the Host {shown!r} is not a host name and port"
        )


def body_length(head: bytes, max_body: int) -> int:
    """How many body bytes to wait for after ``head``: its ``Content-Length``, or 0 when the
    handler refuses the request before reading any (none given, not a number, over
    ``max_body``, chunked). Raises RefusedError for differing lengths, or a length beside a
    ``Transfer-Encoding``."""
    lengths: set[bytes] = set()
    chunked = False
    for line in head.split(b"\n")[1:]:
        name, colon, value = line.partition(b":")
        if not colon:
            continue
        name = name.strip().lower()
        if name == b"content-length":
            lengths.update(part.strip() for part in value.split(b","))
        elif name == b"transfer-encoding":
            chunked = True
    if len(lengths) > 1:
        raise RefusedError(HTTPStatus.BAD_REQUEST, "differing Content-Length values")
    if lengths and chunked:
        raise RefusedError(HTTPStatus.BAD_REQUEST, "both a Content-Length and a Transfer-Encoding")
    if not lengths:
        return 0
    text = next(iter(lengths))
    if not text.isdigit() or len(text) > 12 or int(text) > max_body:
        return 0
    return int(text)


@dataclass(slots=True)
class _Waiting:
    address: Any
    data: bytearray
    deadline: float
    length: int = -1
    """Bytes of the whole request once its head is in."""


class RequestReader:
    """The thread that reads requests until they are whole, then calls ``start`` with each;
    ``deadline`` seconds for every request, bodies up to ``max_body`` bytes."""

    def __init__(self, start: Start, *, deadline: float, max_body: int) -> None:
        self._start = start
        self._deadline = deadline
        self._max_body = max_body
        self._selector = selectors.DefaultSelector()
        self._waiting: dict[socket.socket, _Waiting] = {}  # oldest first
        self._new: list[tuple[socket.socket, Any, bytes]] = []
        self._lock = threading.Lock()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="roads-requests", daemon=True)
        self._thread.start()

    @property
    def waiting(self) -> int:
        """Connections whose request is not yet whole."""
        return len(self._waiting)

    def add(self, connection: socket.socket, address: Any, data: bytes) -> None:
        """Read the next request of ``connection``, of which ``data`` has arrived already."""
        with self._lock:
            stopped = self._stopped
            if not stopped:
                self._new.append((connection, address, data))
        if stopped:
            connection.close()
            return
        with suppress(OSError):
            self._wake_write.send(b"x")

    def stop(self) -> None:
        """Stop reading: the requests already whole in the sockets are started, the rest are
        closed."""
        with self._lock:
            self._stopped = True
        with suppress(OSError):
            self._wake_write.send(b"x")
        self._thread.join(timeout=5)

    def _run(self) -> None:
        try:
            while not self._stopped:
                for key, _ in self._selector.select(timeout=0.25):
                    if key.fileobj is self._wake_read:
                        with suppress(OSError):
                            self._wake_read.recv(4096)
                    else:
                        self._read(key.fileobj)  # type: ignore[arg-type]
                self._take_new()
                self._drop_late()
        finally:
            self._take_new()
            for connection in [*self._waiting]:  # a last look: what is whole is answered
                self._read(connection)
            for connection in [*self._waiting]:
                self._close(connection)
            self._selector.close()
            self._wake_read.close()
            self._wake_write.close()

    def _take_new(self) -> None:
        with self._lock:
            new, self._new = self._new, []
        for connection, address, data in new:
            while len(self._waiting) >= MAX_WAITING:
                self._close(next(iter(self._waiting)))
            try:
                connection.setblocking(False)
                self._selector.register(connection, selectors.EVENT_READ)
            except (OSError, ValueError):
                connection.close()
                continue
            waiting = _Waiting(address, bytearray(data), time.monotonic() + self._deadline)
            self._waiting[connection] = waiting
            if data:
                self._advance(connection, waiting)

    def _read(self, connection: socket.socket) -> None:
        waiting = self._waiting.get(connection)
        if waiting is None:
            return
        try:
            chunk = connection.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._close(connection)
            return
        waiting.data += chunk
        self._advance(connection, waiting)

    def _advance(self, connection: socket.socket, waiting: _Waiting) -> None:
        """Check what has arrived; start the request once it is whole."""
        try:
            if waiting.length < 0:
                self._measure(waiting)
        except RefusedError as refused:
            self._forget(connection)
            answer_and_close(connection, refusal(refused.status, refused.message))
            return
        if 0 <= waiting.length <= len(waiting.data):
            self._forget(connection)
            data = bytes(waiting.data)
            try:
                connection.setblocking(True)
            except OSError:
                connection.close()
                return
            self._start(connection, waiting.address, data[: waiting.length], data[waiting.length :])

    def _measure(self, waiting: _Waiting) -> None:
        """Find the request's length once its head is in; raise RefusedError for a bad head."""
        data = waiting.data
        while data[:2] == b"\r\n" or data[:1] == b"\n":  # blank lines before a request
            del data[: 2 if data[:1] == b"\r" else 1]
        _check_request_line(data)
        end = _head_end(data)
        if (end < 0 and len(data) > MAX_HEAD) or end > MAX_HEAD:
            raise RefusedError(
                HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                f"the request head is over {MAX_HEAD} bytes",
            )
        if end >= 0:
            check_head(bytes(data[:end]))
            waiting.length = end + body_length(bytes(data[:end]), self._max_body)

    def _drop_late(self) -> None:
        now = time.monotonic()
        late = [c for c, waiting in self._waiting.items() if waiting.deadline <= now]
        for connection in late:
            self._close(connection)

    def _forget(self, connection: socket.socket) -> None:
        self._waiting.pop(connection, None)
        with suppress(KeyError, ValueError):
            self._selector.unregister(connection)

    def _close(self, connection: socket.socket) -> None:
        self._forget(connection)
        with suppress(OSError):
            connection.shutdown(socket.SHUT_RDWR)
        connection.close()
