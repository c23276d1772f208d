"""``--rules``, ``--tie-pays`` and ``--side-bets``, defined once: every command where a table
matters (what it pays, counts or marks) takes them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

from roads.tables import RULE_SETS, TIE_PAYS, Table, make_table

F = TypeVar("F", bound=Callable[..., Any])


def table_options(function: F) -> F:
    """Add the three options; the command receives ``table``: the table they name, or None
    when none is given (a journal then keeps its own table; elsewhere ``standard``). Under
    ``hands_input``, a ``board`` (or the boards of ``shoes``) is marked by the table given, and
    a command given ``hands`` receives the journal's table when none is given."""

    @click.option(
        "--rules",
        metavar="NAME",
        help="The table's rule set: "
        + ", ".join(
            cls.name + (f" (also {', '.join(cls.aliases)})" if cls.aliases else "")
            for cls in RULE_SETS
        )
        + ". Default: a journal's own, else standard.",
    )
    @click.option(
        "--tie-pays",
        type=click.Choice([str(pays) for pays in TIE_PAYS]),
        help="What a Tie pays, to 1 (default 8).",
    )
    @click.option(
        "--side-bets",
        metavar="NAME,...",
        help="The side bets the table offers (default: every one).",
    )
    @functools.wraps(function)
    def wrapper(
        rules: str | None, tie_pays: str | None, side_bets: str | None, **kwargs: Any
    ) -> Any:
        table = table_named(rules, tie_pays, side_bets)
        read_table = kwargs.pop("read_table", None)
        if table is None and "hands" in kwargs:
            table = read_table  # a journal's own table, for a command given its hands
        elif table is not None:
            board = kwargs.get("board")
            if board is not None:
                board.set_table(table)
            shoes = kwargs.get("shoes")
            if isinstance(shoes, list):  # hands_input's boards (simulate's --shoes is a count)
                for each in shoes:
                    each.set_table(table)
        return function(table=table, **kwargs)

    return wrapper  # type: ignore[return-value]


def table_named(rules: str | None, tie_pays: str | None, side_bets: str | None) -> Table | None:
    """The table the options name, or None when none of them is given."""
    if rules is None and tie_pays is None and side_bets is None:
        return None
    return make_table(
        rules=rules or "standard",
        tie_pays=int(tie_pays or 8),
        side_bets=None
        if side_bets is None
        else [name for name in side_bets.replace(" ", ",").split(",") if name],
    )
