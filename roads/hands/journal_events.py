"""The events of a journal: their kinds, the records around a batch, how one is written as a
line, and the functions that make each kind."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from roads.errors import RoadsError
from roads.hands.hand import Hand
from roads.hands.journal_errors import JournalError
from roads.hands.money import amount, json_amount
from roads.tables import Table, make_table
from roads.tables.table import bet_named

__all__ = [
    "BEGIN",
    "COMMIT",
    "KINDS",
    "Event",
    "bankroll_event",
    "bet_event",
    "coup_event",
    "encode_line",
    "shoe_event",
    "table_event",
    "table_of_event",
    "undo_event",
]

KINDS = ("coup", "undo", "shoe", "bankroll", "bet", "settle", "table")
BEGIN, COMMIT = "begin", "commit"
"""The records around the lines of one append of several lines: readers take the lines only
once the commit record is there, so a batch cut short by a crash is left out whole."""

Event = dict[str, Any]


def encode_line(event: Event) -> bytes:
    return (json.dumps(event) + "\n").encode("ascii")


def coup_event(hand: Hand) -> Event:
    return {"event": "coup", **hand.as_dict()}


def undo_event() -> Event:
    return {"event": "undo"}


def shoe_event() -> Event:
    return {"event": "shoe"}


def bankroll_event(value: Fraction | int | str) -> Event:
    return {"event": "bankroll", "amount": json_amount(amount(value))}


def bet_event(on: str, stake: Fraction | int | str) -> Event:
    """A practice bet on the bet named ``on`` (a name or alias, checked against the table when
    it is logged)."""
    return {"event": "bet", "on": bet_named(on), "stake": json_amount(amount(stake))}


def table_event(table: Table) -> Event:
    """The table the current shoe is played at (recorded when a journal starts)."""
    return {"event": "table", **table.describe()}


def table_of_event(event: Event) -> Table:
    """The table a ``table`` event records; JournalError if it names no table roads knows."""
    side_bets = event.get("side_bets")
    try:
        return make_table(
            rules=str(event.get("rules", "standard")),
            tie_pays=int(event.get("tie_pays", 8)),
            side_bets=None if side_bets is None else [str(name) for name in side_bets],
        )
    except (RoadsError, TypeError, ValueError) as error:
        raise JournalError(f"the journal's table cannot be read: {error}") from None
