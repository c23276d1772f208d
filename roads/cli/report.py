"""``roads report``: the story of a shoe on one self-contained HTML page (or its charts)."""

from __future__ import annotations

import click

from roads import formats
from roads.backends import picture_formats
from roads.cli import look
from roads.cli.options import hands_input
from roads.cli.table_options import table_options
from roads.drawing.options import BoardOptions
from roads.drawing.paper import Paper
from roads.policy import Input
from roads.story.report import save_report
from roads.tables import Table


@click.command("report")
@hands_input
@table_options
@look.output(
    "OUT.html for the page; OUT.svg, OUT.png or OUT.pdf for its charts alone ('-': the page)."
)
@look.format_(formats.REPORT, "report")
@click.option(
    "--decks",
    type=click.IntRange(1, 8),
    default=8,
    show_default=True,
    help="Decks in the shoe, for the exact odds.",
)
@look.drawing_options
@look.paper_options()
def command(
    hands_from: Input,
    table: Table | None,
    output: str,
    format_: str | None,
    decks: int,
    options: BoardOptions,
    scale: float,
    paper: Paper,
) -> None:
    """Report on the shoe of INPUT (or --hands): board, coups, streaks and exact odds.

    A journal with seats adds its statement: each seat's stakes, wins, losses, commission
    and balance, and the house's net (of the shoe reported: --shoe N, or the current one; of
    the session with --all).

    The page, its board and its charts follow --lang and --theme; --label, --columns, --title
    and --background shape the board, and --scale sizes the board and charts on the page (or
    the charts written as SVG, PNG or PDF; --paper puts a PDF's on A4 or Letter).
    """
    board = hands_from.board(table=table)
    kind = look.output_format(output, format_, picture_formats(formats.REPORT), "report")
    save_report(
        board.roads,
        output,
        format=kind.name,
        decks=decks,
        options=options,
        scale=scale,
        paper=paper,
        statement=hands_from.statement(),
    )
