"""A road's panel: which of its cells are shown, its caption, grid and frame, and its marks."""

from __future__ import annotations

from collections.abc import Iterable

from roads.drawing.canvas import Canvas
from roads.drawing.marks import BADGES
from roads.drawing.scene import Circle, Grid, Line, Rect, Shape, Text
from roads.drawing.sizes import CAPTION_SIZE, CELL, HALF, MOST_MARKS
from roads.errors import RoadsError
from roads.grids.cells import Cell, DerivedCell
from roads.grids.placement import ROWS
from roads.grids.road import SLUGS, Road


class Panel:
    """One road laid out: its cells, where it goes and at what size. Laid out in place and
    never compared: a working object, not a value."""

    __slots__ = ("caption", "cell", "cells", "cols", "major", "road", "x", "y")

    def __init__(self, road: str, cell: float) -> None:
        self.road = road
        self.cell = cell
        self.cells: list[tuple[int, int, Cell]] = []
        """(col, row, model cell) of each mark shown, col counted from the panel's first
        column."""
        self.cols = 0
        self.x = 0.0
        self.y = 0.0
        self.caption = True
        self.major = 0.0
        """Side of the cells of a second, stronger grid drawn over the first (0: none): the
        casino layout shows the big road's cells through the derived roads' half-size ones."""

    @property
    def width(self) -> float:
        return self.cols * self.cell

    @property
    def height(self) -> float:
        return ROWS * self.cell


def make_panel(
    canvas: Canvas,
    road: str,
    *,
    cell: float | None = None,
    keep: int | None = None,
    minimum: int | None = None,
    most: int | None = None,
) -> Panel:
    """The marks of ``road`` in its last ``keep`` columns (default: ``columns``), in cells of
    side ``cell`` (default: the standard size), at least ``minimum`` columns wide, and at
    most ``most`` (default: ``max_columns``) where ``keep`` is not given either.

    Only the cells of the columns shown are read (``Roads.last_columns``): a window onto a
    long shoe costs what it holds."""
    roads, options = canvas.roads, canvas.options
    used = roads.width(road)
    columns = options.columns if keep is None else keep
    fewest = options.min_columns[SLUGS.index(road)] if options.min_columns else 0
    kind = Road(road)
    least = kind.value.columns if minimum is None else minimum
    if columns:
        cols = columns
    else:
        cols = max(least, used, fewest)
        cap = options.max_columns if most is None else most
        if cap and cols > cap:
            cols = columns = cap
    first = max(0, used - columns) if columns else 0
    panel = Panel(road, cell or (HALF if kind.derived else CELL))
    cells = roads.last_columns(road, columns) if columns else roads.cells(kind)
    panel.cells = [(cell.col - first, cell.row, cell) for cell in cells]
    if len(panel.cells) > MOST_MARKS:
        raise RoadsError(
            f"the {road} would hold {len(panel.cells):,} marks, more than a picture should "
            f"({MOST_MARKS:,}): keep only the last columns",
            about=("columns",),
        )
    panel.cols = cols
    return panel


def marks_of(panels: Iterable[Panel]) -> tuple[str, ...]:
    """The table marks (Super 6, Dragon 7, Panda 8) that ``panels`` show, in the order of
    ``roads.drawing.marks.BADGES``: what the legend explains."""
    held = {
        mark
        for panel in panels
        for _, _, cell in panel.cells
        if not isinstance(cell, DerivedCell)
        for mark in cell.marks
    }
    return tuple(mark for mark in BADGES if mark in held)


def draw_panel(canvas: Canvas, panel: Panel) -> None:
    """Draw ``panel``: its caption, background, grids, frame, then its marks."""
    _draw_frame(canvas, panel)
    # Marks are painted in layers (every disc, then every label, then every dot), each
    # layer grouped by style: cells never overlap, so the picture is the same, and the SVG
    # can share a style among many marks.
    layers: list[list[Shape]] = []
    paint, road, side = canvas.marks.cell_shapes, panel.road, panel.cell
    left, top = panel.x, panel.y
    for col, row, cell in panel.cells:
        shapes = paint(road, cell, left + col * side, top + row * side, side)
        for depth, shape in enumerate(shapes):  # each shape into the layer of its depth
            if depth == len(layers):
                layers.append([])
            layers[depth].append(shape)
    for layer in layers:
        canvas.shapes.extend(sorted(layer, key=style_key))


def _draw_frame(canvas: Canvas, panel: Panel) -> None:
    theme = canvas.theme
    if panel.caption:
        caption = str(getattr(canvas.labels, Road(panel.road).label_key))
        canvas.text(panel.x, panel.y - 7, caption, CAPTION_SIZE, theme.muted, ("caption",))
    x, y, width, height = panel.x, panel.y, panel.width, panel.height
    canvas.shapes.append(Rect(x, y, width, height, fill=theme.panel, classes=("panel", panel.road)))
    canvas.shapes.append(
        Grid(x, y, panel.cols, ROWS, panel.cell, panel.cell, theme.grid, 1.0, ("grid", panel.road))
    )
    if panel.major:
        canvas.shapes.append(
            Grid(
                x,
                y,
                round(width / panel.major),
                round(height / panel.major),
                panel.major,
                panel.major,
                theme.frame,
                1.0,
                classes=("grid-major", panel.road),
            )
        )
    canvas.shapes.append(
        Rect(
            x,
            y,
            width,
            height,
            stroke=theme.frame,
            stroke_width=1.0,
            classes=("frame", panel.road),
        )
    )


def style_key(shape: Shape) -> tuple[str, ...]:
    """What a shape shares with others that look alike, apart from where it is."""
    # Circles first: most marks are.
    if isinstance(shape, Circle):
        return ("Circle", shape.fill or "", shape.stroke or "", str(shape.stroke_width))
    if isinstance(shape, Text):
        return ("text", shape.fill, str(shape.size), shape.anchor, shape.halo or "")
    if isinstance(shape, Line):
        return ("line", shape.stroke, str(shape.stroke_width))
    if isinstance(shape, Rect):
        return ("Rect", shape.fill or "", shape.stroke or "", str(shape.stroke_width))
    return ("grid", shape.stroke, str(shape.stroke_width))
