"""A shipped font's CFF program cut down to the glyphs a document draws, for a PDF to embed.

The shipped fonts are OpenType with CID-keyed CFF outlines (subsets of Noto Sans CJK SC). A PDF
embeds the bare CFF table as a ``CIDFontType0C`` font program; a document draws a few dozen of
its glyphs (of the text font's 46,000), so the program keeps those alone, with .notdef: their
CharStrings, a charset naming each one's CID (the PDF's text codes are CIDs, so they stay the
same) and an FDSelect giving each its font dict. The font dicts and their private dicts are kept
as they are. This is the whole of what a PDF needs, in plain Python: fontTools' subsetter would
cost a PDF a third of a second to import. The format is Adobe's Technical Note #5176 (the
Compact Font Format); the tests read the result back with fontTools and draw it with poppler.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from functools import cache

from roads.drawing.fonts import Font, font_tables
from roads.values import frozen

# Top DICT and Font DICT operators whose operands are offsets from the start of the CFF data.
_CHARSET = (15,)
_CHARSTRINGS = (17,)
_PRIVATE = (18,)
_SUBRS = (19,)
_FD_ARRAY = (12, 36)
_FD_SELECT = (12, 37)
_ROS = (12, 30)


class CffError(ValueError):
    """A font program this module cannot cut down (not CID-keyed CFF, or malformed)."""


def _index(data: bytes, at: int) -> tuple[list[bytes], int]:
    """The items of the INDEX at ``at``, and where the data after it starts."""
    (count,) = struct.unpack_from(">H", data, at)
    if count == 0:
        return [], at + 2
    size = data[at + 2]
    start = at + 3
    offsets = [
        int.from_bytes(data[start + i * size : start + (i + 1) * size], "big")
        for i in range(count + 1)
    ]
    base = start + (count + 1) * size - 1
    items = [data[base + offsets[i] : base + offsets[i + 1]] for i in range(count)]
    return items, base + offsets[-1]


def _write_index(items: list[bytes]) -> bytes:
    """``items`` as a CFF INDEX."""
    if not items:
        return b"\x00\x00"
    offsets = [1]
    for item in items:
        offsets.append(offsets[-1] + len(item))
    size = next(n for n in (1, 2, 3, 4) if offsets[-1] < 1 << (8 * n))
    head = struct.pack(">HB", len(items), size)
    return head + b"".join(o.to_bytes(size, "big") for o in offsets) + b"".join(items)


Entry = tuple[tuple[int, ...], list[bytes]]
"""A DICT entry: its operator (one byte, or 12 and a second), and its operands' raw bytes."""


def _dict(data: bytes) -> list[Entry]:
    """The entries of a DICT, each operand kept as its bytes."""
    entries: list[Entry] = []
    operands: list[bytes] = []
    at = 0
    while at < len(data):
        byte = data[at]
        if byte <= 21:
            operator = (12, data[at + 1]) if byte == 12 else (byte,)
            at += len(operator)
            entries.append((operator, operands))
            operands = []
            continue
        start = at
        if byte == 28:
            at += 3
        elif byte == 29:
            at += 5
        elif byte == 30:
            at += 1
            while data[at] & 0x0F != 0x0F and data[at] >> 4 != 0x0F:
                at += 1
            at += 1
        elif 32 <= byte <= 246:
            at += 1
        elif 247 <= byte <= 254:
            at += 2
        else:
            raise CffError(f"a DICT holds the reserved byte {byte}")
        operands.append(data[start:at])
    return entries


def _integer(operand: bytes) -> int:
    byte = operand[0]
    if 32 <= byte <= 246:
        return byte - 139
    if 247 <= byte <= 250:
        return (byte - 247) * 256 + operand[1] + 108
    if 251 <= byte <= 254:
        return -(byte - 251) * 256 - operand[1] - 108
    if byte == 28:
        return int(struct.unpack(">h", operand[1:3])[0])
    if byte == 29:
        return int(struct.unpack(">i", operand[1:5])[0])
    raise CffError("an offset is not an integer")


