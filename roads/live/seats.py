"""The seats of a practice table as the live server tells its clients (``/state``, the event
stream and the replies of ``/api/bet``, ``/api/join`` and ``/api/leave``): each seat's player,
balance, box and open bets, the table it posts and the session's plan, amounts as numbers
(play money, exact to a hundredth of a cent)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from roads.hands.journal import Session
from roads.hands.money import json_amount
from roads.hands.statement_files import table_dict


def _number(value: Fraction) -> int | float:
    return json_amount(value)


def seat_state(session: Session, number: int) -> dict[str, Any] | None:
    """Seat number ``number`` as JSON values, or None if nobody sits there."""
    seat = session.seat(number)
    if seat is None:
        return None
    return {
        "seat": number,
        "name": seat.name,
        "balance": _number(seat.balance),
        "box": _number(seat.box),
        "staked": _number(seat.staked),
        "left": _number(seat.left),
        "open": [
            {"on": bet.on, "stake": _number(bet.stake)}
            for bet in session.open_bets
            if bet.seat == number
        ],
    }


def seats_state(session: Session) -> dict[str, Any]:
    """The table (everything it posts), the taken seats in order, and the plan: ``hands``
    planned and ``left`` (None without a plan)."""
    table = table_dict(session.table)
    table["limits"] = {
        limit.on: [_number(limit.low), _number(limit.high)] for limit in session.table.limits
    }
    seats = [seat_state(session, number) for number in session.seat_numbers()]
    return {
        "table": table,
        "seats": [seat for seat in seats if seat is not None],
        "plan": None
        if session.plan is None
        else {"hands": session.plan, "left": session.hands_left},
    }
