"""The dealing options (``roads.cli.dealing``): ``--jobs`` takes a number from 1 or ``auto``,
and the options a command that deals receives."""

from __future__ import annotations

from typing import Any

import click
import pytest
from click.testing import CliRunner

from roads.cli.dealing import JobsType, dealing_options
from roads.parallel import AUTO


@pytest.mark.parametrize(("given", "jobs"), [("1", 1), (" 4 ", 4), (3, 3), ("AUTO", AUTO)])
def test_jobs_is_a_number_from_one_or_auto(given: object, jobs: object) -> None:
    assert JobsType().convert(given, None, None) == jobs


@pytest.mark.parametrize("given", ["0", "-2", "two", "1.5", True, 0])
def test_other_jobs_are_refused(given: object) -> None:
    with pytest.raises(click.BadParameter, match="not a number of processes"):
        JobsType().convert(given, None, None)


def test_a_dealing_command_receives_every_option() -> None:
    seen: dict[str, Any] = {}

    @click.command()
    @dealing_options
    def deal(**options: Any) -> None:
        seen.update(options)

    result = CliRunner().invoke(deal, ["--decks", "6", "--seed", "7", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert seen == {
        "decks": 6,
        "seed": 7,
        "shuffle": None,
        "cut_card": 14,
        "jobs": 2,
        "engine": None,
        "verbose": False,
    }