def _fixed(value: int) -> bytes:
    """``value`` as a five-byte integer operand: the same length whatever the value, so a DICT
    can be sized before the offsets in it are known."""
    return b"\x1d" + struct.pack(">i", value)


def _write_dict(entries: list[Entry], offsets: dict[tuple[int, ...], list[int]]) -> bytes:
    """``entries`` as a DICT, the operands of each operator in ``offsets`` replaced by those
    values (five-byte integers)."""
    out = bytearray()
    for operator, operands in entries:
        values = offsets.get(operator)
        out += b"".join(_fixed(v) for v in values) if values is not None else b"".join(operands)
        out += bytes(operator)
    return bytes(out)


def _lookup(entries: list[Entry], operator: tuple[int, ...]) -> list[int] | None:
    for key, operands in entries:
        if key == operator:
            return [_integer(operand) for operand in operands]
    return None


def _charset(data: bytes, at: int, glyphs: int) -> tuple[list[int], bytes]:
    """The CID of each glyph (glyph 0, .notdef, is CID 0), and the charset's bytes."""
    kind = data[at]
    cids = [0]
    end = at + 1
    if kind == 0:
        cids += list(struct.unpack_from(f">{glyphs - 1}H", data, end))
        end += 2 * (glyphs - 1)
    elif kind in (1, 2):
        step = 3 if kind == 1 else 4
        while len(cids) < glyphs:
            first = struct.unpack_from(">H", data, end)[0]
            left = data[end + 2] if kind == 1 else struct.unpack_from(">H", data, end + 2)[0]
            cids += range(first, first + left + 1)
            end += step
    else:
        raise CffError(f"no charset format {kind}")
    return cids[:glyphs], data[at:end]


def _fd_select(data: bytes, at: int, glyphs: int) -> list[int]:
    """The font dict of each glyph."""
    kind = data[at]
    if kind == 0:
        return list(data[at + 1 : at + 1 + glyphs])
    if kind == 3:
        (ranges,) = struct.unpack_from(">H", data, at + 1)
        fds: list[int] = []
        for index in range(ranges):
            first, fd, end = struct.unpack_from(">HBH", data, at + 3 + 3 * index)
            fds += [fd] * (end - first)
        return fds[:glyphs]
    raise CffError(f"no FDSelect format {kind}")


def _private(data: bytes, size: int, at: int) -> tuple[bytes, int]:
    """A private DICT with its local subroutines right after it (its Subrs offset rewritten to
    say so), as one block that can go anywhere, and the size of the DICT alone."""
    entries = _dict(data[at : at + size])
    subrs = _lookup(entries, _SUBRS)
    if subrs is None:
        return data[at : at + size], size
    length = len(_write_dict(entries, {_SUBRS: [0]}))
    items, _ = _index(data, at + subrs[0])
    return _write_dict(entries, {_SUBRS: [length]}) + _write_index(items), length


@frozen
class Program:
    """A CID-keyed CFF program read into its parts."""

    header: bytes
    names: bytes
    top: list[Entry]
    strings: bytes
    global_subrs: bytes
    charstrings: list[bytes]
    cids: list[int]
    fd_select: list[int]
    """The font dict of each glyph."""
    font_dicts: list[list[Entry]]
    privates: list[tuple[bytes, int]]
    """Each font dict's private DICT and subroutines, and the DICT's own size."""


