"""The shipped fonts cover their words, render with Pillow, carry their own names and stay small.

Two fonts, both subsets of Noto Sans CJK SC: the board font (``RoadsSans-Regular.otf``, embedded
in every board SVG) holds the board's labels, and no more; the report font
(``RoadsSansReport-Regular.otf``) holds those and every word the report's charts draw, in every
language. Only the two files are needed (not the Debian package they are built from). The cmap
and name-table checks need fontTools and are skipped without it.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from roads.drawing import fonts
from roads.translations import CHART_WORDS, LANGUAGES, SYMBOLS

FONTS = Path(__file__).parents[2] / "fonts"
BOARD = FONTS / "RoadsSans-Regular.otf"
REPORT = FONTS / "RoadsSansReport-Regular.otf"
TEXT = FONTS / "RoadsSansText-Regular.otf"
NAMES = {
    BOARD: ("Roads Sans", "RoadsSans-Regular"),
    REPORT: ("Roads Sans Report", "RoadsSansReport-Regular"),
    TEXT: ("Roads Sans Text", "RoadsSansText-Regular"),
}
ABSENT = "\U0010fffd"  # a private-use code point the fonts do not map: drawn as .notdef
KEPT_NAME_IDS = {0, 13, 14}  # copyright, licence, licence URL: kept as in the source font
BOARD_EXTRA = set("0123456789–—…·×○●╱：，。（）")  # fonts/build.py's marks for boards


def _characters(values: Iterable[Any]) -> set[str]:
    chars: set[str] = set()
    for value in values:
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            for text in item if isinstance(item, tuple) else (item,):
                chars.update(text)
    return chars


def _label_characters() -> set[str]:
    return _characters(LANGUAGES.values()) | set(SYMBOLS)


def _chart_characters() -> set[str]:
    return _characters(CHART_WORDS.values())


WANTED = {
    BOARD: _label_characters,
    REPORT: lambda: _label_characters() | _chart_characters(),
}
"""What each font must hold besides ASCII letters and digits."""


def _render(font: ImageFont.FreeTypeFont, char: str) -> Image.Image:
    image = Image.new("L", (80, 80), 0)
    ImageDraw.Draw(image).text((10, 10), char, font=font, fill=255)
    return image


def _mentions_reserved(text: str) -> bool:
    return "source" in text.lower() or "noto" in text.lower()


def _cmap(path: Path) -> dict[int, str]:
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(path) as font:
        return dict(font.getBestCmap())


@pytest.mark.parametrize("path", [BOARD, REPORT], ids=["board", "report"])
def test_cmap_covers_its_words_and_ascii(path: Path) -> None:
    cmap = _cmap(path)
    wanted = WANTED[path]() | set(string.ascii_letters + string.digits + " ")
    missing = sorted(ch for ch in wanted if ord(ch) not in cmap)
    assert not missing, f"rebuild the fonts (python fonts/build.py); {path.name} lacks {missing}"


def test_the_report_font_covers_every_chart_word_of_every_language() -> None:
    # Each string on its own, so a failure names the word and the language.
    advances = fonts.metrics(fonts.REPORT).advances
    for lang, words in CHART_WORDS.items():
        for field in dataclasses.fields(words):
            text = getattr(words, field.name)
            text = "".join(text) if isinstance(text, tuple) else text  # a Plural's forms
            lacking = [ch for ch in text if ord(ch) not in advances]
            assert not lacking, (lang, field.name, lacking)


def test_the_board_font_holds_no_chart_word_beyond_the_labels() -> None:
    # Every board SVG embeds the board font: it must not grow to hold the charts' words.
    cmap = _cmap(BOARD)
    chart_only = _chart_characters() - _label_characters() - BOARD_EXTRA - set(string.printable)
    assert chart_only, "the charts have words of their own"
    held = sorted(ch for ch in chart_only if ord(ch) in cmap)
    assert not held, f"the board font holds chart words: {held}"


@pytest.mark.parametrize("path", [BOARD, REPORT], ids=["board", "report"])
@pytest.mark.parametrize("char", ["庄", "闲", "和", "莊", "閒", "B", "○", "●", "╱"])
def test_pillow_draws_a_real_glyph(path: Path, char: str) -> None:
    font = ImageFont.truetype(str(path), 40)
    image = _render(font, char)
    assert image.getbbox() is not None, f"{char} has no ink"
    assert image.tobytes() != _render(font, ABSENT).tobytes(), f"{char} renders as .notdef"


@pytest.mark.parametrize("path", [BOARD, REPORT], ids=["board", "report"])
def test_pillow_draws_every_character_of_its_words(path: Path) -> None:
    font = ImageFont.truetype(str(path), 40)
    notdef = _render(font, ABSENT).tobytes()
    wanted = WANTED[path]() | set(string.ascii_letters + string.digits)
    tofu = sorted(ch for ch in wanted if not ch.isspace() and _render(font, ch).tobytes() == notdef)
    assert not tofu, f"rebuild the fonts (python fonts/build.py); {path.name} draws .notdef: {tofu}"


def test_the_two_fonts_draw_shared_characters_alike() -> None:
    # A chart whose text the board font holds embeds it instead of the report font, and the page
    # measures text with either: the characters they share have the same widths and outlines.
    board, report = fonts.metrics(fonts.BOARD), fonts.metrics(fonts.REPORT)
    assert board.advances.keys() < report.advances.keys()
    assert {code: report.advances[code] for code in board.advances} == board.advances
    assert (board.units_per_em, board.cap_height, board.ideographic_top) == (
        report.units_per_em,
        report.cap_height,
        report.ideographic_top,
    )
    small, large = ImageFont.truetype(str(BOARD), 40), ImageFont.truetype(str(REPORT), 40)
    for char in "庄閒B○Shoe 52.6%":
        assert _render(small, char).tobytes() == _render(large, char).tobytes(), char


def test_metrics_measure_chart_words_with_the_report_font() -> None:
    text = CHART_WORDS["zh"].title  # 牌靴报告: four ideographs, one em each
    report = fonts.metrics(fonts.REPORT)
    assert all(ord(ch) in report.advances for ch in text)
    assert report.width(text, 10.0) == pytest.approx(40.0)
    pillow = ImageFont.truetype(str(REPORT), 100).getlength(text)
    assert report.width(text, 100.0) == pytest.approx(pillow, abs=0.5)
    assert fonts.smallest_covering([text]) is fonts.REPORT
    assert fonts.smallest_covering(["Shoe report", LANGUAGES["zh"].bead_plate]) is fonts.BOARD


@pytest.mark.parametrize("path", [BOARD, REPORT, TEXT], ids=["board", "report", "text"])
def test_pillow_family_name(path: Path) -> None:
    assert ImageFont.truetype(str(path), 40).getname() == (NAMES[path][0], "Regular")


@pytest.mark.parametrize("path", [BOARD, REPORT, TEXT], ids=["board", "report", "text"])
def test_no_reserved_or_source_names(path: Path) -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(path) as font:
        offending = [
            (record.nameID, record.toUnicode())
            for record in font["name"].names
            if record.nameID not in KEPT_NAME_IDS and _mentions_reserved(record.toUnicode())
        ]
        family = font["name"].getName(1, 3, 1, 0x409).toUnicode()
        postscript = font["name"].getName(6, 3, 1, 0x409).toUnicode()
        cff = font["CFF "].cff
        top = cff.topDictIndex[0]
        cff_names = [*cff.fontNames, top.FullName, top.FamilyName]
        cff_names += [fd.FontName for fd in getattr(top, "FDArray", [])]
    assert not offending
    assert not [name for name in cff_names if _mentions_reserved(name)]
    assert (family, postscript) == NAMES[path]
    assert cff.fontNames == [NAMES[path][1]]


def test_the_fonts_the_package_names_are_the_files() -> None:
    for font, path in ((fonts.BOARD, BOARD), (fonts.REPORT, REPORT), (fonts.TEXT, TEXT)):
        assert fonts.font_bytes(font) == path.read_bytes()
        assert (font.family, font.file_name) == (NAMES[path][0], path.name)


def test_fonts_are_small() -> None:
    assert BOARD.stat().st_size < 32 * 1024  # in every board SVG, base64: keep it lean
    assert REPORT.stat().st_size < 80 * 1024
    # Never embedded whole (SVGs and PDFs take the glyphs they draw); most of the wheel: every
    # Han character of Noto Sans CJK and every Hangul syllable are 38,000 of its 46,000 glyphs.
    assert TEXT.stat().st_size < 12 * 1024 * 1024


def test_the_text_font_holds_the_report_fonts_characters_drawn_alike() -> None:
    # A scene moves to the text font when a title needs it: its labels keep their widths.
    report, text = fonts.metrics(fonts.REPORT), fonts.metrics(fonts.TEXT)
    assert report.advances.keys() <= text.advances.keys()
    assert all(text.advances[code] == width for code, width in report.advances.items())


def test_the_text_font_holds_every_word_of_the_score_card() -> None:
    # The score card's words are printed in the text font (no rebuild of the board's).
    from roads.translations import CARD_WORDS

    wanted = {ord(char) for char in _characters(CARD_WORDS.values()) if not char.isspace()}
    assert wanted <= set(_cmap(TEXT)), sorted(chr(code) for code in wanted - set(_cmap(TEXT)))
