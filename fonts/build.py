"""Build the three fonts the project ships, subsets of Noto Sans CJK SC Regular (from Debian's
``fonts-noto-cjk``):

- ``fonts/RoadsSans-Regular.otf`` ("Roads Sans"), the board font, embedded in every board SVG:
  printable ASCII, the no-break space, every character of the board's labels in
  ``roads.translations`` (``LANGUAGES``, ``SYMBOLS``) and a few marks boards use; no more, so
  boards stay small;
- ``fonts/RoadsSansReport-Regular.otf`` ("Roads Sans Report"), the report's charts' font: the
  same and every character of the charts' words (``CHART_WORDS``), in every language;
- ``fonts/RoadsSansText-Regular.otf`` ("Roads Sans Text"), the font of text a user types (a
  board's title): the report font's characters and the scripts users write titles in
  (``TEXT_BLOCKS``: every Latin letter, Vietnamese included, Greek, Cyrillic, every Han
  character Noto Sans CJK has, kana, Bopomofo, Hangul, Thai, punctuation and symbols). Noto Sans
  CJK lacks much of Latin, Greek and Cyrillic, and all of Thai; those glyphs come from Noto Sans
  Regular and Noto Sans Thai Regular (Debian's ``fonts-noto-core``), their outlines converted to
  CFF and scaled to the same cap height. Never embedded whole: an SVG embeds a subset of it made
  for the characters it draws (``roads.drawing.subset``), a PDF the glyphs it draws.

Under the SIL Open Font License 1.1 a subset is a Modified Version, which may not carry the
Reserved Font Name "Source", so each is renamed throughout (name table and CFF). The copyright,
licence and licence URL records are kept as they are.

Run from the repository root (needs ``pip install fonttools`` and the fonts of Debian's
``fonts-noto-cjk`` and ``fonts-noto-core``: installed, or unpacked anywhere with ``apt-get
download`` and ``dpkg -x``, their folder given as ``--fonts DIR``)::

    python fonts/build.py [--fonts DIR | --source PATH --fill PATH...] [--output-dir DIR]
                          [--only board|report|text]

The output is deterministic: two runs write byte-identical files.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib
import io
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from fontTools import subset
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
SOURCE_FAMILY = "Noto Sans CJK SC"
SOURCE_STYLE = "Regular"
SOURCE_FILE = "opentype/noto/NotoSansCJK-Regular.ttc"
FILL_FILES = ("truetype/noto/NotoSans-Regular.ttf", "truetype/noto/NotoSansThai-Regular.ttf")
"""The fonts the text font's glyphs that Noto Sans CJK lacks come from, first first."""
DEFAULT_FONTS = Path("/usr/share/fonts")
DEFAULT_FILL = DEFAULT_FONTS / FILL_FILES[0]

STYLE = "Regular"
VERSION_SUFFIX = "; roads subset"

ASCII = "".join(chr(code) for code in range(0x20, 0x7F))
NO_BREAK_SPACE = "\u00a0"
EXTRA = "0123456789" + "–—…·×○●╱：，。（）"

# Name IDs kept verbatim: copyright, licence description, licence URL.
KEPT_NAME_IDS = frozenset({0, 13, 14})
# Strings no other name record (nor the CFF names) may still carry.
FORBIDDEN = ("noto", "source")

# Layout features kept: none. The labels need no shaping. Without 'kern' (about 4 KB here) every
# renderer (Pillow with or without libraqm, browsers) advances text by the same hmtx widths, so
# text measured with Pillow fits the SVG too; without 'locl' every renderer draws the same
# (simplified Chinese) glyph forms whatever the lang attribute says.
LAYOUT_FEATURES: list[str] = []


def _translations() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("roads.translations")


