"""What one picture is drawn with (the roads, the options, the theme, the words, the mark
painter) and the shapes drawn so far, in painting order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from roads.drawing.marks import MarkPainter
from roads.drawing.scene import Shape, Text
from roads.drawing.themes import Theme, theme_named
from roads.grids.roads import Roads
from roads.translations import LANGUAGES, Labels

if TYPE_CHECKING:
    from roads.drawing.board import BoardOptions


@dataclass(slots=True)
class Canvas:
    """One picture being drawn: layouts, panels and bands append to ``shapes``."""

    roads: Roads
    options: BoardOptions
    notice: bool = True
    """Whether to draw the notice (a wall of thumbnails draws one for all)."""
    theme: Theme = field(init=False)
    labels: Labels = field(init=False)
    marks: MarkPainter = field(init=False)
    shapes: list[Shape] = field(init=False, default_factory=list)
    big_columns: int = field(init=False, default=0)
    """How many columns the big road was drawn with."""
    marks_shown: tuple[str, ...] = field(init=False, default=())
    """The table marks a lobby thumbnail shows (a wall explains them under its thumbnails)."""

    def __post_init__(self) -> None:
        self.theme = theme_named(self.options.theme)
        self.labels = LANGUAGES[self.options.lang]
        self.marks = MarkPainter(
            self.roads, theme=self.theme, labels=self.labels, label=self.options.label
        )

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
