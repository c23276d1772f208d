"""A wall of shoes: every shoe of a session as a numbered lobby thumbnail, in reading order,
under a summary of the whole session and above one notice for all of them."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from roads.drawing.bands import (
    Item,
    draw_items,
    draw_legend,
    draw_notice,
    items_width,
    legend_width,
    notice_width,
    stats_items,
)
from roads.drawing.board import draw_scene
from roads.drawing.canvas import Canvas
from roads.drawing.marks import BADGES
from roads.drawing.options import BoardOptions, Layout
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text
from roads.drawing.sizes import GAP, MARGIN, TEXT_SIZE
from roads.drawing.titles import draw_title
from roads.errors import RoadsError
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.translations import plural

WALL_WIDTH = 1600.0
"""The widest a wall grows before it starts another row of thumbnails."""
MOST_PER_ROW = 4


def draw_wall(
    boards: Sequence[Roads], options: BoardOptions | None = None, *, per_row: int | None = None
) -> Scene:
    """The Scene of every board of ``boards`` as a lobby thumbnail, numbered from 1 in reading
    order. ``options`` as for one board (their layout is always the lobby's; ``title`` titles
    the wall); ``per_row``: thumbnails per row (default: as many as fit 1600 units, at most 4).
    """
    options = options or BoardOptions()
    if not boards:
        raise RoadsError("there is no shoe to put on the wall")
    if per_row is not None and per_row < 1:
        raise RoadsError(f"give at least 1 thumbnail per row, not {per_row}", about=("per_row",))
    lobby = dataclasses.replace(options, layout=Layout.LOBBY, title=None, road=None)
    scenes, shown = _thumbnails(boards, lobby)
    marks = tuple(mark for mark in BADGES if mark in shown)
    width = max(scene.width for scene in scenes)
    fit = int((WALL_WIDTH - 2 * MARGIN + GAP) // (width + GAP))
    across = per_row or max(1, min(MOST_PER_ROW, fit, len(scenes)))
    across = min(across, len(scenes))

    everything = Roads([hand for board in boards for hand in board.hands])
    painter = Canvas(
        everything, dataclasses.replace(lobby, layout=Layout.STANDARD, with_bead_plate=False)
    )
    theme, labels = painter.theme, painter.labels
    stats = [Item(plural(labels.shoes, len(boards)), None, 0), *stats_items(painter)]
    title = options.title or labels.title
    wall_width = max(
        across * width + (across - 1) * GAP,
        math.ceil(items_width(stats)),
        math.ceil(legend_width(painter, marks)),
        math.ceil(notice_width(painter)),
    )

    y = MARGIN
    y = draw_title(painter, title, MARGIN, y, wall_width) + 10
    draw_items(painter, stats, MARGIN, y + TEXT_SIZE * 0.8)
    y = _place(painter, scenes, across, y + TEXT_SIZE + 16)
    if marks:
        y = draw_legend(painter, marks, MARGIN, y) + 10
    y = draw_notice(painter, MARGIN, y, wall_width)
    description = "\n".join(
        f"{labels.shoe.format(n=number)}\n{scene.description}"
        for number, scene in enumerate(scenes, start=1)
    )
    return Scene(
        width=wall_width + 2 * MARGIN,
        height=y + MARGIN,
        background=None if options.transparent else theme.background,
        shapes=tuple(painter.shapes),
        title=title,
        description=description,
        language=options.lang,
    )


def _thumbnails(boards: Sequence[Roads], lobby: BoardOptions) -> tuple[list[Scene], set[str]]:
    """Each board as a numbered lobby thumbnail without its notice, every one with the bead
    plate of the longest shoe and the big-road width of the widest, so that the big roads
    line up and the wall is a regular grid; and the table marks they show."""
    shown: set[str] = set()
    labels = Canvas(boards[0], lobby).labels
    beads = max(-(-len(board.hands) // 6) for board in boards)

    def thumbnail(number: int, board: Roads, columns: int) -> tuple[Scene, int]:
        least = {Road.BIG_ROAD: columns, Road.BEAD_PLATE: beads}
        fewest = tuple(least.get(road, 0) for road in Road)
        if lobby.min_columns:
            fewest = tuple(map(max, fewest, lobby.min_columns))
        title = labels.shoe.format(n=number)
        painter = Canvas(
            board, dataclasses.replace(lobby, title=title, min_columns=fewest), notice=False
        )
        scene = draw_scene(painter)
        shown.update(painter.marks_shown)
        return scene, painter.big_columns

    columns = max(thumbnail(n, board, 0)[1] for n, board in enumerate(boards, start=1))
    return [thumbnail(n, board, columns)[0] for n, board in enumerate(boards, start=1)], shown


def _place(painter: Canvas, scenes: Sequence[Scene], across: int, y: float) -> float:
    """Draw ``scenes`` from ``y`` down, ``across`` to a row, each on a card; the y under them
    and a gap."""
    theme = painter.theme
    width = max(scene.width for scene in scenes)
    height = max(scene.height for scene in scenes)
    for index, scene in enumerate(scenes):
        row, col = divmod(index, across)
        x0, y0 = MARGIN + col * (width + GAP), y + row * (height + GAP)
        painter.shapes.append(
            Rect(
                x0,
                y0,
                width,
                height,
                fill=theme.panel,
                stroke=theme.frame,
                stroke_width=1.0,
                radius=8.0,
                classes=("thumbnail", f"shoe-{index + 1}"),
            )
        )
        painter.shapes.extend(_moved(shape, x0, y0) for shape in scene.shapes)
    rows = math.ceil(len(scenes) / across)
    return y + rows * height + (rows - 1) * GAP + GAP


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    """``shape`` moved right by ``dx`` and down by ``dy``."""
    if isinstance(shape, Circle):
        return dataclasses.replace(shape, cx=shape.cx + dx, cy=shape.cy + dy)
    if isinstance(shape, Line):
        return dataclasses.replace(
            shape, x1=shape.x1 + dx, y1=shape.y1 + dy, x2=shape.x2 + dx, y2=shape.y2 + dy
        )
    if isinstance(shape, Rect | Grid | Text):
        return dataclasses.replace(shape, x=shape.x + dx, y=shape.y + dy)
    raise TypeError(f"cannot move a {type(shape).__name__}")
