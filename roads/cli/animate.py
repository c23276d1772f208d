"""``roads animate``: the board growing coup by coup, as a GIF, an animated PNG or an SVG."""

from __future__ import annotations

import click

from roads import formats
from roads.cli import look
from roads.cli.options import hands_input
from roads.cli.table_options import table_options
from roads.drawing.options import BoardOptions
from roads.policy import Input
from roads.story.animation import FPS, HOLD, save_animation
from roads.tables import Table


@click.command("animate")
@hands_input
@table_options
@look.output(
    "OUT.gif, OUT.png (animated PNG) or OUT.svg ('-' for standard output: SVG, or --format)."
)
@look.format_(formats.ANIMATION, "animation")
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
@look.drawing_options
def command(
    hands_from: Input,
    table: Table | None,
    output: str,
    format_: str | None,
    fps: float,
    hold: float,
    options: BoardOptions,
    scale: float,
) -> None:
    """Animate the scoreboard of INPUT (or --hands), one frame per coup."""
    board = hands_from.board(table=table)
    kind = look.output_format(output, format_, formats.ANIMATION, "animation")
    save_animation(
        board.roads, output, format=kind.name, options=options, scale=scale, fps=fps, hold=hold
    )
