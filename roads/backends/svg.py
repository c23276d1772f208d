"""A Scene as SVG, with svgwrite. The only module that imports svgwrite.

The board's font is embedded (as a data-URI ``@font-face``), so it looks the same in a browser
that lacks it; every font-family list ends with a generic family. Ids are derived from the
content, so two boards can share one HTML page, and the same scene gives the same bytes.
"""

from __future__ import annotations

import hashlib

import svgwrite
from svgwrite.base import BaseElement

from roads.drawing.fonts import FALLBACK_FAMILIES, FAMILY, font_data_uri
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text

_ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _family() -> str:
    return ", ".join(f"'{name}'" if " " in name else name for name in FALLBACK_FAMILIES)


def to_svg(scene: Scene, scale: float = 1.0) -> str:
    """The SVG document of ``scene``; ``scale`` sets its width and height, not its viewBox."""
    digest = hashlib.sha256(repr(scene).encode("utf-8")).hexdigest()[:12]
    prefix = f"roads-{digest}"
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
    root["font-family"] = _family()
    root["style"] = "font-kerning:none"

    drawing.elements.insert(0, _text_element("title", scene.title, f"{prefix}-title"))
    drawing.elements.insert(1, _text_element("desc", scene.description, f"{prefix}-desc"))
    drawing.defs.add(
        drawing.style(
            f"@font-face{{font-family:'{FAMILY}';src:url({font_data_uri()}) format('opentype');}}"
        )
    )
    if scene.background is not None:
        drawing.add(
            drawing.rect(
                (0, 0),
                (_num(scene.width), _num(scene.height)),
                fill=scene.background,
                class_="background",
            )
        )
    for shape in scene.shapes:
        drawing.add(_element(drawing, shape))
    return str(drawing.tostring())


class _Plain(BaseElement):  # type: ignore[misc]
    """An element with text content, such as <title> and <desc>."""

    def __init__(self, name: str, text: str, **attributes: str) -> None:
        super().__init__(debug=False, **attributes)
        self.elementname = name
        self._text = text

    def get_xml(self):  # type: ignore[no-untyped-def]
        xml = super().get_xml()
        xml.text = self._text
        return xml


def _text_element(name: str, text: str, element_id: str) -> _Plain:
    return _Plain(name, text, id=element_id)


def _classes(shape: Shape) -> dict[str, str]:
    return {"class_": " ".join(shape.classes)} if shape.classes else {}


def _paint(fill: str | None, stroke: str | None, width: float) -> dict[str, str]:
    paint = {"fill": fill or "none"}
    if stroke:
        paint["stroke"] = stroke
        paint["stroke_width"] = _num(width)
    return paint


def _element(drawing: svgwrite.Drawing, shape: Shape) -> BaseElement:
    if isinstance(shape, Circle):
        return drawing.circle(
            (_num(shape.cx), _num(shape.cy)),
            _num(shape.r),
            **_paint(shape.fill, shape.stroke, shape.stroke_width),
            **_classes(shape),
        )
    if isinstance(shape, Line):
        return drawing.line(
            (_num(shape.x1), _num(shape.y1)),
            (_num(shape.x2), _num(shape.y2)),
            stroke=shape.stroke,
            stroke_width=_num(shape.stroke_width),
            stroke_linecap="round",
            **_classes(shape),
        )
    if isinstance(shape, Rect):
        extra = {"rx": _num(shape.radius)} if shape.radius else {}
        return drawing.rect(
            (_num(shape.x), _num(shape.y)),
            (_num(shape.width), _num(shape.height)),
            **_paint(shape.fill, shape.stroke, shape.stroke_width),
            **extra,
            **_classes(shape),
        )
    if isinstance(shape, Grid):
        return drawing.path(
            d=_grid_path(shape),
            stroke=shape.stroke,
            stroke_width=_num(shape.stroke_width),
            fill="none",
            shape_rendering="crispEdges",
            **_classes(shape),
        )
    return _text(drawing, shape)


def _grid_path(grid: Grid) -> str:
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


def _text(drawing: svgwrite.Drawing, shape: Text) -> BaseElement:
    attributes: dict[str, str] = {
        "insert": (_num(shape.x), _num(shape.y)),  # type: ignore[dict-item]
        "font_size": _num(shape.size),
        "fill": shape.fill,
        **_classes(shape),
    }
    if shape.anchor != "start":
        attributes["text_anchor"] = _ANCHORS[shape.anchor]
    if shape.halo:
        attributes.update(
            stroke=shape.halo, stroke_width="2.5", paint_order="stroke", stroke_linejoin="round"
        )
    return drawing.text(shape.text, **attributes)
