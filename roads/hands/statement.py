"""A practice session's statement (PRACTICE.md): for each player who sat at the table, what they
staked, won, lost, had pushed and paid in commission, what their box still owes, their net and
their balance; and the house's net, minus the sum of the seats'. Every figure is exact.

    >>> from roads.hands.journal import replay
    >>> session = replay('{"roads": "journal", "version": 1}\\n'
    ...                  '{"event": "join", "seat": 2, "name": "Ben", "bankroll": 500}\\n'
    ...                  '{"event": "seat_bet", "seat": 2, "on": "player", "stake": 50}\\n'
    ...                  '{"event": "coup", "outcome": "B"}\\n')
    >>> line = statement_of(session).lines[0]
    >>> line.name, line.lost, line.balance, statement_of(session).house
    ('Ben', Fraction(50, 1), Fraction(450, 1), Fraction(50, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from roads.hands.journal_errors import JournalError
from roads.hands.seats import Account, Ledger
from roads.tables import Table
from roads.values import frozen

if TYPE_CHECKING:
    from roads.hands.session import Session

__all__ = ["FIGURES", "Statement", "StatementLine", "statement_of"]

_ZERO = Fraction(0)
FIGURES = (
    "bankroll",
    "staked",
    "won",
    "lost",
    "pushed",
    "commission",
    "box",
    "net",
    "balance",
)
"""A statement line's amounts, in PRACTICE.md's order."""


@frozen
class StatementLine:
    """One player's time at a seat, in play money.

    Attributes:
        seat: the seat's number.
        name: the player's name (None: seat 1 taken by a bankroll alone).
        bankroll: what the player had at the start (of the session, or of the shoe).
        staked: the stakes of the bets settled.
        won: the winnings of the winning bets, before the commission.
        lost: the stakes lost.
        pushed: the stakes returned (a push).
        commission: the commission charged: taken at once, collected from the box, or still
            in it.
        box: the commission still owed (in the box, collected at the next shoe or on leaving).
    """

    seat: int
    name: str | None
    bankroll: Fraction
    staked: Fraction
    won: Fraction
    lost: Fraction
    pushed: Fraction
    commission: Fraction
    box: Fraction

    @property
    def net(self) -> Fraction:
        """``won`` less ``lost`` less ``commission``."""
        return self.won - self.lost - self.commission

    @property
    def balance(self) -> Fraction:
        """``bankroll`` plus ``net``: the balance once the box is paid."""
        return self.bankroll + self.net

    def amounts(self) -> dict[str, Fraction]:
        """Every amount by name, in ``FIGURES`` order."""
        return {name: getattr(self, name) for name in FIGURES}


@frozen
class Statement:
    """A session's statement, or one shoe's (``shoe``).

    Attributes:
        table: the table (of the last shoe it covers).
        shoe: the shoe it covers (1-based), or None for the whole session.
        shoes: how many shoes it covers.
        coups: how many coups those shoes hold.
        lines: one per player's time at a seat, in the order they sat down (with ``seat``: at
            that seat only).
    """

    table: Table
    shoe: int | None
    shoes: int
    coups: int
    lines: tuple[StatementLine, ...]

    @property
    def house(self) -> Fraction:
        """The house's net: minus the sum of the seats' nets."""
        return -sum((line.net for line in self.lines), _ZERO)

    def as_dict(self) -> dict[str, object]:
        """The statement as JSON values, amounts as exact Fractions (``to_json`` writes them
        as numbers)."""
        from roads.hands.statement_files import statement_dict

        return statement_dict(self)

    def to_json(self) -> str:
        """The statement as JSON: every amount a number, written exactly."""
        from roads.hands.statement_files import statement_json

        return statement_json(self)

    def to_csv(self) -> str:
        """One row per line, then the house's, amounts written exactly."""
        from roads.hands.statement_files import statement_csv

        return statement_csv(self)

    def to_text(self, *, lang: str = "en") -> str:
        """The statement as a table for people, amounts rounded to the cent, in ``lang``
        (``en``, ``zh`` or ``zh-hant``).

        Parameters:
            lang: the language of its words.
        """
        from roads.hands.statement_files import statement_text

        return statement_text(self, lang=lang)


def statement_of(
    session: Session, *, seat: int | None = None, shoe: int | None = None
) -> Statement:
    """The statement of ``session``: every player's time at a seat, or seat number ``seat``'s;
    over the whole session, or shoe number ``shoe`` (1-based) alone.

    Parameters:
        session: a journal's replayed state (``read_journal``).
        seat: only this seat's lines (None: every seat's).
        shoe: only this shoe (None: the session): each line's bankroll is then its balance
            when the shoe started (or the player sat down), its box what the shoe left owed.

    Raises:
        JournalError: there is no such shoe, or no such seat at the table.
    """
    shoes = len(session.shoes)
    if shoe is not None and not 1 <= shoe <= shoes:
        raise JournalError(f"there is no shoe {shoe}: the journal holds {shoes}")
    table = session.table_of(shoe)
    if seat is not None and not 1 <= seat <= table.seats:
        raise JournalError(f"there is no seat {seat}: the table has seats 1 to {table.seats}")
    index = None if shoe is None else shoe - 1
    lines = tuple(
        _line(session, account, index)
        for account in session.accounts
        if (seat is None or account.seat == seat) and _sat(account, index)
    )
    coups = len(session.hands(every_shoe=True) if shoe is None else session.hands(shoe=shoe))
    return Statement(table, shoe, 1 if shoe else shoes, coups, lines)


def _sat(account: Account, shoe: int | None) -> bool:
    """Whether ``account`` was at the table during shoe ``shoe`` (0-based; None: ever)."""
    if shoe is None:
        return True
    return account.shoe <= shoe and (account.closed is None or account.closed >= shoe)


def _line(session: Session, account: Account, shoe: int | None) -> StatementLine:
    before = 0  # the net of the shoes before ``shoe``, in units
    total = Ledger()
    for number, ledger in account.ledgers.items():
        if shoe is None or number == shoe:
            _add(total, ledger)
        elif number < shoe:
            before += ledger.won - ledger.lost - ledger.commission
    seat = session.seat(account.seat)
    owing = seat is not None and seat.account is account
    current = shoe is None or shoe == len(session.shoes) - 1
    box = seat.box if owing and current and seat is not None else _ZERO
    money = session.scale.money
    return StatementLine(
        account.seat,
        account.name,
        account.bankroll + money(before),
        money(total.staked),
        money(total.won),
        money(total.lost),
        money(total.pushed),
        money(total.commission),
        box,
    )


def _add(total: Ledger, ledger: Ledger) -> None:
    total.staked += ledger.staked
    total.won += ledger.won
    total.lost += ledger.lost
    total.pushed += ledger.pushed
    total.commission += ledger.commission
