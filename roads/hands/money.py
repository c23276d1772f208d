"""Play money as the journal keeps it (``roads.tables.money``), its errors a journal's."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from roads.errors import RoadsError
from roads.hands.journal_errors import JournalError
from roads.tables.money import MAX_AMOUNT, decimal_text, json_amount, money
from roads.tables.money import amount as _amount

__all__ = ["MAX_AMOUNT", "amount", "decimal_text", "json_amount", "money"]


def amount(value: Any) -> Fraction:
    """A positive amount of play money in whole cents, from a number or its text; JournalError
    saying what is wrong otherwise."""
    try:
        return _amount(value)
    except RoadsError as error:
        raise JournalError(str(error)) from None
