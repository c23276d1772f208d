"""The shipped font covers every label, renders with Pillow, carries its own name and stays small.

Only ``fonts/RoadsSans-Regular.otf`` is needed (not the Debian package it is built from). The
cmap and name-table checks need fontTools and are skipped without it.
"""

from __future__ import annotations

import dataclasses
import string
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from roads.translations import LANGUAGES, SYMBOLS

FONT = Path(__file__).parents[1] / "fonts" / "RoadsSans-Regular.otf"
ABSENT = "\U0010fffd"  # a private-use code point the font does not map: drawn as .notdef
KEPT_NAME_IDS = {0, 13, 14}  # copyright, licence, licence URL: kept as in the source font


def _label_characters() -> set[str]:
    chars = set(SYMBOLS)
    for labels in LANGUAGES.values():
        for field in dataclasses.fields(labels):
            value = getattr(labels, field.name)
            for text in value if isinstance(value, tuple) else (value,):
                chars.update(text)
    return chars


def _render(font: ImageFont.FreeTypeFont, char: str) -> Image.Image:
    image = Image.new("L", (80, 80), 0)
    ImageDraw.Draw(image).text((10, 10), char, font=font, fill=255)
    return image


def _mentions_reserved(text: str) -> bool:
    return "source" in text.lower() or "noto" in text.lower()


def test_cmap_covers_labels_symbols_and_ascii() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(FONT) as font:
        cmap = font.getBestCmap()
    wanted = _label_characters() | set(string.ascii_letters + string.digits + " ")
    missing = sorted(ch for ch in wanted if ord(ch) not in cmap)
    assert not missing, f"rebuild the font (python fonts/build.py); it lacks {missing}"


@pytest.mark.parametrize("char", ["庄", "闲", "和", "莊", "閒", "B", "○", "●", "╱"])
def test_pillow_draws_a_real_glyph(char: str) -> None:
    font = ImageFont.truetype(str(FONT), 40)
    image = _render(font, char)
    assert image.getbbox() is not None, f"{char} has no ink"
    assert image.tobytes() != _render(font, ABSENT).tobytes(), f"{char} renders as .notdef"


def test_pillow_draws_every_label_character() -> None:
    font = ImageFont.truetype(str(FONT), 40)
    notdef = _render(font, ABSENT).tobytes()
    wanted = _label_characters() | set(string.ascii_letters + string.digits)
    tofu = sorted(ch for ch in wanted if not ch.isspace() and _render(font, ch).tobytes() == notdef)
    assert not tofu, f"rebuild the font (python fonts/build.py); it draws .notdef for {tofu}"


def test_pillow_family_name() -> None:
    assert ImageFont.truetype(str(FONT), 40).getname() == ("Roads Sans", "Regular")


def test_no_reserved_or_source_names() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(FONT) as font:
        offending = [
            (record.nameID, record.toUnicode())
            for record in font["name"].names
            if record.nameID not in KEPT_NAME_IDS and _mentions_reserved(record.toUnicode())
        ]
        cff = font["CFF "].cff
        top = cff.topDictIndex[0]
        cff_names = [*cff.fontNames, top.FullName, top.FamilyName]
        cff_names += [fd.FontName for fd in getattr(top, "FDArray", [])]
    assert not offending
    assert not [name for name in cff_names if _mentions_reserved(name)]


def test_font_is_small() -> None:
    assert FONT.stat().st_size < 150 * 1024
