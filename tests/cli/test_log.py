"""``roads log`` (``roads.cli.log``): results logged to a journal, which the other commands
read."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from roads.cli.log import command
from roads.cli.show import command as show


def test_logged_results_are_read_back(tmp_path: Path) -> None:
    journal = str(tmp_path / "game.jsonl")
    result = CliRunner().invoke(command, [journal, "--add", "BPB", "--add", "T"])
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(show, [journal])
    assert shown.output.startswith("Coups 4 · Banker 2 · Player 1 · Tie 1")
