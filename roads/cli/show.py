"""``roads show``: the board in the terminal."""

from __future__ import annotations

import shutil
import sys

import click

from roads.cli.options import hands_input
from roads.scoreboard import Scoreboard


@click.command("show")
@hands_input
@click.option(
    "--columns",
    type=click.IntRange(min=1),
    help="Keep the last N columns of each road (default: what fits the terminal).",
)
@click.option(
    "--colour/--no-colour",
    "colour",
    default=None,
    help="Colours (default: when standard output is a terminal).",
)
def command(board: Scoreboard, columns: int | None, colour: bool | None) -> None:
    """Print the five roads, the statistics, the ask road and the notice."""
    terminal = sys.stdout.isatty()
    if columns is None and terminal:
        columns = max(8, (shutil.get_terminal_size().columns - 1) // 3)
    ansi = terminal if colour is None else colour
    click.echo(board.to_text(ansi=ansi, columns=columns), nl=False, color=ansi)
