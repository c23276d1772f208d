"""Play money (``roads.hands.money``): positive amounts in whole cents, from numbers or text,
written as people read them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from roads.hands.journal_errors import JournalError
from roads.hands.money import MAX_AMOUNT, amount, json_amount, money


@pytest.mark.parametrize(
    ("given", "found"),
    [
        (10, 10),
        ("2.50", Fraction(5, 2)),
        ("1,000.50", Fraction(2001, 2)),
        (" .25 ", Fraction(1, 4)),
    ],
)
def test_amounts_in_whole_cents(given: object, found: Fraction) -> None:
    assert amount(given) == found


@pytest.mark.parametrize("given", [0, -5, "2,50", "1e3", "1_000", "0.001", True, "١٠", "ten"])
def test_other_amounts_are_refused(given: object) -> None:
    with pytest.raises(JournalError, match="amount"):
        amount(given)


def test_no_more_than_the_most() -> None:
    assert amount(MAX_AMOUNT) == MAX_AMOUNT
    with pytest.raises(JournalError, match="more play money"):
        amount(MAX_AMOUNT + 1)


def test_money_as_people_read_it() -> None:
    assert money(Fraction(201900, 200)) == "1,009.50"
    assert money(Fraction(19, 2), sign=True) == "+9.50"
    assert (json_amount(Fraction(7)), json_amount(Fraction(5, 2))) == (7, 2.5)
