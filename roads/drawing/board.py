"""The scoreboard as a Scene: the entry point that draws a board as its options
(``roads.drawing.options``) say, in its layout (``roads.drawing.layouts``), its marks painted
by ``roads.drawing.marks``.

Grids come from the model only; nothing here decides where a mark goes, only how it looks.
"""

from __future__ import annotations

from roads.drawing.canvas import Canvas
from roads.drawing.layouts import BY_LAYOUT, grid_alone
from roads.drawing.options import DEFAULT_OPTIONS, LABEL_KINDS, LAYOUTS, BoardOptions
from roads.drawing.scene import Scene
from roads.drawing.sizes import CELL, HALF, MOST_MARKS
from roads.drawing.text import board_text
from roads.errors import RoadsError
from roads.grids.road import DERIVED as DERIVED_ROADS
from roads.grids.road import SLUGS, Road
from roads.grids.roads import Roads

__all__ = [
    "CELL",
    "DERIVED",
    "HALF",
    "LABEL_KINDS",
    "LAYOUTS",
    "MOST_MARKS",
    "ROADS",
    "BoardOptions",
    "check_size",
    "draw_board",
    "draw_grid",
    "draw_scene",
]

ROADS = SLUGS
"""The roads' slugs, in board order (``roads.grids.road.Road``)."""
DERIVED = tuple(road.slug for road in DERIVED_ROADS)


def check_size(roads: Roads, *, road: Road | str | None = None, columns: int | None = None) -> None:
    """Raise RoadsError as soon as a road to be drawn holds more than MOST_MARKS cells, which
    ``draw_board`` would refuse: a long input can be refused while it is still being read.

    ``road`` is the one road drawn (None: all five); ``columns`` keeps the last N columns, which
    bounds every road, so nothing is refused then.
    """
    if columns:
        return
    alone = None if road is None else Road.parse(road)
    for each, marks in zip(Road, roads.marks(), strict=True):
        if alone in (None, each) and marks > MOST_MARKS:
            raise RoadsError(
                f"the {each.slug} would hold more than {MOST_MARKS:,} marks, more than a picture "
                "should: keep only the last columns",
                about=("columns",),
            )


def draw_board(roads: Roads, options: BoardOptions = DEFAULT_OPTIONS) -> Scene:
    """The Scene of ``roads`` as ``options`` say."""
    return draw_scene(Canvas(roads, options))


def draw_grid(
    roads: Roads, road: str, *, columns: int, options: BoardOptions = DEFAULT_OPTIONS
) -> Scene:
    """The Scene of one road's grid alone: its last ``columns`` columns, its marks and their
    labels, and no title, caption or notice, for a page that carries its own words and the
    notice (the live table display). Derived roads have half-size cells, as on every board.

    Parameters:
        roads: the board's roads.
        road: the road's slug (``ROADS``).
        columns: how many columns to show, the last ones (a fixed count, so the grid keeps its
            size as the shoe grows).
        options: the theme, the language and the bead-plate labels.
    """
    canvas = Canvas(roads, options, notice=False)
    cell = HALF if road in DERIVED else CELL
    width, height = grid_alone(canvas, road, columns, cell)
    return Scene(
        width=width,
        height=height,
        background=None,
        shapes=tuple(canvas.shapes),
        title=str(getattr(canvas.labels, Road(road).label_key)),
        description="",
        language=options.lang,
    )


def draw_scene(canvas: Canvas) -> Scene:
    """The Scene of ``canvas``'s roads in its options' layout, its shapes left in ``canvas``."""
    options = canvas.options
    title = options.title or canvas.labels.title
    width, height = BY_LAYOUT[options.layout](canvas, title)
    return Scene(
        width=width,
        height=height,
        background=None if options.transparent else canvas.theme.background,
        shapes=tuple(canvas.shapes),
        title=title,
        description=board_text(
            canvas.roads, columns=options.columns or options.max_columns, lang=options.lang
        ),
        language=options.lang,
    )