def characters_of(values: Iterable[Any]) -> set[str]:
    """Every character of every string field of each dataclass value."""
    chars: set[str] = set()
    for value in values:
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            strings = item if isinstance(item, tuple) else (item,)
            for string in strings:
                if not isinstance(string, str):
                    raise TypeError(f"{type(value).__name__}.{field.name} holds a {type(string)}")
                chars.update(string)
    return chars


def label_characters() -> str:
    """The board font's words: every Labels value (every language), and SYMBOLS."""
    words = _translations()
    return "".join(sorted(characters_of(words.LANGUAGES.values()) | set(words.SYMBOLS)))


def report_characters() -> str:
    """The report font's words: the board's, and every ChartWords value (every language)."""
    words = _translations()
    return "".join(sorted(set(label_characters()) | characters_of(words.CHART_WORDS.values())))


# The blocks of the text font: the scripts and symbols users type. Every assigned character of
# each that a source font has is kept (Noto Sans CJK first, then the fill fonts).
TEXT_BLOCKS = (
    # Latin, every letter (Vietnamese included), and the combining accents.
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and -B (ơ ư)
    (0x0250, 0x02FF),  # IPA Extensions, Spacing Modifier Letters
    (0x0300, 0x036F),  # Combining Diacritical Marks
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese: ẵ ợ ứ)
    (0x2C60, 0x2C7F),  # Latin Extended-C
    (0xA720, 0xA7FF),  # Latin Extended-D
    (0xAB30, 0xAB6F),  # Latin Extended-E
    (0xFB00, 0xFB06),  # Latin ligatures
    # Greek and Cyrillic, every letter.
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x1F00, 0x1FFF),  # Greek Extended (polytonic)
    (0x0400, 0x052F),  # Cyrillic, Cyrillic Supplement
    (0x1C80, 0x1C8F),  # Cyrillic Extended-C
    (0x2DE0, 0x2DFF),  # Cyrillic Extended-A
    (0xA640, 0xA69F),  # Cyrillic Extended-B
    # Thai (its marks have no advance and sit over the letter before: no shaping needed).
    (0x0E00, 0x0E7F),
    # Punctuation and symbols.
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20C0),  # Currency Symbols
    (0x2100, 0x218F),  # Letterlike Symbols, Number Forms
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical Operators
    (0x2460, 0x24FF),  # Enclosed Alphanumerics
    (0x2500, 0x25FF),  # Box Drawing, Block Elements, Geometric Shapes
    (0x2600, 0x26FF),  # Miscellaneous Symbols (card suits, stars)
    # Chinese, Japanese and Korean.
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK Radicals Supplement, Kangxi Radicals
    (0x3000, 0x30FF),  # CJK Symbols and Punctuation, Hiragana, Katakana
    (0x3100, 0x312F),  # Bopomofo
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0x3190, 0x31FF),  # Kanbun, Bopomofo Extended, CJK Strokes, Katakana Phonetic Extensions
    (0x3200, 0x33FF),  # Enclosed CJK Letters and Months, CJK Compatibility
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xA960, 0xA97F),  # Hangul Jamo Extended-A
    (0xAC00, 0xD7A3),  # Hangul Syllables (all 11,172)
    (0xD7B0, 0xD7FF),  # Hangul Jamo Extended-B
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0xFE10, 0xFE1F),  # Vertical Forms
    (0xFE30, 0xFE6F),  # CJK Compatibility Forms, Small Form Variants
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
    (0x20000, 0x2FA1F),  # CJK Unified Ideographs Extensions B to F, Compatibility Supplement
)


def text_characters() -> str:
    """The text font's characters: the report font's and every assigned character of
    ``TEXT_BLOCKS`` (those no source font has are skipped)."""
    chars = set(report_characters())
    for first, last in TEXT_BLOCKS:
        chars.update(
            chr(code)
            for code in range(first, last + 1)
            if unicodedata.category(chr(code)) not in ("Cn", "Cc", "Cs", "Co")
        )
    return "".join(sorted(chars))


