"""What a table posts, read from its fields: a table file (TOML) or a journal's ``table`` event.

A table file holds PRACTICE.md's fields, each optional::

    name = "Home table"
    rules = "standard"
    tie_pays = 8
    side_bets = ["player_pair", "banker_pair"]
    commission = "box"
    seats = 7

    [limits]
    banker = [10, 500]

and may add ``hands``, the session's plan (how many coups it is to last). A file that cannot be
a table is one error naming the file, the key and what is wrong with it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from roads.errors import RoadsError
from roads.tables.money import amount
from roads.tables.table import SEATS, Limit, Table, TableError
from roads.values import frozen

__all__ = ["FIELDS", "TableFile", "read_table", "table_from_fields"]

FIELDS = ("name", "rules", "tie_pays", "side_bets", "commission", "limits", "seats")
"""What a table posts, in the order PRACTICE.md lists it."""
_FILE_FIELDS = (*FIELDS, "hands")
MOST_HANDS = 100_000
"""The longest plan a session may have, in coups."""


@frozen
class TableFile:
    """A table file: the table it posts, and the session's plan if it gives one."""

    table: Table
    hands: int | None = None


def table_from_fields(fields: Mapping[str, Any], *, strict: bool = True) -> Table:
    """The table ``fields`` post (a file's keys, or a journal event's); TableError naming the
    key at fault. ``strict``: a key that is not a table's field is an error too (a file);
    otherwise it is left for a later version to read (a journal)."""
    if strict:
        unknown = [key for key in fields if key not in _FILE_FIELDS]
        if unknown:
            raise TableError(
                unknown[0], f"a table posts {', '.join(_FILE_FIELDS)}: not {unknown[0]!r}"
            )
    side_bets = fields.get("side_bets")
    if side_bets is not None and not _strings(side_bets):
        raise TableError("side_bets", 'side_bets is a list of bet names, e.g. ["player_pair"]')
    rules = fields.get("rules", "standard")
    if not isinstance(rules, str):
        raise TableError("rules", f'rules is a rule set\'s name, e.g. "standard", not {rules!r}')
    commission = fields.get("commission", "collect")
    if not isinstance(commission, str):
        raise TableError("commission", f'commission is "collect" or "box", not {commission!r}')
    return Table(
        rules,
        fields.get("tie_pays", 8),
        None if side_bets is None else tuple(side_bets),
        fields.get("name"),
        commission,
        _limits(fields.get("limits", {})),
        fields.get("seats", SEATS),
    )


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _limits(value: object) -> tuple[Limit, ...]:
    if not isinstance(value, Mapping):
        raise TableError("limits", "limits is a table of bet names, e.g. banker = [10, 500]")
    limits = []
    for on, pair in value.items():
        key = f"limits.{on}"
        if not isinstance(pair, list) or len(pair) != 2:
            raise TableError(key, f"give the least and most stakes, e.g. [10, 500], not {pair!r}")
        try:
            low, high = (_stake(end) for end in pair)
        except RoadsError as error:
            raise TableError(key, str(error)) from None
        limits.append(Limit(str(on), low, high))
    return tuple(limits)


def _stake(value: object) -> Fraction:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return amount(value)
    raise RoadsError(f"{value!r} is not a stake: write a number, e.g. 10 or 2.5")


def read_table(path: str | os.PathLike[str]) -> TableFile:
    """The table file at ``path``: its table, and its plan (``hands``) if it gives one.

    Raises:
        roads.errors.RoadsError: one line naming the file, the key and what is wrong (or the
            file that cannot be read, or the line where it is not TOML).
    """
    import tomllib  # a table file's reader, for the commands given one (a few ms to import)

    name = os.fspath(path)
    try:
        with open(path, "rb") as file:
            fields = tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise RoadsError(f"{name}: not a table file (TOML): {error}") from None
    except UnicodeDecodeError:
        raise RoadsError(f"{name}: not a table file: not UTF-8 text") from None
    try:
        table = table_from_fields(fields)
        hands = fields.get("hands")
        if hands is not None and (type(hands) is not int or not 1 <= hands <= MOST_HANDS):
            raise TableError("hands", f"a plan is 1 to {MOST_HANDS:,} coups, not {hands!r}")
    except TableError as error:
        raise RoadsError(f"{name}: {error.key}: {error.reason}") from None
    return TableFile(table, hands)
