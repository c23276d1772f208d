"""Writing answers and event streams without a thread per connection (``roads serve``'s transport).

One thread writes, without blocking on any, what is still to be sent on every connection: the
rest of an answer too big to go out at once, and every open Server-Sent Events stream. A stream
is sent the newest event only once it has taken the one before (a client that does not read
never queues more than one), a comment when it has been quiet for ``keepalive`` seconds, and
is dropped when nothing it was sent has moved for ``deadline`` seconds or when its client
closes it (seen at once: every stream is watched for the end of its input). At most
``max_streams`` are open: a new one takes the place of the stalest, so streams held by clients
that never read cannot shut out a new page.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

STREAM_BUFFER = 128 * 1024
"""Bytes the system may hold for one stream's client: past that, the stream waits for it."""
HEARTBEAT = b": keep-alive\n\n"
_INPUT_LIMIT = 64 * 1024
"""Bytes a stream's client may send (it should send none) before it is dropped."""

Back = Callable[[socket.socket, Any, bytes], None]
"""Takes a kept-alive connection back, with what it has sent of its next request."""


@dataclass(slots=True)
class _Out:
    connection: socket.socket
    address: Any
    chunks: deque[bytes]
    moved: float
    """When a byte was last taken by the client (or this was queued)."""
    keep: bytes | None = None
    """A reply's connection stays open (with these bytes of the next request) once sent."""
    version: int = -1
    """A stream's last event; -1 for a reply."""
    offset: int = 0
    heard: int = 0
    quiet_since: float = field(default=0.0)

    @property
    def stream(self) -> bool:
        return self.version >= 0


