"""The board as text: for terminals (with colours), for the SVG's description, for logs.

A cell is three characters wide. Bead plate: ``B`` ``P`` ``T``, then the flag of a table's mark
(``B6``, ``B7``, ``P8``; the legend under the statistics says what they mean). Big road: ``B``
or ``P``, then the ties drawn on it (``/`` for one, the count for more). Derived roads: ``r``
red (the pattern repeats) and ``b`` blue (it breaks). Colour output draws them as the board does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import click

from roads.game.coup import Outcome
from roads.grids.cells import DERIVED_ROADS, AskAnswer, Colour, DerivedCell
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED, Road
from roads.grids.roads import Roads
from roads.tables.marks import MARK_BY_NAME
from roads.translations import LANGUAGES, MARK_WORDS, TEXT_WORDS, Labels, TextWords

_LETTER = {outcome: outcome.value for outcome in Outcome}
_COLOUR_NAME = {colour: colour.value for colour in Colour}
_OUTCOME_COLOUR = {Outcome.BANKER: "red", Outcome.PLAYER: "blue", Outcome.TIE: "green"}
_ROAD_GLYPHS = dict(zip(DERIVED_ROADS, "○●╱", strict=True))
"""The mark each derived road draws, by its ``Road.attribute``."""


@dataclass(frozen=True, slots=True)
class _Mark:
    col: int
    row: int
    text: str
    colour: str


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
    for mark in marks:
        if mark.col >= first:
            rows[mark.row][mark.col - first] = " " + _paint(mark.text.ljust(2), mark.colour, ansi)
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
    words, text = LANGUAGES[lang], TEXT_WORDS[lang]
    lines = [_stats_line(roads, words)]
    lines += [f"  {mark.flag} {MARK_WORDS[lang][mark.name]}" for mark in roads.table.marks]
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
    ask = roads.ask
    lines.append(words.ask + text.colon.rstrip())
    lines.append(_ask_line(words.if_banker, ask.banker, ansi, words, text))
    lines.append(_ask_line(words.if_player, ask.player, ansi, words, text))
    lines.append("")
    lines.extend(words.notice)
    return "\n".join(lines) + "\n"


def _bead_marks(roads: Roads, columns: int | None) -> Iterator[_Mark]:
    """The bead plate's marks: the outcome's letter and the flag of each mark of the coup."""
    for c in _cells(roads, Road.BEAD_PLATE, columns):
        flags = "".join(MARK_BY_NAME[name].flag for name in c.marks)
        yield _Mark(c.col, c.row, _LETTER[c.outcome] + flags, _OUTCOME_COLOUR[c.outcome])


def _big_road_marks(roads: Roads, columns: int | None) -> Iterator[_Mark]:
    """The big road's marks: the outcome's letter and its ties."""
    for c in _cells(roads, Road.BIG_ROAD, columns):
        yield _Mark(
            c.col, c.row, _LETTER[c.outcome] + _ties(c.ties, c.outcome), _OUTCOME_COLOUR[c.outcome]
        )


def _derived_marks(
    roads: Roads, k: int, road: str, ansi: bool, columns: int | None
) -> Iterator[_Mark]:
    cells = roads.last_columns(DERIVED[k - 1], columns) if columns else roads.iter_derived(k)
    for c in cells:
        assert isinstance(c, DerivedCell)
        yield _Mark(c.col, c.row, _derived(c.colour, road, ansi), _COLOUR_NAME[c.colour])


def _cells(roads: Roads, road: Road, columns: int | None) -> Iterable[Any]:
    """The cells of the bead plate or the big road: those of its last ``columns`` columns,
    read without the others, or (None) every cell one by one."""
    if columns:
        return roads.last_columns(road, columns)
    return roads.iter_bead_plate() if road is Road.BEAD_PLATE else roads.iter_big_road()


def _ties(ties: int, outcome: Outcome) -> str:
    """The ties written after a big-road entry: "/" for one, the count for 2 to 9, "+" beyond."""
    if ties == 0 or (outcome is Outcome.TIE and ties == 1):
        return ""
    if ties == 1:
        return "/"
    return str(ties) if ties < 10 else "+"


def _derived(colour: Colour, road: str, ansi: bool) -> str:
    if ansi:
        return _ROAD_GLYPHS[road]
    return "r" if colour is Colour.RED else "b"
