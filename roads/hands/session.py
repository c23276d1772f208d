"""The session model: the shoes, coups, seats and practice bets a journal's events add up to,
and how each event (undo included) changes them.

What a journal refuses is checked by ``roads.hands.refusals`` (``check_event``); ``apply``
takes an event as it comes (a reader checks the kinds ``CHECKED_ON_REPLAY`` names first). A
journal's checkpoint sums a session up with ``roads.hands.session_summary``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from roads.hands.hand import Hand
from roads.hands.journal_errors import JournalError
from roads.hands.journal_events import Event, table_of_event
from roads.hands.money import amount
from roads.hands.readers import hand_from_fields
from roads.hands.seats import Account, Ledger, Scale, Seat, SeatChange, grow
from roads.tables import STANDARD, Table
from roads.tables.table import bet_named

__all__ = ["Bet", "CoupRecord", "Session"]

_ZERO = Fraction(0)
_EARLIER = (
    "the last coup settled practice bets of an earlier bankroll, so it can no longer be undone"
)


@dataclass(frozen=True, slots=True)
class Bet:
    """A practice bet with play money: ``on`` is the bet's name (``banker``, ``dragon_7``),
    ``seat`` the number of the seat that placed it."""

    on: str
    stake: Fraction
    seat: int = 1


@dataclass(frozen=True, slots=True)
class CoupRecord:
    """A coup of a shoe, with the bets it settled: each one's result per unit (the commission
    taken at once) and commission per unit, and the account it was settled into (None: its
    seat was not taken, in a journal edited by hand)."""

    hand: Hand
    settled: tuple[Bet, ...] = ()
    payouts: tuple[tuple[Fraction, Fraction], ...] = ()
    accounts: tuple[Account | None, ...] = ()
    closed_at: int | None = None
    """Where the round was closed ("no more bets") before this coup, as ``Session`` keeps it
    (None: it was open): an undo of the coup closes it there again."""


@dataclass(frozen=True, slots=True)
class _Joined:
    seat: Seat


@dataclass(frozen=True, slots=True)
class _Left:
    seat: Seat
    collected: Fraction


Item = CoupRecord | Bet | _Joined | _Left


@dataclass(slots=True)
class Session:
    """The state a journal's events add up to.

    Besides the shoes it keeps what each event needs to know (the open bets, each seat's
    balance and box, the coups of the current shoe and of the session), so taking an event
    costs the same however long the shoe is. Seat 1 is the seat of a journal written before
    seats: ``bankroll`` and ``balance`` are its.
    """

    shoes: list[list[Item]] = field(default_factory=lambda: [[]])
    tables: list[Table] = field(default_factory=lambda: [STANDARD])  # each shoe's table
    era: int = 0
    """How many times seat 1's bankroll was set (a ``bankroll`` event)."""
    plan: int | None = None
    """How many coups the session is to last (None: no plan)."""
    seated: bool = False
    """Whether the journal uses seats (a join, a seat's bet, a table that posts more than its
    pay): its settle lines then give every seat's figures."""
    accounts: list[Account] = field(default_factory=list)
    """Every player's account, in the order they were opened: a statement's rows."""
    scale: Scale = field(default_factory=Scale)
    """The unit the seats' amounts are kept in."""
    _seats: dict[int, Seat] = field(default_factory=dict)
    _every_seat: list[Seat] = field(default_factory=list)  # taken now or once: all in ``scale``
    _open: list[Bet] = field(default_factory=list)  # bets since the current shoe's last coup
    _counts: list[int] = field(default_factory=lambda: [0])  # coups of each shoe
    _collected: list[tuple[tuple[Seat, Fraction], ...]] = field(default_factory=lambda: [()])
    """The boxes collected when each shoe started."""
    _closed_at: int | None = None
    """While the round of the next coup is closed ("no more bets", a ``close`` event): how
    many items the current shoe held when it was closed; None while bets are open."""

    # -- reading ---------------------------------------------------------------------------

    def hands(self, shoe: int | None = None, every_shoe: bool = False) -> list[Hand]:
        """The hands of the current shoe, of shoe number ``shoe`` (1-based), or of all shoes."""
        if every_shoe:
            chosen = self.shoes
        elif shoe is None:
            chosen = self.shoes[-1:]
        elif 1 <= shoe <= len(self.shoes):
            chosen = [self.shoes[shoe - 1]]
        else:
            raise JournalError(f"there is no shoe {shoe}: the journal holds {len(self.shoes)}")
        return [item.hand for items in chosen for item in items if isinstance(item, CoupRecord)]

    @property
    def coups(self) -> int:
        """How many coups the current shoe holds."""
        return self._counts[-1]

    @property
    def coups_logged(self) -> int:
        """How many coups the session holds, in every shoe (what a plan counts)."""
        return sum(self._counts)

    @property
    def hands_left(self) -> int | None:
        """How many coups the plan has left (None: no plan)."""
        return None if self.plan is None else max(self.plan - self.coups_logged, 0)

    @property
    def open_bets(self) -> list[Bet]:
        """Bets placed since the last coup of the current shoe, of every seat."""
        return list(self._open)

    @property
    def staked(self) -> Fraction:
        """The play money on the table: the stakes of the open bets."""
        return sum((bet.stake for bet in self._open), _ZERO)

    @property
    def round_closed(self) -> bool:
        """Whether "no more bets" was called for the next coup: a bet waits until it is
        logged."""
        return self._closed_at is not None

    @property
    def close_is_last(self) -> bool:
        """Whether the last action of the shoe is the ``close`` of the round (nothing added
        since): an undo then opens the bets again (a ``reopen``)."""
        return self._closed_at is not None and self._closed_at >= len(self.shoes[-1])

    def seat(self, number: int) -> Seat | None:
        """Seat number ``number`` if it is taken."""
        return self._seats.get(number)

    def seat_numbers(self) -> list[int]:
        """The taken seats' numbers, in order."""
        return sorted(self._seats)

    @property
    def bankroll(self) -> Fraction | None:
        """Seat 1's bankroll (None while nobody sits there)."""
        seat = self._seats.get(1)
        return None if seat is None else seat.bankroll

    @property
    def balance(self) -> Fraction | None:
        """Seat 1's balance: its bankroll plus the net of every bet it settled since (open bets
        not counted, its box not yet taken)."""
        seat = self._seats.get(1)
        return None if seat is None else seat.balance

    @property
    def table(self) -> Table:
        """The table of the current shoe (a journal that names none is ``standard``)."""
        return self.tables[-1]

    def table_of(self, shoe: int | None = None) -> Table:
        """The table of shoe number ``shoe`` (1-based), or of the current shoe."""
        return self.tables[-1 if shoe is None else shoe - 1]

    def settle(self, bets: list[Bet], hand: Hand) -> Fraction:
        """The net of ``bets`` once ``hand`` is dealt, by the current shoe's table (the
        commission taken at once); RoadsError naming the bet and what it needs when the hand as
        given cannot settle it."""
        table = self.table
        deal = hand.deal(frozenset(mark.name for mark in table.marks))
        return sum((table.settle(bet.on, bet.stake, deal) for bet in bets), _ZERO)

    def settlements(self) -> Iterator[tuple[int, int, Bet, Fraction, str | None]]:
        """Every settled bet: its shoe and the coup that settled it (both 0-based), the bet,
        its net result per unit (the commission taken at once) and the player's name (None:
        none given)."""
        for number, items in enumerate(self.shoes):
            coup = 0
            for item in items:
                if isinstance(item, CoupRecord):
                    for bet, (result, _), account in zip(
                        item.settled, item.payouts, item.accounts, strict=True
                    ):
                        yield number, coup, bet, result, None if account is None else account.name
                    coup += 1

    def boxes_collected(self) -> list[tuple[int, str | None, Fraction]]:
        """The boxes collected when the current shoe started: seat, name, amount."""
        return [(seat.number, seat.name, box) for seat, box in self._collected[-1]]

    def undo_problem(self) -> str | None:
        """Why an undo cannot be taken now (None: it can)."""
        current = self.shoes[-1]
        if not current and len(self.shoes) == 1:
            return "nothing to undo: no coup or bet has been logged"
        last = current[-1] if current else None
        if isinstance(last, CoupRecord):
            if any(a is not None and a.closed is not None for a in last.accounts):
                return _EARLIER
        elif isinstance(last, _Joined):
            if self._seats.get(last.seat.number) is not last.seat or (
                last.seat.account.closed is not None
            ):
                return _EARLIER
        elif isinstance(last, _Left) and last.seat.number in self._seats:
            return f"seat {last.seat.number} is taken again, so its leaving can no longer be undone"
        return None

    # -- changing --------------------------------------------------------------------------

    def apply(self, event: Event, *, hand: Hand | None = None) -> Bet | Hand | SeatChange | None:
        """Take one event; return the hand, bet or seat change it added or took back, if any.
        ``hand``: a coup's hand, read already (by ``check_event``). An undo with nothing to
        undo, and kinds from newer versions, change nothing."""
        if hand is not None and event.get("event") == "coup":
            return self._coup(hand)
        take = _TAKE.get(event.get("event"))  # type: ignore[arg-type]
        return None if take is None else take(self, event)

    def _take_coup(self, event: Event) -> Hand:
        return self._coup(hand_from_fields(event, "", 0))

    def _take_undo(self, event: Event) -> Bet | Hand | SeatChange | None:
        return self._undo()

    def _take_bet(self, event: Event) -> Bet:
        legacy = event["event"] == "bet"
        seat = 1 if legacy else int(event["seat"])
        bet = Bet(bet_named(str(event.get("on", ""))), amount(event.get("stake")), seat)
        self.shoes[-1].append(bet)
        self._open.append(bet)
        taken = self._seats.get(seat)
        if taken is not None:
            taken.staked_units += self.scale.units(bet.stake)
        if not legacy:
            self.seated = True
        return bet

    def _take_shoe(self, event: Event) -> None:
        self._stake(self._open, -1)  # none, but in a journal edited by hand
        self.shoes.append([])
        self.tables.append(self.table)
        self._counts.append(0)
        self._open = []
        self._closed_at = None
        seats = self._seats.values()
        self._collected.append(tuple((seat, seat.collect()) for seat in seats if seat.box_units))

    def _take_table(self, event: Event) -> None:
        self.tables[-1] = table = table_of_event(event)
        self.seated = self.seated or table.posted

    def _take_plan(self, event: Event) -> None:
        self.plan = int(event["hands"])

    def _take_close(self, event: Event) -> None:
        self._closed_at = len(self.shoes[-1])

    def _take_reopen(self, event: Event) -> None:
        self._closed_at = None

    def _take_join(self, event: Event) -> SeatChange:
        return self._join(int(event["seat"]), str(event["name"]).strip(), event["bankroll"])

    def _take_leave(self, event: Event) -> SeatChange | None:
        return self._leave(int(event["seat"]))

    def _take_bankroll(self, event: Event) -> None:
        self._start_over(amount(event.get("amount")))

    def _coup(self, hand: Hand) -> Hand:
        bets = tuple(self._open)
        closed, self._closed_at = self._closed_at, None
        record = CoupRecord(hand, closed_at=closed)
        if bets:
            payouts = self._payouts(hand, bets)
            accounts: list[Account | None] = []
            seats, per_one, box = self._seats, self.scale.per_one, self.table.box
            shoe = len(self.shoes) - 1
            ratios: dict[str, _Ratio] = {}
            for bet, pay in zip(bets, payouts, strict=True):
                if bet.on not in ratios:
                    ratios[bet.on] = _ratio(pay)
            for bet in bets:
                seat = seats.get(bet.seat)
                if seat is None:
                    accounts.append(None)
                    continue
                account = seat.account
                accounts.append(account)
                stake = bet.stake
                units = stake.numerator * per_one // stake.denominator
                seat.staked_units -= units
                ledger = account.ledgers.get(shoe) or account.ledger(shoe)
                _book(seat, ledger, units, ratios[bet.on], box, 1)
            record = CoupRecord(hand, bets, payouts, tuple(accounts), closed)
        self.shoes[-1].append(record)
        self._counts[-1] += 1
        self._open = []
        return hand

    def _payouts(self, hand: Hand, bets: tuple[Bet, ...]) -> tuple[tuple[Fraction, Fraction], ...]:
        """Each bet's result and commission per unit once ``hand`` is dealt, the scale made
        fine enough for them first."""
        table = self.table
        deal = hand.deal(frozenset(mark.name for mark in table.marks))
        known: dict[str, tuple[Fraction, Fraction]] = {}
        for bet in bets:
            if bet.on not in known:
                result = table.result(bet.on, deal)
                known[bet.on] = (result, table.commission_of(bet.on, result))
        factor = self.scale.finer_for(*(part for pay in known.values() for part in pay))
        if factor > 1:
            grow(self.scale, factor, self._every_seat, self.accounts)
        return tuple(known[bet.on] for bet in bets)

    def _undo(self) -> Bet | Hand | SeatChange | None:
        current = self.shoes[-1]
        if not current:
            if len(self.shoes) > 1:
                self._undo_shoe()
            return None
        item = current.pop()
        if self._closed_at is not None:  # a plain undo past the close (an older writer's)
            self._closed_at = min(self._closed_at, len(current))
        if isinstance(item, Bet):
            self._open.pop()
            self._stake([item], -1)
            return item
        if isinstance(item, _Joined):
            del self._seats[item.seat.number]
            self.accounts.remove(item.seat.account)
            return _change("join", item.seat, item.seat.bankroll)
        if isinstance(item, _Left):
            return self._undo_leave(item)
        self._counts[-1] -= 1
        self._closed_at = item.closed_at
        self._open = list(item.settled)
        self._stake(self._open, 1)
        for bet, pay, account in zip(item.settled, item.payouts, item.accounts, strict=True):
            seat = self._seats.get(bet.seat)
            if seat is not None and account is seat.account:
                ledger = seat.account.ledger(len(self.shoes) - 1)
                units = self.scale.units(bet.stake)
                _book(seat, ledger, units, _ratio(pay), self.table.box, -1)
        return item.hand

    def _undo_shoe(self) -> None:
        """Take back an empty new shoe: the boxes it collected are owed again."""
        self._closed_at = None
        self.shoes.pop()
        self.tables.pop()
        self._counts.pop()
        for seat, box in self._collected.pop():
            seat.give_back(box)
        self._open = [item for item in self._trailing() if isinstance(item, Bet)]
        self._stake(self._open, 1)

    def _undo_leave(self, item: _Left) -> SeatChange:
        seat = item.seat
        change = _change("leave", seat, seat.balance, item.collected)
        seat.give_back(item.collected)
        seat.account.closed = None
        self._seats[seat.number] = seat
        return change

    def _stake(self, bets: list[Bet], sign: int) -> None:
        """Count (``sign`` 1) or stop counting (-1) ``bets`` among their seats' open stakes."""
        for bet in bets:
            seat = self._seats.get(bet.seat)
            if seat is not None:
                seat.staked_units += sign * self.scale.units(bet.stake)

    def _join(self, number: int, name: str, bankroll: object) -> SeatChange:
        money = amount(bankroll)
        account = Account(number, name, money, len(self.shoes) - 1)
        seat = self._new_seat(number, name, account)
        self.accounts.append(account)
        self.shoes[-1].append(_Joined(seat))
        self.seated = True
        return _change("join", seat, money)

    def _leave(self, number: int) -> SeatChange | None:
        seat = self._seats.pop(number, None)
        if seat is None:
            return None
        collected = seat.collect()
        seat.account.closed = len(self.shoes) - 1
        self.shoes[-1].append(_Left(seat, collected))
        return _change("leave", seat, seat.balance, collected)

    def _start_over(self, bankroll: Fraction) -> None:
        """Seat 1's bankroll set (a ``bankroll`` event): a new account, the old one closed."""
        shoe = len(self.shoes) - 1
        seat = self._seats.get(1)
        name = None if seat is None else seat.name
        account = Account(1, name, bankroll, shoe)
        self.accounts.append(account)
        if seat is None:
            self._new_seat(1, None, account)
        else:
            seat.collect()
            seat.account.closed = shoe
            seat.account, seat.balance_units = account, self.scale.units(bankroll)
        self.era += 1

    def _new_seat(self, number: int, name: str | None, account: Account) -> Seat:
        seat = Seat(number, name, account, self.scale, self.scale.units(account.bankroll))
        self._seats[number] = seat
        self._every_seat.append(seat)
        return seat

    def _trailing(self) -> list[Item]:
        """The items after the current shoe's last coup (a lenient replay may leave bets)."""
        items: list[Item] = []
        for item in reversed(self.shoes[-1]):
            if isinstance(item, CoupRecord):
                break
            items.append(item)
        return items[::-1]


