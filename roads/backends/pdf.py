"""Scenes as a PDF document: one page each, vector shapes and real text.

Each scene is drawn on its own page, placed as its ``Paper`` says (``roads.drawing.paper``):
the same shapes the SVG and PNG backends draw, as PDF paths, and its text as text in the
shipped font it is set in, embedded as a CID-keyed CFF program cut down to the glyphs the
document draws (``roads.backends.cff``), with a ToUnicode map so the text can be searched and
copied. The document is written here, object by object (the PDF syntax it needs is a few
dozen lines; the libraries that write PDF and embed CFF fonts cost a drawing command a second
to import). Nothing in it depends on the clock: no creation date, and an ID derived from the
content, so the same scenes give the same bytes.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from roads import __version__
from roads.backends import cff
from roads.backends.digest import sha256_hex
from roads.drawing.fonts import Font, font_tables, glyph_ids, metrics
from roads.drawing.paper import Paper, Placement
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text

KAPPA = 0.5522847498
"""How far a cubic Bézier's control points lie along the tangents to draw a quarter circle."""
HALO_WIDTH = 2.5
"""The width of the stroke behind text with a halo, in board units (as the SVG's)."""
_LANGUAGES = {"zh": "zh-Hans", "zh-hant": "zh-Hant"}
"""A scene's language as the document's /Lang (BCP 47) where the two differ."""


