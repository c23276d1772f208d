"""How each shape of a Scene is written as SVG: its element, its attributes and its style.

:mod:`roads.backends.svg` assembles the document; this module writes what goes in it, a shape
at a time. Numbers are written to 1/100 of a unit, and values are escaped as ElementTree escapes
them, so the text writer and svgwrite's build of the same document give the same bytes. A
board draws a few looks many times: each look's attributes are written once and kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from roads.drawing.scene import Circle, Grid, Line, Rect, Shape, Text

_ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


class _Numbers(dict[float, str]):
    """Coordinates as short text, to 1/100 of a unit, kept: boards repeat the same few many
    times, and a lookup that finds one calls no Python function."""

    def __missing__(self, value: float) -> str:
        text = str(round(value, 2)).removesuffix(".0")
        if len(self) < 65536:
            self[value] = text
        return text


number = _Numbers().__getitem__
"""A coordinate as short text, to 1/100 of a unit."""


def write_still(shapes: Sequence[Shape], parts: list[str]) -> None:
    """Append the elements of a still picture's ``shapes`` to ``parts`` (no animation, text as
    text): each run of shapes that look alike in a ``<g>`` that holds their style, a shape
    alone with its own. A shape's style key and start tag come from the tables of its type
    (``_STYLE_KEYS``, ``_HEADS``): a board is hundreds of shapes, and this is most of writing
    it."""
    keys, heads, styles = _STYLE_KEYS, _HEADS, _STYLES
    written: list[tuple[str, str, str, str | None]] = []
    for shape in shapes:
        kind = type(shape)
        key = keys[kind](shape)
        known = styles.get(key) or _new_known_style(key, shape)
        name, head = heads[kind](shape)
        written.append((known[1], name, head, shape.text if isinstance(shape, Text) else None))
    for style, run in itertools.groupby(written, key=itemgetter(0)):
        members = list(run)
        if len(members) == 1:
            _, name, head, text = members[0]
            parts.append(
                f"<{name}{head}{style}>{escaped_text(text)}</{name}>"
                if text
                else f"<{name}{head}{style} />"
            )
            continue
        parts.append(f"<g{style}>")
        parts.extend(
            [
                f"<{name}{head}>{escaped_text(text)}</{name}>" if text else f"<{name}{head} />"
                for _, name, head, text in members
            ]
        )
        parts.append("</g>")


_ESCAPED: dict[str, str] = {}


_ATTRIBUTE_ESCAPES = (
    ("&", "&amp;"),
    ("<", "&lt;"),
    (">", "&gt;"),
    ('"', "&quot;"),
    ("\r", "&#13;"),
    ("\n", "&#10;"),
    ("\t", "&#09;"),
)
"""How XML (ElementTree) escapes an attribute's value, in this order."""


def escaped(value: str) -> str:
    """``value`` as an attribute's value between double quotes; boards repeat the same few."""
    text = _ESCAPED.get(value)
    if text is None:
        text = value
        for character, entity in _ATTRIBUTE_ESCAPES:
            if character in text:
                text = text.replace(character, entity)
        if len(_ESCAPED) < 65536:
            _ESCAPED[value] = text
    return text


def escaped_text(text: str) -> str:
    """``text`` as an element's content, escaped as ElementTree escapes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def written_attributes(attributes: dict[str, str]) -> str:
    """``attributes`` as they are written in an element's start tag, each after a space."""
    return "".join([f' {name}="{escaped(value)}"' for name, value in attributes.items()])


_STYLES: dict[tuple[object, ...], tuple[dict[str, str], str]] = {}


def style_of(shape: Shape) -> dict[str, str]:
    """The presentation attributes of ``shape``: those a group can hold for its members (the
    same dict for shapes that look alike; boards draw a few looks many times)."""
    key = _STYLE_KEYS[type(shape)](shape)
    return (_STYLES.get(key) or _new_known_style(key, shape))[0]


def _paint_key(shape: Rect | Circle) -> tuple[object, ...]:
    return (Rect, shape.fill, shape.stroke, shape.stroke_width)


def _stroke_key(shape: Line | Grid) -> tuple[object, ...]:
    return (type(shape), shape.stroke, shape.stroke_width)


def _text_key(shape: Text) -> tuple[object, ...]:
    return (Text, shape.size, shape.fill, shape.anchor, shape.halo)


_STYLE_KEYS: dict[type, Callable[[Any], tuple[object, ...]]] = {
    Circle: _paint_key,
    Rect: _paint_key,
    Line: _stroke_key,
    Grid: _stroke_key,
    Text: _text_key,
}
"""What the style of each type of shape depends on: shapes with the same key look alike."""


def _new_known_style(key: tuple[object, ...], shape: Shape) -> tuple[dict[str, str], str]:
    """The style of ``shape``, whose key is ``key``, and the same written as attributes, kept
    in ``_STYLES`` for the next shape that looks alike."""
    style = _new_style(shape)
    known = style, written_attributes(style)
    if len(_STYLES) < 4096:
        _STYLES[key] = known
    return known


