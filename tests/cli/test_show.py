"""``roads show`` (``roads.cli.show``): the board in the terminal, its columns as asked."""

from __future__ import annotations

from click.testing import CliRunner

from roads.cli.show import command


def test_show_prints_the_statistics_and_the_roads() -> None:
    result = CliRunner().invoke(command, ["--hands", "BPPBT", "--columns", "4"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Coups 5 · Banker 2 · Player 2 · Tie 1")
    assert "Bead plate" in lines and "Big road" in lines
    assert "Past results do not predict the next hand." in result.output


def test_show_in_chinese() -> None:
    result = CliRunner().invoke(command, ["--hands", "BP", "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert "珠盘路" in result.output
