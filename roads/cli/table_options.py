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
    ``hands_input``, the command hands it to the reading policy (``Input.board(table=...)``
    and the like), which marks the boards it reads by it."""

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
        return function(table=table_named(rules, tie_pays, side_bets), **kwargs)

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