def _new_style(shape: Shape) -> dict[str, str]:
    if isinstance(shape, Text):
        style = {"font-size": number(shape.size), "fill": shape.fill}
        if shape.anchor != "start":
            style["text-anchor"] = _ANCHORS[shape.anchor]
        if shape.halo:
            style.update(
                {
                    "stroke": shape.halo,
                    "stroke-width": "2.5",
                    "paint-order": "stroke",
                    "stroke-linejoin": "round",
                }
            )
        return style
    if isinstance(shape, Line):
        return {
            "stroke": shape.stroke,
            "stroke-width": number(shape.stroke_width),
            "stroke-linecap": "round",
        }
    if isinstance(shape, Grid):
        return {
            "stroke": shape.stroke,
            "stroke-width": number(shape.stroke_width),
            "fill": "none",
            "shape-rendering": "crispEdges",
        }
    style = {"fill": shape.fill or "none"}
    if shape.stroke:
        style.update({"stroke": shape.stroke, "stroke-width": number(shape.stroke_width)})
    return style


Markup = tuple[str, dict[str, str], str | None]
"""An element: its name, its attributes (final SVG names and text) and its text, if any."""


def element_of(shape: Shape, style: dict[str, str]) -> Markup:
    """The element of ``shape`` with the given style attributes (none when a group holds them)."""
    if isinstance(shape, Circle):
        name, geometry = (
            "circle",
            {"cx": number(shape.cx), "cy": number(shape.cy), "r": number(shape.r)},
        )
    elif isinstance(shape, Line):
        name = "line"
        geometry = {
            "x1": number(shape.x1),
            "y1": number(shape.y1),
            "x2": number(shape.x2),
            "y2": number(shape.y2),
        }
    elif isinstance(shape, Rect):
        name, geometry = "rect", _rect_geometry(shape)
    elif isinstance(shape, Grid):
        name, geometry = "path", {"d": _grid_path(shape)}
    else:
        name, geometry = "text", {"x": number(shape.x), "y": number(shape.y)}
    if shape.classes:
        geometry["class"] = " ".join(shape.classes)
    return name, {**geometry, **style}, shape.text if isinstance(shape, Text) else None


def markup_of(shape: Shape) -> tuple[str, str, str | None]:
    """What ``element_of`` makes of ``shape`` without style, written: its name, its attributes as
    text (numbers need no escaping) and its text. The same bytes, several times faster: a board
    is mostly these."""
    name, head = _HEADS[type(shape)](shape)
    return name, head, shape.text if isinstance(shape, Text) else None


def _circle_head(shape: Circle) -> tuple[str, str]:
    head = f' cx="{number(shape.cx)}" cy="{number(shape.cy)}" r="{number(shape.r)}"'
    return "circle", head + _class(shape.classes) if shape.classes else head


def _text_head(shape: Text) -> tuple[str, str]:
    head = f' x="{number(shape.x)}" y="{number(shape.y)}"'
    return "text", head + _class(shape.classes) if shape.classes else head


def _line_head(shape: Line) -> tuple[str, str]:
    head = (
        f' x1="{number(shape.x1)}" y1="{number(shape.y1)}"'
        f' x2="{number(shape.x2)}" y2="{number(shape.y2)}"'
    )
    return "line", head + _class(shape.classes) if shape.classes else head


def _rect_head(shape: Rect) -> tuple[str, str]:
    head = "".join([f' {key}="{value}"' for key, value in _rect_geometry(shape).items()])
    return "rect", head + _class(shape.classes) if shape.classes else head


def _grid_head(shape: Grid) -> tuple[str, str]:
    head = f' d="{_grid_path(shape)}"'
    return "path", head + _class(shape.classes) if shape.classes else head


_HEADS: dict[type, Callable[[Any], tuple[str, str]]] = {
    Circle: _circle_head,
    Text: _text_head,
    Line: _line_head,
    Rect: _rect_head,
    Grid: _grid_head,
}
"""Each type of shape's element name and its attributes other than style, written."""


_CLASSES: dict[tuple[str, ...], str] = {}


def _class(classes: tuple[str, ...]) -> str:
    text = _CLASSES.get(classes)
    if text is None:
        text = f' class="{escaped(" ".join(classes))}"'
        if len(_CLASSES) < 4096:
            _CLASSES[classes] = text
    return text


def _rect_geometry(shape: Rect) -> dict[str, str]:
    # A Rect's stroke lies inside its box (as in the PNG backend), so edges land on whole pixels.
    inset = shape.stroke_width / 2 if shape.stroke else 0.0
    geometry = {
        "x": number(shape.x + inset),
        "y": number(shape.y + inset),
        "width": number(shape.width - 2 * inset),
        "height": number(shape.height - 2 * inset),
    }
    if shape.radius:
        geometry["rx"] = number(max(0.0, shape.radius - inset))
    return geometry


def _grid_path(grid: Grid) -> str:
    # A grid line of width w at p covers [p - w/2, p + w/2), drawn centred on p; crispEdges.
    right = grid.x + grid.cols * grid.cell_width
    bottom = grid.y + grid.rows * grid.cell_height
    parts = [
        f"M{number(grid.x + i * grid.cell_width)} {number(grid.y)}V{number(bottom)}"
        for i in range(1, grid.cols)
    ]
    parts += [
        f"M{number(grid.x)} {number(grid.y + j * grid.cell_height)}H{number(right)}"
        for j in range(1, grid.rows)
    ]
    return "".join(parts)
