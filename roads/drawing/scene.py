"""A backend-neutral picture: shapes and text in board units, in painting order.

The SVG and PNG backends draw the same Scene, so the two formats cannot drift apart. ``classes``
are carried into SVG (the contract other tools read); PNG ignores them.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, dataclass_transform

from roads.drawing.fonts import BOARD, Font, covering, warn_missing

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def _shape(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a frozen, slotted dataclass whose ``__init__`` (of the signature dataclass
    would give it) writes each field through its slot's descriptor: the generated one goes
    through ``object.__setattr__`` field by field, at several times the cost, and a board is
    thousands of shapes. Dataclass is asked for no ``__init__`` (``init=False``), so its exec
    of one that would only be replaced is not paid at every import. Instances stay frozen
    (assigning a field still raises)."""
    cls = dataclass(frozen=True, slots=True, init=False)(cls)
    scope: dict[str, Any] = {}
    params, body = [], []
    shape_fields = fields(cls)  # type: ignore[arg-type]
    for field in shape_fields:
        name = field.name
        assert field.default_factory is MISSING, "a shared default only"
        scope[f"_set_{name}"] = getattr(cls, name).__set__
        if field.default is MISSING:
            params.append(name)
        else:
            scope[f"_default_{name}"] = field.default
            params.append(f"{name}=_default_{name}")
        body.append(f"\n    _set_{name}(self, {name})")
    exec(f"def __init__(self, {', '.join(params)}):{''.join(body)}", scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {field.name: field.type for field in shape_fields} | {"return": None}
    type.__setattr__(cls, "__init__", init)
    return cls


@_shape
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


@_shape
class Circle:
    """A circle centred on (``cx``, ``cy``)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    classes: tuple[str, ...] = ()


@_shape
class Line:
    """A straight line from (``x1``, ``y1``) to (``x2``, ``y2``)."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float
    classes: tuple[str, ...] = ()


@_shape
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


@_shape
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
