"""The live board over HTTP (``roads serve``), with the standard library's threading server.

Routes: ``GET /`` the page, ``GET /board.svg`` the board, ``GET /events`` Server-Sent Events
(one ``board`` event per change of the journal, by any process), ``POST /api/coup``,
``/api/undo``, ``/api/shoe`` with JSON bodies, and two views without buttons (``roads.live.views``):
``GET /overlay`` the board alone on a transparent page, ``GET /wall`` (and ``/wall.svg``) every
shoe as numbered thumbnails.

A connection gets a thread (one of MAX_CONNECTIONS) only once its whole request head has
arrived: until then one thread reads the heads of every waiting connection, each within a
deadline, so clients that send slowly or nothing at all cannot take the threads from everyone
else; the oldest waiting connection makes room for a new one. A body must arrive within the
same deadline, and a write waits a bounded time for the journal's lock (then 503 with
Retry-After). Event streams are capped too.
A write needs the random token embedded in the page, sent in a header that another origin
cannot send without a CORS preflight this server never grants; every request must name this
server in its Host header (against DNS rebinding), and an Origin header, if sent, must be this
server's.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
import secrets
import selectors
import socket
import socketserver
import sys
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

from roads.drawing.board import BoardOptions
from roads.errors import ParseError, RoadsError, UnavailableError
from roads.game.coup import Coup
from roads.grids.placement import Tails
from roads.hands.hand import FIELDS, Hand
from roads.hands.journal import Journal, JournalBusyError, JournalError, read_journal
from roads.hands.notation import parse_notation
from roads.hands.readers import hand_from_fields
from roads.live.page import CONTENT_SECURITY_POLICY, Page
from roads.live.watch import INTERVAL, Watcher

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TOKEN_HEADER = "X-Roads-Token"
MAX_BODY = 16 * 1024
"""Bytes of a request body; a coup with its cards takes a few hundred."""
MAX_CONNECTIONS = 64
MAX_STREAMS = 32
KEEPALIVE = 15.0
"""Seconds between two comments on an idle event stream, so proxies and clients keep it."""
TIMEOUT = 15.0
"""Seconds a request's head, and then its body, may take to arrive in all, and a socket may
block on one write, before its client is dropped."""
LOCK_WAIT = 1.0
"""Seconds a write waits for the journal's lock before it is answered 503 (try again)."""
MAX_WAITING = 512
"""Connections whose request head is still arriving; the oldest is dropped to make room."""
MAX_HEAD = 64 * 1024
"""Bytes of a request head."""
CLOSE_WAIT = 3.0
"""Seconds ``close()`` waits for the requests under way to finish once their sockets are cut."""

_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
_NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'"
_SVG_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; font-src data:; frame-ancestors 'none'"
)
_COUP_FIELDS = frozenset(FIELDS)
_ROUTES = {
    "/": {"GET": "page", "HEAD": "page"},
    "/board.svg": {"GET": "board", "HEAD": "board"},
    "/events": {"GET": "events"},
    "/api/coup": {"POST": "coup"},
    "/api/undo": {"POST": "undo"},
    "/api/shoe": {"POST": "shoe"},
    "/overlay": {"GET": "overlay", "HEAD": "overlay"},
    "/wall": {"GET": "wall", "HEAD": "wall"},
    "/wall.svg": {"GET": "wall_svg", "HEAD": "wall_svg"},
}


