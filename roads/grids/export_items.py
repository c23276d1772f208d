"""Each road's cells as the export writes them (docs/export.md): the reference of the ``export``
concept (``roads.engines``).

``bead_item``, ``entry_item`` and ``mark_item`` give a cell's item as a dict; the reference
engine writes a ``Batch``'s items as the JSON of those dicts, and its CSV rows from the same
dicts, one cell at a time. The fast engine (``roads.fast.export``) writes the same text from
the batch's arrays, with no object per cell.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator
from typing import Any, Protocol, cast

from roads import engines
from roads.game.coup import Outcome
from roads.grids.batch import Batch, Placed, streak_cells
from roads.grids.cells import BeadCell, BigRoadCell, Colour, DerivedCell
from roads.grids.road import DERIVED, Placing, Road
from roads.grids.roads import (
    BANKER_PAIR,
    NATURAL,
    PLAYER_PAIR,
    SLOT_OUTCOME,
    bead_of_code,
    code_marks,
)
from roads.tables import Table

CSV_COLUMNS = (
    "road",
    "col",
    "row",
    "hand",
    "streak",
    "depth",
    "outcome",
    "ties",
    "hands",
    "banker_pair",
    "player_pair",
    "natural",
    "colour",
)
"""The columns of the CSV export: every cell of every road, one row each."""


def bead_item(cell: BeadCell) -> dict[str, Any]:
    """A bead plate cell's item in the export.

    Parameters:
        cell: the cell.
    """
    return {
        "col": cell.col,
        "row": cell.row,
        "hand": cell.hand,
        "outcome": cell.outcome.value,
        **_flags(cell),
    }


def _flags(cell: BeadCell | BigRoadCell) -> dict[str, Any]:
    """The pairs, the natural and the table's marks (only where there are some) of a cell
    that stands for hands: the last keys of a bead's and an entry's item, in order."""
    return {
        "banker_pair": cell.banker_pair,
        "player_pair": cell.player_pair,
        "natural": cell.natural,
        **({"marks": list(cell.marks)} if cell.marks else {}),
    }


def entry_item(cell: BigRoadCell) -> dict[str, Any]:
    """A big road cell's item in the export.

    Parameters:
        cell: the cell.
    """
    return {
        "col": cell.col,
        "row": cell.row,
        "streak": cell.streak,
        "depth": cell.depth,
        "outcome": cell.outcome.value,
        "ties": cell.ties,
        "hands": list(cell.hands),
        **_flags(cell),
    }


def mark_item(cell: DerivedCell) -> dict[str, Any]:
    """A derived road cell's item in the export.

    Parameters:
        cell: the cell.
    """
    return {
        "col": cell.col,
        "row": cell.row,
        "streak": cell.streak,
        "depth": cell.depth,
        "colour": cell.colour.value,
    }


ITEMS: dict[Placing, Callable[[Any], dict[str, Any]]] = {
    Placing.BEADS: bead_item,
    Placing.STREAKS: entry_item,
    Placing.DERIVED: mark_item,
}
"""A cell's item, by how its road places its cells."""


class ExportingEngine(Protocol):
    """What an engine does for the export (``roads.engines``, concept ``export``)."""

    def json_items(self, batch: Batch, road: Road, table: Table) -> Iterator[str]:
        """The items of ``road``, each the JSON text of its dict, in order."""
        ...

    def csv_rows(self, batch: Batch, table: Table) -> Iterator[str]:
        """Every cell as a row of the CSV export (``CSV_COLUMNS``, no header), road by road,
        each row with its line end."""
        ...


def exporting_engine(name: str) -> ExportingEngine:
    """The export of engine ``name`` (``roads.engines.choose`` gives one)."""
    return cast(ExportingEngine, engines.implementation("export", name))


def bead_cells(batch: Batch, table: Table) -> Iterator[BeadCell]:
    """The bead plate's cells of ``batch``: one per hand, column by column.

    Parameters:
        batch: the roads.
        table: the table whose marks the cells carry.
    """
    for i, code in enumerate(batch.codes):
        yield bead_of_code(i, code, code_marks(code, table))


def big_road_cells(batch: Batch, table: Table) -> Iterator[BigRoadCell]:
    """The big road's cells of ``batch``: one per Banker or Player hand, each holding the ties
    after it (the first also those before it); one cell of ties while there is nothing else.

    Parameters:
        batch: the roads.
        table: the table whose marks the cells carry.
    """
    codes, leads = batch.codes, batch.leads
    if not leads:
        if codes:
            yield BigRoadCell(
                0, 0, 0, 0, Outcome.TIE, len(codes), tuple(range(len(codes))), *_pairs(codes), False
            )
        return
    ends = [*leads[1:], len(codes)]
    for (col, row, streak, depth), lead, end in zip(
        streak_cells(batch.big), leads, ends, strict=True
    ):
        first = lead if streak or depth else 0
        code = codes[lead]
        yield BigRoadCell(
            col,
            row,
            streak,
            depth,
            SLOT_OUTCOME[code & 3],
            end - first - 1,
            tuple(range(first, end)),
            *_pairs(codes[first:end]),
            bool(code & NATURAL),
            code_marks(code, table),
        )


def _pairs(codes: bytes) -> tuple[bool, bool]:
    """Whether any of ``codes`` has the Banker's, and the Player's, pair."""
    return any(code & BANKER_PAIR for code in codes), any(code & PLAYER_PAIR for code in codes)


def derived_cells(placed: Placed, blue_first: bool) -> Iterator[DerivedCell]:
    """A derived road's cells: its streaks alternate in colour.

    Parameters:
        placed: the road's cells (``Batch.derived``).
        blue_first: whether its first streak is blue.
    """
    for col, row, streak, depth in streak_cells(placed):
        blue = blue_first != bool(streak % 2)
        yield DerivedCell(col, row, streak, depth, Colour.BLUE if blue else Colour.RED)


def road_items(batch: Batch, road: Road, table: Table) -> Iterator[dict[str, Any]]:
    """The export's items of ``road``, as dicts.

    Parameters:
        batch: the roads.
        road: the road.
        table: the table whose marks the cells carry.
    """
    if road.places is Placing.BEADS:
        return map(bead_item, bead_cells(batch, table))
    if road.places is Placing.STREAKS:
        return map(entry_item, big_road_cells(batch, table))
    placed, blue_first = batch.derived[DERIVED.index(road)]
    return map(mark_item, derived_cells(placed, blue_first))


_dumps = json.JSONEncoder(ensure_ascii=False).encode


class _Reference:
    """The reference engine's export: one dict per cell."""

    def json_items(self, batch: Batch, road: Road, table: Table) -> Iterator[str]:
        return map(_dumps, road_items(batch, road, table))

    def csv_rows(self, batch: Batch, table: Table) -> Iterator[str]:
        for road in Road:
            for item in road_items(batch, road, table):
                row = {"road": road.attribute, **item}
                row.pop("marks", None)  # the CSV's columns stay those of every table
                if "hands" in row:
                    row["hands"] = " ".join(map(str, row["hands"]))
                yield csv_row({key: _csv_value(value) for key, value in row.items()})


def csv_row(row: dict[str, Any]) -> str:
    """One row of the CSV export, with its line end; a column not in ``row`` is empty.

    Parameters:
        row: the row's values by column (``CSV_COLUMNS``).
    """
    out = io.StringIO()
    csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n").writerow(row)
    return out.getvalue()


def _csv_value(value: Any) -> Any:
    return str(value).lower() if isinstance(value, bool) else value


EXPORTING: ExportingEngine = _Reference()
"""The reference engine's export (``roads.engines``, concept ``export``)."""
