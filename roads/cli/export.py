"""``roads export``: the JSON export of EXPORT.md, or every cell as CSV."""

from __future__ import annotations

import click

from roads import formats
from roads.atomic import write_atomic
from roads.cli.options import hands_input, output_format, output_option
from roads.scoreboard import Scoreboard


@click.command("export")
@hands_input
@click.option(
    "--format",
    "format_",
    type=click.Choice(formats.choices(formats.EXPORT), case_sensitive=False),
    help="json: EXPORT.md; csv: one row per cell, with a road column (default: from the "
    "output's extension, json for standard output).",
)
@output_option
def command(board: Scoreboard, format_: str | None, output: str) -> None:
    """Export the roads of INPUT (or --hands) as JSON or CSV."""
    kind = output_format(output, format_, formats.EXPORT, "export").name
    write_atomic(output, board.to_json() if kind == "json" else board.to_csv())