def _number(value: float) -> str:
    """A coordinate to 1/1000, without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _colour(colour: str) -> str:
    value = colour.lstrip("#")
    return " ".join(_number(int(value[i : i + 2], 16) / 255) for i in (0, 2, 4))


def _text_string(text: str) -> bytes:
    """``text`` as a PDF text string (the info dictionary's): UTF-16 with its byte order mark."""
    return b"<" + ("\ufeff" + text).encode("utf-16-be").hex().upper().encode() + b">"


@dataclass(slots=True)
class _FontUse:
    """A font as the document uses it: its resource name and the characters drawn in it."""

    font: Font
    name: str
    characters: set[str] = field(default_factory=set)


class _Page:
    """The content stream of one page: ``scene`` drawn at ``placement``."""

    def __init__(self, font: _FontUse) -> None:
        self.font = font
        self.out: list[str] = []
        self.fill: str | None = None
        self.stroke: str | None = None
        self.width: float | None = None
        self.cap: int | None = None

    def set_fill(self, colour: str) -> None:
        if colour != self.fill:
            self.out.append(f"{_colour(colour)} rg")
            self.fill = colour

    def set_stroke(self, colour: str, width: float, cap: int = 0) -> None:
        if colour != self.stroke:
            self.out.append(f"{_colour(colour)} RG")
            self.stroke = colour
        if width != self.width:
            self.out.append(f"{_number(width)} w")
            self.width = width
        if cap != self.cap:
            self.out.append(f"{cap} J")
            self.cap = cap

    def paint(self, fill: str | None, stroke: str | None, width: float) -> str | None:
        """Set the colours of a closed shape and say how to paint it (None: not at all)."""
        if fill:
            self.set_fill(fill)
        if stroke and width:
            self.set_stroke(stroke, width)
            return "B" if fill else "S"
        return "f" if fill else None

    def circle(self, shape: Circle) -> None:
        operator = self.paint(shape.fill, shape.stroke, shape.stroke_width)
        if operator:
            self.out.append(_ellipse(shape.cx, shape.cy, shape.r) + operator)

    def rect(self, shape: Rect) -> None:
        inset = shape.stroke_width / 2 if shape.stroke else 0.0
        x, y = shape.x + inset, shape.y + inset
        width, height = shape.width - 2 * inset, shape.height - 2 * inset
        if width <= 0 or height <= 0:
            return
        operator = self.paint(shape.fill, shape.stroke, shape.stroke_width)
        if not operator:
            return
        radius = min(max(0.0, shape.radius - inset), width / 2, height / 2)
        if radius:
            self.out.append(_rounded(x, y, width, height, radius) + operator)
        else:
            self.out.append(
                f"{_number(x)} {_number(y)} {_number(width)} {_number(height)} re {operator}"
            )

    def line(self, shape: Line) -> None:
        self.set_stroke(shape.stroke, shape.stroke_width, cap=1)
        self.out.append(
            f"{_number(shape.x1)} {_number(shape.y1)} m {_number(shape.x2)} {_number(shape.y2)} l S"
        )

    def grid(self, shape: Grid) -> None:
        self.set_stroke(shape.stroke, shape.stroke_width)
        right = shape.x + shape.cols * shape.cell_width
        bottom = shape.y + shape.rows * shape.cell_height
        parts = []
        for i in range(1, shape.cols):
            x = _number(shape.x + i * shape.cell_width)
            parts.append(f"{x} {_number(shape.y)} m {x} {_number(bottom)} l")
        for j in range(1, shape.rows):
            y = _number(shape.y + j * shape.cell_height)
            parts.append(f"{_number(shape.x)} {y} m {_number(right)} {y} l")
        if parts:
            self.out.append(" ".join(parts) + " S")

    def text(self, shape: Text) -> None:
        font = self.font
        font.characters.update(shape.text)
        measure = metrics(font.font)
        share = {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor]
        x = shape.x - share * measure.width(shape.text, shape.size)
        codes = _codes(font.font, shape.text)
        place = f"1 0 0 -1 {_number(x)} {_number(shape.y)} Tm"
        start = f"BT /{font.name} {_number(shape.size)} Tf {place}"
        if shape.halo:
            self.out.append("q 1 j")
            self.set_stroke(shape.halo, HALO_WIDTH)
            self.out.append(f"{start} 1 Tr <{codes}> Tj ET Q")
            self.stroke = self.width = self.cap = None  # restored by Q
        self.set_fill(shape.fill)
        self.out.append(f"{start} <{codes}> Tj ET")

    def shape(self, shape: Shape) -> None:
        if isinstance(shape, Circle):
            self.circle(shape)
        elif isinstance(shape, Line):
            self.line(shape)
        elif isinstance(shape, Rect):
            self.rect(shape)
        elif isinstance(shape, Grid):
            self.grid(shape)
        else:
            self.text(shape)

    def draw(self, scene: Scene, placement: Placement) -> bytes:
        """The page's content: ``scene`` in board units, y down, mapped onto the page."""
        scale = placement.scale
        top = placement.height - placement.y
        self.out.append(
            f"q {_number(scale)} 0 0 {_number(-scale)} {_number(placement.x)} {_number(top)} cm"
        )
        if scene.background is not None:
            self.set_fill(scene.background)
            self.out.append(f"0 0 {_number(scene.width)} {_number(scene.height)} re f")
        for shape in scene.shapes:
            self.shape(shape)
        self.out.append("Q")
        return "\n".join(self.out).encode("ascii")


def _ellipse(cx: float, cy: float, r: float) -> str:
    k = KAPPA * r
    n = _number
    return (
        f"{n(cx + r)} {n(cy)} m "
        f"{n(cx + r)} {n(cy + k)} {n(cx + k)} {n(cy + r)} {n(cx)} {n(cy + r)} c "
        f"{n(cx - k)} {n(cy + r)} {n(cx - r)} {n(cy + k)} {n(cx - r)} {n(cy)} c "
        f"{n(cx - r)} {n(cy - k)} {n(cx - k)} {n(cy - r)} {n(cx)} {n(cy - r)} c "
        f"{n(cx + k)} {n(cy - r)} {n(cx + r)} {n(cy - k)} {n(cx + r)} {n(cy)} c h "
    )


def _rounded(x: float, y: float, width: float, height: float, r: float) -> str:
    k = (1 - KAPPA) * r
    n = _number
    right, bottom = x + width, y + height
    return (
        f"{n(x + r)} {n(y)} m {n(right - r)} {n(y)} l "
        f"{n(right - k)} {n(y)} {n(right)} {n(y + k)} {n(right)} {n(y + r)} c "
        f"{n(right)} {n(bottom - r)} l "
        f"{n(right)} {n(bottom - k)} {n(right - k)} {n(bottom)} {n(right - r)} {n(bottom)} c "
        f"{n(x + r)} {n(bottom)} l "
        f"{n(x + k)} {n(bottom)} {n(x)} {n(bottom - k)} {n(x)} {n(bottom - r)} c "
        f"{n(x)} {n(y + r)} l "
        f"{n(x)} {n(y + k)} {n(x + k)} {n(y)} {n(x + r)} {n(y)} c h "
    )


def _glyph(font: Font, char: str) -> int:
    """The glyph that draws ``char`` in ``font`` (0, its empty box, where it has none)."""
    return glyph_ids(font).get(ord(char), 0)


def _codes(font: Font, text: str) -> str:
    """``text`` as the font's CIDs, two bytes each, in hex (the Identity-H encoding)."""
    cids = cff.cids(font)
    return "".join(f"{cids[_glyph(font, char)]:04X}" for char in text)


class _Document:
    """The objects of a PDF, numbered in the order they are added."""

    def __init__(self) -> None:
        self.objects: list[bytes] = []

    def reserve(self) -> int:
        self.objects.append(b"")
        return len(self.objects)

    def set(self, number: int, body: bytes) -> None:
        self.objects[number - 1] = body

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def stream(self, data: bytes, extra: bytes = b"") -> int:
        packed = zlib.compress(data, 6)
        head = b"<< /Length %d /Filter /FlateDecode%s >>\nstream\n" % (len(packed), extra)
        return self.add(head + packed + b"\nendstream")

    def bytes(self, root: int, info: int) -> bytes:
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self.objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        digest = sha256_hex(bytes(out))[:32].upper().encode()
        out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] >>\n" % (
            len(self.objects) + 1,
            root,
            info,
            digest,
            digest,
        )
        out += b"startxref\n%d\n%%%%EOF\n" % xref
        return bytes(out)


