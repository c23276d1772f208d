"""Play money as the journal keeps it: amounts in whole cents, read from numbers or text, and
written for people."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from roads.hands.journal_errors import JournalError

__all__ = ["MAX_AMOUNT", "amount", "json_amount", "money"]

MAX_AMOUNT = Fraction(10**12)
"""The most play money an amount may hold: every whole-cent amount below it is exact as a JSON
number."""

_THOUSANDS = re.compile(r"[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")
_PLAIN_AMOUNT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


def amount(value: Any) -> Fraction:
    """A positive amount of play money in whole cents, from a number or its text."""
    if isinstance(value, bool):
        raise JournalError(f"{value!r} is not an amount of play money")
    text = str(value).strip()
    if "," in text:  # thousands separators only: "2,50" is not 250
        if not _THOUSANDS.fullmatch(text):
            raise JournalError(
                f"{value!r} is not an amount of play money: write 1000.50 or 1,000.50"
            )
        text = text.replace(",", "")
    numeric = isinstance(value, int | Fraction)
    if not numeric and not _PLAIN_AMOUNT.fullmatch(text):  # not "١٠", "1_000" or "1e3"
        raise JournalError(
            f"{value!r} is not an amount of play money: write digits 0-9, e.g. 1000.50"
        )
    try:
        result = Fraction(value) if numeric else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise JournalError(f"{value!r} is not an amount of play money") from None
    if result <= 0 or 100 % result.denominator:
        raise JournalError(f"{value!r} is not a positive amount in whole cents")
    if result > MAX_AMOUNT:
        raise JournalError(f"{value!r} is more play money than roads keeps ({money(MAX_AMOUNT)})")
    return result


def money(value: Fraction, *, sign: bool = False) -> str:
    """Play money as people read it: ``1,009.50`` (``+9.50`` with ``sign``)."""
    return f"{float(value):{'+' if sign else ''},.2f}"


def json_amount(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
