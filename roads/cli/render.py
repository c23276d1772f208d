"""``roads render``: the scoreboard as an SVG or PNG image."""

from __future__ import annotations

from pathlib import Path

import click

from roads.cli.options import hands_input
from roads.drawing.board import LABEL_KINDS, ROADS
from roads.drawing.labels import LANGUAGES
from roads.drawing.themes import THEMES
from roads.errors import RoadsError
from roads.scoreboard import FORMATS, Scoreboard


@click.command("render")
@hands_input
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(allow_dash=True, dir_okay=False),
    help="OUT.svg or OUT.png ('-' for standard output, with --format).",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(FORMATS),
    help="Image format (default: from the output's extension).",
)
@click.option("--road", type=click.Choice(ROADS), help="Draw one road alone.")
@click.option(
    "--columns",
    type=click.IntRange(min=1),
    help="Keep the last N columns of each road, as a table display scrolls.",
)
@click.option("--lang", type=click.Choice(list(LANGUAGES)), default="en", show_default=True)
@click.option("--theme", type=click.Choice(list(THEMES)), default="casino", show_default=True)
@click.option(
    "--label",
    type=click.Choice(LABEL_KINDS),
    default="outcome",
    show_default=True,
    help="Bead-plate labels: the outcome, or the winning total when cards are known.",
)
@click.option("--scale", type=click.FloatRange(0.25, 8), default=1.0, show_default=True)
@click.option(
    "--dpi",
    type=click.FloatRange(min=1),
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
    kind = format_ or Path(output).suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise RoadsError(
            f"cannot tell the image format of {output!r}: name it .svg or .png, or give --format"
        )
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
