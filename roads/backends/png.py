"""A Scene as PNG, with Pillow.

Pillow draws circles and slanted lines without anti-aliasing, so each one is rasterised once,
four times larger, into a coverage mask that is shrunk and cached: every later mark of the same
shape, size and sub-pixel offset is one paste. Grid lines land on whole pixels, so they stay
crisp; text is drawn by FreeType on the same baselines the SVG uses.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from roads.backends.pngfile import still_png
from roads.drawing.fonts import Font, font_file
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text
from roads.errors import RoadsError

MOST_PIXELS = 250_000_000
"""The largest PNG drawn (about 750 MB of memory while drawing)."""
_SUPERSAMPLE = 4
_STEPS = 4
"""Sub-pixel positions per pixel that masks are made for."""
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}

RGB = tuple[int, int, int]


@cache
def _rgb(colour: str) -> RGB:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@cache
def _font(font: Font, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_file(font), size)  # a str: no pathlib to import


def _split(value: float) -> tuple[int, float]:
    """A pixel coordinate as a whole pixel and a fraction rounded to 1/_STEPS."""
    whole = math.floor(value)
    fraction = round((value - whole) * _STEPS) / _STEPS
    if fraction == 1.0:
        return whole + 1, 0.0
    return whole, fraction


@cache
def _disc_mask(radius: float, fx: float, fy: float) -> Image.Image:
    """Coverage of a disc of ``radius`` centred ``fx``, ``fy`` into a pixel, plus a margin."""
    return _mask(
        math.ceil(radius) + 1,
        lambda d, k, c: d.ellipse(
            (c[0] - radius * k, c[1] - radius * k, c[0] + radius * k, c[1] + radius * k), fill=255
        ),
        fx,
        fy,
    )


@cache
def _ring_mask(radius: float, width: float, fx: float, fy: float) -> Image.Image:
    outer, inner = radius + width / 2, radius - width / 2

    def paint(d: ImageDraw.ImageDraw, k: int, c: tuple[float, float]) -> None:
        d.ellipse((c[0] - outer * k, c[1] - outer * k, c[0] + outer * k, c[1] + outer * k), 255)
        if inner > 0:
            d.ellipse((c[0] - inner * k, c[1] - inner * k, c[0] + inner * k, c[1] + inner * k), 0)

    return _mask(math.ceil(outer) + 1, paint, fx, fy)


@cache
def _line_mask(dx: float, dy: float, width: float, fx: float, fy: float) -> Image.Image:
    """A line from the centre to (dx, dy) further, round caps, first end at offset fx, fy."""
    reach = math.ceil(max(abs(dx), abs(dy)) + width) + 1

    def paint(d: ImageDraw.ImageDraw, k: int, c: tuple[float, float]) -> None:
        x1, y1, x2, y2 = c[0], c[1], c[0] + dx * k, c[1] + dy * k
        w = width * k
        d.line((x1, y1, x2, y2), fill=255, width=round(w))
        for x, y in ((x1, y1), (x2, y2)):
            d.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=255)

    return _mask(reach, paint, fx, fy)


@cache
def _text_mask(
    font: Font, text: str, size: float, anchor: str, fx: float, fy: float, stroke: int
) -> tuple[Any, int, int]:
    """Coverage of ``text`` set in ``font`` on a baseline at offset fx, fy into a pixel (as
    Pillow's core image), and where it starts: FreeType lays the text out once, and gives the
    coverage ``ImageDraw.text`` would paint (a halo's, ``stroke`` wide, is drawn as it draws
    it, the outline under the letters)."""
    face = _font(font, size)
    if not stroke:
        core, offset = face.getmask2(text, "L", anchor=anchor, start=(fx, fy))
        return core, offset[0], offset[1]
    box = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    left, top, right, bottom = math.floor(box[0]) - 1, math.floor(box[1]) - 1, box[2], box[3]
    mask = Image.new("L", (math.ceil(right) + 2 - left, math.ceil(bottom) + 2 - top), 0)
    ImageDraw.Draw(mask).text(
        (fx - left, fy - top),
        text,
        fill=255,
        font=face,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255,
    )
    return mask.im, left, top


def _mask(half: int, paint: object, fx: float, fy: float) -> Image.Image:
    """Rasterise ``paint`` around a centre at (half + fx, half + fy), supersampled."""
    k = _SUPERSAMPLE
    size = 2 * half + 1
    big = Image.new("L", (size * k, size * k), 0)
    centre = ((half + fx) * k, (half + fy) * k)
    paint(ImageDraw.Draw(big), k, centre)  # type: ignore[operator]
    return big.reduce(k)


class _Canvas:
    def __init__(self, scene: Scene, scale: float) -> None:
        self.scale = scale
        self.font = scene.drawn_font()
        size = (max(1, round(scene.width * scale)), max(1, round(scene.height * scale)))
        if size[0] * size[1] > MOST_PIXELS:
            raise RoadsError(
                f"the picture would be {size[0]:,} x {size[1]:,} pixels, more than "
                f"{MOST_PIXELS:,}: draw it at a smaller scale, or keep fewer columns",
                about=("scale", "columns"),
            )
        if scene.background is None:
            self.image = Image.new("RGBA", size, (0, 0, 0, 0))
        else:
            self.image = Image.new("RGB", size, _rgb(scene.background))
        self.draw = ImageDraw.Draw(self.image)
        self.paste = self.image.im.paste
        """Pillow's own paste of a colour through a coverage mask (``Image.paste`` less its
        checks, made once for a picture drawn here: a board is hundreds of pastes)."""

    def stamp(self, mask: Image.Image, x: int, y: int, half: int, colour: str) -> None:
        left, top = x - half, y - half
        box = (left, top, left + mask.width, top + mask.height)
        self.paste(_rgb(colour), box, mask.im)

    def circle(self, shape: Circle) -> None:
        s = self.scale
        x, fx = _split(shape.cx * s)
        y, fy = _split(shape.cy * s)
        if shape.fill:
            mask = _disc_mask(shape.r * s, fx, fy)
            self.stamp(mask, x, y, mask.width // 2, shape.fill)
        if shape.stroke and shape.stroke_width:
            mask = _ring_mask(shape.r * s, shape.stroke_width * s, fx, fy)
            self.stamp(mask, x, y, mask.width // 2, shape.stroke)

    def line(self, shape: Line) -> None:
        s = self.scale
        x, fx = _split(shape.x1 * s)
        y, fy = _split(shape.y1 * s)
        mask = _line_mask(
            (shape.x2 - shape.x1) * s, (shape.y2 - shape.y1) * s, shape.stroke_width * s, fx, fy
        )
        self.stamp(mask, x, y, mask.width // 2, shape.stroke)

    def rect(self, shape: Rect) -> None:
        s = self.scale
        box = (shape.x * s, shape.y * s, (shape.x + shape.width) * s, (shape.y + shape.height) * s)
        if shape.radius:
            if shape.stroke and shape.stroke_width:
                self._rounded(box, shape.radius * s, shape.stroke)
                inset = shape.stroke_width * s
                box = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
                self._rounded(box, shape.radius * s - inset, shape.fill)
            else:
                self._rounded(box, shape.radius * s, shape.fill)
            return
        left, top, right, bottom = (round(v) for v in box)
        if right <= left or bottom <= top:
            return
        if shape.fill:
            self.draw.rectangle((left, top, right - 1, bottom - 1), fill=_rgb(shape.fill))
        if shape.stroke and shape.stroke_width:
            w = max(1, round(shape.stroke_width * s))
            colour = _rgb(shape.stroke)
            for edge in (
                (left, top, right - 1, top + w - 1),
                (left, bottom - w, right - 1, bottom - 1),
                (left, top, left + w - 1, bottom - 1),
                (right - w, top, right - 1, bottom - 1),
            ):
                self.draw.rectangle(edge, fill=colour)

    def _rounded(
        self, box: tuple[float, float, float, float], radius: float, fill: str | None
    ) -> None:
        if not fill:
            return
        left, top, right, bottom = box
        radius = min(radius, (right - left) / 2, (bottom - top) / 2)
        colour = _rgb(fill)
        for band in (
            (round(left + radius), round(top), round(right - radius) - 1, round(bottom) - 1),
            (round(left), round(top + radius), round(right) - 1, round(bottom - radius) - 1),
        ):
            if band[2] >= band[0] and band[3] >= band[1]:
                self.draw.rectangle(band, fill=colour)
        for cx, cy in (
            (left + radius, top + radius),
            (right - radius, top + radius),
            (left + radius, bottom - radius),
            (right - radius, bottom - radius),
        ):
            x, fx = _split(cx)
            y, fy = _split(cy)
            mask = _disc_mask(radius, fx, fy)
            self.stamp(mask, x, y, mask.width // 2, fill)

    def grid(self, shape: Grid) -> None:
        s = self.scale
        colour = _rgb(shape.stroke)
        w = max(1, round(shape.stroke_width * s))
        top, bottom = round(shape.y * s), round((shape.y + shape.rows * shape.cell_height) * s)
        left, right = round(shape.x * s), round((shape.x + shape.cols * shape.cell_width) * s)
        # A line centred on p covers the w pixels from floor(p - w/2 + 1/2), as browsers snap
        # crisp-edged strokes.
        for i in range(1, shape.cols):
            x = math.floor((shape.x + i * shape.cell_width) * s - w / 2 + 0.5)
            self.draw.rectangle((x, top, x + w - 1, bottom - 1), fill=colour)
        for j in range(1, shape.rows):
            y = math.floor((shape.y + j * shape.cell_height) * s - w / 2 + 0.5)
            self.draw.rectangle((left, y, right - 1, y + w - 1), fill=colour)

    def text(self, shape: Text) -> None:
        s = self.scale
        x, fx = _split(shape.x * s)
        y, fy = _split(shape.y * s)
        anchor = _ANCHORS[shape.anchor]
        layers = [(shape.fill, 0)]
        if shape.halo:
            layers.insert(0, (shape.halo, max(1, round(1.25 * s))))
        for colour, stroke in layers:
            mask, left, top = _text_mask(
                self.font, shape.text, shape.size * s, anchor, fx, fy, stroke
            )
            width, height = mask.size
            box = (x + left, y + top, x + left + width, y + top + height)
            self.paste(_rgb(colour), box, mask)

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


def to_image(scene: Scene, scale: float = 1.0) -> Image.Image:
    canvas = _Canvas(scene, scale)
    for shape in scene.shapes:
        canvas.shape(shape)
    return canvas.image


def to_png(scene: Scene, scale: float = 1.0, dpi: float | None = None) -> bytes:
    """PNG bytes of ``scene``; ``dpi`` (default 96 per unit of scale) goes into its pHYs."""
    return still_png(to_image(scene, scale), dpi=dpi if dpi is not None else 96 * scale)
