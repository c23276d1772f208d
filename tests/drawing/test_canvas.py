"""A picture being drawn (``roads.drawing.canvas``): what it is drawn with, read from the
options, and its shapes in painting order."""

from __future__ import annotations

from roads.drawing.canvas import Canvas
from roads.drawing.options import BoardOptions
from roads.drawing.scene import Text
from roads.drawing.themes import THEMES
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES


def test_the_canvas_reads_theme_and_words_from_the_options() -> None:
    roads = Scoreboard.from_notation("BP").roads
    canvas = Canvas(roads, BoardOptions(theme="dark", lang="zh"), notice=False)
    assert canvas.theme == THEMES["dark"] and canvas.labels is LANGUAGES["zh"]
    assert canvas.roads is roads and not canvas.notice and canvas.shapes == []


def test_text_is_appended_in_painting_order() -> None:
    canvas = Canvas(Scoreboard.from_notation("B").roads, BoardOptions())
    canvas.text(1, 2, "one", 12, "#000", ("a",))
    canvas.text(3, 4, "two", 12, "#000", ("b",), anchor="end")
    assert canvas.shapes == [
        Text(1, 2, "one", 12, "#000", anchor="start", classes=("a",)),
        Text(3, 4, "two", 12, "#000", anchor="end", classes=("b",)),
    ]