@dataclasses.dataclass(frozen=True)
class Target:
    """One font built from the source: its names, its file and the words it must hold."""

    key: str
    family: str
    ps_name: str
    words: Callable[[], str]
    broad: bool = False
    """Whether the words are a wish list: those the source lacks come from the fill font, and
    those neither has are skipped (otherwise every word is required of the source)."""

    @property
    def full_name(self) -> str:
        return f"{self.family} {STYLE}"

    @property
    def file_name(self) -> str:
        return f"{self.ps_name}.otf"


TARGETS = (
    # Boards embed this one in every SVG: it holds their labels and no more, to stay small.
    Target("board", "Roads Sans", "RoadsSans-Regular", label_characters),
    # The report's charts (PNG and SVG, in every language): the board's words and the charts'.
    Target("report", "Roads Sans Report", "RoadsSansReport-Regular", report_characters),
    # Titles and other text users type: never embedded whole (SVGs embed a subset of it).
    Target("text", "Roads Sans Text", "RoadsSansText-Regular", text_characters, broad=True),
)


def english_name(font: TTFont, name_id: int) -> str | None:
    record = font["name"].getName(name_id, 3, 1, 0x409)
    return None if record is None else record.toUnicode()


def find_face(source: Path) -> int:
    """The index in the collection of the face named Noto Sans CJK SC Regular."""
    collection = TTCollection(str(source), lazy=True)
    try:
        for index, face in enumerate(collection.fonts):
            family = english_name(face, 16) or english_name(face, 1)
            style = english_name(face, 17) or english_name(face, 2)
            if family == SOURCE_FAMILY and style == SOURCE_STYLE:
                return index
    finally:
        collection.close()
    raise SystemExit(f"{source}: no face named {SOURCE_FAMILY!r} {SOURCE_STYLE!r}")


def wanted_characters(font: TTFont, target: Target) -> tuple[str, str]:
    """The characters to keep from the source, and those wished for that it lacks: the extra
    marks (skipped) or, for a broad target, what the fill font is asked for."""
    cmap = font.getBestCmap()
    words = target.words()
    required = set(ASCII + NO_BREAK_SPACE + (report_characters() if target.broad else words))
    missing_required = sorted(ch for ch in required if ord(ch) not in cmap)
    if missing_required:
        listed = " ".join(f"U+{ord(ch):04X}" for ch in missing_required)
        raise SystemExit(f"the source font lacks required characters: {listed}")
    wished = (set(words) | set(EXTRA)) - required if target.broad else set(EXTRA) - required
    missing = "".join(sorted(ch for ch in wished if ord(ch) not in cmap))
    chars = required | (wished - set(missing))
    return "".join(sorted(chars)), missing


# Thai marks stack: a tone mark (or thanthakhat) over a vowel mark goes above it. The fonts keep
# no OpenType layout (no renderer would apply it alike), so the tone marks sit high always: above
# where an upper vowel, or the nikhahit of sara am, would be. Readable everywhere, never touching.
THAI_UPPER_VOWELS = "\u0e31\u0e34\u0e35\u0e36\u0e37\u0e47\u0e4d"
THAI_TONE_MARKS = "\u0e48\u0e49\u0e4a\u0e4b\u0e4c"
THAI_MARK_GAP = 40
"""Font units between an upper vowel's top and a tone mark's foot."""


def _raised_marks(fill: TTFont) -> dict[int, float]:
    """How far up each Thai tone mark of ``fill`` goes so that it clears every upper vowel, in
    ``fill``'s units (none for a font without Thai)."""
    cmap, glyph_set = fill.getBestCmap(), fill.getGlyphSet()
    if not all(ord(ch) in cmap for ch in THAI_UPPER_VOWELS + THAI_TONE_MARKS):
        return {}

    def bounds(ch: str) -> tuple[float, float, float, float]:
        pen = BoundsPen(glyph_set)
        glyph_set[cmap[ord(ch)]].draw(pen)
        assert pen.bounds is not None
        return pen.bounds

    vowels_top = max(bounds(ch)[3] for ch in THAI_UPPER_VOWELS)
    return {ord(ch): max(0.0, vowels_top + THAI_MARK_GAP - bounds(ch)[1]) for ch in THAI_TONE_MARKS}


