"""What one picture is drawn with (the roads, the options, the theme, the words, the mark
painter) and the shapes drawn so far, in painting order."""

from __future__ import annotations

from roads.drawing.marks import MarkPainter
from roads.drawing.options import BoardOptions
from roads.drawing.scene import Shape, Text
from roads.drawing.themes import Theme
from roads.grids.roads import Roads
from roads.translations import LANGUAGES, Labels


class Canvas:
    """One picture being drawn: layouts, panels and bands append to ``shapes``. Drawn on in
    place and never compared: a working object, not a value."""

    __slots__ = (
        "big_columns",
        "labels",
        "marks",
        "marks_shown",
        "notice",
        "options",
        "roads",
        "shapes",
        "theme",
    )

    def __init__(self, roads: Roads, options: BoardOptions, notice: bool = True) -> None:
        self.roads = roads
        self.options = options
        self.notice = notice
        """Whether to draw the notice (a wall of thumbnails draws one for all)."""
        self.theme: Theme = options.palette
        self.labels: Labels = LANGUAGES[options.lang]
        self.marks = MarkPainter(roads, theme=self.theme, labels=self.labels, label=options.label)
        self.shapes: list[Shape] = []
        self.big_columns = 0
        """How many columns the big road was drawn with."""
        self.marks_shown: tuple[str, ...] = ()
        """The table marks a lobby thumbnail shows (a wall explains them under its
        thumbnails)."""

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        fill: str,
        classes: tuple[str, ...],
        anchor: str = "start",
    ) -> None:
        """Draw ``text`` on the baseline ``y``, ``x`` its start, middle or end (``anchor``)."""
        self.shapes.append(Text(x, y, text, size, fill, anchor=anchor, classes=classes))
