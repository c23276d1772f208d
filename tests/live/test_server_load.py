"""The live board server under hostile load, all on loopback: slow and idle clients, a journal
lock held by someone else, huge headers, a board served read-only. Every loop is bounded in
count and time."""

from __future__ import annotations

import contextlib
import http.client
import json
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import logged, start

from roads.errors import RoadsError
from roads.hands.journal import JournalWarning, read_journal
from roads.live.server import TIMEOUT, LiveServer

SHOE = "BBPTPBPPB"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    logged(tmp_path / "session.jsonl", SHOE)
    return tmp_path / "session.jsonl"


def get(server: LiveServer, target: str, timeout: float) -> tuple[int, bytes]:
    """A whole GET that must be answered within ``timeout`` seconds (else it raises)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def post(
    server: LiveServer, target: str, body: dict[str, Any], timeout: float, **headers: str
) -> tuple[int, http.client.HTTPMessage, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    sent = {"Content-Type": "application/json", "X-Roads-Token": server.token, **headers}
    try:
        connection.request("POST", target, body=json.dumps(body).encode(), headers=sent)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def trickled_until_closed(
    connection: socket.socket, piece: Callable[[int], bytes], most: int = 40
) -> int | None:
    """Send ``piece(0)``, ``piece(1)``... one every 0.2 s, ``most`` at the most, until the server
    closes ``connection``: the number of the piece at which it did, or None if it never did."""
    for number in range(most):
        try:
            connection.sendall(piece(number))
        except OSError:
            return number
        if closed_within(connection, 0.2):
            return number
    return None


def closed_within(connection: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``connection`` within ``seconds`` (reading what it sends)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        if select.select([connection], [], [], left)[0]:
            try:
                if not connection.recv(65536):
                    return True
            except ConnectionError:
                return True
    return False


# -- slow and idle clients -------------------------------------------------------------------------


def test_slow_and_idle_clients_do_not_shut_out_normal_requests(path: Path) -> None:
    with start(path, timeout=30) as live:
        head = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n".encode()
        slow = [socket.create_connection(("127.0.0.1", live.port)) for _ in range(200)]
        idle = [socket.create_connection(("127.0.0.1", live.port)) for _ in range(200)]
        stop = threading.Event()

        def trickle() -> None:
            """A header line on every slow socket twice a second, for 30 s at most."""
            for number in range(60):
                line = head if number == 0 else f"X-{number}: 1\r\n".encode()
                for connection in slow:
                    with contextlib.suppress(OSError):
                        connection.sendall(line)
                if stop.wait(0.5):
                    return

        trickler = threading.Thread(target=trickle)
        trickler.start()
        try:
            answered = 0
            for number in range(20):
                target = "/board.svg" if number % 2 else "/"
                status, body = get(live, target, timeout=10.0)  # else locked out: raises
                answered += status == 200 and b"<svg" in body
            assert answered == 20
        finally:
            stop.set()
            trickler.join(timeout=10)
            for connection in slow + idle:
                connection.close()


def test_a_request_head_has_a_deadline_however_it_trickles(path: Path) -> None:
    with start(path, timeout=1.0) as live:
        connection = socket.create_connection(("127.0.0.1", live.port), timeout=5)
        connection.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n".encode())
        # A header line every 0.2 s, for 8 s at most.
        sent = trickled_until_closed(connection, lambda number: f"X-{number}: 1\r\n".encode())
        connection.close()
        assert sent is not None and sent < 30  # dropped at its 1 s deadline, long before 8 s
        assert get(live, "/board.svg", timeout=10.0)[0] == 200


def test_a_body_has_a_deadline_too(path: Path) -> None:
    with start(path, timeout=1.0) as live:
        connection = socket.create_connection(("127.0.0.1", live.port), timeout=5)
        connection.sendall(
            f"POST /api/coup HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n"
            f"X-Roads-Token: {live.token}\r\nContent-Type: application/json\r\n"
            "Content-Length: 100\r\n\r\n{".encode()
        )
        sent = trickled_until_closed(connection, lambda number: b" ")
        connection.close()
        assert sent is not None
    assert len(read_journal(path).hands()) == len(SHOE)


def test_a_content_length_of_thousands_of_digits_is_too_large_not_a_crash(path: Path) -> None:
    with start(path, timeout=TIMEOUT) as live:
        status, _, body = post(
            live, "/api/coup", {"hand": "B"}, 5, **{"Content-Length": "9" * 5000}
        )
        assert status == 413 and "too large" in json.loads(body)["error"]


# -- the journal's lock ----------------------------------------------------------------------------

HOLDER = """
import fcntl, json, select, sys
with open(sys.argv[1], "ab") as file:
    fcntl.flock(file, fcntl.LOCK_EX)
    print("locked", flush=True)
    if sys.argv[2] == "append":
        file.write(json.dumps({"event": "coup", "outcome": "T"}).encode() + b"\\n")
        file.flush()
    select.select([sys.stdin], [], [], 10)  # held for 10 s, or until the test lets go
