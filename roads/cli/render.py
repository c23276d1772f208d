"""``roads render``: the scoreboard as an SVG or PNG image."""

from __future__ import annotations

import click

from roads.cli import look
from roads.cli.options import hands_input
from roads.drawing.board import ROADS
from roads.scoreboard import FORMATS, Scoreboard


@click.command("render")
@hands_input
@look.output("OUT.svg or OUT.png ('-' for standard output, with --format).")
@look.format_(FORMATS, "image")
@click.option("--road", type=click.Choice(ROADS), help="Draw one road alone.")
@look.columns
@look.lang
@look.theme
@look.label
@click.option("--scale", type=click.FloatRange(0.25, 8), default=1.0, show_default=True)
@click.option(
    "--dpi",
    type=click.FloatRange(1, 100_000),
    help="Resolution written into a PNG (default 96 x scale).",
)
@click.option(
    "--background",
    type=click.Choice(["theme", "none"]),
    default="theme",
    show_default=True,
    help="'none' for a transparent background.",
)
@click.option("--title", help="Title drawn at the top and stored in the SVG.")
def command(
    board: Scoreboard,
    output: str,
    format_: str | None,
    road: str | None,
    columns: int | None,
    lang: str,
    theme: str,
    label: str,
    scale: float,
    dpi: float | None,
    background: str,
    title: str | None,
) -> None:
    """Draw the scoreboard of INPUT (or --hands) as SVG or PNG."""
    kind = look.kind_of(output, format_, FORMATS, "image")
    options = {
        "road": road,
        "columns": columns,
        "lang": lang,
        "theme": theme,
        "label": label,
        "title": title,
        "transparent": background == "none",
        "scale": scale,
    }
    if kind == "png":
        options["dpi"] = dpi
    board.save(output, format=kind, **options)