_TAKE: dict[str, Callable[[Session, Event], Bet | Hand | SeatChange | None]] = {
    "coup": Session._take_coup,
    "undo": Session._take_undo,
    "bet": Session._take_bet,
    "seat_bet": Session._take_bet,
    "shoe": Session._take_shoe,
    "table": Session._take_table,
    "plan": Session._take_plan,
    "join": Session._take_join,
    "leave": Session._take_leave,
    "bankroll": Session._take_bankroll,
    "close": Session._take_close,
    "reopen": Session._take_reopen,
}
"""How each kind of event is taken ("settle", and kinds from newer versions: not at all)."""

_Ratio = tuple[int, int, int, int]


def _ratio(pay: tuple[Fraction, Fraction]) -> _Ratio:
    """A bet's result and commission per unit as integers: (numerator, denominator) each."""
    result, commission = pay
    return result.numerator, result.denominator, commission.numerator, commission.denominator


def _book(seat: Seat, ledger: Ledger, units: int, ratio: _Ratio, box: bool, sign: int) -> None:
    """Settle (``sign`` 1) or take back (-1) a bet of ``units`` that returned ``ratio`` into
    ``seat`` (its balance, and its box at a table that keeps the commission there) and into
    ``ledger`` (of its account, this shoe): whole units all (the scale is fine enough)."""
    result, over, commission, under = ratio
    change = units * result // over
    ledger.staked += sign * units
    if result > 0:
        kept = units * commission // under
        ledger.won += sign * (change + kept)
        if kept:
            ledger.commission += sign * kept
            if box:
                change += kept
                seat.box_units += sign * kept
    elif result < 0:
        ledger.lost -= sign * change
    else:
        ledger.pushed += sign * units
    seat.balance_units += sign * change


def _change(kind: str, seat: Seat, money: Fraction, collected: Fraction = _ZERO) -> SeatChange:
    return SeatChange(kind, seat.number, seat.name, money, collected)
