"""A Scene as SVG, with svgwrite. The only module that imports svgwrite.

The scene's font is embedded (as a data-URI ``@font-face``), so it looks the same in a browser
that lacks it; every font-family list ends with a generic family. The text font, too large to
embed whole, is embedded as a subset of the glyphs the document draws; ``text_as_paths`` draws
the text as outlines instead, for viewers that ignore embedded fonts. Ids are derived from the
content, so two boards can share one HTML page, and the same scene gives the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
from collections.abc import Iterable, Sequence
from xml.etree import ElementTree

import svgwrite
from svgwrite.base import BaseElement

from roads.drawing.fonts import Font, font_data_uri
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text

_ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


_PLACEHOLDER = "roads-0000000000000000"
_NUMBERS: dict[float, str] = {}


def _num(value: float) -> str:
    """A coordinate as short text, to 1/100 of a unit; boards repeat the same few many times."""
    text = _NUMBERS.get(value)
    if text is None:
        text = str(round(value, 2)).removesuffix(".0")
        if len(_NUMBERS) < 65536:
            _NUMBERS[value] = text
    return text


def _family(font: Font, first: str | None = None) -> str:
    names = (first, *font.families) if first and first != font.family else font.families
    return ", ".join(f"'{name}'" if " " in name else name for name in names)


def face_family(font: Font, texts: Iterable[str] = ()) -> str:
    """The CSS family name an embedded ``font`` goes by: its own, or for a subset (the text
    font's) its own and the digest of the characters it holds, so that two SVGs on one page
    holding different subsets do not hide each other's glyphs."""
    if font.embed_whole:
        return font.family
    from roads.drawing.subset import characters

    digest = hashlib.sha256(characters(texts).encode("utf-8")).hexdigest()[:10]
    return f"{font.family} {digest}"


def font_face(font: Font, texts: Iterable[str] = (), *, family: str | None = None) -> str:
    """The CSS ``@font-face`` rule that embeds ``font`` (for a page that holds SVGs written
    without their own, see ``to_svg``): all of it, or, for a font too large for that (the text
    font), the glyphs of the characters of ``texts``. ``family`` is the name it goes by
    (default: ``face_family``; SVGs written without their own font name ``font.family``)."""
    texts = list(texts)
    if font.embed_whole:
        uri = font_data_uri(font)
    else:
        from roads.drawing.subset import characters, subset_bytes

        data = subset_bytes(font, characters(texts))
        uri = "data:font/otf;base64," + base64.b64encode(data).decode("ascii")
    source = f"url({uri}) format('opentype')"
    return f"@font-face{{font-family:'{family or face_family(font, texts)}';src:{source};}}"


Shown = tuple[float | None, float | None]
"""When a shape of an animated scene is visible: from (None: the start) until (None: the end),
in seconds."""


def to_svg(
    scene: Scene,
    scale: float = 1.0,
    *,
    shown: Sequence[Shown] | None = None,
    embed_font: bool = True,
    text_as_paths: bool = False,
) -> str:
    """The SVG document of ``scene``; ``scale`` sets its width and height, not its viewBox.

    ``shown``, one pair per shape, animates the scene with SMIL ``<set>`` elements. Shapes
    visible at the end are visible in a viewer that does not animate, so a still picture of the
    document is its last state. ``embed_font=False`` leaves out the scene's font, for an HTML
    page that holds several SVGs and embeds each font once (``font_face``). ``text_as_paths``
    draws each text as a path of its glyphs' outlines and embeds no font: for viewers that
    ignore embedded fonts (librsvg, Inkscape, cairosvg); the text stays in the title and
    description.
    """
    prefix = _PLACEHOLDER
    font = scene.drawn_font()
    drawing = svgwrite.Drawing(
        size=(_num(scene.width * scale), _num(scene.height * scale)),
        profile="full",
        debug=False,
    )
    root = drawing.attribs
    root["viewBox"] = f"0 0 {_num(scene.width)} {_num(scene.height)}"
    root["id"] = prefix
    root["role"] = "img"
    root["aria-labelledby"] = f"{prefix}-title {prefix}-desc"
    root["lang"] = scene.language
    if not text_as_paths:
        root["font-family"] = _family(
            font, face_family(font, scene.texts()) if embed_font else None
        )
        root["style"] = "font-kerning:none"

    drawing.elements.insert(0, _text_element("title", scene.title, f"{prefix}-title"))
    drawing.elements.insert(1, _text_element("desc", scene.description, f"{prefix}-desc"))
    if embed_font and not text_as_paths:
        drawing.defs.add(drawing.style(font_face(font, scene.texts())))
    if scene.background is not None:
        drawing.add(
            drawing.rect(
                (0, 0),
                (_num(scene.width), _num(scene.height)),
                fill=scene.background,
                class_="background",
            )
        )
    # Shapes in a row that look alike share their style from a <g>, which keeps the file small.
    runs = itertools.groupby(enumerate(scene.shapes), key=lambda item: _style(item[1]))
    for style, run in runs:
        members = list(run)
        parent: BaseElement = drawing
        if len(members) > 1:
            parent = drawing.add(_Element("g", style))
        for index, shape in members:
            if text_as_paths and isinstance(shape, Text):
                element = _outline(shape, font, {} if len(members) > 1 else style)
            else:
                element = _element(shape, {} if len(members) > 1 else style)
            if shown is not None:
                _animate(drawing, element, *shown[index])
            parent.add(element)
    # svgwrite's own tostring encodes to UTF-8 and back; the text form is the same, faster.
    document = ElementTree.tostring(drawing.get_xml(), encoding="unicode")
    # Ids come from the content: the digest of the document written with a placeholder.
    digest = hashlib.sha256(document.encode("utf-8")).hexdigest()[:12]
    return document.replace(_PLACEHOLDER, f"roads-{digest}")


def _seconds(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") + "s"


def _animate(
    drawing: svgwrite.Drawing, element: BaseElement, start: float | None, end: float | None
) -> None:
    if end is None:
        if start:
            element.add(
                drawing.set(
                    attributeName="visibility", to="hidden", begin="0s", end=_seconds(start)
                )
            )
        return
    element["visibility"] = "hidden"
    element.add(
        drawing.set(
            attributeName="visibility",
            to="visible",
            begin=_seconds(start or 0.0),
            end=_seconds(end),
        )
    )


class _Element(BaseElement):  # type: ignore[misc]
    """An svgwrite element whose attributes are final SVG names and text already, and which may
    hold text: a board has hundreds of marks, and svgwrite's general path (validation, name
    translation, value conversion) would cost more than all the rest of the drawing."""

    def __init__(self, name: str, attributes: dict[str, str], text: str | None = None) -> None:
        super().__init__(debug=False)
        self.elementname = name
        self.attribs = attributes
        self._text = text

    def get_xml(self) -> ElementTree.Element:
        xml = ElementTree.Element(self.elementname, self.attribs)
        xml.text = self._text
        for element in self.elements:
            xml.append(element.get_xml())
        return xml


def _text_element(name: str, text: str, element_id: str) -> _Element:
    return _Element(name, {"id": element_id}, text)


def _style(shape: Shape) -> dict[str, str]:
    """The presentation attributes of ``shape``: those a group can hold for its members."""
    if isinstance(shape, Text):
        style = {"font-size": _num(shape.size), "fill": shape.fill}
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
            "stroke-width": _num(shape.stroke_width),
            "stroke-linecap": "round",
        }
    if isinstance(shape, Grid):
        return {
            "stroke": shape.stroke,
            "stroke-width": _num(shape.stroke_width),
            "fill": "none",
            "shape-rendering": "crispEdges",
        }
    style = {"fill": shape.fill or "none"}
    if shape.stroke:
        style.update({"stroke": shape.stroke, "stroke-width": _num(shape.stroke_width)})
    return style


def _element(shape: Shape, style: dict[str, str]) -> _Element:
    """The element of ``shape`` with the given style attributes (none when a group holds them)."""
    if isinstance(shape, Circle):
        name, geometry = "circle", {"cx": _num(shape.cx), "cy": _num(shape.cy), "r": _num(shape.r)}
    elif isinstance(shape, Line):
        name = "line"
        geometry = {
            "x1": _num(shape.x1),
            "y1": _num(shape.y1),
            "x2": _num(shape.x2),
            "y2": _num(shape.y2),
        }
    elif isinstance(shape, Rect):
        name, geometry = "rect", _rect_geometry(shape)
    elif isinstance(shape, Grid):
        name, geometry = "path", {"d": _grid_path(shape)}
    else:
        name, geometry = "text", {"x": _num(shape.x), "y": _num(shape.y)}
    if shape.classes:
        geometry["class"] = " ".join(shape.classes)
    return _Element(name, {**geometry, **style}, shape.text if isinstance(shape, Text) else None)


def _outline(shape: Text, font: Font, style: dict[str, str]) -> _Element:
    """``shape`` as a path of its glyphs' outlines, set in ``font``."""
    from roads.drawing.subset import outline

    path = outline(font, shape.text, x=shape.x, y=shape.y, size=shape.size, anchor=shape.anchor)
    attributes = {"d": path, "aria-label": shape.text}
    if shape.classes:
        attributes["class"] = " ".join(shape.classes)
    style = {key: value for key, value in style.items() if key not in _TEXT_ONLY}
    return _Element("path", {**attributes, **style})


_TEXT_ONLY = frozenset({"font-size", "text-anchor"})


def _rect_geometry(shape: Rect) -> dict[str, str]:
    # A Rect's stroke lies inside its box (as in the PNG backend), so edges land on whole pixels.
    inset = shape.stroke_width / 2 if shape.stroke else 0.0
    geometry = {
        "x": _num(shape.x + inset),
        "y": _num(shape.y + inset),
        "width": _num(shape.width - 2 * inset),
        "height": _num(shape.height - 2 * inset),
    }
    if shape.radius:
        geometry["rx"] = _num(max(0.0, shape.radius - inset))
    return geometry


def _grid_path(grid: Grid) -> str:
    # A grid line of width w at p covers [p - w/2, p + w/2), drawn centred on p; crispEdges.
    right = grid.x + grid.cols * grid.cell_width
    bottom = grid.y + grid.rows * grid.cell_height
    parts = [
        f"M{_num(grid.x + i * grid.cell_width)} {_num(grid.y)}V{_num(bottom)}"
        for i in range(1, grid.cols)
    ]
    parts += [
        f"M{_num(grid.x)} {_num(grid.y + j * grid.cell_height)}H{_num(right)}"
        for j in range(1, grid.rows)
    ]
    return "".join(parts)