def add_fill_glyphs(font: TTFont, fill: TTFont, chars: str) -> str:
    """Draw into ``font`` (a CID-keyed CFF subset of the source) the glyphs of ``fill`` for
    ``chars``, scaled to the source's cap height (Thai tone marks raised: ``_raised_marks``);
    the characters neither font has."""
    fill_cmap = fill.getBestCmap()
    raised = _raised_marks(fill)
    found = [ch for ch in chars if ord(ch) in fill_cmap]
    absent = "".join(ch for ch in chars if ord(ch) not in fill_cmap)
    scale = font["OS/2"].sCapHeight / fill["OS/2"].sCapHeight
    cff = font["CFF "].cff
    top = cff.topDictIndex[0]
    char_strings = top.CharStrings
    order = font.getGlyphOrder()
    cmap = font.getBestCmap()
    latin = order.index(cmap[ord("A")])
    fd_index = top.FDSelect[latin]
    private = top.FDArray[fd_index].Private
    nominal = getattr(private, "nominalWidthX", 0)
    # The new glyphs take the lowest CIDs no kept glyph has (the source's CIDs reach 65,534).
    used = {int(name.removeprefix("cid")) for name in order[1:]}
    free = (cid for cid in range(1, 65535) if cid not in used)
    glyph_set = fill.getGlyphSet()
    hmtx = font["hmtx"]
    tables = [table for table in font["cmap"].tables if table.isUnicode()]
    for ch in found:
        source = glyph_set[fill_cmap[ord(ch)]]
        width = round(source.width * scale)
        pen = T2CharStringPen(width - nominal, glyph_set)
        lift = raised.get(ord(ch), 0.0) * scale
        source.draw(TransformPen(pen, (scale, 0, 0, scale, 0, lift)))
        charstring = pen.getCharString(private=private, globalSubrs=cff.GlobalSubrs)
        name = f"cid{next(free):05d}"
        char_strings.charStringsIndex.append(charstring)
        char_strings.charStrings[name] = len(char_strings.charStringsIndex) - 1
        top.FDSelect.append(fd_index)
        order.append(name)
        bounds = BoundsPen(None)
        charstring.draw(bounds)
        hmtx.metrics[name] = (width, round(bounds.bounds[0]) if bounds.bounds else 0)
        for table in tables:
            if table.format != 4 or ord(ch) <= 0xFFFF:
                table.cmap[ord(ch)] = name
    top.charset = order
    top.CIDCount = max(
        getattr(top, "CIDCount", 0), *(int(n.removeprefix("cid")) + 1 for n in order[1:])
    )
    font.setGlyphOrder(order)
    # Vertical metrics are for vertical text, which roads never sets: dropped, so the new
    # glyphs need none.
    for tag in ("vhea", "vmtx", "VORG"):
        if tag in font:
            del font[tag]
    return absent


def subset_font(font: TTFont, chars: str) -> None:
    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.hinting = True
    options.desubroutinize = True  # smaller for so few glyphs
    options.glyph_names = False
    options.notdef_glyph = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.recalc_timestamp = False
    options.prune_unicode_ranges = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)


def _forbidden(text: str) -> bool:
    return any(word in text.lower() for word in FORBIDDEN)


