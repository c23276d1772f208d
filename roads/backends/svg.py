"""A Scene as SVG. The only module that imports svgwrite.

The document is written as text, element by element, straight from the Scene: a board has
hundreds of marks, and an svgwrite object per mark (its parameters, its validator, ElementTree
after it) cost ten times the writing and the import of svgwrite alone 33 ms, more than a whole
``roads render`` should. :func:`svgwrite_document` builds the same document with svgwrite's
element types, byte for byte (the tests hold the two to that): it is the reference the text
writer answers to, and imports svgwrite only when it is called.

The scene's font is embedded (as a data-URI ``@font-face``), so it looks the same in a browser
that lacks it; every font-family list ends with a generic family. The text font, too large to
embed whole, is embedded as a subset of the glyphs the document draws; ``text_as_paths`` draws
the text as outlines instead, for viewers that ignore embedded fonts. Ids are derived from the
content, so two boards can share one HTML page, and the same scene gives the same bytes.
"""

from __future__ import annotations

import base64
import itertools
import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from roads.backends.digest import sha256_hex
from roads.backends.svg_shapes import (
    Markup,
    element_of,
    escaped,
    escaped_text,
    markup_of,
    number,
    style_of,
    write_still,
    written_attributes,
)
from roads.drawing.fonts import Font, font_data_uri
from roads.drawing.scene import Scene, Shape, Text

if TYPE_CHECKING:
    from svgwrite import Drawing
    from svgwrite.base import BaseElement


_PLACEHOLDER = "roads-0000000000000000"


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

    digest = sha256_hex(characters(texts).encode("utf-8"))[:10]
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
    font = scene.drawn_font()
    parts = _head(scene, scale, font, embed_font=embed_font, text_as_paths=text_as_paths)
    if shown is None and not text_as_paths:
        write_still(scene.shapes, parts)
    else:
        for members, style in _runs(scene.shapes):
            grouped = len(members) > 1
            style_text = written_attributes(style)
            if grouped:
                parts.append(f"<g{style_text}>")
            own_style = "" if grouped else style_text
            for index, shape in members:
                if text_as_paths and isinstance(shape, Text):
                    name, attributes, text = _outline(shape, font, {} if grouped else style)
                    head = written_attributes(attributes)
                else:
                    name, head, text = markup_of(shape)
                    head += own_style
                parts.append(_written(name, head, text, None if shown is None else shown[index]))
            if grouped:
                parts.append("</g>")
    parts.append("</svg>")
    return _with_ids("".join(parts))


def _head(
    scene: Scene, scale: float, font: Font, *, embed_font: bool, text_as_paths: bool
) -> list[str]:
    """The document up to its first shape: the root, the title and description, the font, the
    background."""
    root = _root(scene, scale, font, embed_font=embed_font, text_as_paths=text_as_paths)
    parts = [
        "<svg",
        *(f' {name}="{escaped(value)}"' for name, value in sorted(root.items()) if value),
        ">",
        _text_markup("title", scene.title, f"{_PLACEHOLDER}-title"),
        _text_markup("desc", readable_description(scene.description), f"{_PLACEHOLDER}-desc"),
    ]
    if embed_font:
        parts.append(
            f'<defs><style type="text/css"><![CDATA[{_own_style(scene, font, text_as_paths)}]]>'
        )
        parts.append("</style></defs>")
    else:
        parts.append("<defs />")
    if scene.background is not None:
        width, height = escaped(number(scene.width)), escaped(number(scene.height))
        parts.append(
            f'<rect class="background" fill="{escaped(scene.background)}" height="{height}" '
            f'width="{width}" x="0" y="0" />'
        )
    return parts


def _written(name: str, head: str, text: str | None, shown: Shown | None) -> str:
    """An element ``name`` with the attributes ``head`` (written) and ``text``, shown as
    ``shown`` says (None: always)."""
    children = ""
    if shown is not None:
        hidden, change = _visibility(*shown)
        if hidden:
            head += ' visibility="hidden"'
        if change is not None:
            children = f"<set{written_attributes(change)} />"
    if text or children:
        return f"<{name}{head}>{escaped_text(text or '')}{children}</{name}>"
    return f"<{name}{head} />"


