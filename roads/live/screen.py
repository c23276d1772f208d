"""The board's text (``roads show``'s grids, statistics and ask road) fitted to a terminal.

The sections are stacked when the terminal is tall enough; otherwise the three derived roads go
side by side, then the bead plate beside the big road, as on a casino display. The notice is not
part of the body: the logger keeps it on screen below the board, whatever the height.

Widths are terminal columns, not characters: a Chinese character (East Asian wide or fullwidth)
takes two, as prompt_toolkit draws it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import click
from prompt_toolkit.utils import get_cwidth

from roads.grids.placement import ROWS
from roads.grids.road import DERIVED, Road
from roads.grids.roads import Roads
from roads.translations import LANGUAGES, TEXT_WORDS

_SECTIONS = ("stats", *(road.attribute for road in Road), "ask", "notice")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
GAP = 3


def visible_width(line: str) -> int:
    """How many terminal columns ``line`` takes: ANSI colour codes take none, a wide or
    fullwidth character (Chinese) two."""
    return get_cwidth(_ANSI.sub("", line))


def _sections(roads: Roads, columns: int, ansi: bool, lang: str) -> dict[str, list[str]]:
    from roads.drawing.text import board_text

    text = board_text(roads, ansi=ansi, columns=max(1, columns), lang=lang)
    parts = text.rstrip("\n").split("\n\n")
    return dict(zip(_SECTIONS, (part.split("\n") for part in parts), strict=True))


def _short_stats(roads: Roads, lang: str) -> str:
    s, words = roads.stats, LANGUAGES[lang]
    pairs = TEXT_WORDS[lang].pairs.format(banker=s.banker_pair, player=s.player_pair)
    return (
        f"{words.coups} {s.hands} · {words.banker_name} {s.banker} · "
        f"{words.player_name} {s.player} · {words.tie_name} {s.tie} · "
        f"{pairs} · {words.naturals} {s.natural}"
    )


def wrap(text: str, width: int, separator: str = " · ") -> list[str]:
    """``text`` broken at ``separator`` into lines of at most ``width`` columns; a piece wider
    than that is broken where it reaches the edge (Chinese has no spaces to break at)."""
    lines: list[str] = []
    gap = visible_width(separator)
    for piece in text.split(separator):
        if lines and visible_width(lines[-1]) + gap + visible_width(piece) <= width:
            lines[-1] += separator + piece
        else:
            lines.extend(_cut(piece, width))
    return lines


def _cut(text: str, width: int) -> list[str]:
    """``text`` (no ANSI codes) in pieces of at most ``width`` columns."""
    pieces = [""]
    used = 0
    for char in text:
        size = get_cwidth(char)
        if used + size > width and pieces[-1]:
            pieces.append("")
            used = 0
        pieces[-1] += char
        used += size
    return pieces


def side_by_side(blocks: Sequence[list[str]], gap: int = GAP) -> list[str]:
    """Blocks of lines next to each other, each padded to its widest line."""
    widths = [max(map(visible_width, block), default=0) for block in blocks]
    height = max(map(len, blocks), default=0)
    lines = []
    for row in range(height):
        cells = []
        for block, width in zip(blocks, widths, strict=True):
            text = block[row] if row < len(block) else ""
            cells.append(text + " " * (width - visible_width(text)))
        lines.append((" " * gap).join(cells).rstrip())
    return lines


def _stack(blocks: Sequence[list[str]], blank: bool) -> list[str]:
    lines: list[str] = []
    for block in blocks:
        if lines and blank:
            lines.append("")
        lines.extend(block)
    return lines


def _fit_ask(lines: list[str], width: int, lang: str) -> list[str]:
    """The ask road's heading and lines within ``width`` columns: the heading wrapped at its
    spaces, each line broken between its roads and indented under its label."""
    comma = TEXT_WORDS[lang].comma
    fitted = wrap(lines[0], width, " ") if visible_width(lines[0]) > width else [lines[0]]
    for line in lines[1:]:
        pieces = line.split(comma)
        current = pieces[0]
        for piece in pieces[1:]:
            if visible_width(current + comma + piece) <= width:
                current += comma + piece
            else:
                fitted.append(current + comma.rstrip())
                current = "    " + piece
        fitted.append(current)
    return fitted


def arrange(
    roads: Roads, width: int, height: int, *, ansi: bool = True, lang: str = "en"
) -> list[str]:
    """The board's lines for a ``width`` x ``height`` area: the first of the layouts below that
    fits, else the most compact one (cut at the bottom by the caller's window).

    Parameters:
        roads: the board.
        width: the area's width in terminal columns (at least 20 is used).
        height: the area's height in lines.
        ansi: colour the marks with ANSI codes.
        lang: language of the road names and statistics (``roads.translations.LANGUAGES``).
    """
    width = max(width, 20)
    cells = max(1, (width - 1) // 3)
    full = _sections(roads, cells, ansi, lang)
    stats = [full["stats"][0]]
    if visible_width(stats[0]) > width:
        stats = wrap(_short_stats(roads, lang), width)
    derived = tuple(road.attribute for road in DERIVED)
    ask = _fit_ask(full["ask"], width, lang)

    stacked = _stack(
        [stats, *(full[name] for name in ("bead_plate", "big_road", *derived)), ask],
        blank=True,
    )
    if len(stacked) <= height:
        return stacked

    derived_row = _derived_side_by_side(roads, width, ansi, lang)
    roomy = _stack([stats, full["bead_plate"], full["big_road"], derived_row, ask], blank=True)
    if len(roomy) <= height:
        return roomy

    bead_columns = min(max(1, math.ceil(len(roads) / ROWS)), (width - GAP) // 2 // 3)
    bead = _sections(roads, bead_columns, ansi, lang)["bead_plate"]
    bead_width = max(visible_width(LANGUAGES[lang].bead_plate), 3 * bead_columns)
    big = _sections(roads, (width - GAP - bead_width) // 3, ansi, lang)["big_road"]
    compact = [stats, side_by_side([bead, big]), derived_row, ask]
    spaced = _stack(compact, blank=True)
    if len(spaced) <= height:
        return spaced
    return _giving_way(compact, width, height, ansi, lang)


def _derived_side_by_side(roads: Roads, width: int, ansi: bool, lang: str) -> list[str]:
    """The three derived roads side by side in ``width`` columns: a road with no marks yet says
    so, indented; without colour, the key once after them where each heading cannot hold it."""
    derived = tuple(road.attribute for road in DERIVED)
    third = _sections(roads, (width - 2 * GAP) // 3 // 3, ansi, lang)
    row = side_by_side([third[name] for name in derived])
    if max(map(visible_width, row)) > width:
        row = side_by_side([[line.strip() for line in third[name]] for name in derived])
    key = TEXT_WORDS[lang].key
    if not ansi and max(map(visible_width, row)) > width:
        row = side_by_side(
            [[third[name][0].removesuffix(key), *third[name][1:]] for name in derived]
        )
        headings = row[0] + " " * GAP + key.strip()
        if visible_width(headings) <= width:
            row[0] = headings
        else:
            row.append(key.strip())
    return row


def _giving_way(
    compact: list[list[str]], width: int, height: int, ansi: bool, lang: str
) -> list[str]:
    """Too short for everything: whole sections give way, the ask road first, then the derived
    roads, rather than grids cut off halfway down (the caller's window cuts what is left)."""
    words = TEXT_WORDS[lang]
    lines, left_out = _stack(compact, blank=False), ""
    if len(lines) > height:
        lines, left_out = _stack(compact[:3], blank=False), words.no_room_ask
    if len(lines) > height:
        lines, left_out = _stack(compact[:2], blank=False), words.no_room_derived
    note = [_paint_dim(line, ansi) for line in wrap(left_out, width, " ")] if left_out else []
    return lines + note if len(lines) + len(note) <= height else lines


def _paint_dim(text: str, ansi: bool) -> str:
    return click.style(text, dim=True) if ansi else text
