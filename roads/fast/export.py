"""The fast engine's export (``roads.engines``, concept ``export``): lines of JSON and rows of CSV
read straight from a ``Batch`` (``roads.grids.batch``), the text of the reference's dicts
(``roads.grids.export_items``) with no object per cell. The text that depends on a hand's code
(its outcome, flags and marks) is made once per code, from the dict of a cell of that code."""

from __future__ import annotations

import json
from collections.abc import Iterator

from roads.game.coup import Outcome
from roads.grids.batch import Batch, Placed, streak_cells
from roads.grids.cells import DERIVED_ROADS, BeadCell, BigRoadCell, Colour
from roads.grids.export_items import ExportingEngine, bead_item, entry_item
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED, Placing, Road
from roads.grids.roads import BANKER_PAIR, NATURAL, PLAYER_PAIR, SLOT_OUTCOME, code_marks
from roads.tables import Table

_dumps = json.JSONEncoder(ensure_ascii=False).encode
_PAIRS = BANKER_PAIR | PLAYER_PAIR
_COLOURS = (Colour.RED.value, Colour.BLUE.value)
"""A derived streak's colour, by whether it is blue (``Batch.derived``)."""


def _bead_cell(code: int, table: Table) -> BeadCell:
    """The first bead of a hand of ``code``."""
    return BeadCell(
        0,
        0,
        0,
        SLOT_OUTCOME[code & 3],
        bool(code & BANKER_PAIR),
        bool(code & PLAYER_PAIR),
        bool(code & NATURAL),
        code_marks(code, table),
    )


def _big_cell(code: int, table: Table, ties: int, hands: tuple[int, ...]) -> BigRoadCell:
    """The cell of an entry led by a hand of ``code`` (its pair bits those of every hand the
    entry holds), drawn at (0, 0); an entry of ties only when ``code`` has the tie slot."""
    led = SLOT_OUTCOME[code & 3] is not Outcome.TIE
    return BigRoadCell(
        0,
        0,
        0,
        0,
        SLOT_OUTCOME[code & 3],
        ties,
        hands,
        bool(code & BANKER_PAIR),
        bool(code & PLAYER_PAIR),
        led and bool(code & NATURAL),
        code_marks(code, table) if led else (),
    )


def _after(text: str, start: str) -> str:
    """``text`` less its beginning ``start``, which it must have."""
    assert text.startswith(start), (text, start)
    return text[len(start) :]


def bead_lines(codes: bytes, table: Table) -> Iterator[str]:
    """The bead plate's items as JSON, one per hand.

    Parameters:
        codes: each hand's code, in order (``Batch.codes``).
        table: the table whose marks the cells carry.
    """
    tails: dict[int, str] = {}
    for i, code in enumerate(codes):
        tail = tails.get(code)
        if tail is None:
            text = _dumps(bead_item(_bead_cell(code, table)))
            tail = tails[code] = _after(text, '{"col": 0, "row": 0, "hand": 0, ')
        yield f'{{"col": {i // ROWS}, "row": {i % ROWS}, "hand": {i}, {tail}'


def _entries(batch: Batch) -> Iterator[tuple[int, int, int, int, int, int, int, int]]:
    """Each big road entry's col, row, streak, depth, first hand, end (the hand after its
    last), ties, and code: its lead's, with the pair bits of every hand it holds."""
    codes, leads = batch.codes, batch.leads
    count = len(codes)
    if not leads:
        if codes:  # ties only: one entry holds them all
            yield 0, 0, 0, 0, 0, count, count, _merged(codes, 0, count, codes[0])
        return
    ends = leads[1:]
    ends.append(count)
    cells = zip(streak_cells(batch.big), leads, ends, strict=True)
    for (col, row, streak, depth), lead, end in cells:
        first = lead if depth or streak else 0
        code = codes[lead]
        if end - first > 1:
            code = _merged(codes, first, end, code)
        yield col, row, streak, depth, first, end, end - first - 1, code


def _merged(codes: bytes, first: int, end: int, code: int) -> int:
    merged = 0
    for each in codes[first:end]:
        merged |= each
    return code | merged & _PAIRS


