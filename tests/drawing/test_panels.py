"""A road's panel (``roads.drawing.panels``): the cells of the columns shown, counted from the
panel's first column, its size, and the table marks it shows."""

from __future__ import annotations

import pytest

from roads.drawing.canvas import Canvas
from roads.drawing.options import BoardOptions
from roads.drawing.panels import draw_panel, make_panel, marks_of
from roads.drawing.scene import Grid, Rect
from roads.drawing.sizes import CELL, HALF
from roads.errors import RoadsError
from roads.grids.placement import ROWS
from roads.grids.road import Road
from roads.scoreboard import Scoreboard

HANDS = "BPBPBPBPBPBBBPPP"


def _canvas(**options: object) -> Canvas:
    return Canvas(Scoreboard.from_notation(HANDS).roads, BoardOptions(**options))  # type: ignore[arg-type]


def test_a_panel_holds_every_column_at_least_its_road_s_fewest() -> None:
    canvas = _canvas()
    panel = make_panel(canvas, Road.BIG_ROAD.slug)
    assert panel.cell == CELL and panel.height == ROWS * CELL
    assert panel.cols == max(Road.BIG_ROAD.value.columns, canvas.roads.width("big-road"))
    assert len(panel.cells) == len(HANDS)
    assert make_panel(canvas, Road.SMALL_ROAD.slug).cell == HALF


def test_kept_columns_are_counted_from_the_panel_s_first() -> None:
    canvas = _canvas(columns=3)
    panel = make_panel(canvas, Road.BIG_ROAD.slug)
    assert panel.cols == 3 and panel.width == 3 * CELL
    assert {col for col, _, _ in panel.cells} == {0, 1, 2}


def test_a_panel_drawn_is_a_frame_a_grid_then_marks() -> None:
    canvas = _canvas()
    panel = make_panel(canvas, Road.BEAD_PLATE.slug)
    draw_panel(canvas, panel)
    kinds = [type(shape) for shape in canvas.shapes]
    assert Grid in kinds and Rect in kinds
    assert len(canvas.shapes) > len(HANDS)


def test_the_legend_lists_the_marks_the_panels_show() -> None:
    board = Scoreboard.from_notation("B")
    assert marks_of([make_panel(Canvas(board.roads, BoardOptions()), "bead-plate")]) == ()


def test_too_many_marks_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("roads.drawing.panels.MOST_MARKS", 5)
    with pytest.raises(RoadsError, match="keep only the last columns"):
        make_panel(_canvas(), Road.BEAD_PLATE.slug)
