"""The bands of a board (``roads.drawing.bands``): the title and statistics, the legend, the ask
road and the notice, each drawn where asked and as wide as its width function says."""

from __future__ import annotations

from roads.drawing.bands import (
    ask_width,
    draw_ask,
    draw_header,
    draw_items,
    draw_notice,
    items_width,
    notice_width,
    stats_items,
)
from roads.drawing.canvas import Canvas
from roads.drawing.options import BoardOptions
from roads.drawing.scene import Rect, Text
from roads.scoreboard import Scoreboard


def _canvas() -> Canvas:
    return Canvas(Scoreboard.from_notation("BPPBT").roads, BoardOptions())


def test_the_statistics_count_the_coups() -> None:
    texts = [item.text for item in stats_items(_canvas())]
    assert texts[:4] == ["Coups 5", "Banker 2", "Player 2", "Tie 1"]


def test_the_header_is_the_title_then_the_statistics() -> None:
    canvas = _canvas()
    bottom = draw_header(canvas, "Table 7", 600)
    texts = [shape.text for shape in canvas.shapes if isinstance(shape, Text)]
    assert texts[0] == "Table 7" and "Coups 5" in texts
    assert bottom > 0


def test_items_take_the_width_they_are_said_to() -> None:
    canvas = _canvas()
    items = stats_items(canvas)
    draw_items(canvas, items, 0, 20)
    last = [shape for shape in canvas.shapes if isinstance(shape, Text)][-1]
    assert last.x < items_width(items)


def test_the_ask_road_and_the_notice() -> None:
    canvas = _canvas()
    assert draw_ask(canvas, 0, 0) > 0 and ask_width(canvas) > 0
    bottom = draw_notice(canvas, 0, 100, notice_width(canvas) + 40)
    band = [s for s in canvas.shapes if isinstance(s, Rect) and "notice-band" in s.classes]
    assert len(band) == 1 and bottom == 100 + band[0].height