def _font_objects(document: _Document, use: _FontUse) -> int:
    """Add ``use``'s font (Type 0, its CIDFont, descriptor, program and ToUnicode map)."""
    font = use.font
    measure = metrics(font)
    per_unit = 1000 / measure.units_per_em
    cids = cff.cids(font)
    drawn = sorted(set(use.characters))
    glyphs = {_glyph(font, char) for char in drawn}
    tag = _tag("".join(drawn))
    base = f"{tag}+{font.family.replace(' ', '')}"
    program = document.stream(cff.subset(font, glyphs), b" /Subtype /CIDFontType0C")
    widths = {}
    for char in drawn:
        glyph = _glyph(font, char)
        advance = measure.advances.get(ord(char), measure.missing_advance)
        widths[cids[glyph]] = round(advance * per_unit)
    descriptor = document.add(
        (
            f"<< /Type /FontDescriptor /FontName /{base} /Flags 4 "
            f"/FontBBox [{_bounding_box(font)}] /ItalicAngle 0 "
            f"/Ascent {round(measure.ideographic_top * per_unit)} "
            f"/Descent {round(measure.ideographic_bottom * per_unit)} "
            f"/CapHeight {round(measure.cap_height * per_unit)} /StemV 80 "
            f"/FontFile3 {program} 0 R >>"
        ).encode()
    )
    w = " ".join(f"{cid} [{width}]" for cid, width in sorted(widths.items()))
    cid_font = document.add(
        (
            f"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /{base} "
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
            f"/FontDescriptor {descriptor} 0 R /DW 1000 /W [{w}] >>"
        ).encode()
    )
    to_unicode = document.stream(_to_unicode(font, drawn))
    return document.add(
        (
            f"<< /Type /Font /Subtype /Type0 /BaseFont /{base} /Encoding /Identity-H "
            f"/DescendantFonts [{cid_font} 0 R] /ToUnicode {to_unicode} 0 R >>"
        ).encode()
    )