def rename(font: TTFont, target: Target) -> None:
    name = font["name"]
    version = english_name(font, 5) or ""
    revision = f"{font['head'].fontRevision:.3f}"
    new_names = {
        1: target.family,
        2: STYLE,
        3: f"{revision};{target.ps_name}{VERSION_SUFFIX}",
        4: target.full_name,
        5: version + VERSION_SUFFIX,
        6: target.ps_name,
    }
    # Drop the old naming records (every platform and language) and the typographic family and
    # style, then anything else still naming Noto or Source (trademark line, vendor URL).
    name.names = [
        record
        for record in name.names
        if record.nameID in KEPT_NAME_IDS
        or (
            record.nameID not in new_names
            and record.nameID not in (16, 17)
            and not _forbidden(record.toUnicode())
        )
    ]
    for name_id, text in new_names.items():
        name.setName(text, name_id, 3, 1, 0x409)
    name.names.sort(key=lambda r: (r.platformID, r.platEncID, r.langID, r.nameID))

    cff = font["CFF "].cff
    old_name = cff.fontNames[0]
    cff.fontNames = [target.ps_name]
    top = cff.topDictIndex[0]
    top.FullName = target.full_name
    top.FamilyName = target.family
    top.Weight = STYLE
    for fd in getattr(top, "FDArray", []):
        fd_name = getattr(fd, "FontName", None)
        if fd_name is not None:
            fd.FontName = fd_name.replace(old_name, target.ps_name)
    for key in top.rawDict:
        value = getattr(top, key, None)
        if key != "Notice" and isinstance(value, str) and _forbidden(value):
            raise SystemExit(f"CFF top dict {key} still says {value!r}")
    for fd in getattr(top, "FDArray", []):
        if _forbidden(getattr(fd, "FontName", "")):
            raise SystemExit(f"CFF FDArray FontName still says {fd.FontName!r}")


def build(
    source: Path, target: Target, fills: Sequence[Path] = (DEFAULT_FILL,)
) -> tuple[bytes, int, str]:
    index = find_face(source)
    font = TTFont(str(source), fontNumber=index, recalcTimestamp=False)
    created, modified = font["head"].created, font["head"].modified
    chars, missing = wanted_characters(font, target)
    subset_font(font, chars)
    if target.broad:
        for fill_source in fills:
            with TTFont(str(fill_source), recalcTimestamp=False) as fill:
                missing = add_fill_glyphs(font, fill, missing)
    rename(font, target)
    font["head"].created = created
    font["head"].modified = modified
    buffer = io.BytesIO()
    font.save(buffer, reorderTables=True)
    glyphs = len(font.getGlyphOrder())
    font.close()
    return buffer.getvalue(), glyphs, missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--fonts",
        type=Path,
        default=DEFAULT_FONTS,
        help="the folder holding Debian's Noto fonts (opentype/noto/, truetype/noto/)",
    )
    parser.add_argument("--source", type=Path, help="the Noto Sans CJK .ttc (default: in --fonts)")
    parser.add_argument(
        "--fill",
        type=Path,
        action="append",
        help="a .ttf the text font's glyphs Noto Sans CJK lacks come from, in order (default: "
        "Noto Sans and Noto Sans Thai in --fonts)",
    )
    parser.add_argument(
        "--output-dir", type=Path, default=ROOT / "fonts", help="where the .otf files go"
    )
    parser.add_argument(
        "--only",
        choices=[target.key for target in TARGETS],
        help="build this font alone (default: every one)",
    )
    args = parser.parse_args(argv)
    source = args.source or args.fonts / SOURCE_FILE
    fills = args.fill or [args.fonts / name for name in FILL_FILES]

    for target in TARGETS:
        if args.only not in (None, target.key):
            continue
        data, glyphs, missing = build(source, target, fills)
        if missing and target.broad:
            print(f"  {len(missing)} wished-for characters neither font has: left out")
        elif missing:
            listed = " ".join(f"{ch} (U+{ord(ch):04X})" for ch in missing)
            print(f"warning: the source font lacks {listed}; left out", file=sys.stderr)
        output = args.output_dir / target.file_name
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_bytes(data)
        print(f"wrote {output}")
        print(f"  size: {len(data)} bytes")
        print(f"  glyphs: {glyphs}")
        print(f"  sha256: {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
