"""A table of players on the live server (issue 36): ``POST /api/join``, ``/api/bet`` and
``/api/leave``, each one action in the journal's order, refused with the table's words; every
reply says the coup it is for, idempotency keys answer a write sent again, and bets sent from
several devices at once while coups are logged are each whole, once, and settled by the coup
their reply named."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from roads.hands.journal import Journal, read_journal
from roads.live.server import LiveServer
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[2]
said: list[str] = []
"""What the servers of these tests log."""


def post(
    server: LiveServer, target: str, body: dict[str, Any], key: str | None = None
) -> tuple[int, dict[str, Any]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Content-Type": "application/json", "X-Roads-Token": server.token}
    if key is not None:
        headers["Idempotency-Key"] = key
    try:
        connection.request("POST", target, body=json.dumps(body).encode(), headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    path = tmp_path / "table.jsonl"
    Journal(path).use_table(read_table(ROOT / "examples" / "home-table.toml").table)
    with LiveServer(path, port=0, log=said.append, timeout=5.0, lock_wait=20.0).start() as live:
        yield live


def test_seats_join_bet_and_leave_and_each_reply_says_its_coup(server: LiveServer) -> None:
    status, reply = post(server, "/api/join", {"seat": 2, "name": "Ben", "bankroll": 500})
    assert status == 200, reply
    assert reply["coup"] == 1 and reply["seat"]["name"] == "Ben" and reply["seat"]["balance"] == 500
    bets = {"seat": 2, "bets": [{"on": "banker", "stake": 40}, {"on": "player_pair", "stake": 5}]}
    status, reply = post(server, "/api/bet", bets)
    assert status == 200, reply
    assert reply["coup"] == 1 and reply["seat"]["staked"] == 45
    assert reply["seat"]["open"] == [
        {"on": "banker", "stake": 40},
        {"on": "player_pair", "stake": 5},
    ]
    status, reply = post(server, "/api/coup", {"hand": "Bp"})
    assert status == 200 and reply["coup"] == 1
    status, reply = post(server, "/api/bet", {"seat": 2, "on": "tie", "stake": 5})
    assert status == 200 and reply["coup"] == 2  # the round closed: the next coup's
    status, reply = post(server, "/api/leave", {"seat": 2})
    assert status == 409 and "its bets of 5.00 are open" in reply["error"]
    post(server, "/api/undo", {})
    status, reply = post(server, "/api/leave", {"seat": 2})
    assert status == 200 and reply["seat"] == {"seat": 2, "name": None}
    seat_line = read_journal(server.path)
    assert seat_line.seat(2) is None and seat_line.accounts[0].name == "Ben"


@pytest.mark.parametrize(
    ("target", "body", "status", "said"),
    [
        ("/api/bet", {"seat": 2, "on": "banker", "stake": 10}, 409, "nobody sits at seat 2"),
        (
            "/api/bet",
            {"seat": 1, "on": "banker", "stake": 5},
            409,
            "below this table's minimum of 10",
        ),
        ("/api/bet", {"seat": 1, "on": "dragon_7", "stake": 10}, 409, "does not offer it"),
        ("/api/bet", {"seat": 1, "on": "banker", "stake": 10, "x": 1}, 400, "unknown field 'x'"),
        ("/api/bet", {"seat": "1", "bets": []}, 400, "give 'seat'"),
        ("/api/bet", {"seat": 1, "bets": [{"on": "banker"}]}, 400, "a bet is"),
        ("/api/join", {"seat": 8, "name": "Cleo", "bankroll": 100}, 409, "seats 1 to 7"),
        ("/api/join", {"seat": 1, "name": "Cleo", "bankroll": 100}, 409, "Ana sits there"),
        ("/api/join", {"seat": 3, "name": "", "bankroll": 100}, 409, "cannot be empty"),
        ("/api/join", {"seat": 3, "name": "Cleo", "bankroll": -1}, 400, "bankroll"),
        ("/api/leave", {"seat": 4}, 409, "nobody sits there"),
    ],
)
def test_what_the_table_refuses_is_refused_with_its_words_and_logs_nothing(
    server: LiveServer, target: str, body: dict[str, Any], status: int, said: str
) -> None:
    assert post(server, "/api/join", {"seat": 1, "name": "Ana", "bankroll": 1000})[0] == 200
    before = server.path.read_bytes()
    answer, reply = post(server, target, body)
    assert (answer, said in reply.get("error", "")) == (status, True), reply
    assert server.path.read_bytes() == before


def test_a_seat_write_sent_again_with_its_key_is_answered_as_it_was(server: LiveServer) -> None:
    post(server, "/api/join", {"seat": 1, "name": "Ana", "bankroll": 1000}, key="join-ana")
    again = post(server, "/api/join", {"seat": 1, "name": "Ana", "bankroll": 1000}, key="join-ana")
    assert again[0] == 200 and again[1]["repeated"] is True
    bet = {"seat": 1, "bets": [{"on": "banker", "stake": 100}, {"on": "tie", "stake": 10}]}
    first = post(server, "/api/bet", bet, key="ana-1")
    post(server, "/api/coup", {"hand": "P"}, key="coup-1")
    again = post(server, "/api/bet", bet, key="ana-1")  # its reply was lost: sent again
    assert again[1]["repeated"] is True and again[1]["coup"] == first[1]["coup"] == 1
    session = read_journal(server.path)
    assert [(bet.on, bet.stake) for _, _, bet, _, _ in session.settlements()] == [
        ("banker", Fraction(100)),
        ("tie", Fraction(10)),
    ]
    assert session.open_bets == []
    restarted = LiveServer(server.path, port=0, log=said.append)  # keys read from the journal
    try:
        assert (
            restarted.write(
                [{"event": "seat_bet", "seat": 1, "on": "tie", "stake": 5}], key="ana-1"
            )["coup"]
            == 1
        )
    finally:
        restarted.close()
    assert read_journal(server.path).open_bets == []


def test_bets_from_several_devices_while_coups_are_logged(server: LiveServer) -> None:
    """Eight seats bet from their own threads (each action two bets) while another logs coups:
    every acknowledged action is in the journal once and whole, in one piece, and the coup
    that settled it is the one its reply named."""
    for seat in range(1, 8):
        post(server, "/api/join", {"seat": seat, "name": f"P{seat}", "bankroll": 10**6})
    replies: list[tuple[int, int, int]] = []  # seat, round, the coup the reply named
    lock = threading.Lock()

    def bettor(seat: int) -> None:
        for number in range(12):
            stakes = [10 + number * 10 + seat, 5 + seat]
            body = {
                "seat": seat,
                "bets": [
                    {"on": "banker", "stake": stakes[0]},
                    {"on": "player_pair", "stake": stakes[1]},
                ],
            }
            status, reply = post(server, "/api/bet", body, key=f"s{seat}-{number}")
            assert status == 200, reply
            with lock:
                replies.append((seat, number, reply["coup"]))

    def dealer() -> None:
        for _ in range(15):
            assert post(server, "/api/coup", {"hand": "Bp"})[0] == 200

    threads = [threading.Thread(target=bettor, args=(seat,)) for seat in range(1, 8)]
    threads.append(threading.Thread(target=dealer))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    session = read_journal(server.path)
    placed = [(coup, bet.seat, bet.stake) for _, coup, bet, _, _ in session.settlements()]
    placed += [(session.coups, bet.seat, bet.stake) for bet in session.open_bets]
    assert len(replies) == 7 * 12 and len(placed) == 2 * 7 * 12
    for seat, number, coup in replies:  # each Banker stake tells its seat and round
        banker = [
            at for at, who, stake in placed if who == seat and stake == 10 + number * 10 + seat
        ]
        assert banker == [coup - 1], (seat, number, coup)  # once, settled by the coup named
    lines = server.path.read_text().splitlines()
    for index, line in enumerate(lines):  # each action's two bets sit together in one batch
        event = json.loads(line)
        if event.get("on") == "banker":
            assert json.loads(lines[index - 1]) == {"event": "begin"}
            assert json.loads(lines[index + 1])["on"] == "player_pair"
            assert json.loads(lines[index + 2]) == {"event": "commit"}
    assert session.coups_logged == 15
