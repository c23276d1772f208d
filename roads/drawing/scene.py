"""A backend-neutral picture: shapes and text in board units, in painting order.

The SVG and PNG backends draw the same Scene, so the two formats cannot drift apart. ``classes``
are carried into SVG (the contract other tools read); PNG ignores them.
"""

from __future__ import annotations

from dataclasses import dataclass

from roads.drawing.fonts import BOARD, Font


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    classes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    classes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float
    classes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Scene:
    width: float
    height: float
    background: str | None
    shapes: tuple[Shape, ...]
    title: str
    description: str
    language: str = "en"
    font: Font = BOARD
    """The shipped font its text is set in (and the SVG embeds)."""
