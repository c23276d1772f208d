"""The second attack on ``roads serve`` (issue 23), on loopback: nobody locked out, no reply lost.

    python bench/attack.py            # about three minutes; stops by itself
    python bench/attack.py --new      # parts 4 to 8 only

1. Held open at once: 200 sockets sending a large head as short lines, 200 slow POST bodies
   holding the token, 200 event streams that never read, 200 idle sockets (each reopened when
   the server drops it). Meanwhile 20 normal requests, one after another: ``/``, ``/board.svg``,
   a POST of a coup, a new ``/events`` (its first event): each must be answered within 2 s.
2. 1,000 event streams opened and closed, then 20 new live pages (``/`` and the first event of
   ``/events``, kept open): each within 2 s.
3. 20 stops (SIGTERM) under 4 clients posting coups, each with its own idempotency key; a
   request left without a reply is sent again, with the same key, to the next server. In the
   end every coup in the journal was answered 200, once, and no key was logged twice.

Parts 4 to 8 (issue 42: SIGKILLs under load, raw and RFC 9112 heads, the journal edited,
replaced and deleted under the server, fuzzed reader inputs, workers that must die with their
command) are in ``bench/attack_more.py``.

Every loop is bounded, every socket times out, and only 127.0.0.1 is used.
"""

from __future__ import annotations

import collections
import contextlib
import http.client
import itertools
import json
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from roads.hands.journal import Journal
from roads.hands.notation import parse_notation

EACH = 200
"""Sockets of each attacking kind."""
NORMAL = 20
CYCLES = 1000
STOPS = 20
POSTERS = 4
WITHIN = 2.0


@contextlib.contextmanager
def server(path: Path) -> Iterator[tuple[subprocess.Popen[str], int, str]]:
    """``roads serve`` on a free port: the process, its port and its write token."""
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", str(path), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    match = re.search(r"127\.0\.0\.1:(\d+)/", process.stderr.readline())
    try:
        if match is None:
            raise SystemExit("roads serve did not start")
        port = int(match.group(1))
        page = get(port, "/")[1].decode()
        token = re.search(r'"token":\s*"([^"]+)"', page)
        assert token is not None
        yield process, port, token.group(1)
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stderr.close()


def get(port: int, target: str, timeout: float = WITHIN) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def post(port: int, token: str, key: str, timeout: float = WITHIN) -> dict[str, object]:
    """A coup with its key; the reply, or OSError/HTTPException if there is none."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json", "X-Roads-Token": token, "Idempotency-Key": key}
    try:
        connection.request("POST", "/api/coup", body=b'{"hand": "B"}', headers=headers)
        response = connection.getresponse()
        reply: dict[str, object] = json.loads(response.read())
        if response.status != 200:
            raise http.client.HTTPException(f"{response.status}: {reply}")
        return reply
    finally:
        connection.close()


def first_event(port: int, timeout: float = WITHIN) -> http.client.HTTPConnection:
    """A new live stream, once its first board event is in (the connection stays open)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.request("GET", "/events")
    response = connection.getresponse()
    if response.status != 200:
        raise http.client.HTTPException(f"/events: {response.status}")
    while response.readline() != b"event: board\n":
        pass
    return connection


def timed(action: Callable[[], object]) -> float | None:
    """Seconds ``action`` took, or None if it failed (its time was up, or it was refused)."""
    began = time.perf_counter()
    try:
        action()
    except (OSError, http.client.HTTPException):
        return None
    return time.perf_counter() - began


# -- 1. held open at once --------------------------------------------------------------------------


class Attackers:
    """EACH sockets of each kind, kept open and fed by one thread until ``stop()``."""

    def __init__(self, port: int, token: str) -> None:
        host = f"Host: 127.0.0.1:{port}\r\n"
        self.port = port
        self.kinds: dict[str, tuple[bytes, bytes]] = {  # what it sends first, then each round
            "large head": (
                f"GET / HTTP/1.1\r\n{host}".encode(),
                b"X-Pad: " + b"a" * 8000 + b"\r\n",
            ),
            "slow body": (
                f"POST /api/coup HTTP/1.1\r\n{host}X-Roads-Token: {token}\r\n"
                "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode(),
                b" ",
            ),
            "silent stream": (f"GET /events HTTP/1.1\r\n{host}\r\n".encode(), b""),
            "idle": (b"", b""),
        }
        self.sockets = {kind: [self._open(kind) for _ in range(EACH)] for kind in self.kinds}
        self.reopened = collections.Counter[str]()
        self.rounds = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._feed)
        self._thread.start()

    def _open(self, kind: str) -> socket.socket:
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        connection.setblocking(False)
        with contextlib.suppress(OSError):
            connection.send(self.kinds[kind][0])
        return connection

    def _feed(self) -> None:
        for _ in range(600):  # 0.1 s a round: a minute at most
            for kind, opened in self.sockets.items():
                piece = self.kinds[kind][1]
                for number, connection in enumerate(opened):
                    try:
                        if piece:
                            connection.send(piece)
                        elif kind == "idle" and connection.recv(1) == b"":
                            raise ConnectionResetError
                    except (BlockingIOError, InterruptedError):
                        continue
                    except OSError:
                        connection.close()
                        opened[number] = self._open(kind)
                        self.reopened[kind] += 1
            self.rounds += 1
            if self._stop.wait(0.1):
                return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
        for connection in itertools.chain.from_iterable(self.sockets.values()):
            connection.close()


