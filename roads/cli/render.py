"""``roads render``: the scoreboard as an SVG or PNG image, or a PDF page."""

from __future__ import annotations

from dataclasses import replace

import click

from roads import formats
from roads.backends import picture_formats
from roads.cli import EMPTY, look, warn
from roads.cli.options import hands_input
from roads.cli.table_options import table_options
from roads.drawing.board import ROADS
from roads.drawing.options import BoardOptions
from roads.drawing.paper import Paper
from roads.grids.road import Road
from roads.pictures import save_wall
from roads.policy import Input
from roads.tables import Table


@click.command("render")
@hands_input
@table_options
@look.output(
    "OUT.svg, OUT.png or OUT.pdf ('-' for standard output: SVG, or --format png into a pipe)."
)
@look.format_(formats.BOARD, "image")
@click.option("--road", type=click.Choice(ROADS), help="Draw one road alone.")
@look.drawing_options
@look.paper_options()
@click.option(
    "--dpi",
    type=click.FloatRange(1, 100_000),
    help="Resolution written into a PNG (default 96 x scale); an SVG carries none.",
)
@click.option(
    "--wall",
    is_flag=True,
    help="Every shoe of INPUT (a journal, or a file whose rows name their shoe) as numbered "
    "lobby thumbnails on one image, with a summary of the session.",
)
@click.option(
    "--text-as-paths",
    is_flag=True,
    help="Draw an SVG's text as outlines, for viewers that ignore its embedded font "
    "(librsvg, Inkscape, cairosvg); a PNG is unchanged, and a PDF's text stays text.",
)
def command(
    hands_from: Input,
    table: Table | None,
    wall: bool,
    output: str,
    format_: str | None,
    road: str | None,
    options: BoardOptions,
    scale: float,
    paper: Paper,
    dpi: float | None,
    text_as_paths: bool,
) -> None:
    """Draw the scoreboard of INPUT (or --hands) as SVG, PNG or PDF.

    With --wall, every shoe as a lobby thumbnail (--bead-plate adds their bead plates), under
    a summary of the session titled --title.
    """
    if wall:
        shoes = hands_from.shoes(table=table)
        kind = look.output_format(output, format_, picture_formats(formats.BOARD), "image")
        if road is not None:
            raise click.UsageError("--wall draws lobby thumbnails: drop --road")
        if not any(len(shoe) for shoe in shoes):
            warn(EMPTY)
        save_wall(
            shoes,
            output,
            format=kind.name,
            scale=scale,
            dpi=dpi,
            options=options,
            text_as_paths=text_as_paths,
            paper=paper,
        )
        return
    board = hands_from.drawable(
        road=road, columns=options.columns, layout=options.layout, table=table
    )
    kind = look.output_format(output, format_, picture_formats(formats.BOARD), "image")
    if len(board) == 0:
        warn(EMPTY)
    board.save(
        output,
        format=kind.name,
        options=replace(options, road=None if road is None else Road.parse(road)),
        scale=scale,
        dpi=dpi,
        text_as_paths=text_as_paths,
        paper=paper,
    )
