"""``roads animate``: the board growing coup by coup, as a GIF, an animated PNG or an SVG."""

from __future__ import annotations

from pathlib import Path

import click

from roads.cli.options import hands_input
from roads.drawing.board import LABEL_KINDS, BoardOptions
from roads.drawing.labels import LANGUAGES
from roads.drawing.themes import THEMES
from roads.errors import RoadsError
from roads.scoreboard import Scoreboard
from roads.story.animation import FORMATS, FPS, HOLD, save_animation


@click.command("animate")
@hands_input
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(allow_dash=True, dir_okay=False),
    help="OUT.gif, OUT.png (animated PNG) or OUT.svg ('-' for standard output, with --format).",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(FORMATS),
    help="Animation format (default: from the output's extension).",
)
@click.option(
    "--fps",
    type=click.FloatRange(0.1, 50),
    default=FPS,
    show_default=True,
    help="Coups per second.",
)
@click.option(
    "--hold",
    type=click.FloatRange(0, 600),
    default=HOLD,
    show_default=True,
    help="Seconds the last frame stays before a GIF or PNG starts again (an SVG plays once).",
)
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
@click.option("--scale", type=click.FloatRange(0.25, 4), default=1.0, show_default=True)
@click.option("--title", help="Title drawn at the top of every frame.")
def command(
    board: Scoreboard,
    output: str,
    format_: str | None,
    fps: float,
    hold: float,
    columns: int | None,
    lang: str,
    theme: str,
    label: str,
    scale: float,
    title: str | None,
) -> None:
    """Animate the scoreboard of INPUT (or --hands), one frame per coup."""
    kind = format_ or Path(output).suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise RoadsError(
            f"cannot tell the animation format of {output!r}: name it .gif, .png or .svg, "
            "or give --format"
        )
    options = BoardOptions(columns=columns, lang=lang, theme=theme, label=label, title=title)
    save_animation(board, output, format=kind, options=options, scale=scale, fps=fps, hold=hold)
