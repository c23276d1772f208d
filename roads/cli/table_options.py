"""``--table FILE`` and ``--rules``, ``--tie-pays`` and ``--side-bets``, defined once: every
command where a table matters (what it pays, counts or marks) takes them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from roads.cli.paths import FilePath
from roads.tables import RULE_SETS, TIE_PAYS, Table, make_table

if TYPE_CHECKING:  # a table file is read only where one is given
    from roads.tables.posted import TableFile

F = TypeVar("F", bound=Callable[..., Any])


def _options(function: F) -> F:
    for option in reversed(
        (
            click.option(
                "--table",
                "table_file",
                metavar="FILE",
                type=FilePath(exists=True),
                help="A table file (TOML) posting the table: its name, rules, tie_pays, "
                "side_bets, commission (collect or box), limits and seats, and the session's "
                "planned hands (docs/rules/practice.md). Instead of the three options below.",
            ),
            click.option(
                "--rules",
                metavar="NAME",
                help="The table's rule set: "
                + ", ".join(
                    cls.name + (f" (also {', '.join(cls.aliases)})" if cls.aliases else "")
                    for cls in RULE_SETS
                )
                + ". Default: a journal's own, else standard.",
            ),
            click.option(
                "--tie-pays",
                type=click.Choice([str(pays) for pays in TIE_PAYS]),
                help="What a Tie pays, to 1 (default 8).",
            ),
            click.option(
                "--side-bets",
                metavar="NAME,...",
                help="The side bets the table offers (default: every one).",
            ),
        )
    ):
        function = option(function)
    return function


def table_options(function: F) -> F:
    """Add ``--table`` and the three options; the command receives ``table``: the table they
    name, or None when none is given (a journal then keeps its own table; elsewhere
    ``standard``). Under ``hands_input``, the command hands it to the reading policy
    (``Input.board(table=...)`` and the like), which marks the boards it reads by it."""

    @_options
    @functools.wraps(function)
    def wrapper(
        table_file: str | None,
        rules: str | None,
        tie_pays: str | None,
        side_bets: str | None,
        **kwargs: Any,
    ) -> Any:
        posted = posted_table(table_file, rules, tie_pays, side_bets)
        return function(table=None if posted is None else posted.table, **kwargs)

    return wrapper  # type: ignore[return-value]


def posted_table_options(function: F) -> F:
    """``table_options`` for the commands that keep a practice session (``log``, ``serve``):
    the command also receives ``planned``, the hands a table file plans (None: none)."""

    @_options
    @functools.wraps(function)
    def wrapper(
        table_file: str | None,
        rules: str | None,
        tie_pays: str | None,
        side_bets: str | None,
        **kwargs: Any,
    ) -> Any:
        posted = posted_table(table_file, rules, tie_pays, side_bets)
        table, planned = (None, None) if posted is None else (posted.table, posted.hands)
        return function(table=table, planned=planned, **kwargs)

    return wrapper  # type: ignore[return-value]


def posted_table(
    table_file: str | None, rules: str | None, tie_pays: str | None, side_bets: str | None
) -> TableFile | None:
    """The table the options name (with a file's plan), or None when none of them is given."""
    named = table_named(rules, tie_pays, side_bets)
    if named is not None and table_file is not None:
        raise click.UsageError(
            "give --table FILE or --rules, --tie-pays and --side-bets, not both: the file "
            "posts the rules"
        )
    if table_file is not None:
        from roads.tables.posted import read_table

        return read_table(table_file)
    if named is None:
        return None
    from roads.tables.posted import TableFile

    return TableFile(named)


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
