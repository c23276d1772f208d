"""The seats of a practice table: who sits where with what, their open bets and commission box,
and each player's account (what a statement reports) shoe by shoe.

A seat is taken by a name and a bankroll (a ``join``; a journal's ``bankroll`` event takes seat
1 without a name) and given up (``leave``). Each time a seat is taken, or seat 1's bankroll
starts over, a new :class:`Account` opens: the statement has one row per account.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

__all__ = ["Account", "Ledger", "Seat", "SeatChange"]

_ZERO = Fraction(0)


@dataclass(slots=True)
class Ledger:
    """One account's settled bets in one shoe (play money): stakes settled, winnings before the
    commission, stakes lost, stakes pushed (returned), and the commission charged."""

    staked: Fraction = _ZERO
    won: Fraction = _ZERO
    lost: Fraction = _ZERO
    pushed: Fraction = _ZERO
    commission: Fraction = _ZERO

    @property
    def net(self) -> Fraction:
        """``won`` less ``lost`` less ``commission``."""
        return self.won - self.lost - self.commission

    def add(self, stake: Fraction, result: Fraction, commission: Fraction, sign: int) -> None:
        """Count (``sign`` 1) or take back (-1) a bet of ``stake`` that returned ``result`` per
        unit after a commission of ``commission`` per unit."""
        self.staked += sign * stake
        if result > 0:
            self.won += sign * stake * (result + commission)
            if commission:
                self.commission += sign * stake * commission
        elif result < 0:
            self.lost -= sign * stake * result
        else:
            self.pushed += sign * stake


@dataclass(slots=True, eq=False)
class Account:
    """One player's time at a seat: from taking it (or seat 1's bankroll starting over) until
    leaving it, a row of the statement.

    Attributes:
        seat: the seat's number.
        name: the player's name (None: seat 1 taken by a bankroll alone).
        bankroll: what the player sat down with.
        shoe: the shoe (0-based) the account opened in.
        ledgers: each shoe's settled bets (0-based shoe numbers), in order.
        closed: the shoe (0-based) the account closed in (the seat left, or seat 1's bankroll
            started over), its box collected then; None while it is open.
    """

    seat: int
    name: str | None
    bankroll: Fraction
    shoe: int
    ledgers: dict[int, Ledger] = field(default_factory=dict)
    closed: int | None = None

    def ledger(self, shoe: int) -> Ledger:
        """The ledger of shoe ``shoe`` (0-based), opened if new."""
        found = self.ledgers.get(shoe)
        if found is None:
            found = self.ledgers[shoe] = Ledger()
        return found


@dataclass(slots=True, eq=False)
class Seat:
    """A seat taken: its number, the player's name, the balance (the bankroll and every
    settled bet, the box not yet taken), the commission box, its open bets and its account."""

    number: int
    name: str | None
    balance: Fraction
    account: Account
    box: Fraction = _ZERO
    staked: Fraction = _ZERO
    """The stakes of its open bets."""

    @property
    def bankroll(self) -> Fraction:
        return self.account.bankroll

    @property
    def left(self) -> Fraction:
        """What it can still stake: its balance, less its open bets, less its box."""
        return self.balance - self.staked - self.box

    def collect(self) -> Fraction:
        """Take the box from the balance (a new shoe, leaving); what it held."""
        box = self.box
        if box:
            self.balance -= box
            self.box = _ZERO
        return box


@dataclass(frozen=True, slots=True)
class SeatChange:
    """What a ``join``, ``leave`` or seat 1's ``bankroll`` did, or their undo: ``kind`` is
    ``join`` or ``leave``, ``seat`` its number, ``name`` the player's, ``amount`` the
    bankroll sat down with (join) or the balance left with (leave), and ``collected`` the
    box taken on leaving."""

    kind: str
    seat: int
    name: str | None
    amount: Fraction
    collected: Fraction = _ZERO
