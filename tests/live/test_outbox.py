"""The writing thread of ``roads serve`` (``roads.live.outbox``): a whole answer sent and its
connection closed or handed back, and a stream sent each newer event once."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from roads.live.outbox import Outbox


@pytest.fixture
def outbox() -> Iterator[tuple[Outbox, list[tuple[Any, bytes]]]]:
    back: list[tuple[Any, bytes]] = []
    box = Outbox(
        lambda c, address, keep: back.append((address, keep)),
        deadline=5,
        keepalive=30,
        max_streams=2,
    )
    yield box, back
    box.stop(1)


def _read_until(client: socket.socket, end: bytes) -> bytes:
    client.settimeout(5)
    data = b""
    while not data.endswith(end):
        chunk = client.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def test_an_answer_is_sent_then_closed_or_handed_back(
    outbox: tuple[Outbox, list[tuple[Any, bytes]]],
) -> None:
    box, back = outbox
    server, client = socket.socketpair()
    box.reply(server, "closed", b"HTTP/1.1 200 OK\r\n\r\nhi", keep=None)
    assert _read_until(client, b"hi") == b"HTTP/1.1 200 OK\r\n\r\nhi"
    assert client.recv(10) == b""  # closed
    server2, client2 = socket.socketpair()
    box.reply(server2, "kept", b"again", keep=b"GET /")
    assert _read_until(client2, b"again") == b"again"
    assert back == [("kept", b"GET /")]
    for one in (client, client2, server2):
        one.close()


def test_a_stream_gets_the_newest_event(outbox: tuple[Outbox, list[tuple[Any, bytes]]]) -> None:
    box, _ = outbox
    server, client = socket.socketpair()
    box.stream(server, "page", b"head\n\nid: 1\n\n", version=1)
    assert _read_until(client, b"id: 1\n\n") == b"head\n\nid: 1\n\n"
    assert box.streams == 1
    box.publish(2, b"id: 2\n\n")
    assert _read_until(client, b"id: 2\n\n") == b"id: 2\n\n"
    box.end_streams()
    client.settimeout(5)
    assert client.recv(10) == b""
    client.close()