def svgwrite_document(
    scene: Scene,
    scale: float = 1.0,
    *,
    shown: Sequence[Shown] | None = None,
    embed_font: bool = True,
    text_as_paths: bool = False,
) -> str:
    """The document :func:`to_svg` writes, built instead as svgwrite's element types (its
    ``Drawing``, ``<set>`` and ``<style>``, and its base element for the marks) and serialised
    by ElementTree: the same bytes, slower. It is the reference the text writer is held to;
    the parameters are ``to_svg``'s."""
    from xml.etree import ElementTree

    import svgwrite

    element_type = _svgwrite_element()
    font = scene.drawn_font()
    drawing = svgwrite.Drawing(profile="full", debug=False)
    drawing.attribs.update(
        _root(scene, scale, font, embed_font=embed_font, text_as_paths=text_as_paths)
    )
    drawing.elements.insert(0, element_type("title", {"id": f"{_PLACEHOLDER}-title"}, scene.title))
    description = readable_description(scene.description)
    drawing.elements.insert(1, element_type("desc", {"id": f"{_PLACEHOLDER}-desc"}, description))
    if embed_font:
        drawing.defs.add(drawing.style(_own_style(scene, font, text_as_paths)))
    if scene.background is not None:
        drawing.add(
            drawing.rect(
                (0, 0),
                (number(scene.width), number(scene.height)),
                fill=scene.background,
                class_="background",
            )
        )
    for members, style in _runs(scene.shapes):
        parent: BaseElement = drawing
        if len(members) > 1:
            parent = drawing.add(element_type("g", style, None))
        for index, shape in members:
            name, attributes, text = _shape(
                shape, font, {} if len(members) > 1 else style, text_as_paths
            )
            element = element_type(name, attributes, text)
            if shown is not None:
                _svgwrite_animation(drawing, element, *shown[index])
            parent.add(element)
    xml = drawing.get_xml()
    # svgwrite declares the XML Events namespace whatever the profile; nothing here uses it,
    # and an HTML page that holds the SVG inline is invalid with it.
    xml.attrib.pop("xmlns:ev", None)
    return _with_ids(ElementTree.tostring(xml, encoding="unicode"))


@cache
def _svgwrite_element() -> type[BaseElement]:
    """svgwrite's base element, for elements whose attributes are final SVG names and text
    already, and which may hold text (svgwrite's own element types take neither)."""
    from xml.etree import ElementTree

    from svgwrite.base import BaseElement

    class Element(BaseElement):  # type: ignore[misc]
        def __init__(self, name: str, attributes: dict[str, str], text: str | None) -> None:
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

    return Element


def _root(
    scene: Scene, scale: float, font: Font, *, embed_font: bool, text_as_paths: bool
) -> dict[str, str]:
    """The attributes of the document's ``<svg>`` element (written in name order)."""
    prefix = _PLACEHOLDER
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "xmlns:xlink": "http://www.w3.org/1999/xlink",
        "baseProfile": "full",
        "version": "1.1",
        "width": number(scene.width * scale),
        "height": number(scene.height * scale),
        "viewBox": f"0 0 {number(scene.width)} {number(scene.height)}",
        "id": prefix,
        "role": "img",
        # The name is short (the title and the summary line); the grids are the description.
        "aria-label": accessible_name(scene.title, scene.description),
        "aria-describedby": f"{prefix}-desc",
        "lang": scene.language,
    }
    if not text_as_paths:
        root["font-family"] = _family(
            font, face_family(font, scene.texts()) if embed_font else None
        )
        root["style"] = "font-kerning:none"
    return root


STANDALONE = ":root{max-width:100%;height:auto}"
"""The rule that fits a document opened alone (a phone, a browser tab) to the window's width,
keeping its proportions, never wider than drawn; ``:root`` leaves an SVG inside a page to the
page's own styles."""


def _own_style(scene: Scene, font: Font, text_as_paths: bool) -> str:
    """The style sheet of a document written whole (``embed_font``): its font, unless its text
    is drawn as outlines, and ``STANDALONE``."""
    return ("" if text_as_paths else font_face(font, scene.texts())) + STANDALONE


