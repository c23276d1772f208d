"""The shipped fonts: where they are, how wide text set in them is, and their bytes for embedding.

Three subsets of the same source face (Noto Sans CJK SC Regular), so they draw the characters
they share alike, with the same widths:

- ``BOARD`` ("Roads Sans"): the board's labels in every language; embedded in every board SVG,
  so it holds no more;
- ``REPORT`` ("Roads Sans Report"): those and the report charts' words in every language;
- ``TEXT`` ("Roads Sans Text"): those and what users type in titles: every Latin letter
  (Vietnamese included), Greek, Cyrillic, every Han character of Noto Sans CJK, kana, Bopomofo,
  Hangul, Thai, punctuation and symbols (fonts/README.md says which and why). About 11.7 MB, so
  it is never embedded whole: an SVG embeds the glyphs it draws (``roads.drawing.subset``), and
  so does a PDF (``roads.backends.cff``).

A scene is set in the smallest of them that holds every character it draws (``covering``);
characters none holds (an emoji, a script that needs shaping, such as Arabic) are named in a
``MissingGlyphWarning`` and draw as the font's empty box.

Widths come from a font's own ``cmap`` and ``hmtx`` tables, read here without a font library,
so layout needs neither Pillow nor fontTools and matches what both backends draw (the fonts have
no kerning).
"""

from __future__ import annotations

import base64
import os
import struct
import warnings
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from roads.values import frozen

if TYPE_CHECKING:
    from pathlib import Path


@frozen
class Font:
    """One of the shipped fonts (``BOARD``, ``REPORT``)."""

    family: str
    file_name: str
    embed_whole: bool = True
    """Whether an SVG embeds the whole font (False: only the glyphs it draws)."""

    @property
    def families(self) -> tuple[str, ...]:
        """The SVG's font-family list: this font first, a generic family last."""
        return (self.family, "Noto Sans CJK SC", "Noto Sans", "sans-serif")


BOARD = Font("Roads Sans", "RoadsSans-Regular.otf")
"""The board font: the labels of ``roads.translations.LANGUAGES`` and ``SYMBOLS``, and ASCII."""
REPORT = Font("Roads Sans Report", "RoadsSansReport-Regular.otf")
"""The report font: ``BOARD``'s characters and every word of ``CHART_WORDS``."""
TEXT = Font("Roads Sans Text", "RoadsSansText-Regular.otf", embed_whole=False)
"""The text font: ``REPORT``'s characters and the scripts and symbols users type in titles."""
FONTS = (BOARD, REPORT, TEXT)
"""Smallest first; each holds every character of the one before."""


class MissingGlyphWarning(UserWarning):
    """Text holds characters no shipped font has: they are drawn as empty boxes."""


def _code(char: str) -> str:
    return f"{char} (U+{ord(char):04X})"


def font_path(font: Font = BOARD) -> Path:
    """The font file (``font_file``) as a ``pathlib.Path``.

    Parameters:
        font: one of the shipped fonts.
    """
    from pathlib import Path

    return Path(font_file(font))


def font_file(font: Font = BOARD) -> str:
    """The font file's path: inside the installed package, or in a source checkout's ``fonts/``.

    Parameters:
        font: one of the shipped fonts.
    """
    # os.path, not importlib.resources and pathlib: those cost a drawing command more to import
    # (zipfile, tempfile, shutil, urllib.parse, ipaddress...) than finding the file does.
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    packaged = os.path.join(package, "fonts", font.file_name)
    if os.path.isfile(packaged):
        return packaged
    checkout = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    return os.path.join(checkout, "fonts", font.file_name)


@cache
def font_bytes(font: Font = BOARD) -> bytes:
    with open(font_file(font), "rb") as file:
        return file.read()


@cache
def font_data_uri(font: Font = BOARD) -> str:
    return "data:font/otf;base64," + base64.b64encode(font_bytes(font)).decode("ascii")


def smallest_covering(texts: Iterable[str]) -> Font:
    """The smallest shipped font that holds every character of ``texts`` (spaces aside); the
    largest when none does."""
    return covering(texts)[0]


def covering(texts: Iterable[str], *, at_least: Font = BOARD) -> tuple[Font, str]:
    """The smallest shipped font, ``at_least`` or larger, that holds every character of
    ``texts`` (spaces aside), and the characters that even the largest lacks, in order.

    Parameters:
        texts: the strings to draw.
        at_least: the smallest font to choose (a scene's own ``font``).
    """
    wanted = {ord(char) for text in texts for char in text if not char.isspace()}
    candidates = FONTS[FONTS.index(at_least) :]
    for font in candidates:
        if wanted <= metrics(font).advances.keys():
            return font, ""
    lacking = wanted - metrics(FONTS[-1]).advances.keys()
    return FONTS[-1], "".join(chr(code) for code in sorted(lacking))


