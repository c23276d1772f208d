"""The seats as the live server tells its clients (``roads.live.seats``), on PRACTICE.md's
worked example: each seat's player, balance, box, open bets and what it can still stake, as
numbers; the table with its limits; the plan and the hands it has left."""

from __future__ import annotations

import json
from pathlib import Path

from roads.hands.journal import Journal
from roads.live.seats import seat_state, seats_state
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[2]
HOME = read_table(ROOT / "examples" / "home-table.toml").table


def test_the_worked_example_s_seats_after_its_first_coup_and_with_bets_open(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path / "table.jsonl")
    journal.use_table(HOME)
    journal.set_plan(10)
    journal.join(1, "Ana", 1000)
    journal.join(2, "Ben", 500)
    journal.bets(1, [("banker", 100)])
    journal.bets(2, [("player", 50), ("tie", 10)])
    journal.append([{"event": "coup", "outcome": "B"}])
    journal.bets(1, [("banker", 200)])
    session = journal.session
    state = seats_state(session)
    json.dumps(state, allow_nan=False)  # numbers and text alone
    assert state["table"]["name"] == "Home table" and state["table"]["commission"] == "box"
    assert state["table"]["limits"]["tie"] == [5, 50]
    assert state["plan"] == {"hands": 10, "left": 9}
    # Ana: 1,100 with 5 in her box and 200 on Banker, so 895 left to stake; Ben: 440.
    assert state["seats"] == [
        {
            "seat": 1,
            "name": "Ana",
            "balance": 1100,
            "box": 5,
            "staked": 200,
            "left": 895,
            "open": [{"on": "banker", "stake": 200}],
        },
        {
            "seat": 2,
            "name": "Ben",
            "balance": 440,
            "box": 0,
            "staked": 0,
            "left": 440,
            "open": [],
        },
    ]
    assert seat_state(session, 3) is None