@cache
def program(font: Font) -> Program:
    """The CFF program of ``font``, read.

    Raises:
        CffError: it is not a CID-keyed CFF program.
    """
    data = font_tables(font).get("CFF ")
    if data is None:
        raise CffError(f"{font.family} has no CFF outlines")
    header_size = data[2]
    names_at = header_size
    _, top_at = _index(data, names_at)
    tops, strings_at = _index(data, top_at)
    _, subrs_at = _index(data, strings_at)
    _, after = _index(data, subrs_at)
    top = _dict(tops[0])
    charstrings_at = _lookup(top, _CHARSTRINGS)
    fd_array_at = _lookup(top, _FD_ARRAY)
    fd_select_at = _lookup(top, _FD_SELECT)
    charset_at = _lookup(top, _CHARSET)
    if _lookup(top, _ROS) is None or not (charstrings_at and fd_array_at and fd_select_at):
        raise CffError(f"{font.family} is not a CID-keyed CFF font")
    charstrings, _ = _index(data, charstrings_at[0])
    glyphs = len(charstrings)
    cids = _charset(data, charset_at[0], glyphs)[0] if charset_at else list(range(glyphs))
    font_dicts: list[list[Entry]] = []
    privates: list[tuple[bytes, int]] = []
    for item in _index(data, fd_array_at[0])[0]:
        entries = _dict(item)
        private = _lookup(entries, _PRIVATE)
        if private is None:
            raise CffError("a font dict has no private dict")
        font_dicts.append(entries)
        privates.append(_private(data, private[0], private[1]))
    return Program(
        header=data[:4],
        names=data[names_at:top_at],
        top=top,
        strings=data[strings_at:subrs_at],
        global_subrs=data[subrs_at:after],
        charstrings=charstrings,
        cids=cids,
        fd_select=_fd_select(data, fd_select_at[0], glyphs),
        font_dicts=font_dicts,
        privates=privates,
    )


def subset(font: Font, glyphs: Iterable[int]) -> bytes:
    """``font``'s CFF program holding only ``glyphs`` (and .notdef, glyph 0), in the order of
    their indices, each with its CID: the PDF's text codes (CIDs) draw the same glyphs. The same
    glyphs give the same bytes.

    Parameters:
        font: a shipped font.
        glyphs: the indices of the glyphs to keep.
    """
    cff = program(font)
    kept = sorted({0, *glyphs})
    charstrings = _write_index([cff.charstrings[gid] for gid in kept])
    charset = b"\x00" + b"".join(struct.pack(">H", cff.cids[gid]) for gid in kept[1:])
    fd_select = b"\x00" + bytes(cff.fd_select[gid] for gid in kept)
    header = bytes([cff.header[0], cff.header[1], 4, cff.header[3]])
    # The top DICT's size does not depend on its offsets (five-byte integers): size it first.
    placeholders: dict[tuple[int, ...], list[int]] = {
        _CHARSTRINGS: [0],
        _FD_ARRAY: [0],
        _FD_SELECT: [0],
        _CHARSET: [0],
    }
    top = cff.top if _lookup(cff.top, _CHARSET) else [*cff.top, (_CHARSET, [b"\x8b"])]
    top_size = len(_write_index([_write_dict(top, placeholders)]))
    at = len(header) + len(cff.names) + top_size + len(cff.strings) + len(cff.global_subrs)
    charset_at = at
    fd_select_at = charset_at + len(charset)
    charstrings_at = fd_select_at + len(fd_select)
    fd_array_at = charstrings_at + len(charstrings)
    fd_dict_size = [len(_write_dict(entries, {_PRIVATE: [0, 0]})) for entries in cff.font_dicts]
    fd_array_size = len(_write_index([b"\x00" * size for size in fd_dict_size]))
    private_at = fd_array_at + fd_array_size
    font_dicts = []
    for entries, (private, private_size) in zip(cff.font_dicts, cff.privates, strict=True):
        font_dicts.append(_write_dict(entries, {_PRIVATE: [private_size, private_at]}))
        private_at += len(private)
    offsets = {
        _CHARSTRINGS: [charstrings_at],
        _FD_ARRAY: [fd_array_at],
        _FD_SELECT: [fd_select_at],
        _CHARSET: [charset_at],
    }
    return b"".join(
        [
            header,
            cff.names,
            _write_index([_write_dict(top, offsets)]),
            cff.strings,
            cff.global_subrs,
            charset,
            fd_select,
            charstrings,
            _write_index(font_dicts),
            *(private for private, _ in cff.privates),
        ]
    )


def cids(font: Font) -> list[int]:
    """The CID of each glyph of ``font``, by glyph index (what a PDF's text codes name)."""
    return program(font).cids
