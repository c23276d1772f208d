"""Play money: amounts in whole cents, read from numbers or text, and written for people (rounded
to the cent) and for files (exact)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from roads.errors import RoadsError

__all__ = ["MAX_AMOUNT", "amount", "amount_text", "decimal_text", "json_amount", "money"]

MAX_AMOUNT = Fraction(10**12)
"""The most play money an amount may hold: every whole-cent amount below it is exact as a JSON
number."""

_THOUSANDS = re.compile(r"[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")
_PLAIN_AMOUNT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


_KNOWN: dict[object, Fraction] = {}
"""Amounts read lately, by what they were read from (a journal repeats its stakes)."""


def amount(value: Any) -> Fraction:
    """A positive amount of play money in whole cents, from a number or its text."""
    kind = type(value)
    if kind is int or kind is float or kind is str:
        found = _KNOWN.get((kind, value))
        if found is not None:
            return found
        if len(_KNOWN) > 4096:
            _KNOWN.clear()
        found = _KNOWN[kind, value] = _amount(value)
        return found
    return _amount(value)


def _amount(value: Any) -> Fraction:
    if isinstance(value, bool):
        raise RoadsError(f"{value!r} is not an amount of play money")
    text = str(value).strip()
    if "," in text:  # thousands separators only: "2,50" is not 250
        if not _THOUSANDS.fullmatch(text):
            raise RoadsError(f"{value!r} is not an amount of play money: write 1000.50 or 1,000.50")
        text = text.replace(",", "")
    numeric = isinstance(value, int | Fraction)
    if not numeric and not _PLAIN_AMOUNT.fullmatch(text):  # not "١٠", "1_000" or "1e3"
        raise RoadsError(
            f"{value!r} is not an amount of play money: write digits 0-9, e.g. 1000.50"
        )
    try:
        result = Fraction(value) if numeric else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise RoadsError(f"{value!r} is not an amount of play money") from None
    if result <= 0 or 100 % result.denominator:
        raise RoadsError(f"{value!r} is not a positive amount in whole cents")
    if result > MAX_AMOUNT:
        raise RoadsError(f"{value!r} is more play money than roads keeps ({money(MAX_AMOUNT)})")
    return result


def money(value: Fraction, *, sign: bool = False) -> str:
    """Play money as people read it, rounded to the cent (half a cent away from zero, exactly):
    ``1,009.50`` (``+9.50`` with ``sign``)."""
    cents = (abs(value) * 100 + Fraction(1, 2)).__floor__()
    whole, part = divmod(cents, 100)
    minus = value < 0 and cents > 0
    return f"{'-' if minus else '+' if sign else ''}{whole:,}.{part:02d}"


def json_amount(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def decimal_text(value: Fraction) -> str:
    """``value`` written exactly in decimal digits (``-478``, ``0.0005``) when it has a finite
    decimal expansion, as every payout of a whole-cent stake has; otherwise its shortest float."""
    sign, value = ("-" if value < 0 else ""), abs(value)
    whole, part = divmod(value.numerator, value.denominator)
    if part == 0:
        return f"{sign}{whole}"
    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    if denominator != 1:
        return repr(-float(value) if sign else float(value))
    places = max(twos, fives)
    digits = str(part * 10**places // value.denominator).rjust(places, "0").rstrip("0")
    return f"{sign}{whole}.{digits}"


def amount_text(value: Fraction) -> str:
    """An amount as a stake or a limit is written: ``5``, ``1,000``, ``2.50``."""
    text = money(value)
    return text.removesuffix(".00")
