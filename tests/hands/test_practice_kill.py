"""Writers of a table of players killed mid-session (issue 36), as the journal's own kill tests
kill writers of coups: every seat action a writer acknowledged is in the journal once, and an
action of several bets cut short is left out whole, never in part."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from roads.hands.journal import Journal, JournalWarning, read_journal

WRITER = textwrap.dedent(
    """
    import json, os, sys
    from roads.hands import journal as journals

    path, actions, tear_at = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])

    def torn_write(fd, data):
        os.write(fd, data[: len(data) // 2])
        print("torn", flush=True)
        sys.stdin.read()  # held here until killed

    journal = journals.Journal(path)
    for number, events in enumerate(actions):
        if number == tear_at:
            journals._write_all = torn_write
        journal.append(events)
        print(number, flush=True)
    """
)
SEATS = 8


def session_actions(rounds: int) -> list[list[dict[str, Any]]]:
    """A table of eight seats: each round, every seat places three bets as one action (each
    stake telling its round, seat and place), then a coup settles them."""
    actions: list[list[dict[str, Any]]] = [
        [{"event": "table", "rules": "standard", "tie_pays": 8, "seats": SEATS}]
    ]
    actions += [
        [{"event": "join", "seat": seat, "name": f"P{seat}", "bankroll": 10**9}]
        for seat in range(1, SEATS + 1)
    ]
    for number in range(rounds):
        for seat in range(1, SEATS + 1):
            actions.append(
                [
                    {"event": "seat_bet", "seat": seat, "on": on, "stake": stake(number, seat, k)}
                    for k, on in enumerate(("banker", "tie", "player_pair"))
                ]
            )
        actions.append([{"event": "coup", "outcome": "BPT"[number % 3], "player_pair": True}])
    return actions


def stake(number: int, seat: int, k: int) -> int:
    return 1 + number * 100 + seat * 10 + k


def bets_logged(path: Path) -> list[tuple[int, str, Fraction]]:
    """Every bet the journal holds (settled, then open), in the order it was placed."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        session = read_journal(path)
    found = [(bet.seat, bet.on, bet.stake) for _, _, bet, _, _ in session.settlements()]
    return found + [(bet.seat, bet.on, bet.stake) for bet in session.open_bets]


def bets_of(actions: list[list[dict[str, Any]]]) -> list[tuple[int, str, Fraction]]:
    return [
        (event["seat"], event["on"], Fraction(event["stake"]))
        for events in actions
        for event in events
        if event["event"] == "seat_bet"
    ]


def run_until_killed(
    path: Path, actions: list[list[dict[str, Any]]], kill_after: int, tear_at: int
) -> list[str]:
    with subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), json.dumps(actions), str(tear_at)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None
        printed: list[str] = []
        for line in process.stdout:
            printed.append(line.strip())
            if len(printed) >= kill_after or printed[-1] == "torn":
                process.send_signal(signal.SIGKILL)
                break
        printed += [line.strip() for line in process.stdout]
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    return printed


@pytest.mark.parametrize("kill_after", [9, 30, 57])
def test_a_killed_writer_loses_no_acknowledged_seat_action(tmp_path: Path, kill_after: int) -> None:
    path = tmp_path / "table.jsonl"
    actions = session_actions(12)
    printed = run_until_killed(path, actions, kill_after, -1)
    done = len([line for line in printed if line.isdigit()])
    assert done >= kill_after
    logged = bets_logged(path)
    acknowledged = bets_of(actions[:done])
    assert logged[: len(acknowledged)] == acknowledged  # each acknowledged bet, once, in order
    assert logged in (acknowledged, bets_of(actions[: done + 1]))  # the next action: whole or not
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        Journal(path).append([{"event": "coup", "outcome": "B", "player_pair": True}])
    assert bets_logged(path)[: len(logged)] == logged


@pytest.mark.parametrize("tear_at", [12, 17])
def test_a_batch_of_bets_torn_by_a_kill_is_left_out_whole_then_cut(
    tmp_path: Path, tear_at: int
) -> None:
    """The writer is killed with half of an action of three bets (12) or of a coup and its
    settle line (17) on disk: readers leave it out, the next writer cuts it off."""
    path = tmp_path / "torn.jsonl"
    actions = session_actions(3)
    printed = run_until_killed(path, actions, 10_000, tear_at)
    assert printed[-1] == "torn" and len(printed) == tear_at + 1
    assert bets_logged(path) == bets_of(actions[:tear_at])
    with pytest.warns(JournalWarning, match="cutting off"):
        journal = Journal(path)
    journal.append(actions[tear_at])
    assert bets_logged(path) == bets_of(actions[: tear_at + 1])
    session = read_journal(path)
    assert [session.seat(n) is not None for n in range(1, SEATS + 1)] == [True] * SEATS
