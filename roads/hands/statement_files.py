"""A statement written out: as JSON (every amount a number, written exactly), as CSV (one row
per line, then the house's) and as a table for people (amounts rounded to the cent)."""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from roads.notice import NOTICE
from roads.tables.money import decimal_text, money
from roads.translations import LANGUAGES, plural
from roads.translations.statement import STATEMENT_WORDS
from roads.values import frozen

if TYPE_CHECKING:
    from roads.tables import Table

__all__ = [
    "FORMAT",
    "LineLike",
    "StatementLike",
    "StatementTable",
    "statement_csv",
    "statement_dict",
    "statement_json",
    "statement_table",
    "statement_text",
]

FORMAT = "roads-statement"
VERSION = 1
COLUMNS = ("seat", "name", "bankroll", "staked", "won", "lost", "pushed", "commission", "box")


class LineLike(Protocol):
    """What a file reads of a statement's line (``roads.hands.statement.StatementLine``)."""

    @property
    def seat(self) -> int:
        """The seat's number."""
        ...

    @property
    def name(self) -> str | None:
        """The player's name (None: none given)."""
        ...

    @property
    def net(self) -> Fraction:
        """What the player won, less what they lost and paid in commission."""
        ...

    @property
    def balance(self) -> Fraction:
        """The bankroll plus the net."""
        ...

    def amounts(self) -> dict[str, Fraction]:
        """Every amount by name, in ``roads.hands.statement.FIGURES`` order."""
        ...


class StatementLike(Protocol):
    """What a file reads of a statement (``roads.hands.statement.Statement``, whose methods
    write it through this module: typed by what they read, the two modules never import each
    other back)."""

    @property
    def table(self) -> Table:
        """The table (of the last shoe it covers)."""
        ...

    @property
    def shoe(self) -> int | None:
        """The shoe it covers, or None for the whole session."""
        ...

    @property
    def shoes(self) -> int:
        """How many shoes it covers."""
        ...

    @property
    def coups(self) -> int:
        """How many coups those shoes hold."""
        ...

    @property
    def lines(self) -> Sequence[LineLike]:
        """One per player's time at a seat."""
        ...

    @property
    def house(self) -> Fraction:
        """The house's net: minus the sum of the seats'."""
        ...


def table_dict(table: Table) -> dict[str, object]:
    """Everything the table posts, every field given (limits as exact amounts)."""
    return {
        "name": table.name,
        "rules": table.rules,
        "tie_pays": table.tie_pays,
        "side_bets": None if table.side_bets is None else list(table.side_bets),
        "commission": table.commission,
        "limits": {limit.on: [limit.low, limit.high] for limit in table.limits},
        "seats": table.seats,
    }


def statement_dict(statement: StatementLike) -> dict[str, object]:
    """The statement as JSON values, amounts as Fractions."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "notice": NOTICE,
        "table": table_dict(statement.table),
        "shoe": statement.shoe,
        "shoes": statement.shoes,
        "coups": statement.coups,
        "seats": [
            {"seat": line.seat, "name": line.name, **line.amounts()} for line in statement.lines
        ],
        "house": {"net": statement.house},
    }


def statement_json(statement: StatementLike) -> str:
    """The statement as JSON, two spaces of indent, every amount a number written exactly."""
    return _json(statement_dict(statement), "") + "\n"


def _json(value: object, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, Fraction):
        return decimal_text(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(key)}: {_json(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(not isinstance(item, dict | list) for item in value):
            return "[" + ", ".join(_json(item, inner) for item in value) + "]"
        return "[\n" + ",\n".join(inner + _json(item, inner) for item in value) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


def statement_csv(statement: StatementLike) -> str:
    """A header, a row per line (amounts exact), and the house's row (its net)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*COLUMNS, "net", "balance"])
    for line in statement.lines:
        amounts = line.amounts()
        writer.writerow(
            [
                line.seat,
                line.name or "",
                *(decimal_text(amounts[key]) for key in COLUMNS[2:]),
                decimal_text(line.net),
                decimal_text(line.balance),
            ]
        )
    writer.writerow(["house", *[""] * (len(COLUMNS) - 1), decimal_text(statement.house), ""])
    return out.getvalue()


@frozen
class StatementTable:
    """A statement laid out for people in one language, as the text table and a printed page
    show it: amounts rounded to the cent.

    Attributes:
        title: the table (its name, rules and commission) and what the statement covers.
        heads: the columns' heads: seat, name, then the amounts.
        rows: a row per line (seat, name, amounts), then the house's (its net alone); empty
            when nobody sat down.
        closing: the lines under the table: the check that every net adds up to 0, that the
            money is play money, and the notice.
    """

    title: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    closing: tuple[str, ...]


def statement_table(statement: StatementLike, *, lang: str = "en") -> StatementTable:
    """``statement`` laid out for people in ``lang`` (``en``, ``zh`` or ``zh-hant``).

    Parameters:
        statement: the statement.
        lang: the language of its words.
    """
    words = STATEMENT_WORDS[lang]
    rows = [
        (
            str(line.seat),
            line.name or words.no_name,
            *(money(line.amounts()[key]) for key in COLUMNS[2:]),
            money(line.net, sign=True),
            money(line.balance),
        )
        for line in statement.lines
    ]
    if rows:
        rows.append(
            (words.house, "", *[""] * (len(COLUMNS) - 2), money(statement.house, sign=True), "")
        )
    closing = (
        words.reconciled.format(
            seats=money(-statement.house, sign=True), house=money(statement.house, sign=True)
        ),
        words.play_money,
        *LANGUAGES[lang].notice,
    )
    return StatementTable(
        title=statement_title(statement, lang),
        heads=tuple(getattr(words, key) for key in (*COLUMNS, "net", "balance")),
        rows=tuple(rows),
        closing=closing,
    )


def statement_text(statement: StatementLike, *, lang: str = "en") -> str:
    """The statement as a table for people in ``lang``: its title, a row per line, the
    house's, the check that every net adds up to 0, and the notice."""
    table = statement_table(statement, lang=lang)
    lines = [table.title, ""]
    if table.rows:
        lines += _columns([list(table.heads), *(list(row) for row in table.rows)])
    else:
        lines.append(STATEMENT_WORDS[lang].no_seats)
    lines += ["", *table.closing]
    return "\n".join(lines) + "\n"


def statement_title(statement: StatementLike, lang: str) -> str:
    """The statement's title in ``lang``: the table (its name, rules and commission) and what
    it covers."""
    words = STATEMENT_WORDS[lang]
    table = statement.table
    commission = words.commission_box if table.box else words.commission_collect
    rules = words.rules.format(rules=table.rules, tie=table.tie_pays, commission=commission)
    named = f"{table.name} ({rules})" if table.name else rules
    coups = plural(words.coups, statement.coups)
    if statement.shoe is None:
        scope = words.session.format(shoes=plural(words.shoes, statement.shoes), coups=coups)
    else:
        scope = words.shoe.format(shoe=statement.shoe, coups=coups)
    return words.title.format(table=named, scope=scope)


def _columns(rows: list[list[str]]) -> list[str]:
    """``rows`` as aligned lines: the name (second) column to the left, the others to the
    right, each as wide as its widest cell in terminal columns."""
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for i, (cell, width) in enumerate(zip(row, widths, strict=True)):
            pad = " " * (width - _width(cell))
            cells.append(cell + pad if i == 1 or (i == 0 and not cell.isdigit()) else pad + cell)
        lines.append("  ".join(cells).rstrip())
    return lines


def _width(text: str) -> int:
    """Terminal columns of ``text``: a wide or fullwidth character (Chinese) takes two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)
