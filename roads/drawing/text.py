"""The board as text: for terminals (with colours), for the SVG's description, for logs.

A cell is three characters wide. Bead plate: ``B`` ``P`` ``T``. Big road: ``B`` or ``P``, then the
ties drawn on it (``/`` for one, the count for more). Derived roads: ``r`` red (the pattern
repeats) and ``b`` blue (it breaks). Colour output draws them as the board does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from roads.game.coup import Outcome
from roads.grids.cells import DERIVED_ROADS, AskAnswer, Colour
from roads.grids.placement import ROWS
from roads.grids.roads import Roads
from roads.notice import NOTICE

_ANSI = {"red": "\x1b[31m", "blue": "\x1b[34m", "green": "\x1b[32m", "dim": "\x1b[2m"}
_RESET = "\x1b[0m"
_LETTER = {outcome: outcome.value for outcome in Outcome}
_COLOUR_NAME = {colour: colour.value for colour in Colour}
_OUTCOME_COLOUR = {Outcome.BANKER: "red", Outcome.PLAYER: "blue", Outcome.TIE: "green"}
_ROAD_NAMES = {
    "big_eye_boy": "Big Eye Boy",
    "small_road": "Small Road",
    "cockroach_pig": "Cockroach Pig",
}
_ROAD_GLYPHS = {"big_eye_boy": "○", "small_road": "●", "cockroach_pig": "╱"}


@dataclass(frozen=True, slots=True)
class _Mark:
    col: int
    row: int
    text: str
    colour: str


def _paint(text: str, colour: str, ansi: bool) -> str:
    return f"{_ANSI[colour]}{text}{_RESET}" if ansi and colour else text


def _grid(marks: Sequence[_Mark], ansi: bool, columns: int | None) -> list[str]:
    if not marks:
        return ["  (no marks yet)"]
    width = max(mark.col for mark in marks) + 1
    first = max(0, width - columns) if columns else 0
    empty = " " + _paint("·", "dim", ansi) + " "
    rows = [[empty] * (width - first) for _ in range(ROWS)]
    for mark in marks:
        if mark.col >= first:
            rows[mark.row][mark.col - first] = " " + _paint(mark.text.ljust(2), mark.colour, ansi)
    return ["".join(row).rstrip() for row in rows]


def _stats_line(roads: Roads) -> str:
    s = roads.stats
    return (
        f"Coups {s.hands} · Banker {s.banker} · Player {s.player} · Tie {s.tie} · "
        f"Banker pairs {s.banker_pair} · Player pairs {s.player_pair} · Naturals {s.natural}"
    )


def _ask_line(label: str, answer: AskAnswer, ansi: bool) -> str:
    parts = []
    for road, colour in zip(DERIVED_ROADS, answer, strict=True):
        if colour is None:
            shown = "—"
        else:
            glyph = _ROAD_GLYPHS[road] if ansi else colour.value
            shown = _paint(glyph, colour.value, ansi)
        parts.append(f"{_ROAD_NAMES[road]} {shown}")
    return f"  {label}: " + ", ".join(parts)


def board_text(roads: Roads, *, ansi: bool = False, columns: int | None = None) -> str:
    """The statistics, the five grids, the ask road and the notice, as lines of text."""
    lines = [_stats_line(roads), ""]
    sections: list[tuple[str, Iterable[_Mark]]] = [
        (
            "Bead plate",
            (
                _Mark(c.col, c.row, _LETTER[c.outcome], _OUTCOME_COLOUR[c.outcome])
                for c in roads.bead_plate
            ),
        ),
        (
            "Big road",
            (
                _Mark(
                    c.col,
                    c.row,
                    _LETTER[c.outcome] + _ties(c.ties, c.outcome),
                    _OUTCOME_COLOUR[c.outcome],
                )
                for c in roads.big_road
            ),
        ),
    ]
    for road in DERIVED_ROADS:
        cells = getattr(roads, road)
        sections.append(
            (
                _ROAD_NAMES[road] + (" (r red, b blue)" if not ansi else ""),
                [
                    _Mark(c.col, c.row, _derived(c.colour, road, ansi), _COLOUR_NAME[c.colour])
                    for c in cells
                ],
            )
        )
    for title, marks in sections:
        lines.append(title)
        lines.extend(_grid(list(marks), ansi, columns))
        lines.append("")
    ask = roads.ask
    lines.append("Ask road (what each derived road would add; not a forecast):")
    lines.append(_ask_line("if the next coup is Banker", ask.banker, ansi))
    lines.append(_ask_line("if the next coup is Player", ask.player, ansi))
    lines.append("")
    lines.append(NOTICE)
    return "\n".join(lines) + "\n"


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