class RequestError(Exception):
    """A request this server refuses: the status and a message for the client."""

    def __init__(
        self, status: HTTPStatus, message: str, *, allow: str = "", retry_after: int = 0
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.allow = allow
        self.retry_after = retry_after


class ReadOnlyError(RoadsError):
    """A write sent to a board served read-only."""


def _say(message: str) -> None:
    print(f"roads serve: {message}", file=sys.stderr, flush=True)


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` stands for is this machine's loopback."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise RoadsError(f"cannot find the host {host!r}: {error.strerror}") from None
    return all(ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]).is_loopback for info in infos)


def hand_from_request(body: dict[str, Any]) -> Hand:
    """The coup of a request body: ``{"hand": "Pbn"}``, ``{"cards": "2h 3d 8c / Ks 3h"}``
    (Player first, checked against the third-card rules as ``roads log --cards`` does), or
    ``{"outcome": "P", ...}`` with the flags or the cards as in the JSON export. Raises
    ParseError saying what is wrong."""
    if "cards" in body:
        return _hand_from_cards(body)
    unknown = sorted(set(body) - _COUP_FIELDS - {"hand"})
    if unknown:
        raise ParseError(
            f"unknown field {unknown[0]!r}: give 'hand' (e.g. \"Pbn\"), or 'outcome' "
            "with banker_pair, player_pair, natural or the cards"
        )
    if "hand" not in body:
        return hand_from_fields(body, "", 0)
    text = body["hand"]
    if len(body) > 1 or not isinstance(text, str):
        raise ParseError('give \'hand\' alone, as text such as "B" or "Pbn"')
    hands = parse_notation(text, comments=False)
    if len(hands) != 1:
        raise ParseError(f'\'hand\' must be one coup, such as "B" or "Pbn", not {len(hands)}')
    return hands[0]


def _hand_from_cards(body: dict[str, Any]) -> Hand:
    text = body["cards"]
    if len(body) > 1 or not isinstance(text, str):
        raise ParseError("give 'cards' alone, as text such as \"2h 3d 8c / Ks 3h\"")
    try:
        return Hand.from_coup(Coup.parse(text))
    except ParseError:
        raise
    except RoadsError as error:  # a card that is none, or a draw the rules forbid
        raise ParseError(str(error)) from None


class LiveServer:
    """The live board of the journal at ``journal`` (created if missing), served on
    ``host``:``port`` (0: any free port). A host other than this machine's loopback is refused
    unless ``allow_remote``: the page then takes coups from anyone on the network who loads it.
    ``read_only`` serves the board of an existing journal and refuses every write;
    ``timeout`` is the most seconds a request's head, or its body, may take to arrive (and one
    read or write may block); ``lock_wait`` the most seconds a write waits for the journal.
    """

    def __init__(
        self,
        journal: str | os.PathLike[str],
        *,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        options: BoardOptions | None = None,
        scale: float = 1.0,
        tails: Tails | str = Tails.STRAIGHT,
        decks: int = 8,
        allow_remote: bool = False,
        log: Callable[[str], None] = _say,
        interval: float = INTERVAL,
        keepalive: float = KEEPALIVE,
        timeout: float = TIMEOUT,
        read_only: bool = False,
        lock_wait: float = LOCK_WAIT,
    ) -> None:
        if not host:
            raise RoadsError("give a host name or address to listen on, e.g. 127.0.0.1")
        self.loopback = is_loopback(host)
        if not self.loopback and not allow_remote:
            raise RoadsError(
                f"{host!r} is not this machine's loopback address; serving the network must be "
                "asked for explicitly",
                about=("allow_remote",),
            )
        self.path = Path(journal)
        self.log = log
        self.keepalive = keepalive
        self.timeout = timeout
        self.token = secrets.token_urlsafe(32)
        self.page = Page(
            self.path.name, options or BoardOptions(), scale=scale, tails=tails, decks=decks
        )
        self.read_only = read_only
        self.lock_wait = lock_wait
        self._write_lock = threading.Lock()
        self._journal: Journal | None = None
        self._reader: Journal | None = None  # the watcher's
        if read_only:
            read_journal(self.path)  # a missing file, or not a journal: refused now
        else:
            try:
                self._journal = Journal(self.path, lock_wait=lock_wait)
            except JournalBusyError:  # opened at the first write; refused now if not a journal
                read_journal(self.path)
        self._streams = 0
        self._streams_lock = threading.Lock()
        self._wall: tuple[tuple[int, int, int], str] | None = None
        self._wall_lock = threading.Lock()
        self._serving = False
        self._thread: threading.Thread | None = None
        self.watcher = Watcher(self.path, self._render, log=log, interval=interval)
        self.watcher.start()
        try:
            self._httpd = _HTTPServer((host, port), self)
        except OSError as error:
            self.watcher.stop()
            raise UnavailableError(
                f"cannot listen on {host} port {port}: {error.strerror or error}"
            ) from None
        self.host = host
        self.port: int = self._httpd.server_address[1]
        names = {"localhost", host.lower().strip("[]").rstrip("."), socket.gethostname().lower()}
        if not self.loopback:
            names |= {socket.getfqdn().lower(), f"{socket.gethostname().lower()}.local"}
        self._host_names = frozenset(names)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def streams(self) -> int:
        """How many event streams are open."""
        with self._streams_lock:
            return self._streams

    @property
    def serving(self) -> bool:
        """Whether the thread that ``start()`` began is still serving."""
        return self._thread is not None and self._thread.is_alive()

    # -- running -------------------------------------------------------------------------------

    def serve_forever(self) -> None:
        """Serve until ``close()`` (from another thread) or an exception such as Ctrl-C."""
        self._serving = True
        self._httpd.serve_forever(poll_interval=0.25)

    def start(self) -> LiveServer:
        """Serve from a background thread."""
        self._serving = True  # before the thread runs, so that close() always shuts it down
        self._thread = threading.Thread(target=self.serve_forever, name="roads-serve", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving: stop taking connections, end every event stream, cut the connections
        still open (a write under way is finished first) and free the port. Returns within a
        few seconds whatever the clients do."""
        self._httpd.closing = True
        self.watcher.stop()
        if self._serving:
            self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd.end_connections(CLOSE_WAIT)

    def __enter__(self) -> LiveServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the journal ---------------------------------------------------------------------------

    def _render(self) -> dict[str, Any]:
        """The page's state (in the watcher's thread): the journal is followed line by line,
        without waiting for any writer's lock."""
        try:
            if self._reader is None:
                self._reader = Journal(self.path, read_only=True)
            else:
                self._reader.refresh()
            session = self._reader.session
        except RoadsError as error:
            return self._problem(str(error))
        except FileNotFoundError:
            return self._problem(f"the journal {self.path} is missing")
        except OSError as error:
            return self._problem(f"cannot read the journal {self.path}: {error.strerror}")
        except UnicodeDecodeError:
            return self._problem(f"the journal {self.path} is not UTF-8 text")
        return self.page.state(session)

    def _problem(self, message: str) -> dict[str, Any]:
        self._reader = None  # read it whole again at the next change
        self.log(message)
        last = self.watcher.snapshot.state
        state = dict(last) if last else self.page.empty_state(message)
        state["error"] = message
        return state

    def write(self, action: Callable[[Journal], object]) -> dict[str, Any]:
        """Apply ``action`` to the journal; the reply for the client says where it stands.
        Raises JournalBusyError if the journal stays locked for ``lock_wait`` seconds."""
        if self.read_only:
            raise ReadOnlyError(
                f"this board of {self.path.name} is served read-only: it cannot be changed here"
            )
        if not self._write_lock.acquire(timeout=self.lock_wait):
            raise JournalBusyError("the journal is busy with other writes: try again")
        try:
            journal = self._journal
            if journal is None:
                journal = self._journal = Journal(self.path, lock_wait=self.lock_wait)
            action(journal)
            session = journal.session
            reply = {"ok": True, "shoe": len(session.shoes), "coups": session.coups}
        finally:
            self._write_lock.release()
        self.watcher.wake()
        return reply

    # -- checks --------------------------------------------------------------------------------

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

    def wall_picture(self) -> str:
        """The wall's SVG (every shoe of the journal), drawn again only when the journal has
        changed since it was last drawn: however many walls are open, one drawing a change.

        Raises:
            FileNotFoundError: the journal is missing.
            RoadsError: it cannot be read as a journal.
        """
        from roads.live.views import wall_svg

        status = os.stat(self.path)
        key = (status.st_ino, status.st_size, status.st_mtime_ns)
        with self._wall_lock:
            if self._wall is not None and self._wall[0] == key:
                return self._wall[1]
            # Read after the stat: a change in between is drawn now, and drawn again next time.
            svg = wall_svg(read_journal(self.path), self.page.options, self.page.tails)
            self._wall = (key, svg)
            return svg

    def open_stream(self) -> bool:
        with self._streams_lock:
            if self._streams >= MAX_STREAMS:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        with self._streams_lock:
            self._streams -= 1


class _HTTPServer(ThreadingHTTPServer):
    """Accepts connections and hands each to the head reader; a connection whose head is in
    gets a thread, one of MAX_CONNECTIONS. Each open connection is counted in one set, so its
    slot is given back exactly once whatever fails, and ``close()`` can cut the connections
    still open."""

    daemon_threads = True
    block_on_close = False  # end_connections() waits, with a deadline
    request_queue_size = 256

    def __init__(self, address: tuple[str, int], app: LiveServer) -> None:
        infos = socket.getaddrinfo(address[0], address[1], type=socket.SOCK_STREAM)
        infos.sort(key=lambda info: info[0] != socket.AF_INET)
        self.address_family = infos[0][0]
        self.app = app
        self.closing = False
        self._open: set[socket.socket] = set()
        self._open_changed = threading.Condition()
        super().__init__(address, cast(Any, _Handler))
        self.heads = _HeadReader(self, app.timeout)

    def server_bind(self) -> None:
        socketserver.TCPServer.server_bind(self)  # without HTTPServer's reverse DNS lookup
        self.server_name = str(self.server_address[0])
        self.server_port = int(self.server_address[1])

    def process_request(self, request: Any, client_address: Any) -> None:
        """A new connection: its head is read by the head reader, not by a thread of its own."""
        if self.closing:
            self.shutdown_request(request)
            return
        self.heads.add(request, client_address, b"")

    def start_request(self, request: socket.socket, client_address: Any, head: bytes) -> None:
        """Give a connection whose head is in a thread, or a 503 if every thread is busy."""
        with self._open_changed:
            full = self.closing or len(self._open) >= MAX_CONNECTIONS
            if not full:
                self._open.add(request)
        if full:
            _answer_busy(request)
            self.shutdown_request(request)
            return
        thread = threading.Thread(
            target=self._serve, args=(request, client_address, head), daemon=True
        )
        try:
            thread.start()
        except BaseException:
            self._forget(request)
            self.shutdown_request(request)
            raise

    def _serve(self, request: socket.socket, client_address: Any, head: bytes) -> None:
        kept: bytes | None = None
        try:
            handler = _Handler(request, client_address, self, head)
            kept = handler.kept
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self._forget(request)
            if kept is not None and not self.closing:
                self.heads.add(request, client_address, kept)  # keep-alive: the next head
            else:
                self.shutdown_request(request)

    def _forget(self, request: socket.socket) -> None:
        with self._open_changed:
            self._open.discard(request)
            self._open_changed.notify_all()

    def end_connections(self, wait: float) -> None:
        """Cut every open connection (its thread sees the end of its input, or a broken pipe)
        and wait up to ``wait`` seconds for their threads to finish."""
        self.heads.stop()
        with self._open_changed:
            for connection in self._open:
                with suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)
            self._open_changed.wait_for(lambda: not self._open, wait)

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        if self.closing or isinstance(error, ConnectionError | TimeoutError):
            return  # a client that went away, or a connection cut by close()
        self.app.log(f"error serving {client_address[0]}: {type(error).__name__}: {error}")


_BUSY_BODY = b'{"error": "too busy: try again shortly"}\n'
_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
    b"Retry-After: 1\r\nConnection: close\r\n"
    + f"Content-Length: {len(_BUSY_BODY)}\r\n\r\n".encode()
    + _BUSY_BODY
)


def _answer_busy(request: socket.socket) -> None:
    with suppress(OSError):
        request.setblocking(False)
        request.send(_BUSY)


def _head_end(data: bytes | bytearray) -> int:
    """Where the head in ``data`` ends (after its blank line), or -1 while it is incomplete."""
    end = data.find(b"\r\n\r\n")
    if end >= 0:
        return end + 4
    end = data.find(b"\n\n")
    return end + 2 if end >= 0 else -1


@dataclass(slots=True)
class _Waiting:
    address: Any
    data: bytearray
    deadline: float


class _HeadReader:
    """One thread that reads the request heads of every connection waiting for one (new, or
    kept alive between two requests), without blocking on any: a connection whose head is
    complete is started; one that is silent or slow past the deadline, or that sends more than
    a head, is closed. At most MAX_WAITING wait; a new one pushes the oldest out."""

    def __init__(self, server: _HTTPServer, deadline: float) -> None:
        self._server = server
        self._deadline = deadline
        self._selector = selectors.DefaultSelector()
        self._waiting: dict[socket.socket, _Waiting] = {}  # oldest first
        self._new: list[tuple[socket.socket, Any, bytes]] = []
        self._lock = threading.Lock()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="roads-heads", daemon=True)
        self._thread.start()

    def add(self, connection: socket.socket, address: Any, data: bytes) -> None:
        with self._lock:
            if self._stopped:
                self._server.shutdown_request(connection)
                return
            self._new.append((connection, address, data))
        with suppress(OSError):
            self._wake_write.send(b"x")

    def stop(self) -> None:
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
            for connection in [*self._waiting]:
                self._close(connection)
            with self._lock:
                new, self._new = self._new, []
            for connection, _, _ in new:
                self._server.shutdown_request(connection)
            self._selector.close()
            self._wake_read.close()
            self._wake_write.close()

    def _take_new(self) -> None:
        with self._lock:
            new, self._new = self._new, []
        for connection, address, data in new:
            if _head_end(data) >= 0:  # a client that sent its next request already
                self._server.start_request(connection, address, data)
                continue
            while len(self._waiting) >= MAX_WAITING:
                self._close(next(iter(self._waiting)))
            try:
                connection.setblocking(False)
                self._selector.register(connection, selectors.EVENT_READ)
            except (OSError, ValueError):
                self._server.shutdown_request(connection)
                continue
            self._waiting[connection] = _Waiting(
                address, bytearray(data), time.monotonic() + self._deadline
            )

    def _read(self, connection: socket.socket) -> None:
        waiting = self._waiting.get(connection)
        if waiting is None:
            return
        try:
            chunk = connection.recv(MAX_HEAD)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._close(connection)
            return
        waiting.data += chunk
        if _head_end(waiting.data) >= 0 or len(waiting.data) > MAX_HEAD:
            self._selector.unregister(connection)
            del self._waiting[connection]
            try:
                connection.setblocking(True)
                self._server.start_request(connection, waiting.address, bytes(waiting.data))
            except OSError:
                self._server.shutdown_request(connection)

    def _drop_late(self) -> None:
        now = time.monotonic()
        for connection, waiting in list(self._waiting.items()):
            if waiting.deadline > now:
                break  # oldest first, and every deadline is as long
            self._close(connection)

    def _close(self, connection: socket.socket) -> None:
        self._waiting.pop(connection, None)
        with suppress(KeyError, ValueError):
            self._selector.unregister(connection)
        self._server.shutdown_request(connection)


class _Input:
    """A request's input: the head already read, then the socket, every byte of the body due
    before the request's deadline."""

    def __init__(self, connection: socket.socket, head: bytes, wait: float) -> None:
        self._connection = connection
        self._buffer = bytearray(head)
        self._wait = wait
        self._deadline = time.monotonic() + wait

    def _fill(self) -> bool:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long to arrive")
        self._connection.settimeout(min(left, self._wait))
        try:
            chunk = self._connection.recv(65536)
        finally:
            self._connection.settimeout(self._wait)
        self._buffer += chunk
        return bool(chunk)

    def readline(self, limit: int = -1) -> bytes:
        while True:
            end = self._buffer.find(b"\n") + 1
            if end or (0 <= limit <= len(self._buffer)) or not self._fill():
                break
        if not end:
            end = len(self._buffer)
        if 0 <= limit < end:
            end = limit
        line = bytes(self._buffer[:end])
        del self._buffer[:end]
        return line

    def read(self, size: int = -1) -> bytes:
        while (size < 0 or len(self._buffer) < size) and self._fill():
            pass
        end = len(self._buffer) if size < 0 else min(size, len(self._buffer))
        data = bytes(self._buffer[:end])
        del self._buffer[:end]
        return data

    def rest(self) -> bytes:
        """What was read past the end of the request: the start of the next one."""
        return bytes(self._buffer)

    def close(self) -> None:
        """The connection stays open (it may serve another request)."""


class _Handler(BaseHTTPRequestHandler):
    server: _HTTPServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    _sent = False

    @property
    def app(self) -> LiveServer:
        return self.server.app

    def version_string(self) -> str:
        return "roads"

    kept: bytes | None = None
    """After one request, if the connection stays open: what was read of the next one."""

    def __init__(
        self, request: socket.socket, client_address: Any, server: _HTTPServer, head: bytes
    ) -> None:
        self._head = head
        super().__init__(request, client_address, server)

    def setup(self) -> None:
        self.connection = self.request
        self.connection.settimeout(self.app.timeout)
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, True)
        self.input = _Input(self.connection, self._head, self.app.timeout)
        self.rfile = self.input  # type: ignore[assignment]
        self.wfile = socketserver._SocketWriter(self.connection)  # type: ignore[attr-defined]

    def handle(self) -> None:
        """One request; the connection, if kept alive, goes back to the head reader."""
        self.close_connection = True
        self.handle_one_request()
        if not self.close_connection:
            self.kept = self.input.rest()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: requests are not logged, and neither are clients that go away."""

    def do_GET(self) -> None:
        self._dispatch()

    def do_HEAD(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    def do_OPTIONS(self) -> None:
        self._dispatch()

    def _dispatch(self) -> None:
        self._sent = False
        path = self.path.split("?", 1)[0]
        try:
            self._check_origin()
            methods = _ROUTES.get(path)
            if methods is None:
                raise RequestError(HTTPStatus.NOT_FOUND, f"nothing here: {path}")
            name = methods.get(self.command)
            if name is None:
                raise RequestError(
                    HTTPStatus.METHOD_NOT_ALLOWED,
                    f"{path} takes {' or '.join(methods)}, not {self.command}",
                    allow=", ".join(methods),
                )
            getattr(self, f"_{name}")()
        except RequestError as problem:
            self._refuse(problem)
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as error:
            self.close_connection = True
            if self.server.closing:
                return  # the connection was cut by close(): nobody is there to be told
            self.app.log(
                f"internal error on {self.command} {path}: {type(error).__name__}: {error}"
            )
            if not self._sent:
                self._send_json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "internal error"})

    def _check_origin(self) -> None:
        host = self.headers.get("Host")
        if not self.app.accepts_host(host):
            raise RequestError(HTTPStatus.FORBIDDEN, f"the Host {host!r} does not name this server")
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower() != f"http://{host}".lower():
            raise RequestError(HTTPStatus.FORBIDDEN, f"requests from {origin!r} are not accepted")

    # -- responses -----------------------------------------------------------------------------

    def _send(
        self,
        status: int,
        body: bytes,
        content_type: str,
        policy: str = _NOTHING_POLICY,
        extra: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", policy)
        for name, value in (*_HEADERS, *extra):
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self._sent = True
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_json(self, status: int, value: dict[str, Any]) -> None:
        body = json.dumps(value, ensure_ascii=False).encode("utf-8") + b"\n"
        self._send(status, body, "application/json; charset=utf-8")

    def _refuse(self, problem: RequestError) -> None:
        self.close_connection = True  # the body, if any, was not read
        extra: tuple[tuple[str, str], ...] = (("Allow", problem.allow),) if problem.allow else ()
        if problem.retry_after:
            extra += (("Retry-After", str(problem.retry_after)),)
        body = json.dumps({"error": problem.message}, ensure_ascii=False).encode() + b"\n"
        self._send(problem.status, body, "application/json; charset=utf-8", extra=extra)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Errors found while parsing the request, as one-line JSON like every other."""
        try:
            status = HTTPStatus(code)
        except ValueError:
            status = HTTPStatus.BAD_REQUEST
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.1"  # unparsed: answer with a status line anyway
        self._refuse(RequestError(status, message or status.phrase))

    # -- routes --------------------------------------------------------------------------------

    def _page(self) -> None:
        html = self.app.page.html(self.app.watcher.snapshot.state, self.app.token)
        self._send(
            HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", CONTENT_SECURITY_POLICY
        )

    def _board(self) -> None:
        svg = self.app.watcher.snapshot.state["svg"]
        self._send(HTTPStatus.OK, svg.encode("utf-8"), "image/svg+xml; charset=utf-8", _SVG_POLICY)

    def _overlay(self) -> None:
        from roads.live.views import overlay_html, view_policy

        page = self.app.page
        html = overlay_html(
            self.app.watcher.snapshot.state["svg"],
            lang=page.options.lang,
            title=page.options.title or page.labels.title,
            theme=page.options.theme,
        )
        self._send(HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", view_policy())

    def _wall_picture(self) -> str:
        try:
            return self.app.wall_picture()
        except FileNotFoundError:
            raise RequestError(HTTPStatus.CONFLICT, "the journal is missing") from None
        except (RoadsError, OSError, UnicodeDecodeError) as error:
            raise RequestError(HTTPStatus.CONFLICT, f"cannot read the journal: {error}") from None

    def _wall(self) -> None:
        from roads.live.views import view_policy, wall_html

        html = wall_html(self._wall_picture(), self.app.page.options, self.app.path.name)
        self._send(HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", view_policy())

    def _wall_svg(self) -> None:
        svg = self._wall_picture()
        self._send(HTTPStatus.OK, svg.encode("utf-8"), "image/svg+xml; charset=utf-8", _SVG_POLICY)

    def _events(self) -> None:
        app = self.app
        if not app.open_stream():
            raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, "too many live pages are open")
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Content-Security-Policy", _NOTHING_POLICY)
            for name, value in _HEADERS:
                self.send_header(name, value)
            self.send_header("X-Accel-Buffering", "no")
            self.send_header("Connection", "close")  # the stream ends with the connection
            self.end_headers()
            self._sent = True
            snapshot = app.watcher.snapshot
            self.wfile.write(b"retry: 1000\n\n" + snapshot.event)
            while True:
                newer = app.watcher.wait(snapshot.version, app.keepalive)
                if newer is None:
                    return
                if newer.version == snapshot.version:
                    self.wfile.write(b": keep-alive\n\n")
                else:
                    snapshot = newer
                    self.wfile.write(snapshot.event)
        finally:
            app.close_stream()

    def _coup(self) -> None:
        try:
            hand = hand_from_request(self._body())
        except ParseError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None
        self._write(lambda journal: journal.add(hand))

    def _undo(self) -> None:
        self._empty_body()
        self._write(lambda journal: journal.undo())

    def _shoe(self) -> None:
        self._empty_body()
        self._write(lambda journal: journal.new_shoe())

    # -- writes --------------------------------------------------------------------------------

    def _body(self) -> dict[str, Any]:
        """The JSON object of a write, once the token and the body's size are checked."""
        given = self.headers.get(TOKEN_HEADER, "").encode("utf-8", "replace")
        if not hmac.compare_digest(given, self.app.token.encode("ascii")):
            raise RequestError(
                HTTPStatus.FORBIDDEN, f"a missing or wrong {TOKEN_HEADER}: load the page again"
            )
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "a Content-Length is required")
        if not (length_text.strip().isascii() and length_text.strip().isdigit()):
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"Content-Length {length_text!r} is not a number of bytes"
            )
        digits = length_text.strip().lstrip("0")
        if len(digits) > len(str(MAX_BODY)) or int(digits or "0") > MAX_BODY:
            shown = digits if len(digits) <= 20 else f"{len(digits)}-digit number of"
            raise RequestError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"a body of {shown} bytes is too large: at most {MAX_BODY}",
            )
        length = int(digits or "0")
        if self.headers.get_content_type() != "application/json":
            raise RequestError(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json"
            )
        data = self.rfile.read(length)  # within the deadline of the request
        if len(data) < length:
            raise ConnectionResetError("the body ended early")
        if not data.strip():
            return {}
        try:
            value = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError) as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"the body is not JSON: {error}") from None
        if not isinstance(value, dict):
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object {...}")
        return value

    def _empty_body(self) -> None:
        body = self._body()
        if body:
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"unknown field {sorted(body)[0]!r}: send {{}}"
            )

    def _write(self, action: Callable[[Journal], object]) -> None:
        try:
            reply = self.app.write(action)
        except ReadOnlyError as error:
            raise RequestError(HTTPStatus.FORBIDDEN, str(error)) from None
        except JournalBusyError as error:
            raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, str(error), retry_after=1) from None
        except JournalError as error:
            raise RequestError(HTTPStatus.CONFLICT, str(error)) from None
        except RoadsError as error:
            raise RequestError(
                HTTPStatus.CONFLICT, f"the journal cannot take it: {error}"
            ) from None
        except OSError as error:
            self.app.log(f"cannot write the journal {self.app.path}: {error}")
            raise RequestError(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                f"cannot write the journal: {error.strerror or error}",
            ) from None
        self._send_json(HTTPStatus.OK, reply)
