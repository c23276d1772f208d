"""``roads show``: the board in the terminal."""

from __future__ import annotations

import shutil
import sys

import click

from roads.cli import EMPTY, warn
from roads.cli.options import LANGUAGE, colour_option, hands_input, use_colour
from roads.cli.table_options import table_options
from roads.policy import Input
from roads.tables import Table


@click.command("show")
@hands_input
@table_options
@click.option(
    "--columns",
    type=click.IntRange(min=1),
    help="Keep the last N columns of each road (default: what fits the terminal).",
)
@click.option(
    "--lang",
    type=LANGUAGE,
    default="en",
    show_default=True,
    help="Road names and statistics: English, simplified or traditional Chinese.",
)
@colour_option
def command(
    hands_from: Input, table: Table | None, columns: int | None, lang: str, colour: bool | None
) -> None:
    """Print the five roads, the statistics, the ask road and the notice."""
    board = hands_from.compact(table=table)
    terminal = sys.stdout.isatty()
    if columns is None and terminal:
        columns = max(8, (shutil.get_terminal_size().columns - 1) // 3)
    ansi = use_colour(colour, sys.stdout)
    if len(board) == 0:
        warn(EMPTY)
    from roads.drawing.text import board_lines

    # One road at a time: the text of a board of millions of coups is never held whole.
    for text in board_lines(board.roads, ansi=ansi, columns=columns, lang=lang):
        click.echo(text, nl=False, color=ansi)
