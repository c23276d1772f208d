"""``roads render``: the scoreboard as an SVG or PNG image."""

from __future__ import annotations

import click

from roads.cli import look
from roads.cli.options import hands_input
from roads.drawing.board import LAYOUTS, ROADS, BoardOptions
from roads.errors import RoadsError
from roads.scoreboard import FORMATS, Scoreboard, save_wall


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
@click.option(
    "--layout",
    type=click.Choice(LAYOUTS),
    default=LAYOUTS[0],
    show_default=True,
    help="standard; casino: bead plate left, derived roads under the big road on its grid "
    "(--columns N keeps N big-road columns, N/3 of the bead plate); lobby: a compact "
    "thumbnail of the big road.",
)
@click.option("--bead-plate", is_flag=True, help="With --layout lobby: add the bead plate.")
@click.option(
    "--wall",
    is_flag=True,
    help="Every shoe of INPUT (a journal, or a file whose rows name their shoe) as numbered "
    "lobby thumbnails on one image, with a summary of the session.",
)
def command(
    board: Scoreboard | None,
    shoes: list[Scoreboard] | None,
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
    layout: str,
    bead_plate: bool,
) -> None:
    """Draw the scoreboard of INPUT (or --hands) as SVG or PNG."""
    kind = look.kind_of(output, format_, FORMATS, "image")
    options: dict[str, object] = {
        "layout": layout,
        "with_bead_plate": bead_plate,
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
    if shoes is not None:
        if layout not in ("standard", "lobby") or road is not None:
            raise RoadsError("--wall draws lobby thumbnails: drop --layout and --road")
        thumbnails = BoardOptions(
            layout="lobby",
            with_bead_plate=bead_plate,
            columns=columns,
            lang=lang,
            theme=theme,
            label=label,
            title=title,
            transparent=background == "none",
        )
        save_wall(shoes, output, format=kind, scale=scale, dpi=dpi, options=thumbnails)
        return
    assert board is not None
    board.save(output, format=kind, **options)
