"""Heads that RFC 9112 says a server must refuse are answered 400 and never reach a route
(issue 42, item 7): two Host headers, a Host with user information, a folded header line."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from live_server import logged, start

from roads.hands.journal import read_journal
from roads.live.reader import RefusedError, check_head
from roads.live.server import LiveServer

SHOE = "BBPTP"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    logged(tmp_path / "session.jsonl", SHOE)
    return tmp_path / "session.jsonl"


@pytest.fixture
def live(path: Path) -> Iterator[LiveServer]:
    with start(path, timeout=5.0) as server:
        yield server


def raw(server: LiveServer, data: bytes) -> bytes:
    """Send ``data`` as it is; all the server answers before it closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as client:
        client.sendall(data)
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := client.recv(65536):
                answer += chunk
    return answer


def coup(server: LiveServer, head: str) -> bytes:
    """A keyed write of one Banker coup whose head has ``head`` after its request line."""
    body = b'{"hand": "B"}'
    return (
        f"POST /api/coup HTTP/1.1\r\n{head}X-Roads-Token: {server.token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def refused(answer: bytes, words: str) -> None:
    assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n"), answer[:80]
    assert answer.count(b"HTTP/1.1 4") == 1
    assert words in json.loads(answer.partition(b"\r\n\r\n")[2])["error"]


def test_two_host_headers_are_refused(live: LiveServer, path: Path) -> None:
    port = live.port
    own = f"Host: 127.0.0.1:{port}\r\n"
    for head in (own + own, f"Host: 127.0.0.1:{port}\r\nHost: evil.example\r\n"):
        refused(raw(live, coup(live, head)), "more than one Host")
    assert len(read_journal(path).hands()) == len(SHOE)


def test_a_host_with_user_information_is_refused(live: LiveServer, path: Path) -> None:
    for value in (f"evil.example@127.0.0.1:{live.port}", f"127.0.0.1:{live.port}/x", "a b"):
        refused(raw(live, coup(live, f"Host: {value}\r\n")), "not a host name and port")
    assert len(read_journal(path).hands()) == len(SHOE)


def test_a_folded_header_line_is_refused(live: LiveServer, path: Path) -> None:
    host = f"Host: 127.0.0.1:{live.port}\r\n"
    answer = raw(
        live,
        f"POST /api/coup HTTP/1.1\r\n{host}X-Roads-Token: {live.token}\r\n"
        "Content-Type: application/json\r\nContent-Length:\r\n 13\r\n\r\n"
        '{"hand": "B"}'.encode(),
    )
    refused(answer, "folded")
    refused(raw(live, f"GET / HTTP/1.1\r\n{host}X-A: 1\r\n\tcontinued\r\n\r\n".encode()), "folded")
    assert len(read_journal(path).hands()) == len(SHOE)


def test_heads_without_a_host_or_with_a_bad_line_are_refused(live: LiveServer) -> None:
    refused(raw(live, b"GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"), "must have a Host")
    host = f"Host: 127.0.0.1:{live.port}\r\n"
    refused(raw(live, f"GET / HTTP/1.1\r\n{host}Accept : x\r\n\r\n".encode()), "Name: value")
    refused(raw(live, f"GET / HTTP/1.1\r\n{host}no colon\r\n\r\n".encode()), "Name: value")


def test_a_strict_head_is_still_answered(live: LiveServer, path: Path) -> None:
    answer = raw(live, coup(live, f"Host: 127.0.0.1:{live.port}\r\nConnection: close\r\n"))
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert raw(live, b"GET /board.svg HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 403")
    assert len(read_journal(path).hands()) == len(SHOE) + 1


_NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9-]{0,15}", fullmatch=True)
_VALUES = st.from_regex(r"[ -~]{0,30}", fullmatch=True).map(str.strip)


@given(
    fields=st.lists(st.tuples(_NAMES, _VALUES), max_size=6),
    fold=st.integers(min_value=0, max_value=6),
    blank=st.sampled_from([" ", "\t", "  "]),
)
def test_any_folded_line_is_refused_wherever_it_is(
    fields: list[tuple[str, str]], fold: int, blank: str
) -> None:
    lines = [f"{name}: {value}" for name, value in fields if name.lower() != "host"]
    lines.insert(min(fold, len(lines)), "Host: 127.0.0.1:8000")
    whole = "GET / HTTP/1.1\r\n" + "".join(f"{line}\r\n" for line in lines) + "\r\n"
    check_head(whole.encode())  # unfolded: accepted
    lines.insert(min(fold, len(lines)), f"{blank}more")
    folded = "GET / HTTP/1.1\r\n" + "".join(f"{line}\r\n" for line in lines) + "\r\n"
    with pytest.raises(RefusedError, match="folded") as caught:
        check_head(folded.encode())
    assert caught.value.status == 400
