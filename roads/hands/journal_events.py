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
from roads.tables import Table, TableError, table_from_fields
from roads.tables.table import bet_named

__all__ = [
    "BEGIN",
    "COMMIT",
    "KINDS",
    "Event",
    "bankroll_event",
    "bet_event",
    "close_event",
    "coup_event",
    "encode_line",
    "join_event",
    "leave_event",
    "plan_event",
    "reopen_event",
    "seat_bet_event",
    "shoe_event",
    "table_event",
    "table_of_event",
    "undo_event",
]

KINDS = (
    "coup",
    "undo",
    "shoe",
    "bankroll",
    "bet",
    "settle",
    "table",
    "join",
    "leave",
    "seat_bet",
    "plan",
    "close",
    "reopen",
)
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


def seat_bet_event(seat: int, on: str, stake: Fraction | int | str) -> Event:
    """A practice bet of seat number ``seat`` (``bet_event`` is seat 1's, as before seats)."""
    return {
        "event": "seat_bet",
        "seat": seat,
        "on": bet_named(on),
        "stake": json_amount(amount(stake)),
    }


def join_event(seat: int, name: str, bankroll: Fraction | int | str) -> Event:
    """``name`` takes seat number ``seat`` with ``bankroll`` of play money."""
    return {"event": "join", "seat": seat, "name": name, "bankroll": json_amount(amount(bankroll))}


def leave_event(seat: int) -> Event:
    """Seat number ``seat`` is given up (its box collected)."""
    return {"event": "leave", "seat": seat}


def plan_event(hands: int) -> Event:
    """The session is to last ``hands`` coups (a further coup is refused until it is raised)."""
    return {"event": "plan", "hands": hands}


def close_event() -> Event:
    """No more bets: the round of the next coup is closed, and a bet waits until that coup is
    logged (it is then the following coup's)."""
    return {"event": "close"}


def reopen_event() -> Event:
    """The bets of the next coup are open again (what an undo of a ``close`` writes)."""
    return {"event": "reopen"}


def table_event(table: Table) -> Event:
    """The table the current shoe is played at (recorded when a journal or a shoe starts):
    how it pays, and what it posts."""
    return {"event": "table", **table.describe()}


def table_of_event(event: Event) -> Table:
    """The table a ``table`` event records; JournalError naming the field if it is not a table
    roads knows (fields it does not know are a later version's, and left alone)."""
    fields = {key: value for key, value in event.items() if key not in ("event", "id")}
    try:
        return table_from_fields(fields, strict=False)
    except TableError as error:
        raise JournalError(
            f"the journal's table cannot be read: {error.key}: {error.reason}"
        ) from None
    except (RoadsError, TypeError, ValueError) as error:
        raise JournalError(f"the journal's table cannot be read: {error}") from None
