"""The board as text: for terminals (with colours), for the SVG's description, for logs.

A cell is three characters wide. Bead plate: ``B`` ``P`` ``T``, then the flag of a table's mark
(``B6``, ``B7``, ``P8``; the legend under the statistics says what they mean). Big road: ``B``
or ``P``, then the ties drawn on it (``/`` for one, the count for more). Derived roads: ``r``
red (the pattern repeats) and ``b`` blue (it breaks). Colour output draws them as the board does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import click

from roads import translations
from roads.game.coup import Outcome
from roads.grids.cells import DERIVED_ROADS, AskAnswer, Colour
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED, Road
from roads.grids.roads import Roads
from roads.tables.marks import MARK_BY_NAME
from roads.translations import LANGUAGES, TEXT_WORDS, Labels, TextWords
from roads.translations.tags import language

_LETTER = {outcome: outcome.value for outcome in Outcome}
_COLOUR_NAME = {colour: colour.value for colour in Colour}
_OUTCOME_COLOUR = {Outcome.BANKER: "red", Outcome.PLAYER: "blue", Outcome.TIE: "green"}
_ROAD_GLYPHS = {road.attribute: road.glyph for road in DERIVED}
"""The mark each derived road draws in colour, by its ``Road.attribute``."""
_DERIVED_LETTER = {Colour.RED: "r", Colour.BLUE: "b"}
"""The mark of a derived road's cell without colour."""


_Mark = tuple[int, int, str, str]
"""One mark of the text board: its column, row, text and colour name (a plain tuple: a long
board has many)."""


def _paint(text: str, colour: str, ansi: bool) -> str:
    if not (ansi and colour):
        return text
    if colour == "dim":
        return click.style(text, dim=True)
    return click.style(text, fg=colour)


def _grid(
    marks: Iterable[_Mark], width: int, ansi: bool, columns: int | None, text: TextWords
) -> list[str]:
    """The rows of a road ``width`` columns wide; ``marks`` is read once, as it comes."""
    if not width:
        return ["  " + text.empty]
    first = max(0, width - columns) if columns else 0
    empty = " " + _paint("·", "dim", ansi) + " "
    rows = [[empty] * (width - first) for _ in range(ROWS)]
    # A road draws few distinct marks: each is written (padded, coloured) once.
    written: dict[tuple[str, str], str] = {}
    for col, row, mark, colour in marks:
        if col >= first:
            shown = written.get((mark, colour))
            if shown is None:
                shown = written[mark, colour] = " " + _paint(mark.ljust(2), colour, ansi)
            rows[row][col - first] = shown
    return ["".join(row).rstrip() for row in rows]


def _stats_line(roads: Roads, words: Labels) -> str:
    s = roads.stats
    return (
        f"{words.coups} {s.hands} · {words.banker_name} {s.banker} · "
        f"{words.player_name} {s.player} · {words.tie_name} {s.tie} · "
        f"{words.banker_pairs} {s.banker_pair} · {words.player_pairs} {s.player_pair} · "
        f"{words.naturals} {s.natural}"
    )


def _ask_line(label: str, answer: AskAnswer, ansi: bool, words: Labels, text: TextWords) -> str:
    parts = []
    for road, colour in zip(DERIVED_ROADS, answer, strict=True):
        if colour is None:
            shown = "—"
        else:
            glyph = _ROAD_GLYPHS[road] if ansi else _colour_word(colour, text)
            shown = _paint(glyph, colour.value, ansi)
        parts.append(f"{getattr(words, road)} {shown}")
    return f"  {label}{text.colon}" + text.comma.join(parts)


def _colour_word(colour: Colour, text: TextWords) -> str:
    return text.red if colour is Colour.RED else text.blue


def board_text(
    roads: Roads, *, ansi: bool = False, columns: int | None = None, lang: str = "en"
) -> str:
    """The statistics, the five grids, the ask road and the notice, as lines of text.

    Parameters:
        roads: the board.
        ansi: colour the marks with ANSI codes (for a terminal).
        columns: keep the last ``columns`` columns of each road (None: all).
        lang: language of names and statistics (``roads.translations.LANGUAGES``).
    """
    return "".join(board_lines(roads, ansi=ansi, columns=columns, lang=lang))


