"""Build the two fonts the project ships, both subsets of Noto Sans CJK SC Regular (from Debian's
``fonts-noto-cjk``):

- ``fonts/RoadsSans-Regular.otf`` ("Roads Sans"), the board font, embedded in every board SVG:
  printable ASCII, the no-break space, every character of the board's labels in
  ``roads.translations`` (``LANGUAGES``, ``SYMBOLS``) and a few marks boards use; no more, so
  boards stay small;
- ``fonts/RoadsSansReport-Regular.otf`` ("Roads Sans Report"), the report's charts' font: the
  same and every character of the charts' words (``CHART_WORDS``), in every language.

Under the SIL Open Font License 1.1 a subset is a Modified Version, which may not carry the
Reserved Font Name "Source", so each is renamed throughout (name table and CFF). The copyright,
licence and licence URL records are kept as they are.

Run from the repository root (needs ``pip install fonttools`` and ``apt-get install
fonts-noto-cjk``)::

    python fonts/build.py [--source PATH] [--output-dir DIR] [--only board|report]

The output is deterministic: two runs write byte-identical files.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib
import io
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_FAMILY = "Noto Sans CJK SC"
SOURCE_STYLE = "Regular"

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


@dataclasses.dataclass(frozen=True)
class Target:
    """One font built from the source: its names, its file and the words it must hold."""

    key: str
    family: str
    ps_name: str
    words: Callable[[], str]

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
    """The characters to keep, and those of the extra set the source lacks (skipped)."""
    cmap = font.getBestCmap()
    required = set(ASCII + NO_BREAK_SPACE + target.words())
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


def build(source: Path, target: Target) -> tuple[bytes, int, str]:
    index = find_face(source)
    font = TTFont(str(source), fontNumber=index, recalcTimestamp=False)
    created, modified = font["head"].created, font["head"].modified
    chars, missing = wanted_characters(font, target)
    subset_font(font, chars)
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
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the Noto .ttc")
    parser.add_argument(
        "--output-dir", type=Path, default=ROOT / "fonts", help="where the .otf files go"
    )
    parser.add_argument(
        "--only",
        choices=[target.key for target in TARGETS],
        help="build this font alone (default: every one)",
    )
    args = parser.parse_args(argv)

    for target in TARGETS:
        if args.only not in (None, target.key):
            continue
        data, glyphs, missing = build(args.source, target)
        if missing:
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
