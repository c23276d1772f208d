"""``roads report``: the story of a shoe on one self-contained HTML page (or its charts)."""

from __future__ import annotations

import click

from roads.cli import look
from roads.cli.options import hands_input
from roads.scoreboard import Scoreboard
from roads.story.report import FORMATS, save_report


@click.command("report")
@hands_input
@look.output("OUT.html for the page; OUT.svg or OUT.png for its charts alone ('-' with --format).")
@look.format_(FORMATS, "report")
@click.option(
    "--decks",
    type=click.IntRange(1, 8),
    default=8,
    show_default=True,
    help="Decks in the shoe, for the exact odds.",
)
@click.option("--title", help="Title of the page.")
@click.option(
    "--scale",
    type=click.FloatRange(0.25, 8),
    default=1.0,
    show_default=True,
    help="Size of the charts as SVG or PNG.",
)
def command(
    board: Scoreboard,
    output: str,
    format_: str | None,
    decks: int,
    title: str | None,
    scale: float,
) -> None:
    """Report on the shoe of INPUT (or --hands): board, coups, streaks and exact odds."""
    save_report(board, output, format=format_, decks=decks, title=title, scale=scale)
