"""The hand-built HTTP transport of ``roads serve``: connections, their limits and deadlines.

A connection gets a thread (one of MAX_CONNECTIONS) only once its whole request head has
arrived: until then one thread reads the heads of every waiting connection, each within a
deadline, so clients that send slowly or nothing at all cannot take the threads from everyone
else; the oldest waiting connection makes room for a new one. A body must arrive within the
same deadline. What a request means is the handler's business (``roads.live.routes``).
"""

from __future__ import annotations

import selectors
import socket
import socketserver
import sys
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, cast

MAX_CONNECTIONS = 64
MAX_WAITING = 512
"""Connections whose request head is still arriving; the oldest is dropped to make room."""
MAX_HEAD = 64 * 1024
"""Bytes of a request head."""


class Handler(BaseHTTPRequestHandler):
    """A request handler that starts from the head the head reader read."""

    server: HTTPServer
    kept: bytes | None = None
    """After one request, if the connection stays open: what was read of the next one."""

    def __init__(
        self, request: socket.socket, client_address: Any, server: HTTPServer, head: bytes
    ) -> None:
        self._head = head
        super().__init__(request, client_address, server)

    def setup(self) -> None:
        self.connection = self.request
        self.connection.settimeout(self.server.deadline)
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, True)
        self.input = Input(self.connection, self._head, self.server.deadline)
        self.rfile = self.input  # type: ignore[assignment]
        self.wfile = socketserver._SocketWriter(self.connection)  # type: ignore[attr-defined]

    def handle(self) -> None:
        """One request; the connection, if kept alive, goes back to the head reader."""
        self.close_connection = True
        self.handle_one_request()
        if not self.close_connection:
            self.kept = self.input.rest()

    def dispatch(self) -> None:
        """Answer the request whose head is parsed (every method comes here)."""
        raise NotImplementedError

    def do_GET(self) -> None:
        self.dispatch()

    def do_HEAD(self) -> None:
        self.dispatch()

    def do_POST(self) -> None:
        self.dispatch()

    def do_PUT(self) -> None:
        self.dispatch()

    def do_DELETE(self) -> None:
        self.dispatch()

    def do_PATCH(self) -> None:
        self.dispatch()

    def do_OPTIONS(self) -> None:
        self.dispatch()


class HTTPServer(ThreadingHTTPServer):
    """Accepts connections and hands each to the head reader; a connection whose head is in
    gets a thread, one of MAX_CONNECTIONS. Each open connection is counted in one set, so its
    slot is given back exactly once whatever fails, and ``close()`` can cut the connections
    still open."""

    daemon_threads = True
    block_on_close = False  # end_connections() waits, with a deadline
    request_queue_size = 256

    def __init__(
        self,
        address: tuple[str, int],
        app: Any,
        *,
        handler: type[Handler],
        timeout: float,
        log: Callable[[str], None],
    ) -> None:
        infos = socket.getaddrinfo(address[0], address[1], type=socket.SOCK_STREAM)
        infos.sort(key=lambda info: info[0] != socket.AF_INET)
        self.address_family = infos[0][0]
        self.app = app
        self.deadline = timeout
        self.log = log
        self.closing = False
        self._handler = handler
        self._open: set[socket.socket] = set()
        self._open_changed = threading.Condition()
        super().__init__(address, cast(Any, handler))
        self.heads = _HeadReader(self, timeout)

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
            handler = self._handler(request, client_address, self, head)
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
        self.log(f"error serving {client_address[0]}: {type(error).__name__}: {error}")


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

    def __init__(self, server: HTTPServer, deadline: float) -> None:
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


class Input:
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
