"""What a table posts, read from its fields (``roads.tables.posted``): PRACTICE.md's table file
read as the spec's table, every field left out taking the spec's default, a plan read beside
it, and a key no table has refused in a file but left for a later version in a journal."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from roads.errors import RoadsError
from roads.tables import Limit, TableError
from roads.tables.posted import FIELDS, TableFile, read_table, table_from_fields

SPEC_TABLE = """\
name = "Home table"
rules = "standard"
tie_pays = 8
side_bets = ["player_pair", "banker_pair"]
commission = "box"
seats = 7

[limits]
banker = [10, 500]
player = [10, 500]
tie = [5, 50]
player_pair = [5, 50]
banker_pair = [5, 50]
"""
"""PRACTICE.md's table file, as the spec writes it."""


def test_the_spec_s_table_file_reads_as_its_table(tmp_path: Path) -> None:
    path = tmp_path / "home.toml"
    path.write_text("hands = 60\n" + SPEC_TABLE, encoding="utf-8")
    read = read_table(path)
    assert isinstance(read, TableFile) and read.hands == 60
    table = read.table
    assert (table.name, table.rules, table.tie_pays, table.commission, table.seats) == (
        "Home table",
        "standard",
        8,
        "box",
        7,
    )
    assert table.side_bets == ("player_pair", "banker_pair") and table.box
    ten, five = (Fraction(10), Fraction(500)), (Fraction(5), Fraction(50))
    assert table.limits == (
        Limit("banker", *ten),
        Limit("player", *ten),
        Limit("tie", *five),
        Limit("player_pair", *five),
        Limit("banker_pair", *five),
    )


def test_a_field_left_out_takes_the_spec_s_default() -> None:
    # PRACTICE.md: rules standard, Tie 8:1, every side bet, collect, no limits, 7 seats.
    table = table_from_fields({})
    assert (table.rules, table.tie_pays, table.side_bets, table.commission) == (
        "standard",
        8,
        None,
        "collect",
    )
    assert (table.name, table.limits, table.seats) == (None, (), 7)
    assert FIELDS == ("name", "rules", "tie_pays", "side_bets", "commission", "limits", "seats")


def test_an_unknown_key_is_refused_in_a_file_and_left_for_later_in_a_journal() -> None:
    with pytest.raises(TableError, match="not 'colour'"):
        table_from_fields({"name": "Felt", "colour": "green"})
    assert table_from_fields({"name": "Felt", "colour": "green"}, strict=False).name == "Felt"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("limits = {banker = [10]}", "limits.banker"),
        ("hands = 0", "hands"),
        ('side_bets = "player_pair"', "side_bets"),
    ],
)
def test_a_bad_file_is_one_error_naming_the_file_and_the_key(
    tmp_path: Path, text: str, named: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(RoadsError, match=rf"^{path}: {named}: "):
        read_table(path)
