"""Build ``fonts/RoadsSans-Regular.otf``: the one font the project ships.

It is a subset of Noto Sans CJK SC Regular (from Debian's ``fonts-noto-cjk``) holding printable
ASCII, the no-break space, every character of every label in ``roads.translations`` and a few
marks boards use. Under the SIL Open Font License 1.1 a subset is a Modified Version, which may
not carry the Reserved Font Name "Source", so it is renamed "Roads Sans" throughout (name table
and CFF). The copyright, licence and licence URL records are kept as they are.

Run from the repository root (needs ``pip install fonttools`` and ``apt-get install
fonts-noto-cjk``)::

    python fonts/build.py [--source PATH] [--output PATH]

The output is deterministic: two runs write byte-identical files.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib
import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DEFAULT_OUTPUT = ROOT / "fonts" / "RoadsSans-Regular.otf"
SOURCE_FAMILY = "Noto Sans CJK SC"
SOURCE_STYLE = "Regular"

FAMILY = "Roads Sans"
STYLE = "Regular"
FULL_NAME = f"{FAMILY} {STYLE}"
PS_NAME = "RoadsSans-Regular"
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


def label_characters() -> str:
    """Every character of every string field of every Labels value, and of SYMBOLS."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    labels = importlib.import_module("roads.translations")

    chars: set[str] = set(labels.SYMBOLS)
    for value in labels.LANGUAGES.values():
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            strings = item if isinstance(item, tuple) else (item,)
            for string in strings:
                if not isinstance(string, str):
                    raise TypeError(f"Labels.{field.name} holds a {type(string).__name__}")
                chars.update(string)
    return "".join(sorted(chars))


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


def wanted_characters(font: TTFont) -> tuple[str, str]:
    """The characters to keep, and those of the extra set the source lacks (skipped)."""
    cmap = font.getBestCmap()
    required = set(ASCII + NO_BREAK_SPACE + label_characters())
    missing_required = sorted(ch for ch in required if ord(ch) not in cmap)
    if missing_required:
        listed = " ".join(f"U+{ord(ch):04X}" for ch in missing_required)
        raise SystemExit(f"the source font lacks required characters: {listed}")
    missing_extra = "".join(sorted(ch for ch in set(EXTRA) - required if ord(ch) not in cmap))
    chars = required | (set(EXTRA) - set(missing_extra))
    return "".join(sorted(chars)), missing_extra


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


def rename(font: TTFont) -> None:
    name = font["name"]
    version = english_name(font, 5) or ""
    revision = f"{font['head'].fontRevision:.3f}"
    new_names = {
        1: FAMILY,
        2: STYLE,
        3: f"{revision};{PS_NAME}{VERSION_SUFFIX}",
        4: FULL_NAME,
        5: version + VERSION_SUFFIX,
        6: PS_NAME,
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
    cff.fontNames = [PS_NAME]
    top = cff.topDictIndex[0]
    top.FullName = FULL_NAME
    top.FamilyName = FAMILY
    top.Weight = STYLE
    for fd in getattr(top, "FDArray", []):
        fd_name = getattr(fd, "FontName", None)
        if fd_name is not None:
            fd.FontName = fd_name.replace(old_name, PS_NAME)
    for key in top.rawDict:
        value = getattr(top, key, None)
        if key != "Notice" and isinstance(value, str) and _forbidden(value):
            raise SystemExit(f"CFF top dict {key} still says {value!r}")
    for fd in getattr(top, "FDArray", []):
        if _forbidden(getattr(fd, "FontName", "")):
            raise SystemExit(f"CFF FDArray FontName still says {fd.FontName!r}")


def build(source: Path) -> tuple[bytes, int, str]:
    index = find_face(source)
    font = TTFont(str(source), fontNumber=index, recalcTimestamp=False)
    created, modified = font["head"].created, font["head"].modified
    chars, missing = wanted_characters(font)
    subset_font(font, chars)
    rename(font)
    font["head"].created = created
    font["head"].modified = modified
    buffer = io.BytesIO()
    font.save(buffer, reorderTables=True)
    glyphs = len(font.getGlyphOrder())
    font.close()
    return buffer.getvalue(), glyphs, missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the Noto .ttc")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the .otf to write")
    args = parser.parse_args(argv)

    data, glyphs, missing = build(args.source)
    if missing:
        listed = " ".join(f"{ch} (U+{ord(ch):04X})" for ch in missing)
        print(f"warning: the source font lacks {listed}; left out", file=sys.stderr)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(data)
    print(f"wrote {args.output}")
    print(f"size: {len(data)} bytes")
    print(f"glyphs: {glyphs}")
    print(f"sha256: {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