"""


@pytest.fixture
def held(path: Path, request: pytest.FixtureRequest) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the journal's exclusive lock (at most 10 s)."""
    mode = getattr(request, "param", "hold")
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline() == "locked\n"
    try:
        yield process
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=15)
        process.stdout.close()


def test_writes_get_503_while_another_process_holds_the_lock_and_reads_go_on(
    path: Path, held: subprocess.Popen[str]
) -> None:
    with start(path, timeout=TIMEOUT, lock_wait=0.5) as live:
        for _ in range(5):
            status, headers, body = post(live, "/api/coup", {"hand": "P"}, timeout=10.0)
            assert status == 503 and headers["Retry-After"] == "1"
            assert "try again" in json.loads(body)["error"]
            assert get(live, "/board.svg", timeout=10.0)[0] == 200
            assert get(live, "/", timeout=10.0)[0] == 200
        assert held.stdin is not None
        held.stdin.close()
        held.wait(timeout=15)
        status, _, _ = post(live, "/api/coup", {"hand": "P"}, timeout=5.0)
        assert status == 200
    assert "".join(hand.notation for hand in read_journal(path).hands()) == SHOE + "P"


@pytest.mark.parametrize("held", ["append"], indirect=True)
def test_the_board_follows_the_journal_while_a_writer_holds_the_lock(
    path: Path, held: subprocess.Popen[str]
) -> None:
    """The writer holding the lock appended a line: the board shows it at once."""
    with start(path, timeout=TIMEOUT) as live:
        snapshot, deadline = live.watcher.snapshot, time.monotonic() + 5
        while snapshot.state["text"]["coups"] != f"{len(SHOE) + 1} coups":
            assert time.monotonic() < deadline, snapshot.state["text"]
            snapshot = live.watcher.wait(snapshot.version, 0.5) or snapshot
        assert held.poll() is None  # still holding the lock


# -- read-only -------------------------------------------------------------------------------------


def test_a_read_only_board_writes_nothing(path: Path) -> None:
    with path.open("a") as file:
        file.write('{"event": "coup", "outc')  # a torn tail: a writer would cut it off
    before = path.read_bytes()
    with pytest.warns(JournalWarning, match="ignoring a torn last line"):
        live = start(path, timeout=TIMEOUT, read_only=True)
    with live:
        status, _, body = post(live, "/api/coup", {"hand": "B"}, timeout=5)
        error = json.loads(body)["error"]
        assert status == 403 and "read-only" in error and "--" not in error
        assert get(live, "/board.svg", timeout=5)[0] == 200
    assert path.read_bytes() == before


def test_a_read_only_board_needs_an_existing_journal(tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    with pytest.raises((OSError, RoadsError)):
        LiveServer(missing, port=0, read_only=True)
    assert not missing.exists()
