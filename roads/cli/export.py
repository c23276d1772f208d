"""``roads export``: the JSON export of EXPORT.md, or every cell as CSV."""

from __future__ import annotations

import click

from roads.atomic import write_atomic
from roads.cli.options import hands_input, output_option
from roads.scoreboard import Scoreboard


@click.command("export")
@hands_input
@click.option(
    "--format",
    "format_",
    type=click.Choice(["json", "csv"]),
    default="json",
    show_default=True,
    help="json: EXPORT.md; csv: one row per cell, with a road column.",
)
@output_option
def command(board: Scoreboard, format_: str, output: str) -> None:
    """Export the roads of INPUT (or --hands) as JSON or CSV."""
    write_atomic(output, board.to_json() if format_ == "json" else board.to_csv())
