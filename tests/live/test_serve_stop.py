"""``roads serve`` stops cleanly while requests are in flight: a stress test of its shutdown.

Each round starts the command, puts 40 requests in flight on loopback (event streams, bodies
sent halfway, page and board loads, coups posted), stops it with SIGTERM or SIGINT, and expects
a prompt exit with status 0 and nothing on stderr but its two lines: no traceback, no signal
swallowed, no connection slot released twice.
"""

from __future__ import annotations

import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

IN_FLIGHT = 40
STOP_DEADLINE = 10.0
"""Seconds a stop may take before the test calls it hung (a prompt stop takes well under one)."""


def _read_line(process: subprocess.Popen[bytes], deadline: float) -> bytes:
    """One line of the process's stderr, or what came before the deadline."""
    assert process.stderr is not None
    fd = process.stderr.fileno()
    line = b""
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line


def _answer(connection: socket.socket) -> bytes:
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    return data


def _client(port: int, kind: int, token: str, started: threading.Barrier) -> None:
    """One request of kind ``kind``, left unfinished where the kind says so. Every socket
    operation times out, so a client never outlives its round by more than a few seconds."""
    host = f"Host: 127.0.0.1:{port}\r\n"
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
            if kind == 0:  # an event stream, open until the server goes away
                connection.sendall(f"GET /events HTTP/1.1\r\n{host}\r\n".encode())
            elif kind == 1:  # a body sent halfway
                connection.sendall(
                    f"POST /api/coup HTTP/1.1\r\n{host}X-Roads-Token: {token}\r\n"
                    "Content-Type: application/json\r\nContent-Length: 20\r\n\r\n"
                    '{"hand"'.encode()
                )
            elif kind == 2:  # a coup, whole
                body = b'{"hand": "B"}'
                connection.sendall(
                    f"POST /api/coup HTTP/1.1\r\n{host}X-Roads-Token: {token}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                    "Connection: close\r\n\r\n".encode()
                    + body
                )
            elif kind == 3:  # a head sent halfway
                connection.sendall(f"GET /board.svg HTTP/1.1\r\n{host}".encode())
            else:  # the board and the page
                target = "/board.svg" if kind == 4 else "/"
                connection.sendall(
                    f"GET {target} HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode()
                )
            started.wait(timeout=10)
            _answer(connection)
    except (OSError, threading.BrokenBarrierError):
        pass  # the server stopped under this client: that is the point


def _token(port: int) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
        )
        page = _answer(connection).decode()
    match = re.search(r'"token":\s*"([^"]+)"', page)
    assert match, page[:300]
    return match.group(1)


def _round(path: Path, stop: int) -> tuple[int | None, str, float]:
    """Start, load, stop: the exit status (None if it hung), stderr, and the stop's duration."""
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", str(path), "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    clients: list[threading.Thread] = []
    try:
        first = _read_line(process, time.monotonic() + 30)
        match = re.search(rb"http://127\.0\.0\.1:(\d+)/", first)
        assert match, first
        port = int(match.group(1))
        token = _token(port)
        started = threading.Barrier(IN_FLIGHT + 1)
        clients = [
            threading.Thread(target=_client, args=(port, number % 6, token, started), daemon=True)
            for number in range(IN_FLIGHT)
        ]
        for client in clients:
            client.start()
        started.wait(timeout=10)  # every request is sent (some in part) or being answered
        began = time.monotonic()
        process.send_signal(stop)
        try:
            process.wait(timeout=STOP_DEADLINE)
            status: int | None = process.returncode
        except subprocess.TimeoutExpired:
            status = None
        took = time.monotonic() - began
    finally:
        process.kill()
        process.wait(timeout=10)
    assert process.stderr is not None
    rest = first
    while chunk := os.read(process.stderr.fileno(), 65536):
        rest += chunk
    process.stderr.close()
    for client in clients:
        client.join(timeout=10)
    return status, rest.decode(errors="replace"), took


@pytest.mark.parametrize("rounds", [4, pytest.param(50, marks=pytest.mark.stress)])
def test_roads_serve_stops_cleanly_with_40_requests_in_flight(tmp_path: Path, rounds: int) -> None:
    """A few rounds in every run; fifty (both signals 25 times) in the stress run."""
    path = tmp_path / "session.jsonl"
    failures: list[str] = []
    slowest = 0.0
    for number in range(rounds):
        stop = signal.SIGTERM if number % 2 == 0 else signal.SIGINT
        status, stderr, took = _round(path, stop)
        slowest = max(slowest, took)
        lines = stderr.splitlines()
        clean = (
            status == 0
            and len(lines) == 3
            and lines[0].startswith("Serving the live board of ")
            and lines[1].startswith("The table display: http://127.0.0.1:")
            and lines[2] == "roads serve: stopped"
        )
        if not clean:
            failures.append(f"round {number} ({stop.name}): exit {status}, stderr:\n{stderr}")
    assert not failures, f"{len(failures)} of {rounds} stops were not clean:\n" + "\n".join(
        failures[:3]
    )
    assert slowest < STOP_DEADLINE