def _with_ids(document: str) -> str:
    """``document`` with its ids derived from the content: the digest of the document written
    with a placeholder."""
    digest = sha256_hex(document.encode("utf-8"))[:12]
    return document.replace(_PLACEHOLDER, f"roads-{digest}")


def _runs(
    shapes: Sequence[Shape],
) -> Iterable[tuple[list[tuple[int, Shape]], dict[str, str]]]:
    """The shapes in runs that look alike, with their style: a run of more than one shares its
    style from a ``<g>``, which keeps the file small."""
    for style, run in itertools.groupby(enumerate(shapes), key=lambda item: style_of(item[1])):
        yield list(run), style


NAME_LIMIT = 150
"""The most characters of a board's accessible name, at any size of board."""

_GRID_ROW = re.compile(r"(?: \S{1,3} ?)+")
"""A row of a grid in the description: cells of one to three characters, a space before each."""


def accessible_name(title: str, description: str) -> str:
    """A board's accessible name: its ``title`` and the first line of its ``description`` (the
    counts), at most NAME_LIMIT characters, cut after a whole item of the line where needed."""
    summary = description.split("\n", 1)[0].strip()
    name = f"{title} · {summary}" if title and summary else title or summary
    if len(name) <= NAME_LIMIT:
        return name
    cut = name[: NAME_LIMIT - 1]
    if " · " in cut:
        cut = cut.rsplit(" · ", 1)[0]
    return cut.rstrip() + "…"


def readable_description(description: str) -> str:
    """``description`` with the empty cells of its grids ("·") left blank, so that a screen
    reader reads the marks and not every empty cell."""
    return "\n".join(
        line.replace(" · ", "   ").removesuffix(" ·").rstrip()
        if _GRID_ROW.fullmatch(line)
        else line
        for line in description.split("\n")
    )


def _seconds(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") + "s"


def _visibility(start: float | None, end: float | None) -> tuple[bool, dict[str, str] | None]:
    """Whether a shape shown from ``start`` until ``end`` starts hidden, and the attributes of
    the ``<set>`` that changes that (None: none needed)."""
    if end is None:
        if not start:
            return False, None
        return False, {
            "attributeName": "visibility",
            "begin": "0s",
            "end": _seconds(start),
            "to": "hidden",
        }
    return True, {
        "attributeName": "visibility",
        "begin": _seconds(start or 0.0),
        "end": _seconds(end),
        "to": "visible",
    }


def _svgwrite_animation(
    drawing: Drawing, element: BaseElement, start: float | None, end: float | None
) -> None:
    hidden, change = _visibility(start, end)
    if hidden:
        element["visibility"] = "hidden"
    if change is not None:
        element.add(drawing.set(**change))


def _text_markup(name: str, text: str, element_id: str) -> str:
    if not text:
        return f'<{name} id="{escaped(element_id)}" />'
    return f'<{name} id="{escaped(element_id)}">{escaped_text(text)}</{name}>'


def _shape(shape: Shape, font: Font, style: dict[str, str], text_as_paths: bool) -> Markup:
    """The element that draws ``shape`` with the given style attributes (none when a group
    holds them); a text as the outlines of its glyphs in ``font`` with ``text_as_paths``."""
    if text_as_paths and isinstance(shape, Text):
        return _outline(shape, font, style)
    return element_of(shape, style)


def _outline(shape: Text, font: Font, style: dict[str, str]) -> Markup:
    """``shape`` as a path of its glyphs' outlines, set in ``font``."""
    from roads.drawing.subset import outline

    path = outline(font, shape.text, x=shape.x, y=shape.y, size=shape.size, anchor=shape.anchor)
    attributes = {"d": path, "aria-label": shape.text}
    if shape.classes:
        attributes["class"] = " ".join(shape.classes)
    style = {key: value for key, value in style.items() if key not in _TEXT_ONLY}
    return "path", {**attributes, **style}, None


_TEXT_ONLY = frozenset({"font-size", "text-anchor"})
