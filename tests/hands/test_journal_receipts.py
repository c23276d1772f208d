"""What one append to a journal did (``roads.hands.journal_receipts``), on the first coup of
PRACTICE.md's worked example: each event checked and taken in turn, the coup's bets settled in
a ``settle`` line, the lines written as one batch, and the receipt's seats as the spec's table
says them."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from roads.hands.journal_errors import JournalError
from roads.hands.journal_events import table_event
from roads.hands.journal_receipts import SeatSettled, Taken
from roads.hands.session import Session
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[2]
HOME = read_table(ROOT / "examples" / "home-table.toml").table
SEATED = [
    table_event(HOME),
    {"event": "join", "seat": 1, "name": "Ana", "bankroll": 1000},
    {"event": "join", "seat": 2, "name": "Ben", "bankroll": 500},
]
COUP_1 = [
    {"event": "seat_bet", "seat": 1, "on": "banker", "stake": 100},
    {"event": "seat_bet", "seat": 2, "on": "player", "stake": 50},
    {"event": "seat_bet", "seat": 2, "on": "tie", "stake": 10},
    {"event": "coup", "outcome": "B"},
]


def test_the_worked_example_s_first_coup_settles_as_the_spec_says() -> None:
    session = Session()
    seated = Taken()
    for event in SEATED:
        seated.take(session, event)
    taken = Taken()
    for event in COUP_1:
        taken.take(session, event)
    # Coup 1: Ana 1,100 with 5 in her box (a net of 95 once it is paid); Ben 440.
    receipt = taken.receipt(session)
    assert receipt.seats == (
        SeatSettled(1, "Ana", Fraction(95), Fraction(1100), Fraction(5)),
        SeatSettled(2, "Ben", Fraction(-60), Fraction(440), Fraction(0)),
    )
    assert (
        receipt.settled == 35
        and receipt.seated
        and receipt.kinds
        == (
            "seat_bet",
            "seat_bet",
            "seat_bet",
            "coup",
        )
    )
    lines = [json.loads(line) for line in taken.data().splitlines()]
    assert [line["event"] for line in lines] == [
        "begin",
        "seat_bet",
        "seat_bet",
        "seat_bet",
        "coup",
        "settle",
        "commit",
    ]
    assert lines[-2]["seats"] == [
        {"seat": 1, "net": 95, "balance": 1100, "box": 5},
        {"seat": 2, "net": -60, "balance": 440},
    ]


def test_one_event_is_one_line_and_a_refused_one_is_not_taken() -> None:
    session = Session()
    taken = Taken()
    taken.take(session, {"event": "bankroll", "amount": 100})
    assert taken.data() == b'{"event": "bankroll", "amount": 100}\n'
    with pytest.raises(JournalError):
        taken.take(session, {"event": "seat_bet", "seat": 4, "on": "banker", "stake": 5})
    assert taken.kinds == ["bankroll"] and session.open_bets == []