def warn_missing(lacking: str) -> None:
    """Warn (``MissingGlyphWarning``) that the characters ``lacking`` draw as empty boxes."""
    if lacking:
        listed = ", ".join(_code(char) for char in lacking)
        warnings.warn(
            f"no shipped font can draw {listed}: drawn as empty boxes",
            MissingGlyphWarning,
            stacklevel=3,
        )


@frozen
class Metrics:
    """The sizes of a font that layout needs, in font units (``metrics``)."""

    units_per_em: int
    cap_height: int
    ideographic_top: int
    ideographic_bottom: int
    advances: dict[int, int]
    """Advance width of each code point the font covers, in font units."""
    missing_advance: int

    def width(self, text: str, size: float) -> float:
        """How wide ``text`` is at font ``size``, in the same units as ``size``: characters this
        font lacks are measured in the largest shipped font (which draws them, with the same
        units per em), or as its empty box."""
        advances = self.advances
        try:
            total = sum(advances[ord(char)] for char in text)
        except KeyError:
            largest = metrics(FONTS[-1])
            wide, missing = largest.advances, largest.missing_advance
            total = sum(advances.get(ord(c)) or wide.get(ord(c), missing) for c in text)
        return total * size / self.units_per_em

    def centre_baseline(self, text: str, size: float) -> float:
        """How far below a line's centre the baseline goes so ``text`` looks centred on it."""
        if any(ord(char) > 0x2E80 for char in text):
            middle = (self.ideographic_top + self.ideographic_bottom) / 2
        else:
            middle = self.cap_height / 2
        return middle * size / self.units_per_em


def _tables(data: bytes) -> dict[str, bytes]:
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag.decode("latin-1")] = data[offset : offset + length]
    return tables


def _cmap(table: bytes) -> dict[int, int]:
    """Code point -> glyph id, from the Unicode subtable (format 12 preferred, else 4)."""
    subtables = {}
    for index in range(struct.unpack_from(">H", table, 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", table, 4 + 8 * index)
        subtables[(platform, encoding)] = offset
    mapping: dict[int, int] = {}
    offset = subtables.get((3, 10)) or subtables.get((0, 4))
    if offset is not None and struct.unpack_from(">H", table, offset)[0] == 12:
        groups = struct.unpack_from(">I", table, offset + 12)[0]
        for group in range(groups):
            start, end, glyph = struct.unpack_from(">III", table, offset + 16 + 12 * group)
            for code in range(start, end + 1):
                mapping[code] = glyph + code - start
        return mapping
    offset = subtables.get((3, 1)) or subtables.get((0, 3))
    if offset is None:
        raise ValueError("the font has no Unicode cmap")
    segments = struct.unpack_from(">H", table, offset + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", table, offset + 14)
    starts = struct.unpack_from(f">{segments}H", table, offset + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", table, offset + 16 + 4 * segments)
    ranges_at = offset + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", table, ranges_at)
    for i, (start, end, delta, range_offset) in enumerate(
        zip(starts, ends, deltas, ranges, strict=True)
    ):
        for code in range(start, end + 1):
            if code == 0xFFFF:
                continue
            if range_offset:
                at = ranges_at + 2 * i + range_offset + 2 * (code - start)
                glyph = struct.unpack_from(">H", table, at)[0]
                glyph = (glyph + delta) % 65536 if glyph else 0
            else:
                glyph = (code + delta) % 65536
            if glyph:
                mapping[code] = glyph
    return mapping


@cache
def font_tables(font: Font = BOARD) -> dict[str, bytes]:
    """The tables of ``font``'s file, by tag (``"CFF "``, ``"cmap"``, ``"head"``...)."""
    return _tables(font_bytes(font))


@cache
def glyph_ids(font: Font = BOARD) -> dict[int, int]:
    """The glyph of each code point ``font`` covers, by its index in the font (its cmap)."""
    return _cmap(font_tables(font)["cmap"])


@cache
def metrics(font: Font = BOARD) -> Metrics:
    """The widths and heights of ``font``."""
    tables = font_tables(font)
    units_per_em = struct.unpack_from(">H", tables["head"], 18)[0]
    metric_count = struct.unpack_from(">H", tables["hhea"], 34)[0]
    widths = struct.unpack_from(f">{metric_count * 2}H", tables["hmtx"])[0::2]
    os2 = tables["OS/2"]
    typo_ascender, typo_descender = struct.unpack_from(">hh", os2, 68)
    cap_height = struct.unpack_from(">h", os2, 88)[0]
    advances = {
        code: widths[min(glyph, metric_count - 1)] for code, glyph in glyph_ids(font).items()
    }
    return Metrics(
        units_per_em=units_per_em,
        cap_height=cap_height,
        ideographic_top=typo_ascender,
        ideographic_bottom=typo_descender,
        advances=advances,
        missing_advance=widths[0],
    )
