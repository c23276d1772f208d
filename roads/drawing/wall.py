"""A wall of shoes: every shoe of a session as a numbered lobby thumbnail, in reading order,
under a summary of the whole session and above one notice for all of them."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from roads.drawing.board import (
    GAP,
    MARGIN,
    TEXT_SIZE,
    TITLE_SIZE,
    BoardOptions,
    _Board,
    _Item,
    _items_width,
)
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text
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
    lobby = dataclasses.replace(options, layout="lobby", title=None, road=None)
    labels = _Board(boards[0], lobby).labels

    # Every bead plate as wide as the longest shoe's, so the big roads line up.
    beads = max(-(-len(board.hands) // 6) for board in boards)

    def thumbnail(number: int, board: Roads, columns: int) -> tuple[Scene, int]:
        least = {Road.BIG_ROAD: columns, Road.BEAD_PLATE: beads}
        fewest = tuple(least.get(road, 0) for road in Road)
        if options.min_columns:
            fewest = tuple(map(max, fewest, options.min_columns))
        title = labels.shoe.format(n=number)
        painter = _Board(board, dataclasses.replace(lobby, title=title, min_columns=fewest))
        painter.notice = False
        scene = painter.scene()
        return scene, painter.big_columns

    # Every thumbnail gets the big-road width of the widest, so the wall is a regular grid.
    first = [thumbnail(n, board, 0)[1] for n, board in enumerate(boards, start=1)]
    columns = max(first)
    scenes = [thumbnail(n, board, columns)[0] for n, board in enumerate(boards, start=1)]
    width = max(scene.width for scene in scenes)
    height = max(scene.height for scene in scenes)
    fit = int((WALL_WIDTH - 2 * MARGIN + GAP) // (width + GAP))
    across = per_row or max(1, min(MOST_PER_ROW, fit, len(scenes)))
    across = min(across, len(scenes))
    wall_width: float = across * width + (across - 1) * GAP

    everything = Roads([hand for board in boards for hand in board.hands])
    painter = _Board(
        everything, dataclasses.replace(lobby, layout="standard", with_bead_plate=False)
    )
    theme = painter.theme
    stats = [_Item(plural(labels.shoes, len(boards)), None, 0), *painter._stats_items()]
    title = options.title or labels.title
    wall_width = max(
        wall_width,
        math.ceil(_items_width(stats)),
        math.ceil(painter._notice_width()),
    )

    y = MARGIN
    painter._text(MARGIN, y + TITLE_SIZE * 0.8, title, TITLE_SIZE, theme.text, ("title",))
    y += TITLE_SIZE + 10
    painter._draw_items(stats, MARGIN, y + TEXT_SIZE * 0.8)
    y += TEXT_SIZE + 16
    rows = math.ceil(len(scenes) / across)
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
    y += rows * height + (rows - 1) * GAP + GAP
    y = painter._draw_notice(MARGIN, y, wall_width)
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
