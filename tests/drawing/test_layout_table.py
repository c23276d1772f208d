"""The layouts chosen from a table (``roads.drawing.layouts.BY_LAYOUT``): one drawing function
per layout, each returning the board's size, with every road in a panel of its own."""

from __future__ import annotations

import pytest

from roads.drawing.canvas import Canvas
from roads.drawing.layouts import BY_LAYOUT, one_road
from roads.drawing.options import BoardOptions, Layout
from roads.drawing.scene import Grid
from roads.grids.road import Road
from roads.scoreboard import Scoreboard


def test_every_layout_has_its_drawing_function() -> None:
    assert set(BY_LAYOUT) == set(Layout)


@pytest.mark.parametrize("layout", list(Layout))
def test_each_layout_draws_within_the_size_it_returns(layout: Layout) -> None:
    roads = Scoreboard.from_notation("BPPBBBPTPBBPPPB").roads
    canvas = Canvas(roads, BoardOptions(layout=layout))
    width, height = BY_LAYOUT[layout](canvas, "Table 1")
    assert canvas.shapes
    grids = [shape for shape in canvas.shapes if isinstance(shape, Grid)]
    boxes = [(g.x, g.y, g.x + g.cols * g.cell_width, g.y + g.rows * g.cell_height) for g in grids]
    for left, top, right, bottom in boxes:
        assert 0 <= left < right <= width and 0 <= top < bottom <= height
    if layout is Layout.STANDARD:  # each road in a panel of its own, none over another
        assert len(boxes) == len(Road)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_one_road_alone() -> None:
    canvas = Canvas(Scoreboard.from_notation("BPPB").roads, BoardOptions(road=Road.BIG_ROAD))
    width, height = one_road(canvas, Road.BIG_ROAD.slug, "")
    assert len([shape for shape in canvas.shapes if isinstance(shape, Grid)]) == 1
    assert width > 0 and height > 0
