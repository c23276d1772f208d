"""``roads render``: the scoreboard as an SVG or PNG image."""

from __future__ import annotations

from dataclasses import replace

import click

from roads import formats
from roads.cli import look
from roads.cli.options import hands_input
from roads.drawing.board import ROADS, BoardOptions
from roads.scoreboard import Scoreboard


@click.command("render")
@hands_input
@look.output("OUT.svg or OUT.png ('-' for standard output: SVG, or --format png into a pipe).")
@look.format_(formats.BOARD, "image")
@click.option("--road", type=click.Choice(ROADS), help="Draw one road alone.")
@look.drawing_options
@click.option(
    "--dpi",
    type=click.FloatRange(1, 100_000),
    help="Resolution written into a PNG (default 96 x scale); an SVG carries none.",
)
def command(
    board: Scoreboard,
    output: str,
    format_: str | None,
    road: str | None,
    options: BoardOptions,
    scale: float,
    dpi: float | None,
) -> None:
    """Draw the scoreboard of INPUT (or --hands) as SVG or PNG."""
    kind = look.output_format(output, format_, formats.BOARD, "image")
    board.save(output, format=kind.name, options=replace(options, road=road), scale=scale, dpi=dpi)