def big_lines(batch: Batch, table: Table) -> Iterator[str]:
    """The big road's items as JSON.

    Parameters:
        batch: the roads.
        table: the table whose marks the cells carry.
    """
    tails: dict[int, tuple[str, str]] = {}
    for col, row, streak, depth, first, end, ties, code in _entries(batch):
        known = tails.get(code)
        if known is None:
            text = _dumps(entry_item(_big_cell(code, table, 0, (0,))))
            rest = _after(text, '{"col": 0, "row": 0, "streak": 0, "depth": 0, ')
            cut = rest.index('"ties": 0, "hands": [0]')
            known = tails[code] = rest[:cut], rest[cut + len('"ties": 0, "hands": [0]') :]
        outcome, tail = known
        if not ties:
            yield (
                f'{{"col": {col}, "row": {row}, "streak": {streak}, "depth": {depth}, '
                f'{outcome}"ties": 0, "hands": [{first}]{tail}'
            )
        else:
            hands = ", ".join(map(str, range(first, end)))
            yield (
                f'{{"col": {col}, "row": {row}, "streak": {streak}, "depth": {depth}, '
                f'{outcome}"ties": {ties}, "hands": [{hands}]{tail}'
            )


def mark_lines(placed: Placed, blue_first: bool) -> Iterator[str]:
    """A derived road's items as JSON.

    Parameters:
        placed: the road's cells (``Batch.derived``).
        blue_first: whether its first streak is blue (its streaks alternate in colour).
    """
    cols, rows = placed.cols, placed.rows
    index = 0
    for streak, length in enumerate(placed.lengths):
        colour = _COLOURS[blue_first ^ (streak & 1)]
        for depth in range(length):
            yield (
                f'{{"col": {cols[index]}, "row": {rows[index]}, "streak": {streak}, '
                f'"depth": {depth}, "colour": "{colour}"}}'
            )
            index += 1


_CSV_BOOL = ("false", "true")


def csv_rows(batch: Batch, table: Table) -> Iterator[str]:
    """Every cell as a row of the CSV export (``CSV_COLUMNS``), road by road.

    Parameters:
        batch: the roads.
        table: the table of the cells (the CSV shows no marks).
    """
    b = _CSV_BOOL
    beads: dict[int, str] = {}
    for i, code in enumerate(batch.codes):
        tail = beads.get(code)
        if tail is None:
            cell = _bead_cell(code, table)
            tail = beads[code] = (
                f",,,{cell.outcome.value},,,{b[cell.banker_pair]},{b[cell.player_pair]},"
                f"{b[cell.natural]},\n"
            )
        yield f"bead_plate,{i // ROWS},{i % ROWS},{i}{tail}"
    for col, row, streak, depth, first, end, ties, code in _entries(batch):
        c = _big_cell(code, table, ties, ())
        yield (
            f"big_road,{col},{row},,{streak},{depth},{c.outcome.value},{c.ties},"
            f"{' '.join(map(str, range(first, end)))},{b[c.banker_pair]},{b[c.player_pair]},"
            f"{b[c.natural]},\n"
        )
    for road, (placed, blue_first) in zip(DERIVED_ROADS, batch.derived, strict=True):
        for col, row, streak, depth in streak_cells(placed):
            colour = _COLOURS[blue_first ^ (streak & 1)]
            yield f"{road},{col},{row},,{streak},{depth},,,,,,,{colour}\n"


class _Fast:
    """The fast engine's export."""

    def json_items(self, batch: Batch, road: Road, table: Table) -> Iterator[str]:
        if road.places is Placing.BEADS:
            return bead_lines(batch.codes, table)
        if road.places is Placing.STREAKS:
            return big_lines(batch, table)
        return mark_lines(*batch.derived[DERIVED.index(road)])

    def csv_rows(self, batch: Batch, table: Table) -> Iterator[str]:
        return csv_rows(batch, table)


EXPORTING: ExportingEngine = _Fast()
"""The fast engine's export (``roads.engines``, concept ``export``)."""
