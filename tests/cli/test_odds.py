"""``roads odds`` (``roads.cli.odds``): exact counts by full enumeration, as text or JSON."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from roads.cli.odds import command
from roads.errors import RoadsError


@pytest.mark.parametrize("engine", ["python", "numpy"])
def test_one_deck_counts(engine: str) -> None:
    args = ["--decks", "1", "--format", "json", "--engine", engine]
    result = CliRunner().invoke(command, args)
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["total"] == 14658134400 == found["banker"] + found["player"] + found["tie"]
    assert found["tie"] == 1372227328


def test_counts_that_are_not_numbers_are_refused() -> None:
    result = CliRunner().invoke(command, ["--remaining", "1,2,x"])
    assert isinstance(result.exception, RoadsError)  # roads' main makes it exit code 2
    assert "whole numbers separated by commas" in str(result.exception)
