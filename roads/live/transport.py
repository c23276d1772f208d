"""The hand-built HTTP transport of ``roads serve``: connections, their limits and deadlines.

Each connection belongs to one part at a time. The request reader (``roads.live.reader``)
reads a request, head and body, without a thread; a whole request gets a thread (one of
MAX_CONNECTIONS) that only computes its answer, reading and writing nothing on the socket; the
answer goes out at once, or from the outbox (``roads.live.outbox``), which also keeps the event
streams. No thread ever waits on a client, so clients that send slowly, send nothing, or never
read cannot take the threads from everyone else, and each kind has its own limit. What a
request means is the handler's business (``roads.live.routes``).

Stopping drains: the port is closed, the requests already whole are answered (with
``Connection: close``), the streams end, and the connections close once their answers are out.
"""

from __future__ import annotations

import io
import socket
import socketserver
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, cast

from roads.live.outbox import Outbox
from roads.live.reader import RequestReader, answer_and_close, file_budget, refusal

MAX_CONNECTIONS = 64
"""Requests being answered at once (each whole already): more get 503, try again."""
MAX_STREAMS = file_budget(4, 256)
"""Event streams open at once (at most a quarter of the files this process may open); a new
one takes the place of the stalest."""

_BUSY = refusal(HTTPStatus.SERVICE_UNAVAILABLE, "too busy: try again shortly", retry_after=1)


class Input:
    """A whole request read already, as the file ``BaseHTTPRequestHandler`` reads it from."""

    def __init__(self, data: bytes) -> None:
        self._file = io.BytesIO(data)

    def readline(self, limit: int = -1) -> bytes:
        return self._file.readline(limit)

    def read(self, size: int = -1) -> bytes:
        return self._file.read(size)

    def close(self) -> None:
        """Nothing to close: the connection may serve another request."""


class Handler(BaseHTTPRequestHandler):
    """A request handler that reads a request read already and writes its answer to memory;
    the server sends it. A handler that opens an event stream sets ``stream`` to the version
    of the event it wrote."""

    server: HTTPServer
    stream: int | None = None

    def __init__(
        self, request: socket.socket, client_address: Any, server: HTTPServer, data: bytes
    ) -> None:
        self._data = data
        super().__init__(request, client_address, server)

    def setup(self) -> None:
        self.connection = self.request
        self.rfile = Input(self._data)  # type: ignore[assignment]
        self.wfile = io.BytesIO()

    def handle(self) -> None:
        """One request: the answer is left in ``wfile``."""
        self.close_connection = True
        self.handle_one_request()

    def finish(self) -> None:
        """The answer stays in ``wfile`` for the server to send."""

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
    """Accepts connections and hands each to the request reader. Each request being answered
    is counted in one set, so its slot is given back exactly once whatever fails, and
    ``drain()`` can wait for them."""

    daemon_threads = True
    block_on_close = False  # drain() waits, with a deadline
    request_queue_size = 1024

    def __init__(
        self,
        address: tuple[str, int],
        app: Any,
        *,
        handler: type[Handler],
        timeout: float,
        keepalive: float,
        max_body: int,
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
        self._open: set[object] = set()
        """A token for each request being answered (not its socket: a kept-alive socket's next
        request can start before the last one's thread has let its token go)."""
        self._open_changed = threading.Condition()
        super().__init__(address, cast(Any, handler))
        self.requests = RequestReader(self.start_request, deadline=timeout, max_body=max_body)
        self.outbox = Outbox(
            self.requests.add, deadline=timeout, keepalive=keepalive, max_streams=MAX_STREAMS
        )

    def server_bind(self) -> None:
        socketserver.TCPServer.server_bind(self)  # without HTTPServer's reverse DNS lookup
        self.server_name = str(self.server_address[0])
        self.server_port = int(self.server_address[1])

    def process_request(self, request: Any, client_address: Any) -> None:
        """A new connection: its request is read by the reader, not by a thread of its own."""
        if self.closing:
            request.close()
            return
        self.requests.add(request, client_address, b"")

    def start_request(
        self, request: socket.socket, client_address: Any, data: bytes, rest: bytes
    ) -> None:
        """Give a whole request a thread, or a 503 if every thread is busy."""
        slot = object()
        with self._open_changed:
            full = len(self._open) >= MAX_CONNECTIONS
            if not full:
                self._open.add(slot)
        if full:
            answer_and_close(request, _BUSY)
            return
        thread = threading.Thread(
            target=self._serve, args=(slot, request, client_address, data, rest), daemon=True
        )
        try:
            thread.start()
        except BaseException:
            self._forget(slot)
            request.close()
            raise

    def _serve(
        self, slot: object, request: socket.socket, client_address: Any, data: bytes, rest: bytes
    ) -> None:
        try:
            handler = self._handler(request, client_address, self, data)
        except Exception:
            self._forget(slot)
            self.handle_error(request, client_address)
            request.close()
            return
        answer = cast(io.BytesIO, handler.wfile).getvalue()
        if handler.stream is not None:
            self.outbox.stream(request, client_address, answer, handler.stream)
        elif not answer:
            request.close()
        else:
            keep = None if handler.close_connection or self.closing else rest
            self.outbox.reply(request, client_address, answer, keep)
        self._forget(slot)  # after the answer is the outbox's: drain() then waits for it there

    def _forget(self, slot: object) -> None:
        with self._open_changed:
            self._open.discard(slot)
            self._open_changed.notify_all()

    @property
    def busy(self) -> int:
        """Requests being answered."""
        with self._open_changed:
            return len(self._open)

    def drain(self, wait: float) -> None:
        """After the port is closed: answer every request already whole, end the streams, and
        send what is left of the answers, within about ``wait`` seconds in all."""
        self.closing = True
        self.outbox.end_streams()
        self.requests.stop()  # what is whole is started, the rest closed
        with self._open_changed:
            self._open_changed.wait_for(lambda: not self._open, wait)
        self.outbox.stop(wait)

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        if self.closing or isinstance(error, ConnectionError | TimeoutError):
            return  # a client that went away, or a connection cut by close()
        self.log(f"error serving {client_address[0]}: {type(error).__name__}: {error}")