def _tag(characters: str) -> str:
    """The six capitals a subset font's name starts with, from the characters it holds (the
    document's one SHA-256 is its ID's: a second would load OpenSSL's, see ``digest``)."""
    value = zlib.crc32(characters.encode("utf-8"))
    letters = []
    for _ in range(6):
        value, letter = divmod(value, 26)
        letters.append(chr(65 + letter))
    return "".join(letters)


def _bounding_box(font: Font) -> str:
    """``font``'s bounding box (xMin yMin xMax yMax, its head table's), in 1000ths of an em."""
    head = font_tables(font)["head"]
    units_per_em = struct.unpack_from(">H", head, 18)[0]
    box = struct.unpack_from(">hhhh", head, 36)
    return " ".join(str(round(value * 1000 / units_per_em)) for value in box)


def _to_unicode(font: Font, drawn: Sequence[str]) -> bytes:
    """The CMap that maps each CID drawn back to its character, so text can be copied."""
    cids = cff.cids(font)
    pairs = sorted({cids[_glyph(font, char)]: char for char in drawn if _glyph(font, char)}.items())
    lines = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<0000> <FFFF>",
        "endcodespacerange",
    ]
    for start in range(0, len(pairs), 100):
        chunk = pairs[start : start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{cid:04X}> <{char.encode('utf-16-be').hex().upper()}>" for cid, char in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


FIT = Paper()
"""A page the size of its picture."""


def to_pdf(scenes: Sequence[Scene], *, paper: Paper = FIT, scale: float = 1.0) -> bytes:
    """The PDF document of ``scenes``, one page each.

    Parameters:
        scenes: the pictures, in page order (at least one).
        paper: the paper each is printed on (``fit``: each page is its picture).
        scale: a picture's size on a page that fits it, times its natural size (one board
            unit is 0.75 point at 1).

    Returns:
        The document's bytes: the same scenes give the same bytes.
    """
    if not scenes:
        raise ValueError("a PDF needs at least one page")
    document = _Document()
    root = document.reserve()
    pages = document.reserve()
    uses: dict[Font, _FontUse] = {}
    page_objects = []
    page_fonts = []
    contents = []
    for scene in scenes:
        font = scene.drawn_font()
        use = uses.setdefault(font, _FontUse(font, f"F{len(uses) + 1}"))
        placement = paper.place(scene.width, scene.height, scale)
        contents.append((document.stream(_Page(use).draw(scene, placement)), placement))
        page_fonts.append(use)
    font_objects = {font: _font_objects(document, use) for font, use in uses.items()}
    for (content, placement), use in zip(contents, page_fonts, strict=True):
        box = f"0 0 {_number(placement.width)} {_number(placement.height)}"
        page_objects.append(
            document.add(
                (
                    f"<< /Type /Page /Parent {pages} 0 R /MediaBox [{box}] "
                    f"/Resources << /Font << /{use.name} {font_objects[use.font]} 0 R >> >> "
                    f"/Contents {content} 0 R >>"
                ).encode()
            )
        )
    kids = " ".join(f"{number} 0 R" for number in page_objects)
    document.set(pages, f"<< /Type /Pages /Kids [{kids}] /Count {len(page_objects)} >>".encode())
    first = scenes[0]
    language = _LANGUAGES.get(first.language, first.language)
    document.set(
        root,
        (
            f"<< /Type /Catalog /Pages {pages} 0 R /Lang ({language}) "
            "/ViewerPreferences << /DisplayDocTitle true >> >>"
        ).encode(),
    )
    info = document.add(
        b"<< /Title "
        + _text_string(first.title)
        + b" /Producer "
        + _text_string(f"roads {__version__}")
        + b" >>"
    )
    return document.bytes(root, info)
