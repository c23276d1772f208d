"""The glyphs a document draws, taken from a shipped font: a subset font to embed, or outlines.

The text font (``roads.drawing.fonts.TEXT``, about 11.7 MB) is too large to embed whole, so an SVG
set in it embeds a subset holding only the characters it draws; and an SVG meant for viewers
that ignore embedded fonts (librsvg, Inkscape, cairosvg) can carry its text as outlines instead.
Both need fontTools, which only this module imports, and only when called.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from roads.drawing.fonts import Font, font_bytes, metrics

_ANCHOR_SHARE = {"start": 0.0, "middle": 0.5, "end": 1.0}


_SHAPED_AS = {"\u0e33": "\u0e4d\u0e32"}
"""Characters a browser draws as others: HarfBuzz, which Chromium and Firefox shape with, draws
Thai sara am as nikhahit and sara aa, so a subset holding sara am alone shows an empty box."""


def characters(texts: Iterable[str]) -> str:
    """The distinct characters of ``texts`` and those a browser draws them as (``_SHAPED_AS``),
    sorted: the key a subset is made and cached for."""
    chars = {char for text in texts for char in text}
    chars.update(*(_SHAPED_AS[char] for char in chars & _SHAPED_AS.keys()))
    return "".join(sorted(chars))


@lru_cache(maxsize=32)
def subset_bytes(font: Font, chars: str) -> bytes:
    """``font`` cut down to ``chars`` (and its empty box, .notdef), as OpenType bytes; the same
    characters give the same bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = []
    options.hinting = True
    options.glyph_names = False
    options.notdef_glyph = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.recalc_timestamp = False
    options.prune_unicode_ranges = True
    source = TTFont(io.BytesIO(font_bytes(font)), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(char) for char in chars if not char.isspace()] + [0x20])
    subsetter.subset(source)
    out = io.BytesIO()
    source.save(out, reorderTables=True)
    return out.getvalue()


@cache
def _face(font: Font) -> Any:
    from fontTools.ttLib import TTFont

    return TTFont(io.BytesIO(font_bytes(font)), lazy=True)


@cache
def _glyph_set(font: Font) -> tuple[Any, dict[int, str], str]:
    face = _face(font)
    return face.getGlyphSet(), face.getBestCmap(), face.getGlyphOrder()[0]


def outline(font: Font, text: str, *, x: float, y: float, size: float, anchor: str) -> str:
    """SVG path data of ``text`` set in ``font`` at ``size`` on a baseline at ``y``, ``x``
    being its start, middle or end as ``anchor`` says; a character the font lacks draws its
    empty box, as in a PNG. Coordinates are rounded to 1/100 of a unit.

    Parameters:
        font: the shipped font to take the glyphs from.
        text: the text.
        x: where the text starts, or its middle or end (``anchor``).
        y: the baseline.
        size: the font size, in the picture's units.
        anchor: ``"start"``, ``"middle"`` or ``"end"``.
    """
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    glyphs, cmap, notdef = _glyph_set(font)
    measure = metrics(font)
    scale = size / measure.units_per_em
    left = x - _ANCHOR_SHARE[anchor] * measure.width(text, size)
    pen = SVGPathPen(glyphs, ntos=_number)
    for char in text:
        glyph = glyphs[cmap.get(ord(char), notdef)]
        glyph.draw(TransformPen(pen, (scale, 0, 0, -scale, left, y)))
        left += glyph.width * scale
    return str(pen.getCommands())


def _number(value: float) -> str:
    return str(round(value, 2)).removesuffix(".0")
