"""The player's own practice bets in a journal: what they followed, and what they got against
the exact expectation of the same bets.

A journal keeps every practice bet (play money) with the coup that settled it. For each bet on
Banker or Player this module reads the big road as it stood before that coup: the side and
length of the current streak. So it can say how often the player bet on the streak going on, by
its length, and what every kind of bet returned against the exact expectation of a fresh shoe
(the house edge: what any choice of when to bet leaves unchanged).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from roads.game.coup import Outcome
from roads.game.odds import distribution_for_decks
from roads.game.paytable import BetOn
from roads.hands.hand import Hand
from roads.study.document import Figure, OwnBets, OwnKind, OwnSeat, StreakFollowed
from roads.study.statistics import Z95
from roads.tables import STANDARD, Table, price
from roads.values import frozen

LONGEST = 7
"""Streaks of this length or longer are counted together (``7+``)."""


@frozen
class SeatOf:
    """Where a bet of a journal with seats was placed: the journal's file name, the seat, and
    the player's name (None: none given)."""

    input: str
    seat: int
    player: str | None


@frozen
class OwnBet:
    """One settled practice bet: the shoe's hands, which coup settled it, what and how much."""

    shoe: int
    coup: int
    on: str  # the bet's name (a BetOn value for the main bets and pairs)
    stake: Fraction
    net: Fraction
    table: Table = STANDARD
    """The table the bet was placed at (its shoe's, in the journal)."""
    seat: SeatOf | None = None
    """Where it was placed, in a journal with seats (None: a journal without seats)."""


def _streak(hands: Sequence[Hand]) -> tuple[Outcome | None, int]:
    """The side and length of the current streak after ``hands`` (ties neither start nor end
    one)."""
    side: Outcome | None = None
    length = 0
    for hand in hands:
        if hand.outcome is Outcome.TIE:
            continue
        if hand.outcome is side:
            length += 1
        else:
            side, length = hand.outcome, 1
    return side, length


@cache
def _variance(on: str, table: Table, decks: int) -> Fraction:
    """The exact variance of a 1-unit stake on ``on`` at ``table``, from a fresh shoe."""
    priced = price(table.bet(on), distribution_for_decks(decks))
    if priced is None:  # pragma: no cover - a full shoe always knows its ranks
        raise ValueError(f"{on} cannot be priced")
    square = sum((r * r * count for r, count in priced.returns), Fraction(0)) / priced.total
    return square - priced.expected**2


@cache
def _expected(on: str, table: Table, decks: int) -> Fraction:
    """The exact expectation of a 1-unit stake on ``on`` at ``table``, from a fresh shoe of
    ``decks`` decks (priced by the table: every bet and side bet it offers)."""
    priced = price(table.bet(on), distribution_for_decks(decks))
    if priced is None:  # pragma: no cover - a full shoe always knows its ranks
        raise ValueError(f"{on} cannot be priced")
    return priced.expected


def own_bets(
    shoes: Sequence[Sequence[Hand]],
    bets: Sequence[OwnBet],
    decks: int,
    number: Figure,
) -> OwnBets | None:
    """The ``own_bets`` part of a study's document; None when there is no bet. In journals
    with seats, each seat's bets are audited on their own too (``seats``).

    Parameters:
        shoes: the hands of every shoe of the journals, in order.
        bets: the settled practice bets, each naming its shoe and coup (0-based).
        decks: the decks of a fresh shoe, for the exact expectations.
        number: how the document writes a figure (``figures._number``).
    """
    if not bets:
        return None
    audit = _audit(shoes, bets, decks, number)
    by_seat: dict[tuple[str, int], list[OwnBet]] = {}
    for bet in bets:
        if bet.seat is not None:
            by_seat.setdefault((bet.seat.input, bet.seat.seat), []).append(bet)
    seats = tuple(
        OwnSeat(
            input=source,
            seat=seat,
            players=tuple(dict.fromkeys(b.seat.player for b in mine if b.seat and b.seat.player)),
            **_audit(shoes, mine, decks, number),
        )
        for (source, seat), mine in by_seat.items()
    )
    return OwnBets(**audit, seats=seats or None)


def _audit(
    shoes: Sequence[Sequence[Hand]], bets: Sequence[OwnBet], decks: int, number: Figure
) -> dict[str, Any]:
    """What ``bets`` staked, netted and were exactly expected to, by kind, and how often the
    bets on Banker or Player followed the streak: ``OwnBets``' fields."""
    by_length = {n: [0, 0] for n in range(1, LONGEST + 1)}  # bets on a side, on the streak's
    kinds: dict[str, list[Fraction]] = {}
    spread = Fraction(0)
    for bet in bets:
        spread += bet.stake**2 * _variance(str(bet.on), bet.table, decks)
        row = kinds.setdefault(str(bet.on), [Fraction(0)] * 4)
        row[0] += 1
        row[1] += bet.stake
        row[2] += bet.net
        row[3] += bet.stake * _expected(str(bet.on), bet.table, decks)
        if bet.on in (BetOn.BANKER, BetOn.PLAYER):
            side, length = _streak(shoes[bet.shoe][: bet.coup])
            if side is None:
                continue
            counts = by_length[min(length, LONGEST)]
            counts[0] += 1
            counts[1] += (bet.on == BetOn.BANKER) == (side is Outcome.BANKER)
    staked = sum((row[1] for row in kinds.values()), Fraction(0))
    net = sum((row[2] for row in kinds.values()), Fraction(0))
    expected = sum((row[3] for row in kinds.values()), Fraction(0))
    return {
        "bets": len(bets),
        "staked": number(staked),
        "net": number(net),
        "exact_expected": number(expected),
        "luck": number(Z95 * math.sqrt(spread)),
        "by_bet": tuple(
            OwnKind(
                name=name,
                bets=int(row[0]),
                staked=number(row[1]),
                net=number(row[2]),
                exact_expected=number(row[3]),
            )
            for name, row in sorted(kinds.items())
        ),
        "followed_streak": tuple(
            StreakFollowed(
                length=f"{n}+" if n == LONGEST else str(n),
                bets=counts[0],
                followed=counts[1],
            )
            for n, counts in by_length.items()
            if counts[0]
        ),
    }
