"""The events of a journal: their kinds, the records around a batch, how one is written as a
line, and the functions that make each kind."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from roads.game.paytable import BetOn, parse_bet_on
from roads.hands.hand import Hand
from roads.hands.money import amount, json_amount

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
    "undo_event",
]

KINDS = ("coup", "undo", "shoe", "bankroll", "bet", "settle")
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


def bet_event(on: BetOn | str, stake: Fraction | int | str) -> Event:
    side = on if isinstance(on, BetOn) else parse_bet_on(on)
    return {"event": "bet", "on": side.value, "stake": json_amount(amount(stake))}
