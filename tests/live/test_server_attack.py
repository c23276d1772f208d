"""The live server under the attacks of issue 23, in small: nobody locked out, no reply lost.

Each test waits on a condition (a reply, a count, a closed socket), never on a sleep; the full
sizes are in ``bench/attack.py``.
"""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import bead_marks, logged, start
from waiting import until

from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation
from roads.live.reader import MAX_HEAD
from roads.live.server import LiveServer
from roads.live.transport import MAX_CONNECTIONS

SHOE = "BBPTPBPPB"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    logged(tmp_path / "session.jsonl", SHOE)
    return tmp_path / "session.jsonl"


@pytest.fixture
def live(path: Path) -> Iterator[LiveServer]:
    with start(path, timeout=30.0) as server:
        yield server


def request(
    server: LiveServer,
    method: str,
    target: str,
    body: dict[str, Any] | None = None,
    timeout: float = 2.0,
    **headers: str,
) -> tuple[int, http.client.HTTPMessage, bytes]:
    """A whole request that must be answered within ``timeout`` seconds (else it raises)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    data = None if body is None else json.dumps(body).encode()
    sent = dict(headers)
    if data is not None:
        sent.setdefault("Content-Type", "application/json")
        sent.setdefault("X-Roads-Token", server.token)
    try:
        connection.request(method, target, body=data, headers=sent)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def raw(server: LiveServer, data: bytes, timeout: float = 2.0) -> bytes:
    """Send bytes as they are; everything the server answers before it closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as client:
        client.sendall(data)
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := client.recv(65536):
                answer += chunk
    return answer


def host(server: LiveServer) -> str:
    return f"Host: 127.0.0.1:{server.port}\r\n"


@contextlib.contextmanager
def sockets(server: LiveServer, count: int, first: bytes) -> Iterator[list[socket.socket]]:
    """``count`` connections that each sent ``first`` and then nothing (and read nothing)."""
    opened = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(count)]
    try:
        for connection in opened:
            if first:
                connection.sendall(first)
        yield opened
    finally:
        for connection in opened:
            connection.close()


def coups(path: Path) -> int:
    return len(read_journal(path).hands(every_shoe=True))


# -- nobody locked out -----------------------------------------------------------------------------


def test_a_large_head_in_short_lines_is_refused_as_it_arrives(live: LiveServer) -> None:
    line = b"X-Pad: " + b"a" * 40_000 + b"\r\n"  # each line short, the head over MAX_HEAD
    start_line = f"GET / HTTP/1.1\r\n{host(live)}".encode()
    began = time.monotonic()
    answer = raw(live, start_line + line * (MAX_HEAD // len(line) + 1))
    assert answer.startswith(b"HTTP/1.1 431 ")
    assert time.monotonic() - began < 5
    with sockets(live, MAX_CONNECTIONS + 10, start_line + line * 2):
        for target in ("/", "/board.svg"):
            assert request(live, "GET", target)[0] == 200


def test_slow_bodies_holding_the_token_lock_nobody_out(live: LiveServer) -> None:
    head = (
        f"POST /api/coup HTTP/1.1\r\n{host(live)}X-Roads-Token: {live.token}\r\n"
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    ).encode()
    with sockets(live, MAX_CONNECTIONS + 10, head):
        assert request(live, "GET", "/board.svg")[0] == 200
        status, _, body = request(live, "POST", "/api/coup", {"hand": "B"})
        assert status == 200 and json.loads(body)["coups"] == len(SHOE) + 1


def test_streams_that_never_read_leave_room_for_a_new_page(live: LiveServer) -> None:
    with sockets(live, 40, f"GET /events HTTP/1.1\r\n{host(live)}\r\n".encode()):
        assert until(lambda: live.streams == 40)
        connection = http.client.HTTPConnection("127.0.0.1", live.port, timeout=2)
        connection.request("GET", "/events")
        response = connection.getresponse()
        assert response.status == 200
        assert [response.readline() for _ in range(4)][2:] == [b"id: 1\n", b"event: board\n"]
        connection.close()


def test_a_stream_is_freed_as_soon_as_its_client_goes(live: LiveServer) -> None:
    for _ in range(100):
        with socket.create_connection(("127.0.0.1", live.port), timeout=2) as client:
            client.sendall(f"GET /events HTTP/1.1\r\n{host(live)}\r\n".encode())
            assert client.recv(16).startswith(b"HTTP/1.1 200")
    assert until(lambda: live.streams == 0, 2.0)  # no keep-alive write needed to see them go


def test_the_page_can_poll_the_state_when_the_stream_is_refused(live: LiveServer) -> None:
    status, headers, body = request(live, "GET", "/state")
    state = json.loads(body)
    assert status == 200 and headers.get_content_type() == "application/json"
    assert state["text"]["coups"] == f"{len(SHOE)} coups" and "<svg" in state["svg"]


# -- HTTP strictness -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [b"GET /", b"GET / HTTP/0.9", b"GET  / HTTP/1.1", b"GET / HTTP/2.0", b"\x16\x03\x01 hello"],
)
def test_a_malformed_request_line_gets_a_400_with_a_status_line(
    live: LiveServer, line: bytes
) -> None:
    answer = raw(live, line + b"\r\n" + host(live).encode() + b"\r\n")
    assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]


