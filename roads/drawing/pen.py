"""A pen for charts: shapes drawn relative to an origin, and the blocks chart pictures are made
of (a framed card with a heading, the notice band). The report's and the study's charts both
draw with it, so their cards and notices cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from roads.drawing.scene import Circle, Line, Rect, Shape, Text
from roads.drawing.themes import Theme
from roads.game.coup import Outcome

TEXT = 12.0
"""The charts' body text size."""
SMALL = 11.0
"""The charts' small print: axes, counts, notes."""
HEADING = 15.0
"""A card's heading size."""


@dataclass(slots=True)
class Pen:
    """Shapes drawn relative to an origin (``x``, ``y``), so a chart can go anywhere in a
    scene, in the colours of ``theme``."""

    theme: Theme
    x: float = 0.0
    y: float = 0.0
    shapes: list[Shape] = field(default_factory=list)

    def colour(self, outcome: Outcome) -> str:
        theme = self.theme
        return {Outcome.BANKER: theme.banker, Outcome.PLAYER: theme.player}.get(outcome, theme.tie)

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        stroke_width: float = 0.0,
        radius: float = 0.0,
        classes: tuple[str, ...] = (),
    ) -> None:
        self.shapes.append(
            Rect(
                self.x + x,
                self.y + y,
                width,
                height,
                fill,
                stroke,
                stroke_width,
                radius,
                classes,
            )
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        colour: str,
        width: float,
        classes: tuple[str, ...] = (),
    ) -> None:
        self.shapes.append(
            Line(self.x + x1, self.y + y1, self.x + x2, self.y + y2, colour, width, classes)
        )

    def dashes(
        self,
        x1: float,
        x2: float,
        y: float,
        colour: str,
        width: float,
        classes: tuple[str, ...] = (),
    ) -> None:
        """A dashed horizontal line, drawn as short lines (scenes have no dash pattern)."""
        dash, gap = 5.0, 4.0
        x = x1
        while x < x2:
            self.line(x, y, min(x + dash, x2), y, colour, width, classes)
            x += dash + gap

    def circle(
        self, cx: float, cy: float, r: float, fill: str, classes: tuple[str, ...] = ()
    ) -> None:
        self.shapes.append(Circle(self.x + cx, self.y + cy, r, fill=fill, classes=classes))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float = TEXT,
        fill: str | None = None,
        anchor: str = "start",
        classes: tuple[str, ...] = (),
    ) -> None:
        self.shapes.append(
            Text(
                self.x + x,
                self.y + y,
                text,
                size,
                fill or self.theme.text,
                anchor=anchor,
                classes=classes,
            )
        )

    def hairline(self, x: float, y: float, length: float, colour: str, *, across: bool) -> None:
        """A crisp one-unit line: across (horizontal) or down, from a whole coordinate."""
        left, top, size = round(x), round(y), round(length)
        if across:
            self.rect(left, top, size, 1, fill=colour, classes=("axis",))
        else:
            self.rect(left, top, 1, size, fill=colour, classes=("axis",))

    def card(
        self,
        left: float,
        top: float,
        width: float,
        heading: str,
        draw: Callable[[Pen], float],
        *,
        pad: float,
        heading_size: float = HEADING,
    ) -> float:
        """A framed panel ``width`` wide from (``left``, ``top``): ``heading``, then what
        ``draw`` draws with a pen at the panel's content (it returns how tall that is), ``pad``
        inside the frame all round. Returns the bottom of the panel."""
        inner = Pen(self.theme, self.x + left + pad, self.y + top + pad + 28)
        inner.text(0, -14, heading, heading_size)
        height = draw(inner) + 28
        self.rect(
            left,
            top,
            width,
            height + 2 * pad,
            fill=self.theme.panel,
            stroke=self.theme.frame,
            stroke_width=1.0,
            radius=8.0,
            classes=("card",),
        )
        self.shapes.extend(inner.shapes)
        return top + height + 2 * pad

    def notice_band(self, left: float, top: float, width: float, notice: str) -> float:
        """The band that says past results do not predict the next hand, ``width`` wide from
        (``left``, ``top``), with ``notice`` in it. Returns the bottom of the band."""
        height = 32.0
        self.rect(
            left,
            top,
            width,
            height,
            fill=self.theme.notice_fill,
            radius=6.0,
            classes=("notice-band",),
        )
        self.text(
            left + width / 2,
            top + 21,
            notice,
            14.0,
            self.theme.notice_text,
            anchor="middle",
            classes=("notice",),
        )
        return top + height
