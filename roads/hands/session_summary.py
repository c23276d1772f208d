"""A session summed up for a journal's checkpoint (``roads.hands.journal_checkpoint``): what the
writer needs to take the next event, as JSON (``summary``), and back (``session_of``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from roads.hands.journal_events import table_event, table_of_event
from roads.hands.seats import Account, Scale, Seat
from roads.hands.session import Bet, Session

__all__ = ["session_of", "summary"]


def summary(session: Session) -> dict[str, Any]:
    """What taking a coup, a bet, a seat change or a new shoe needs of ``session``, as JSON
    (``session_of`` reads it): the counts of coups, the tables, seat 1's bankrolls, the plan,
    the seats (number, name, bankroll, balance, box) and the open bets (name, stake, seat)."""
    seats = [session.seat(number) for number in session.seat_numbers()]
    return {
        "counts": list(session._counts),
        "tables": [table_event(table) for table in session.tables],
        "era": session.era,
        "plan": session.plan,
        "seated": session.seated,
        "scale": session.scale.per_one,
        "seats": [
            [seat.number, seat.name, str(seat.bankroll), str(seat.balance), str(seat.box)]
            for seat in seats
            if seat is not None
        ],
        "open": [[bet.on, str(bet.stake), bet.seat] for bet in session._open],
        "closed": session.round_closed,
    }


def session_of(summary: dict[str, Any]) -> Session:
    """A session that takes coups, bets, seat changes, bankrolls and new shoes as the one
    ``summary`` sums up would, holding none of its earlier coups or accounts' figures (only a
    journal's writer uses it, until an undo or a reader needs the whole). Raises ValueError,
    TypeError, KeyError or RoadsError for a summary ``summary`` did not write."""
    counts = [int(count) for count in summary["counts"]]
    tables = [table_of_event(event) for event in summary["tables"]]
    bets = [Bet(str(on), Fraction(stake), int(seat)) for on, stake, seat in summary["open"]]
    if not counts or min(counts) < 0 or len(tables) != len(counts):
        raise ValueError("not a summary of a session")
    era, plan, seated = summary["era"], summary["plan"], summary["seated"]
    if not isinstance(era, int) or not (plan is None or isinstance(plan, int)):
        raise ValueError("not a summary of a session")
    shoe = len(counts) - 1
    scale = Scale(int(summary["scale"]))
    if scale.per_one <= 0 or scale.per_one % 100:
        raise ValueError("not a summary of a session")
    seats: dict[int, Seat] = {}
    for number, name, bankroll, balance, box in summary["seats"]:
        if name is not None and not isinstance(name, str):
            raise ValueError("not a summary of a session")
        account = Account(int(number), name, Fraction(bankroll), shoe)
        seat = Seat(int(number), name, account, scale, scale.units(Fraction(balance)))
        seat.box_units = scale.units(Fraction(box))
        seats[seat.number] = seat
    session = Session(
        shoes=[[] for _ in counts[:-1]] + [list(bets)],
        tables=tables,
        era=era,
        plan=plan,
        seated=bool(seated),
        accounts=[seat.account for seat in seats.values()],
        scale=scale,
    )
    session._seats, session._open, session._counts = seats, bets, counts
    session._every_seat = list(seats.values())
    if summary.get("closed") is True:  # a summary before rounds closed has none
        session._closed_at = len(bets)
    session._collected = [() for _ in counts]
    session._stake(bets, 1)
    return session