def held_open(path: Path) -> bool:
    with server(path) as (_, port, token):
        attackers = Attackers(port, token)
        try:
            while attackers.rounds < 30:  # 3 s: every large head is past the cap by then
                time.sleep(0.05)
            keys = (f"normal-{n}" for n in itertools.count())
            actions: list[tuple[str, Callable[[], object]]] = [
                ("/", lambda: get(port, "/")),
                ("/board.svg", lambda: get(port, "/board.svg")),
                ("POST /api/coup", lambda: post(port, token, next(keys))),
                ("new /events", lambda: first_event(port).close()),
            ]
            times = [timed(actions[n % 4][1]) for n in range(NORMAL)]
        finally:
            attackers.stop()
    answered = [t for t in times if t is not None and t <= WITHIN]
    print(
        f"1. {4 * EACH} attacking sockets held ({EACH} of each kind; reopened after the server "
        f"dropped them: {dict(attackers.reopened)})\n"
        f"   {len(answered)} of {NORMAL} normal requests answered within {WITHIN:.0f} s, "
        f"slowest {max(answered, default=0) * 1000:.0f} ms"
    )
    return len(answered) == NORMAL


# -- 2. streams come and go -----------------------------------------------------------------------


def streams_come_and_go(path: Path) -> bool:
    with server(path) as (_, port, _):
        request = f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        began = time.perf_counter()
        for _ in range(CYCLES):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
                client.sendall(request)
                client.recv(12)
        cycling = time.perf_counter() - began
        pages: list[http.client.HTTPConnection] = []

        def live_page() -> None:
            get(port, "/")
            pages.append(first_event(port))

        times = [timed(live_page) for _ in range(NORMAL)]
        for page in pages:
            page.close()
    answered = [t for t in times if t is not None and t <= WITHIN]
    print(
        f"2. {CYCLES} streams opened and closed in {cycling:.1f} s, then {len(answered)} of "
        f"{NORMAL} new live pages within {WITHIN:.0f} s, slowest "
        f"{max(answered, default=0) * 1000:.0f} ms"
    )
    return len(answered) == NORMAL


# -- 3. stops under load --------------------------------------------------------------------------


class Posters:
    """POSTERS clients posting coups with fresh keys; a key left without a reply is kept and
    sent again to the next server, before any new one."""

    def __init__(self) -> None:
        self.answered: dict[str, int] = {}  # key: how many 200 replies it got
        self.repeated = 0
        self.unanswered = 0
        self.pending: list[list[str]] = [[] for _ in range(POSTERS)]
        self._keys = (f"k{n}" for n in itertools.count())
        self._lock = threading.Lock()

    def run(self, port: int, token: str, stop: threading.Event, *, new: bool) -> None:
        threads = [
            threading.Thread(target=self._post, args=(number, port, token, stop, new))
            for number in range(POSTERS)
        ]
        for thread in threads:
            thread.start()
        self._threads = threads

    def join(self) -> None:
        for thread in self._threads:
            thread.join(timeout=60)

    def _post(self, number: int, port: int, token: str, stop: threading.Event, new: bool) -> None:
        pending = self.pending[number]
        for _ in range(10_000):
            if pending:
                key = pending[0]
            elif new and not stop.is_set():
                with self._lock:
                    key = next(self._keys)
            else:
                return
            try:
                reply = post(port, token, key, timeout=10)
            except (OSError, http.client.HTTPException):
                with self._lock:
                    self.unanswered += key not in pending
                if key not in pending:
                    pending.append(key)
                return  # this server has stopped: the key goes to the next one
            with self._lock:
                self.answered[key] = self.answered.get(key, 0) + 1
                self.repeated += bool(reply.get("repeated"))
            if pending and pending[0] == key:
                pending.pop(0)


def stops_under_load(path: Path) -> bool:
    posters = Posters()
    for _ in range(STOPS):
        with server(path) as (process, port, token):
            stop = threading.Event()
            began = len(posters.answered)
            posters.run(port, token, stop, new=True)
            deadline = time.monotonic() + 10
            while len(posters.answered) < began + 30 and time.monotonic() < deadline:
                time.sleep(0.01)  # a bench may poll: it is not a test
            process.send_signal(signal.SIGTERM)
            stop.set()
            posters.join()
    with server(path) as (_, port, token):  # the last retries
        posters.run(port, token, threading.Event(), new=False)
        posters.join()
    logged = collections.Counter(
        event.get("id")
        for event in map(json.loads, path.read_text().splitlines()[1:])
        if event.get("event") == "coup" and str(event.get("id")).startswith("k")
    )
    twice = sum(count > 1 for count in logged.values())
    unanswered = [key for key in logged if key not in posters.answered]
    lost = [key for key in posters.answered if key not in logged]
    print(
        f"3. {STOPS} stops under {POSTERS} posting clients: {sum(logged.values())} coups in the "
        f"journal, {len(posters.answered)} keys answered 200; {posters.unanswered} requests "
        f"left without a reply by a stop, sent again: {posters.repeated} answered as repeated; "
        f"logged twice: {twice}, in the journal but never answered: {len(unanswered)}, "
        f"answered but not in the journal: {len(lost)}"
    )
    return twice == 0 and not unanswered and not lost


def main() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 8 * EACH + 1024  # this process's sockets and the server's (a child: the same limit)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    if min(wanted, hard) < wanted:
        print(f"ulimit -n is {hard}: {wanted} file descriptors are needed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "attack.jsonl"
        journal = Journal(path)
        for hand in parse_notation("BPBBPTPBPPB" * 5):
            journal.add(hand)
        results: list[bool] = []
        if "--new" not in sys.argv[1:]:
            results += [held_open(path), streams_come_and_go(path), stops_under_load(path)]
        from attack_more import more  # which uses this module's server and post

        results += more(Path(folder), path)
    print("all held" if all(results) else "FAILED")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