def board_lines(
    roads: Roads, *, ansi: bool = False, columns: int | None = None, lang: str = "en"
) -> Iterator[str]:
    """``board_text`` a few lines at a time, each with its line end: a board of millions of
    coups is printed one road at a time, never held whole as text.

    Parameters:
        roads: the board.
        ansi: colour the marks with ANSI codes (for a terminal).
        columns: keep the last ``columns`` columns of each road (None: all).
        lang: language of names and statistics (``roads.translations.LANGUAGES``).
    """
    lang = language(lang)
    words, text = LANGUAGES[lang], TEXT_WORDS[lang]
    lines = [_stats_line(roads, words)]
    # The marks' names are the live page's words, read (imported) only for a table that marks.
    lines += [
        f"  {mark.flag} {translations.MARK_WORDS[lang][mark.name]}" for mark in roads.table.marks
    ]
    lines.append("")
    # The cells are read one by one, never all held, and with ``columns`` only those of the
    # last columns are read: a board of millions of coups prints them in memory and time that
    # do not grow with it.
    sections: list[tuple[str, Iterable[_Mark]]] = [
        (words.bead_plate, _bead_marks(roads, columns)),
        (words.big_road, _big_road_marks(roads, columns)),
    ]
    for k, road in enumerate(DERIVED_ROADS, start=1):
        sections.append(
            (
                getattr(words, road) + ("" if ansi else text.key),
                _derived_marks(roads, k, road, ansi, columns),
            )
        )
    for (title, marks), width in zip(sections, roads.widths(), strict=True):
        lines.append(title)
        lines.extend(_grid(marks, width, ansi, columns, text))
        lines.append("")
        yield "".join(line + "\n" for line in lines)
        lines = []
    ask = roads.ask
    lines.append(words.ask + text.colon.rstrip())
    lines.append(_ask_line(words.if_banker, ask.banker, ansi, words, text))
    lines.append(_ask_line(words.if_player, ask.player, ansi, words, text))
    lines.append("")
    lines.extend(words.notice)
    yield "".join(line + "\n" for line in lines)


def _bead_marks(roads: Roads, columns: int | None) -> Iterator[_Mark]:
    """The bead plate's marks: the outcome's letter and the flag of each mark of the coup."""
    for c in _cells(roads, Road.BEAD_PLATE, columns):
        outcome = c.outcome
        text = _LETTER[outcome]
        if c.marks:
            text += "".join(MARK_BY_NAME[name].flag for name in c.marks)
        yield c.col, c.row, text, _OUTCOME_COLOUR[outcome]


def _big_road_marks(roads: Roads, columns: int | None) -> Iterator[_Mark]:
    """The big road's marks: the outcome's letter and its ties."""
    for c in _cells(roads, Road.BIG_ROAD, columns):
        outcome = c.outcome
        text = _LETTER[outcome] + _ties(c.ties, outcome) if c.ties else _LETTER[outcome]
        yield c.col, c.row, text, _OUTCOME_COLOUR[outcome]


def _derived_marks(
    roads: Roads, k: int, road: str, ansi: bool, columns: int | None
) -> Iterator[_Mark]:
    """Derived road ``k``'s marks: ``r`` or ``b``, or in colour its road's glyph."""
    glyph = _ROAD_GLYPHS[road] if ansi else ""
    for c in _cells(roads, DERIVED[k - 1], columns):
        yield c.col, c.row, glyph or _DERIVED_LETTER[c.colour], _COLOUR_NAME[c.colour]


def _cells(roads: Roads, road: Road, columns: int | None) -> Iterable[Any]:
    """The cells of ``road``: those of its last ``columns`` columns, read without the
    others, or (None) every cell: the road's tuple where a drawing built it, else one by
    one."""
    if columns:
        return roads.last_columns(road, columns)
    return roads.iter_cells(road)


def _ties(ties: int, outcome: Outcome) -> str:
    """The ties written after a big-road entry: "/" for one, the count for 2 to 9, "+" beyond."""
    if ties == 0 or (outcome is Outcome.TIE and ties == 1):
        return ""
    if ties == 1:
        return "/"
    return str(ties) if ties < 10 else "+"