def test_differing_content_lengths_are_refused_not_smuggled(live: LiveServer, path: Path) -> None:
    body = b'{"hand": "B"}'
    smuggled = f"GET /x HTTP/1.1\r\n{host(live)}\r\n".encode()
    answer = raw(
        live,
        f"POST /api/coup HTTP/1.1\r\n{host(live)}X-Roads-Token: {live.token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        f"Content-Length: {len(body) + len(smuggled)}\r\n\r\n".encode()
        + body
        + smuggled,
    )
    assert answer.startswith(b"HTTP/1.1 400 ") and answer.count(b"HTTP/1.1") == 1
    assert b"Content-Length" in answer.partition(b"\r\n\r\n")[2]
    assert coups(path) == len(SHOE)


# -- no reply lost ---------------------------------------------------------------------------------


def test_a_stop_answers_the_write_under_way(path: Path) -> None:
    live = start(path, timeout=30.0, lock_wait=10.0)
    body = b'{"hand": "P"}'
    client = socket.create_connection(("127.0.0.1", live.port), timeout=10)
    with path.open("rb") as holder:
        fcntl.flock(holder, fcntl.LOCK_EX)  # the write waits for the journal
        client.sendall(
            f"POST /api/coup HTTP/1.1\r\n{host(live)}X-Roads-Token: {live.token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        assert until(lambda: live._httpd.busy == 1)
        stopping = threading.Thread(target=live.close)
        stopping.start()
        assert until(lambda: live._httpd.closing)
        fcntl.flock(holder, fcntl.LOCK_UN)
    answer = b""
    while chunk := client.recv(65536):
        answer += chunk
    client.close()
    stopping.join(timeout=10)
    assert answer.startswith(b"HTTP/1.1 200 ") and b"Connection: close" in answer
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["coups"] == len(SHOE) + 1
    assert coups(path) == len(SHOE) + 1


def test_a_write_sent_again_with_its_key_is_logged_once(path: Path) -> None:
    with start(path, timeout=30.0) as live:
        status, _, first = request(
            live, "POST", "/api/coup", {"hand": "B"}, **{"Idempotency-Key": "k1"}
        )
        assert status == 200 and "repeated" not in json.loads(first)
        status, _, again = request(live, "POST", "/api/coup", {"hand": "B", "id": "k1"})
        assert status == 200 and json.loads(again)["repeated"] is True
        assert request(live, "POST", "/api/undo", {"id": "u1"})[0] == 200
        assert json.loads(request(live, "POST", "/api/undo", {"id": "u1"})[2])["repeated"]
        assert coups(path) == len(SHOE)  # one coup, one undo
        assert request(live, "POST", "/api/coup", {"hand": "P", "id": "k2"})[0] == 200
    with start(path, timeout=30.0) as live:  # a server started again remembers the shoe's keys
        status, _, body = request(
            live, "POST", "/api/coup", {"hand": "P"}, **{"Idempotency-Key": "k2"}
        )
        assert status == 200 and json.loads(body)["repeated"] is True
        assert coups(path) == len(SHOE) + 1
        assert request(live, "POST", "/api/shoe", {"id": "s1"})[0] == 200
        status, _, body = request(live, "POST", "/api/coup", {"hand": "P", "id": "k2"})
        assert "repeated" not in json.loads(body)  # keys are remembered per shoe
        status, _, body = request(live, "POST", "/api/coup", {"hand": "P", "id": "no spaces"})
        assert status == 400 and "idempotency key" in json.loads(body)["error"]
    assert coups(path) == len(SHOE) + 2


# -- light on the wire -----------------------------------------------------------------------------


def test_large_answers_are_gzipped_and_the_board_is_revalidated(live: LiveServer) -> None:
    status, plain_headers, plain = request(live, "GET", "/")
    status, headers, packed = request(live, "GET", "/", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed).split(b'"token"')[0] == plain.split(b'"token"')[0]
    assert len(packed) < len(plain) * 0.7 and "Content-Encoding" not in plain_headers
    assert "no-store" not in headers["Cache-Control"]  # the back/forward cache may keep it
    status, headers, _ = request(live, "GET", "/board.svg")
    assert headers["Cache-Control"] == "no-cache" and headers["ETag"]
    status, _, nothing = request(live, "GET", "/board.svg", **{"If-None-Match": headers["ETag"]})
    assert status == 304 and nothing == b""
    assert request(live, "POST", "/api/coup", {"hand": "T"})[0] == 200
    assert until(
        lambda: request(live, "GET", "/board.svg", **{"If-None-Match": headers["ETag"]})[0] == 200
    )


# -- read-only -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("shoe.txt", "BBPT PBnP\n"),
        ("shoe.csv", "outcome,banker_pair\nB,false\nB,true\nP,false\n"),
        ("shoe.jsonl", '{"outcome": "B"}\n{"outcome": "P", "natural": true}\n{"outcome": "P"}\n'),
    ],
)
def test_a_read_only_board_serves_any_results_file(tmp_path: Path, name: str, text: str) -> None:
    results = tmp_path / name
    results.write_text(text)
    hands = len([c for c in text if c in "BPT"]) if name.endswith(".txt") else 3
    with start(results, timeout=30.0, read_only=True) as live:
        status, _, body = request(live, "GET", "/state")
        assert status == 200 and json.loads(body)["text"]["coups"] == f"{hands} coups"
        status, _, body = request(live, "POST", "/api/coup", {"hand": "B"})
        assert status == 403 and "read-only" in json.loads(body)["error"]
        status, _, body = request(live, "GET", "/wall.svg")
        assert status == 200 and b"<svg" in body
    assert results.read_text() == text


# -- the page --------------------------------------------------------------------------------------


@pytest.mark.browser
def test_the_page_keys_its_writes_and_polls_when_its_stream_is_refused(
    browser: Any, live: LiveServer, path: Path
) -> None:
    page = browser.new_page()
    page.route("**/events", lambda route: route.fulfill(status=503, body="busy"))
    page.goto(live.url)
    assert bead_marks(page) == len(SHOE)
    Journal(path).add(parse_notation("B")[0])  # from outside: only a poll of /state shows it
    page.wait_for_function(
        f"() => document.querySelectorAll('#board .mark.bead-plate').length === {len(SHOE) + 1}",
        timeout=10_000,
    )
    page.click("button.outcome.player")
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    last = json.loads(path.read_text().splitlines()[-1])
    assert last["event"] == "coup" and last["outcome"] == "P"
    assert len(last["id"]) == 32 and int(last["id"], 16) >= 0  # a fresh random key
    page.close()
