"""What a journal refuses: the one check of an event against the state before it, used by the
writer before it logs the event and by every reader before it replays one of the kinds in
``CHECKED_ON_REPLAY``, so that a reader never settles what the writer would have refused.

``check_event`` raises :class:`RefusedError` naming the field at fault. Bets are checked in
PRACTICE.md's order, and the first failure refuses the whole action, naming the seat, the bet
and the rule: the seat is taken; the table offers the bet; the stake is within the bet's
limits; the seat can cover it (its balance, less its open bets, less its box). Before all of
them, a bet waits while the round is closed ("no more bets", a ``close`` event, until the next
coup is logged): :class:`RoundClosedError` says for which coup.

Every kind is checked on replay (``CHECKED_ON_REPLAY``), so a journal edited by hand is read as
the writer would have written it: a line it would have refused is skipped with a warning.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from roads.errors import RoadsError
from roads.hands.hand import Hand
from roads.hands.journal_errors import JournalError
from roads.hands.journal_events import KINDS, Event, table_of_event
from roads.hands.readers import hand_from_fields
from roads.tables.money import amount, amount_text, money
from roads.tables.posted import MOST_HANDS
from roads.tables.table import Table, TableError, bet_named, checked_name

if TYPE_CHECKING:
    from roads.hands.session import Session

__all__ = ["CHECKED_ON_REPLAY", "RefusedError", "RoundClosedError", "check_event"]

CHECKED_ON_REPLAY = frozenset(KINDS)
"""The kinds a reader checks as the writer did before replaying them: every one; a line that
fails is skipped with a warning naming it and its field."""


class RefusedError(JournalError):
    """An event the journal refuses: ``field`` names the event's field at fault (None: the
    event as a whole)."""

    def __init__(self, message: str, *, field: str | None = None, about: tuple[str, ...] = ()):
        super().__init__(message, about=about)
        self.field = field


class RoundClosedError(RefusedError):
    """A bet placed after "no more bets" was called for coup number ``coup``: it is not
    logged now, and may be placed again once that coup is logged (it is then the next one's)."""

    def __init__(self, message: str, *, coup: int) -> None:
        super().__init__(message, field="round")
        self.coup = coup


def check_event(session: Session, event: Event) -> Hand | None:
    """Raise RefusedError if ``session`` cannot take ``event`` now (``Session.apply`` then takes it
    without fail); ParseError if a coup's fields are not a hand. Returns the hand of a coup
    (for ``Session.apply``, so that it is read once), None for other kinds."""
    kind = event.get("event")
    if kind == "coup":
        return _check_coup(session, event)
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise RefusedError(
            f"{kind!r} is not a journal event: use one of {', '.join(KINDS)}", field="event"
        )
    check(session, event)
    return None


def _nothing(session: Session, event: Event) -> None:
    """``settle`` lines are for people: replay settles the bets itself."""


def _check_undo(session: Session, event: Event) -> None:
    problem = session.undo_problem()
    if problem:
        raise RefusedError(problem)


def _check_open(session: Session, event: Event) -> None:
    if session.open_bets:
        what = "a new shoe" if event.get("event") == "shoe" else "a new bankroll"
        raise RefusedError(
            f"practice bets are open: log the coup that settles them, or undo them, before {what}"
        )
    if event.get("event") == "bankroll":
        _amount(event, "amount")


def _check_coup(session: Session, event: Event) -> Hand:
    if session.plan is not None and session.coups_logged >= session.plan:
        raise RefusedError(
            f"the session's plan of {session.plan} hands is played: raise it (--hands N) to "
            "log another coup",
            field="outcome",
        )
    hand = hand_from_fields(event, "", 0)
    if session.open_bets:
        table = session.table
        try:
            for on in {bet.on: None for bet in session.open_bets}:
                _result(table, on, hand)
        except RoadsError as error:
            raise RefusedError(f"{error}: give the coup's cards, or undo the bet") from None
    return hand


@lru_cache(maxsize=4096)
def _result(table: Table, on: str, hand: Hand) -> Fraction:
    """What a unit on ``on`` returns at ``table`` once ``hand`` is dealt (RoadsError when the
    hand as given cannot settle it): the same few a replay asks again and again."""
    return table.result(on, hand.deal(frozenset(mark.name for mark in table.marks)))


def _check_close(session: Session, event: Event) -> None:
    if session.round_closed:
        raise RefusedError(f"no more bets was called already for coup {session.coups + 1}")


def _check_reopen(session: Session, event: Event) -> None:
    if not session.round_closed:
        raise RefusedError(f"the bets of coup {session.coups + 1} are open already")


def _check_table(session: Session, event: Event) -> None:
    try:
        table = table_of_event(event)
    except JournalError as error:
        raise RefusedError(str(error), field="rules") from None
    current = session.table
    if table != current and (session.coups or session.open_bets):
        raise RefusedError(
            f"this shoe is played at the {current.rules} table (Tie {current.tie_pays}:1), "
            "which cannot change once a coup is logged: start a new shoe",
            field="rules",
        )
    highest = max(session.seat_numbers(), default=0)
    if highest > table.seats:
        raise RefusedError(
            f"seat {highest} is taken, and the table has {table.seats} seats: that seat "
            "leaves first",
            field="seats",
        )


def _check_plan(session: Session, event: Event) -> None:
    hands = event.get("hands")
    if type(hands) is not int or not 1 <= hands <= MOST_HANDS:
        raise RefusedError(f"a plan is 1 to {MOST_HANDS:,} hands, not {hands!r}", field="hands")
    if hands < session.coups_logged:
        raise RefusedError(
            f"a plan of {hands} hands is fewer than the {session.coups_logged} coups logged",
            field="hands",
        )


def _seat_number(session: Session, event: Event) -> int:
    seat = event.get("seat")
    most = session.tables[-1].seats
    if type(seat) is not int or not 1 <= seat <= most:
        shown = seat if type(seat) is int else repr(seat)
        raise RefusedError(f"seat {shown}: this table has seats 1 to {most}", field="seat")
    return seat


def _check_join(session: Session, event: Event) -> None:
    number = _seat_number(session, event)
    taken = session.seat(number)
    if taken is not None:
        who = f"{taken.name} sits" if taken.name else "a bankroll is"
        raise RefusedError(f"seat {number}: {who} there already: leave it first", field="seat")
    try:
        checked_name(event.get("name"), "name", "a player's name")
    except TableError as error:
        raise RefusedError(f"seat {number}: {error.reason}", field="name") from None
    _amount(event, "bankroll", f"seat {number}: ")


def _check_leave(session: Session, event: Event) -> None:
    number = _seat_number(session, event)
    seat = session.seat(number)
    if seat is None:
        raise RefusedError(f"seat {number}: nobody sits there", field="seat")
    if seat.staked:
        raise RefusedError(
            f"seat {number}: its bets of {money(seat.staked)} are open: log the coup that "
            "settles them, or undo them, before it leaves",
            field="seat",
        )


def _check_bet(session: Session, event: Event) -> None:
    """PRACTICE.md's order: the seat is taken; the table offers the bet; the stake is within
    its limits; the seat can cover it."""
    legacy = event.get("event") == "bet"
    number = 1 if legacy else _seat_number(session, event)
    try:
        on = bet_named(str(event.get("on", "")))
    except RoadsError as error:
        raise RefusedError(f"seat {number}: {error}", field="on") from None
    stake = _amount(event, "stake", f"seat {number}: ")
    if session.round_closed:
        coup = session.coups + 1
        raise RoundClosedError(
            f"{_said(number, on, stake)}: no more bets for coup {coup}: place it again once "
            f"coup {coup} is logged, for coup {coup + 1}",
            coup=coup,
        )
    seat = session.seat(number)
    if seat is None:
        raise RefusedError(
            f"{_said(number, on, stake)}: nobody sits at seat {number}: "
            + ("set a practice bankroll before placing bets" if legacy else "a player joins first"),
            field="seat",
            about=("bankroll",) if legacy else (),
        )
    table = session.table
    if not table.offers(on):
        raise RefusedError(
            f"{_said(number, on, stake)}: this table ({table.rules}) does not offer it; it "
            f"offers {', '.join(table.bets())}",
            field="on",
        )
    cents = stake.numerator * 100 // stake.denominator
    limits = table.cents_limits.get(on) if table.limits else None
    if limits is not None and not limits[0] <= cents <= limits[1]:
        below = cents < limits[0]
        end = Fraction(limits[0 if below else 1], 100)
        raise RefusedError(
            f"{_said(number, on, stake)} is {'below' if below else 'above'} this table's "
            f"{'minimum' if below else 'maximum'} of {amount_text(end)}",
            field="stake",
        )
    if cents * (seat.scale.per_one // 100) > seat.left_units:
        raise RefusedError(
            f"{_said(number, on, stake)} is more than the {money(max(seat.left, Fraction(0)))} "
            "of play money left (its balance, less its open bets and its box)",
            field="stake",
        )


def _said(seat: int, on: str, stake: Fraction) -> str:
    """How a refusal names the seat and the bet: ``seat 2: a banker bet of 5``."""
    return f"seat {seat}: a {on} bet of {amount_text(stake)}"


def _amount(event: Event, key: str, where: str = "") -> Any:
    """The amount of play money ``event`` gives as ``key``: a JSON number, as a journal writes
    it (text such as ``"10"`` is what a user types, never what a journal holds)."""
    value = event.get(key)
    if type(value) is not int and type(value) is not float:
        raise RefusedError(
            f"{where}{key} {value!r} is not a number: a journal writes amounts as JSON numbers",
            field=key,
        )
    try:
        return amount(value)
    except RoadsError as error:
        raise RefusedError(where + str(error), field=key) from None


_CHECKS: dict[str, Callable[[Session, Event], object]] = {
    "coup": _check_coup,
    "undo": _check_undo,
    "shoe": _check_open,
    "bankroll": _check_open,
    "bet": _check_bet,
    "seat_bet": _check_bet,
    "settle": _nothing,
    "table": _check_table,
    "join": _check_join,
    "leave": _check_leave,
    "plan": _check_plan,
    "close": _check_close,
    "reopen": _check_reopen,
}
