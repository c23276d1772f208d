"""What one append to a journal did: the events taken one by one (each checked against the
state after the ones before it, a coup's bets settled with a ``settle`` line), the lines they
make, and the receipt told back to the caller."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from roads.hands.hand import Hand
from roads.hands.journal_events import BEGIN, COMMIT, Event, encode_line
from roads.hands.money import json_amount
from roads.hands.refusals import check_event
from roads.hands.seats import SeatChange
from roads.hands.session import Bet, CoupRecord, Session

__all__ = ["Receipt", "Reopened", "SeatSettled", "Taken"]


@dataclass(frozen=True, slots=True)
class Reopened:
    """The practice bets an undo of a coup left open again, and the net that coup had settled
    them at (play money)."""

    bets: tuple[Bet, ...]
    net: Fraction


@dataclass(frozen=True, slots=True)
class SeatSettled:
    """A seat whose bets an append's coups settled: its number and player, the net of those
    bets (the commission counted, wherever it is kept), and its balance and box after."""

    seat: int
    name: str | None
    net: Fraction
    balance: Fraction
    box: Fraction


@dataclass(frozen=True, slots=True)
class Receipt:
    """What an append did. Per event: the hand, bet or seat change it added or took back
    (``None`` for a new shoe, a bankroll, a table, a plan, or an undo that removed an empty
    shoe), and where the session stood after it (shoe number, coups in that shoe: a bet is
    for the coup after them). Then the net of the practice bets its coups settled (``None``
    when no bet was open) and seat 1's practice balance after it."""

    results: tuple[Hand | Bet | SeatChange | None, ...]
    places: tuple[tuple[int, int], ...]
    settled: Fraction | None
    balance: Fraction | None
    reopened: tuple[Reopened | None, ...] = ()
    """Per event: the bets an undo of a coup opened again (None for every other event)."""
    seats: tuple[SeatSettled, ...] = ()
    """The seats whose bets the coups settled, in seat order (a journal that uses seats)."""
    hands_left: int | None = None
    """The coups the session's plan has left after the append (None: no plan)."""
    plan: int | None = None
    """The session's plan, in coups (None: no plan)."""
    collected: tuple[tuple[int, str | None, Fraction], ...] = ()
    """The commission boxes a new shoe of the append collected: seat, name, amount."""
    kinds: tuple[str, ...] = ()
    """Per event: the kind logged, which is the event's own but for an undo of "no more
    bets", logged as a ``reopen``."""
    seated: bool = False
    """Whether the journal uses seats (``Session.seated``)."""


def _reopened(session: Session, hand: Hand) -> Reopened | None:
    """The bets an undo of the coup ``hand`` left open in ``session``, if any."""
    bets = session.open_bets
    return Reopened(tuple(bets), session.settle(bets, hand)) if bets else None


@dataclass(slots=True)
class Taken:
    """The events of one append taken so far, and the lines they make."""

    lines: list[Event] = field(default_factory=list)
    results: list[Hand | Bet | SeatChange | None] = field(default_factory=list)
    places: list[tuple[int, int]] = field(default_factory=list)
    settled: Fraction | None = None
    reopened: list[Reopened | None] = field(default_factory=list)
    nets: dict[int, Fraction] = field(default_factory=dict)
    collected: list[tuple[int, str | None, Fraction]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)

    def take(self, session: Session, event: Event) -> None:
        """Check ``event`` against ``session`` (JournalError if it cannot be taken), then
        take it: its line, and a ``settle`` line after a coup that settled bets. An undo
        whose last action is "no more bets" is a ``reopen``: an undo would take back the
        item before it in a reader that knows no ``close``."""
        if event.get("event") == "undo" and session.close_is_last:
            event = {**event, "event": "reopen"}
        result = session.apply(event, hand=check_event(session, event))
        self.results.append(result)
        self.places.append((len(session.shoes), session.coups))
        self.lines.append(event)
        self.kinds.append(event["event"])
        undid = result if event["event"] == "undo" else None
        self.reopened.append(_reopened(session, undid) if isinstance(undid, Hand) else None)
        if event["event"] == "shoe":
            self.collected += session.boxes_collected()
        record = session.shoes[-1][-1] if event["event"] == "coup" else None
        if isinstance(record, CoupRecord) and record.settled:
            net = _seat_nets(record, self.nets)
            self.settled = (self.settled or Fraction(0)) + net
            self.lines.append(_settle_line(session, record, net))

    def data(self) -> bytes:
        """The lines to write: a batch between its records when there are several."""
        lines = self.lines
        if len(lines) > 1:
            lines = [{"event": BEGIN}, *lines, {"event": COMMIT}]
        return b"".join(encode_line(line) for line in lines)

    def receipt(self, session: Session) -> Receipt:
        """What the append did, ``session`` being the state after it."""
        return Receipt(
            tuple(self.results),
            tuple(self.places),
            self.settled,
            session.balance,
            tuple(self.reopened),
            _settled_seats(session, self.nets),
            session.hands_left,
            session.plan,
            tuple(self.collected),
            tuple(self.kinds),
            session.seated,
        )


def _seat_nets(record: CoupRecord, nets: dict[int, Fraction]) -> Fraction:
    """The net of the bets ``record`` settled, added seat by seat to ``nets``."""
    total = Fraction(0)
    for bet, (result, _) in zip(record.settled, record.payouts, strict=True):
        net = bet.stake * result
        nets[bet.seat] = nets.get(bet.seat, Fraction(0)) + net
        total += net
    return total


def _settle_line(session: Session, record: CoupRecord, net: Fraction) -> Event:
    """The ``settle`` line after a coup that settled bets, for people and other tools: seat
    1's net and balance, as before seats; in a journal that uses seats, each seat's."""
    if not session.seated:
        balance = session.balance or Fraction(0)
        return {"event": "settle", "net": json_amount(net), "balance": json_amount(balance)}
    nets: dict[int, Fraction] = {}
    _seat_nets(record, nets)
    seats: list[dict[str, object]] = []
    for number in sorted(nets):
        seat = session.seat(number)
        line: dict[str, object] = {"seat": number, "net": json_amount(nets[number])}
        if seat is not None:
            line["balance"] = json_amount(seat.balance)
            if seat.box:
                line["box"] = json_amount(seat.box)
        seats.append(line)
    return {"event": "settle", "seats": seats}


def _settled_seats(session: Session, nets: dict[int, Fraction]) -> tuple[SeatSettled, ...]:
    if not session.seated:
        return ()
    found = []
    for number in sorted(nets):
        seat = session.seat(number)
        if seat is not None:
            found.append(SeatSettled(number, seat.name, nets[number], seat.balance, seat.box))
    return tuple(found)
