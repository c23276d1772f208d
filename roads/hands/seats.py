"""The seats of a practice table: who sits where with what, their open bets and commission box,
and each player's account (what a statement reports) shoe by shoe.

A seat is taken by a name and a bankroll (a ``join``; a journal's ``bankroll`` event takes seat
1 without a name) and given up (``leave``). Each time a seat is taken, or seat 1's bankroll
starts over, a new :class:`Account` opens: the statement has one row per account.

Amounts are kept exactly as whole *units* of a :class:`Scale` (at first a hundredth of a cent,
which every payout of a whole-cent stake comes to), so that settling a bet is integer arithmetic;
a payout that needs a finer unit makes the scale finer for the whole session first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd

from roads.values import frozen

__all__ = ["Account", "Ledger", "Scale", "Seat", "SeatChange"]

_ZERO = Fraction(0)


@dataclass(slots=True, eq=False)
class Scale:
    """How many units make 1 of play money, shared by a session's seats and accounts."""

    per_one: int = 10_000
    """At first a hundredth of a cent; always a multiple of 100, so a cent is whole units."""

    def money(self, units: int) -> Fraction:
        """``units`` as play money."""
        return Fraction(units, self.per_one)

    def units(self, money: Fraction) -> int:
        """``money`` in units (it must come to whole units: ``fit`` makes sure)."""
        return money.numerator * self.per_one // money.denominator

    def finer_for(self, *payouts: Fraction) -> int:
        """By how much the scale must grow for a whole-cent stake times each of ``payouts``
        to be whole units (1: it is fine as it is)."""
        cent = self.per_one // 100
        factor = 1
        for payout in payouts:
            denominator = payout.denominator
            if (cent * factor) % denominator:
                factor *= denominator // gcd(denominator, cent * factor)
        return factor


@dataclass(slots=True)
class Ledger:
    """One account's settled bets in one shoe, in units of its scale: stakes settled, winnings
    before the commission, stakes lost, stakes pushed (returned), commission charged."""

    staked: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    commission: int = 0

    def grow(self, factor: int) -> None:
        self.staked *= factor
        self.won *= factor
        self.lost *= factor
        self.pushed *= factor
        self.commission *= factor


@dataclass(slots=True, eq=False)
class Account:
    """One player's time at a seat: from taking it (or seat 1's bankroll starting over) until
    leaving it, a row of the statement.

    Attributes:
        seat: the seat's number.
        name: the player's name (None: seat 1 taken by a bankroll alone).
        bankroll: what the player sat down with.
        shoe: the shoe (0-based) the account opened in.
        ledgers: each shoe's settled bets (0-based shoe numbers), in units.
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
    """A seat taken: its number, the player's name and account, and in units of ``scale``
    its balance (the bankroll and every settled bet, the box not yet taken), its commission
    box and the stakes of its open bets."""

    number: int
    name: str | None
    account: Account
    scale: Scale
    balance_units: int
    box_units: int = 0
    staked_units: int = 0

    @property
    def bankroll(self) -> Fraction:
        return self.account.bankroll

    @property
    def balance(self) -> Fraction:
        """Its bankroll and the net of every bet it settled (its box not yet taken)."""
        return self.scale.money(self.balance_units)

    @property
    def box(self) -> Fraction:
        """The commission it owes, collected at the next shoe or on leaving."""
        return self.scale.money(self.box_units)

    @property
    def staked(self) -> Fraction:
        """The stakes of its open bets."""
        return self.scale.money(self.staked_units)

    @property
    def left_units(self) -> int:
        """What it can still stake, in units: its balance, less its open bets and its box."""
        return self.balance_units - self.staked_units - self.box_units

    @property
    def left(self) -> Fraction:
        """What it can still stake: its balance, less its open bets, less its box."""
        return self.scale.money(self.left_units)

    def collect(self) -> Fraction:
        """Take the box from the balance (a new shoe, leaving); what it held."""
        box = self.box_units
        if not box:
            return _ZERO
        self.balance_units -= box
        self.box_units = 0
        return self.scale.money(box)

    def give_back(self, box: Fraction) -> None:
        """Owe again a box taken by ``collect`` (its undo)."""
        units = self.scale.units(box)
        self.balance_units += units
        self.box_units += units

    def grow(self, factor: int) -> None:
        self.balance_units *= factor
        self.box_units *= factor
        self.staked_units *= factor


def grow(scale: Scale, factor: int, seats: Iterable[Seat], accounts: Iterable[Account]) -> None:
    """Make ``scale`` ``factor`` times finer, and every amount kept in it with it."""
    scale.per_one *= factor
    for seat in seats:
        seat.grow(factor)
    for account in accounts:
        for ledger in account.ledgers.values():
            ledger.grow(factor)


@frozen
class SeatChange:
    """What a ``join`` or a ``leave`` did (or an undo took back): ``kind`` is ``join`` or
    ``leave``, ``seat`` its number, ``name`` the player's, ``amount`` the bankroll sat down
    with (join) or the balance left with (leave), and ``collected`` the box taken on
    leaving."""

    kind: str
    seat: int
    name: str | None
    amount: Fraction
    collected: Fraction = _ZERO
