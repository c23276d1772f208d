"""The table options (``roads.cli.table_options``): none given is no table (a journal keeps
its own); any given names a table, the others at their defaults."""

from __future__ import annotations

from typing import Any

import click
from click.testing import CliRunner

from roads.cli.table_options import table_named, table_options
from roads.tables import make_table


def test_no_option_is_no_table() -> None:
    assert table_named(None, None, None) is None


def test_the_options_name_a_table() -> None:
    assert table_named("ez", None, None) == make_table(rules="ez")
    assert table_named(None, "9", None) == make_table(tie_pays=9)
    assert table_named(None, None, "dragon_7, panda_8") == make_table(
        side_bets=["dragon_7", "panda_8"]
    )
    assert table_named(None, None, "") == make_table(side_bets=[])


def test_a_command_receives_the_table_and_lists_the_rule_sets_in_its_help() -> None:
    seen: list[Any] = []

    @click.command()
    @table_options
    def play(table: Any) -> None:
        seen.append(table)

    runner = CliRunner()
    assert runner.invoke(play, []).exit_code == 0
    assert runner.invoke(play, ["--tie-pays", "9"]).exit_code == 0
    assert seen == [None, make_table(tie_pays=9)]
    assert "standard" in runner.invoke(play, ["--help"]).output