class Outbox:
    """The writing thread; ``back`` takes kept-alive connections back once their answer is
    out; ``deadline`` seconds without progress drop a client, ``keepalive`` seconds of quiet
    send a stream a comment."""

    def __init__(self, back: Back, *, deadline: float, keepalive: float, max_streams: int) -> None:
        self._back = back
        self._deadline = deadline
        self._keepalive = keepalive
        self._max_streams = max_streams
        self._selector = selectors.DefaultSelector()
        self._outs: dict[socket.socket, _Out] = {}  # oldest first
        self._new: list[_Out] = []
        self._latest: tuple[int, bytes] = (-1, b"")
        self._lock = threading.Lock()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._streams = 0
        self._ending = False
        self._stopping: float | None = None
        self._thread = threading.Thread(target=self._run, name="roads-outbox", daemon=True)
        self._thread.start()

    @property
    def streams(self) -> int:
        """How many event streams are open."""
        with self._lock:
            return self._streams

    def reply(
        self, connection: socket.socket, address: Any, data: bytes, keep: bytes | None
    ) -> None:
        """Send ``data`` (a whole answer): at once if the socket takes it, else from this
        thread; then hand the connection ``back`` if ``keep`` is not None, or close it."""
        sent = 0
        with suppress(BlockingIOError, InterruptedError):
            try:
                connection.setblocking(False)
                sent = connection.send(data)
            except OSError:
                _close(connection)
                return
        if sent == len(data):
            if keep is None:
                _close(connection)
            else:
                self._back(connection, address, keep)
            return
        out = _Out(connection, address, deque([data]), time.monotonic(), keep, offset=sent)
        self._add(out)

    def stream(self, connection: socket.socket, address: Any, data: bytes, version: int) -> None:
        """Open an event stream that has been sent nothing yet: ``data`` (its head and the
        event of ``version``) first, then every newer event."""
        with suppress(OSError):
            connection.setblocking(False)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_BUFFER)
        now = time.monotonic()
        out = _Out(connection, address, deque([data]), now, version=version, quiet_since=now)
        with self._lock:
            self._streams += 1
        self._add(out)

    def publish(self, version: int, event: bytes) -> None:
        """The newest event, for every stream."""
        with self._lock:
            self._latest = (version, event)
        self._wake()

    def end_streams(self) -> None:
        """Close every stream (the server is stopping); replies go on."""
        with self._lock:
            self._ending = True
        self._wake()

    def stop(self, wait: float) -> None:
        """Close every stream, send what is left of the replies for up to ``wait`` seconds,
        then close every connection."""
        with self._lock:
            self._ending = True
            self._stopping = time.monotonic() + wait
        self._wake()
        self._thread.join(timeout=wait + 5)

    def _add(self, out: _Out) -> None:
        with self._lock:
            self._new.append(out)
        self._wake()

    def _wake(self) -> None:
        with suppress(OSError):
            self._wake_write.send(b"x")

    # -- the thread ------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while True:
                with self._lock:
                    stopping, ending = self._stopping, self._ending
                    new, self._new = self._new, []
                    latest = self._latest
                if stopping is not None and (
                    (not self._outs and not new) or time.monotonic() > stopping
                ):
                    for out in new:
                        self._outs[out.connection] = out
                    break
                for out in new:
                    self._take(out)
                if ending:
                    self._end_streams()
                self._feed(latest)
                for key, events in self._selector.select(timeout=0.25):
                    if key.fileobj is self._wake_read:
                        with suppress(OSError):
                            self._wake_read.recv(4096)
                        continue
                    out = self._outs.get(key.fileobj)  # type: ignore[call-overload]
                    if out is not None and events & selectors.EVENT_READ:
                        self._hear(out)
                    if (
                        out is not None
                        and events & selectors.EVENT_WRITE
                        and out.connection in self._outs
                    ):
                        self._write(out)
                self._drop_late()
        finally:
            for out in [*self._outs.values()]:
                self._drop(out)
            self._selector.close()
            self._wake_read.close()
            self._wake_write.close()

    def _take(self, out: _Out) -> None:
        if out.stream:
            streams = [other for other in self._outs.values() if other.stream]
            if len(streams) >= self._max_streams:
                self._drop(min(streams, key=lambda other: (not other.chunks, other.moved)))
        self._outs[out.connection] = out
        try:
            self._selector.register(out.connection, self._interest(out))
        except (OSError, ValueError):
            self._drop(out)

    def _interest(self, out: _Out) -> int:
        read = selectors.EVENT_READ if out.stream else 0
        return read | (selectors.EVENT_WRITE if out.chunks else 0)

    def _watch(self, out: _Out) -> None:
        with suppress(OSError, ValueError, KeyError):
            self._selector.modify(out.connection, self._interest(out))

    def _feed(self, latest: tuple[int, bytes]) -> None:
        """Give every stream that has sent all it had the newest event, or a comment."""
        version, event = latest
        now = time.monotonic()
        for out in self._outs.values():
            if not out.stream or out.chunks:
                continue
            if out.version < version:
                out.version = version
                out.chunks.append(event)
            elif now - out.quiet_since >= self._keepalive:
                out.chunks.append(HEARTBEAT)
            else:
                continue
            out.moved = out.quiet_since = now
            self._watch(out)

    def _hear(self, out: _Out) -> None:
        """A stream's client sent something: the end of its input (it has gone) or bytes it
        should not send."""
        try:
            data = out.connection.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        out.heard += len(data)
        if not data or out.heard > _INPUT_LIMIT:
            self._drop(out)

    def _write(self, out: _Out) -> None:
        while out.chunks:
            chunk = out.chunks[0]
            try:
                sent = out.connection.send(memoryview(chunk)[out.offset :])
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self._drop(out)
                return
            out.moved = time.monotonic()
            out.offset += sent
            if out.offset < len(chunk):
                return
            out.chunks.popleft()
            out.offset = 0
        if out.stream:
            out.quiet_since = out.moved
            self._watch(out)
            return
        self._forget(out)
        with self._lock:
            keep = None if self._ending else out.keep
        if keep is None:
            _close(out.connection)
        else:
            self._back(out.connection, out.address, keep)

    def _end_streams(self) -> None:
        for out in [*self._outs.values()]:
            if out.stream:
                self._drop(out)

    def _drop_late(self) -> None:
        now = time.monotonic()
        late = [o for o in self._outs.values() if o.chunks and now - o.moved > self._deadline]
        for out in late:
            self._drop(out)

    def _forget(self, out: _Out) -> None:
        if self._outs.pop(out.connection, None) is not None and out.stream:
            with self._lock:
                self._streams -= 1
        with suppress(KeyError, ValueError):
            self._selector.unregister(out.connection)

    def _drop(self, out: _Out) -> None:
        self._forget(out)
        _close(out.connection)


def _close(connection: socket.socket) -> None:
    with suppress(OSError):
        connection.shutdown(socket.SHUT_RDWR)
    connection.close()
