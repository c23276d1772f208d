"""``roads animate``: the board growing coup by coup, as a GIF, an animated PNG or an SVG."""

from __future__ import annotations

import click

from roads.cli import look
from roads.cli.options import hands_input
from roads.drawing.board import LAYOUTS, BoardOptions
from roads.scoreboard import Scoreboard
from roads.story.animation import FORMATS, FPS, HOLD, save_animation


@click.command("animate")
@hands_input
@look.output("OUT.gif, OUT.png (animated PNG) or OUT.svg ('-' for standard output, with --format).")
@look.format_(FORMATS, "animation")
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
@look.columns
@look.lang
@look.theme
@look.label
@click.option("--scale", type=click.FloatRange(0.25, 4), default=1.0, show_default=True)
@click.option("--title", help="Title drawn at the top of every frame.")
@click.option(
    "--layout",
    type=click.Choice(LAYOUTS),
    default=LAYOUTS[0],
    show_default=True,
    help="standard, casino (as live tables show it) or lobby (a compact thumbnail).",
)
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
    layout: str,
) -> None:
    """Animate the scoreboard of INPUT (or --hands), one frame per coup."""
    kind = look.kind_of(output, format_, FORMATS, "animation")
    options = BoardOptions(
        columns=columns, lang=lang, theme=theme, label=label, title=title, layout=layout
    )
    save_animation(board, output, format=kind, options=options, scale=scale, fps=fps, hold=hold)
