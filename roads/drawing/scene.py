"""A backend-neutral picture: shapes and text in board units, in painting order.

The SVG and PNG backends draw the same Scene, so the two formats cannot drift apart. ``classes``
are carried into SVG (the contract other tools read); PNG ignores them.
"""

from __future__ import annotations

from roads.drawing.fonts import BOARD, Font, covering, warn_missing
from roads.values import frozen


@frozen
class Rect:
    """A rectangle, its corners rounded by ``radius``."""

    x: float
    y: float
    width: float
    height: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    classes: tuple[str, ...] = ()


@frozen
class Circle:
    """A circle centred on (``cx``, ``cy``)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    classes: tuple[str, ...] = ()


@frozen
class Line:
    """A straight line from (``x1``, ``y1``) to (``x2``, ``y2``)."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float
    classes: tuple[str, ...] = ()


@frozen
class Grid:
    """The fine lines of a road: ``cols`` x ``rows`` cells of ``cell_width`` x ``cell_height``."""

    x: float
    y: float
    cols: int
    rows: int
    cell_width: float
    cell_height: float
    stroke: str
    stroke_width: float
    classes: tuple[str, ...] = ()


@frozen
class Text:
    """Text on a baseline: ``x`` is its start, middle or end as ``anchor`` says."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "start"
    halo: str | None = None
    classes: tuple[str, ...] = ()


Shape = Rect | Circle | Line | Grid | Text


@frozen
class Scene:
    """A picture: its size, background and shapes, in painting order, with its title, its
    description (the board as text) and language."""

    width: float
    height: float
    background: str | None
    shapes: tuple[Shape, ...]
    title: str
    description: str
    language: str = "en"
    font: Font = BOARD
    """The smallest shipped font its text is set in (and the SVG embeds): a text it cannot draw
    (a title in another script) sets the scene in a larger one (``drawn_font``)."""

    def texts(self) -> list[str]:
        """The text of every Text shape, in painting order."""
        return [shape.text for shape in self.shapes if isinstance(shape, Text)]

    def drawn_font(self) -> Font:
        """The font the backends set the text in: ``font``, or the smallest larger shipped font
        that holds every character drawn. Characters no shipped font holds are named in a
        ``roads.drawing.fonts.MissingGlyphWarning`` (they draw as empty boxes)."""
        font, lacking = covering(self.texts(), at_least=self.font)
        warn_missing(lacking)
        return font
