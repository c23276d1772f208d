"""Who may act for which seat on ``roads serve`` (issue 37): each seat's key, from a server
secret kept in a file of its own; a seat's link acts for its seat alone, the croupier's for
every seat; a server on the network wants a key for every write; no key reaches the journal or
the event stream; "no more bets" and its refusal over HTTP; the token fetched again."""

from __future__ import annotations

import http.client
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from roads.hands.journal import Journal, read_journal
from roads.live.access import SECRET_NAME, Access, server_secret, sitting
from roads.live.server import LiveServer
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[2]


def post(
    server: LiveServer,
    target: str,
    body: dict[str, Any],
    *,
    key: str | None = None,
    token: str | None = None,
) -> tuple[int, dict[str, Any]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    headers = {"Content-Type": "application/json", "X-Roads-Token": token or server.token}
    if key is not None:
        headers["X-Roads-Key"] = key
    try:
        connection.request("POST", target, body=json.dumps(body).encode(), headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def get(server: LiveServer, target: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    path = tmp_path / "table.jsonl"
    Journal(path).use_table(read_table(ROOT / "examples" / "home-table.toml").table)
    return path


@pytest.fixture
def server(path: Path) -> Iterator[LiveServer]:
    with LiveServer(path, port=0, log=[].append, timeout=5.0).start() as live:
        yield live


def test_the_secret_is_made_once_readable_by_its_owner_alone(tmp_path: Path) -> None:
    secret, problem = server_secret(tmp_path / "state")
    again, _ = server_secret(tmp_path / "state")
    assert problem is None and secret == again and len(secret) == 32
    mode = (tmp_path / "state" / SECRET_NAME).stat().st_mode
    assert stat.S_IMODE(mode) == 0o600
    (tmp_path / "state" / SECRET_NAME).write_text("not hex")
    other, problem = server_secret(tmp_path / "state")
    assert problem is not None and "cannot read" in problem and other != secret


def test_keys_differ_by_seat_sitting_journal_and_secret(tmp_path: Path, path: Path) -> None:
    one = Access(b"s" * 32, path, open_without_key=False)
    keys = {one.key_of_sitting(seat, n) for seat in range(1, 8) for n in range(3)}
    keys |= {one.croupier, Access(b"t" * 32, path, open_without_key=False).croupier}
    keys.add(Access(b"s" * 32, tmp_path / "other.jsonl", open_without_key=False).croupier)
    assert len(keys) == 7 * 3 + 3
    assert all(len(key) == 22 for key in keys)  # 128 bits, URL-safe
    assert one.croupier == Access(b"s" * 32, path, open_without_key=False).croupier


def test_a_seat_acts_for_itself_alone_and_its_key_ends_when_its_player_leaves(
    server: LiveServer, path: Path
) -> None:
    session = read_journal(path)
    ben = server.access.seat_key(session, 2)
    ana = server.access.seat_key(session, 1)
    assert post(server, "/api/join", {"seat": 2, "name": "Ben", "bankroll": 500}, key=ben)[0] == 200
    status, reply = post(server, "/api/join", {"seat": 1, "name": "Eve", "bankroll": 9}, key=ben)
    assert status == 403 and reply["reason"] == "key" and "not seat 1's" in reply["error"]
    assert post(server, "/api/join", {"seat": 1, "name": "Ana", "bankroll": 900}, key=ana)[0] == 200
    bet = {"seat": 1, "on": "banker", "stake": 10}
    status, reply = post(server, "/api/bet", bet, key=ben)
    assert status == 403 and reply["reason"] == "key"
    status, reply = post(server, "/api/coup", {"hand": "B"}, key=ben)  # a seat logs no coup
    assert status == 403 and "croupier" in reply["error"]
    assert post(server, "/api/bet", {"seat": 2, "on": "banker", "stake": 10}, key=ben)[0] == 200
    assert post(server, "/api/bet", bet, key=server.access.croupier)[0] == 200  # any seat
    assert post(server, "/api/coup", {"hand": "B"})[0] == 200  # this machine's: the croupier
    assert post(server, "/api/leave", {"seat": 2}, key=ben)[0] == 200
    status, reply = post(server, "/api/join", {"seat": 2, "name": "Ben", "bankroll": 5}, key=ben)
    assert status == 403  # the next player's key is another
    session = read_journal(path)
    assert sitting(session, 2) == 1 and server.access.seat_key(session, 2) != ben
    text = path.read_text()
    assert ben not in text and ana not in text and server.access.croupier not in text
    status, body = get(server, "/state")
    assert ben.encode() not in body and server.access.croupier.encode() not in body


def test_a_server_on_the_network_wants_a_key_for_every_write(path: Path) -> None:
    with LiveServer(
        path, host="0.0.0.0", port=0, allow_remote=True, log=[].append, timeout=5.0
    ).start() as server:
        status, reply = post(server, "/api/coup", {"hand": "B"})
        assert status == 403 and "croupier's console" in reply["error"]
        key = server.access.seat_key(read_journal(path), 3)
        assert (
            post(server, "/api/join", {"seat": 3, "name": "Cleo", "bankroll": 50}, key=key)[0]
            == 200
        )
        assert post(server, "/api/coup", {"hand": "P"}, key=server.access.croupier)[0] == 200
        status, page = get(server, f"/?key={server.access.croupier}")
        assert status == 200 and server.access.croupier.encode() in page
        status, page = get(server, "/")
        assert status == 200 and server.access.croupier.encode() not in page
        assert b'id="watching">' in page  # the page says it only watches
        status, page = get(server, f"/seat/3?key={key}")
        assert status == 200 and key.encode() in page
    assert [hand.notation for hand in read_journal(path).hands()] == ["P"]


def test_the_display_code_is_the_first_free_seat_and_seat_pages_are_checked(
    server: LiveServer, path: Path
) -> None:
    ana = server.access.seat_key(read_journal(path), 1)
    assert post(server, "/api/join", {"seat": 1, "name": "Ana", "bankroll": 900}, key=ana)[0] == 200
    server.watcher.wake()
    deadline = 100
    while server.watcher.snapshot.state.get("seats") == [] and deadline:
        server.watcher.wait(server.watcher.snapshot.version, 0.1)
        deadline -= 1
    status, body = get(server, "/display/code")
    answer = json.loads(body)
    assert status == 200 and answer["seat"] == 2
    assert answer["url"].endswith(f"/seat/2?key={server.access.seat_key(read_journal(path), 2)}")
    assert answer["svg"].startswith("<svg") and 'role="img"' in answer["svg"]
    for bad in ("/seat/0", "/seat/8", "/seat/x", "/seat/1/2"):
        assert get(server, bad)[0] == 404, bad
    status, page = get(server, "/seat/1?key=wrong")
    assert status == 200 and b'id="wrong" role="alert">' in page  # shown, not hidden


def test_no_more_bets_over_http_and_a_token_fetched_again(server: LiveServer, path: Path) -> None:
    assert post(server, "/api/join", {"seat": 1, "name": "Ana", "bankroll": 900})[0] == 200
    assert post(server, "/api/bet", {"seat": 1, "on": "banker", "stake": 10})[0] == 200
    status, reply = post(server, "/api/close", {})
    assert status == 200 and reply["coup"] == 1 and reply["said"] == "No more bets for coup 1"
    before = path.read_bytes()
    status, reply = post(server, "/api/bet", {"seat": 1, "on": "tie", "stake": 5})
    assert (status, reply["reason"], reply["coup"]) == (409, "round", 1)
    assert path.read_bytes() == before
    status, reply = post(server, "/api/undo", {})
    assert status == 200 and "Took back no more bets" in reply["said"]
    status, reply = post(server, "/api/undo", {})
    assert reply["said"] == "Took back seat 1's banker bet of 10"
    status, reply = post(server, "/api/coup", {"hand": "B"}, token="stale")
    assert (status, reply["reason"]) == (403, "token")
    status, body = get(server, "/token")
    assert status == 200 and json.loads(body) == {"token": server.token}
    assert os.environ.get("ROADS_STATE_DIR")  # the tests' secret is not the user's
