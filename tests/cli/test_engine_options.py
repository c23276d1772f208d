"""The engine options (``roads.cli.engine_options``): ``--engine NAME`` and ``--verbose``,
which says on standard error which engine did the work."""

from __future__ import annotations

from typing import Any

import click
import pytest
from click.testing import CliRunner

from roads.cli.engine_options import engine_options, tell_engine


def test_the_command_receives_the_engine_named_and_verbose() -> None:
    seen: list[Any] = []

    @click.command()
    @engine_options
    def work(engine: str | None, verbose: bool) -> None:
        seen.append((engine, verbose))

    runner = CliRunner()
    assert runner.invoke(work, []).exit_code == 0
    assert runner.invoke(work, ["--engine", "python", "--verbose"]).exit_code == 0
    assert seen == [(None, False), ("python", True)]
    assert "python, numpy" in runner.invoke(work, ["--help"]).output


def test_verbose_names_the_engine_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    tell_engine("python", verbose=False)
    assert capsys.readouterr() == ("", "")
    tell_engine("python", verbose=True)
    out, err = capsys.readouterr()
    assert out == "" and "engine python (" in err
