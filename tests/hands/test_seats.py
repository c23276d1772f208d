"""The seats' money (``roads.hands.seats``): amounts kept as whole units of a scale shared by a
session, made finer when a payout needs it, every amount kept with it, so that settling a
bet stays integer arithmetic and exact."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from roads.hands.seats import Account, Scale, Seat, grow

payouts = st.builds(Fraction, st.integers(1, 100), st.integers(1, 97))
cents = st.integers(1, 10**8).map(lambda cents: Fraction(cents, 100))


@given(stake=cents, payouts=st.lists(payouts, min_size=1, max_size=4))
def test_a_scale_made_finer_for_payouts_holds_every_whole_cent_stake_times_them(
    stake: Fraction, payouts: list[Fraction]
) -> None:
    scale = Scale()
    factor = scale.finer_for(*payouts)
    scale.per_one *= factor
    for payout in payouts:
        won = stake * payout
        assert scale.money(scale.units(won)) == won
    assert scale.finer_for(*payouts) == 1  # fine enough now


def test_the_first_scale_needs_nothing_finer_for_the_tables_payouts() -> None:
    # TABLES.md: wins 19/20, 1:1, 1:2 (no-commission's Banker 6), Tie 8:1 or 9:1, side bets
    # 5:1 to 40:1; a stake in whole cents times any of them is whole hundredths of a cent.
    payouts = [Fraction(19, 20), Fraction(1), Fraction(1, 2), Fraction(8), Fraction(9)]
    assert Scale().finer_for(*payouts, Fraction(11), Fraction(25), Fraction(40)) == 1
    assert Scale().finer_for(Fraction(1, 3)) == 3


@given(balance=cents, box=cents, factor=st.integers(2, 1000))
def test_growing_the_scale_keeps_every_amount_of_every_seat(
    balance: Fraction, box: Fraction, factor: int
) -> None:
    scale = Scale()
    account = Account(2, "Ben", balance, 0)
    seat = Seat(2, "Ben", account, scale, scale.units(balance), scale.units(box))
    ledger = account.ledger(0)
    ledger.won = scale.units(box)
    before = (seat.balance, seat.box, seat.left, scale.money(ledger.won))
    grow(scale, factor, [seat], [account])
    assert (seat.balance, seat.box, seat.left, scale.money(ledger.won)) == before
    assert seat.collect() == box and seat.balance == balance - box and seat.box == 0
