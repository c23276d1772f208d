"""The JSON export (docs/export.md) and its CSV companion (one row per cell)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from typing import Any

from roads.grids.cells import DERIVED_ROADS, BeadCell, BigRoadCell, DerivedCell
from roads.grids.placement import Tails
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.notice import NOTICE
from roads.progress import job
from roads.tables import STANDARD, Table

SCHEMA = "roads/1"


def _bead(cell: BeadCell) -> dict[str, Any]:
    return {
        "col": cell.col,
        "row": cell.row,
        "hand": cell.hand,
        "outcome": cell.outcome.value,
        "banker_pair": cell.banker_pair,
        "player_pair": cell.player_pair,
        "natural": cell.natural,
        **({"marks": list(cell.marks)} if cell.marks else {}),
    }


def _entry(cell: BigRoadCell) -> dict[str, Any]:
    return {
        "col": cell.col,
        "row": cell.row,
        "streak": cell.streak,
        "depth": cell.depth,
        "outcome": cell.outcome.value,
        "ties": cell.ties,
        "hands": list(cell.hands),
        "banker_pair": cell.banker_pair,
        "player_pair": cell.player_pair,
        "natural": cell.natural,
        **({"marks": list(cell.marks)} if cell.marks else {}),
    }


def _mark(cell: DerivedCell) -> dict[str, Any]:
    return {
        "col": cell.col,
        "row": cell.row,
        "streak": cell.streak,
        "depth": cell.depth,
        "colour": cell.colour.value,
    }


def _ask(roads: Roads) -> dict[str, Any]:
    ask = roads.ask
    return {
        side: {
            road: (None if colour is None else colour.value)
            for road, colour in zip(DERIVED_ROADS, answer, strict=True)
        }
        for side, answer in (("banker", ask.banker), ("player", ask.player))
    }


def _rules(roads: Roads) -> dict[str, str]:
    """``"rules"`` for a table of another rule set than ``standard`` (whose bytes stay)."""
    rules = roads.table.rules
    return {"rules": rules} if rules != "standard" else {}


def export_dict(roads: Roads) -> dict[str, Any]:
    """The export as plain data, keys in the order docs/export.md lists them."""
    ask = roads.ask
    tails = {"tails": roads.tails.value} if roads.tails is not Tails.STRAIGHT else {}
    return {
        "schema": SCHEMA,
        "notice": NOTICE,
        **tails,
        **_rules(roads),
        "hands": [hand.as_dict(roads.marks_of(i)) for i, hand in enumerate(roads.hands)],
        "stats": asdict(roads.stats),
        "bead_plate": [_bead(cell) for cell in roads.bead_plate],
        "big_road": [_entry(cell) for cell in roads.big_road],
        "big_eye_boy": [_mark(cell) for cell in roads.big_eye_boy],
        "small_road": [_mark(cell) for cell in roads.small_road],
        "cockroach_pig": [_mark(cell) for cell in roads.cockroach_pig],
        "ask": {
            side: {
                road: (None if colour is None else colour.value)
                for road, colour in zip(DERIVED_ROADS, answer, strict=True)
            }
            for side, answer in (("banker", ask.banker), ("player", ask.player))
        },
    }


def export_json(roads: Roads) -> str:
    """The JSON export: one list item per line, so exports diff well; same input, same bytes."""
    data = export_dict(roads)
    lines = ["{"]
    total = sum(len(value) for value in data.values() if isinstance(value, list))
    with job("Writing the export", total) as progress:
        for number, (key, value) in enumerate(data.items()):
            comma = "," if number < len(data) - 1 else ""
            if isinstance(value, list) and value:
                items = ",\n".join(f"    {_dumps(item)}" for item in value)
                lines.append(f"  {_dumps(key)}: [\n{items}\n  ]{comma}")
                progress.advance(len(value))
            else:
                lines.append(f"  {_dumps(key)}: {_dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


_dumps = json.JSONEncoder(ensure_ascii=False).encode


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


def export_csv(roads: Roads) -> str:
    """Every drawn cell of every road, one row each, with a ``road`` column."""
    import csv  # only CSV needs it: keep it out of every other command's start

    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    data = export_dict(roads)
    for road in (each.attribute for each in Road):
        for cell in data[road]:
            row = {"road": road, **cell}
            row.pop("marks", None)  # the CSV's columns stay those of every table
            if "hands" in row:
                row["hands"] = " ".join(map(str, row["hands"]))
            writer.writerow({key: _csv_value(value) for key, value in row.items()})
    return out.getvalue()


def _csv_value(value: Any) -> Any:
    return str(value).lower() if isinstance(value, bool) else value


Write = Callable[[str], object]
_FLUSH_EVERY = 2048
"""Lines joined before each write: few calls, little held."""


def _write_list(write: Write, key: str, items: Iterator[Any], comma: str) -> None:
    """One key of the export holding a list, one item per line, as ``export_json`` writes it."""
    first = next(items, _END)
    if first is _END:
        write(f"  {_dumps(key)}: []{comma}\n")
        return
    lines = [f"  {_dumps(key)}: [\n    {_dumps(first)}"]
    for item in items:
        lines.append(f",\n    {_dumps(item)}")
        if len(lines) >= _FLUSH_EVERY:
            write("".join(lines))
            lines.clear()
    lines.append(f"\n  ]{comma}\n")
    write("".join(lines))


_END = object()


def write_json(
    write: Write,
    hands: Iterable[Hand],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
) -> None:
    """The JSON export of ``hands``, passed to ``write`` piece by piece as it is made.

    The same bytes as ``export_json`` of the roads of ``hands``, but the hands are read once,
    written as they come and kept only as one byte each, so memory stays flat however long the
    shoe (the input can be a generator reading a file). ``tails`` and ``table`` as in ``Roads``.
    """
    roads = Roads(tails=tails, keep_hands=False, table=table)

    def added() -> Iterator[dict[str, Any]]:
        for hand in hands:
            roads.add(hand)
            yield hand.as_dict(roads.marks_of(len(roads) - 1))

    write(f"{{\n  {_dumps('schema')}: {_dumps(SCHEMA)},\n  {_dumps('notice')}: {_dumps(NOTICE)},\n")
    if roads.tails is not Tails.STRAIGHT:
        write(f"  {_dumps('tails')}: {_dumps(roads.tails.value)},\n")
    for key, value in _rules(roads).items():
        write(f"  {_dumps(key)}: {_dumps(value)},\n")
    _write_list(write, "hands", added(), ",")
    write(f"  {_dumps('stats')}: {_dumps(asdict(roads.stats))},\n")
    _write_list(write, "bead_plate", map(_bead, roads.iter_bead_plate()), ",")
    _write_list(write, "big_road", map(_entry, roads.iter_big_road()), ",")
    for k, road in enumerate(DERIVED_ROADS, start=1):
        _write_list(write, road, map(_mark, roads.iter_derived(k)), ",")
    write(f"  {_dumps('ask')}: {_dumps(_ask(roads))}\n}}\n")


def write_csv(
    write: Write,
    hands: Iterable[Hand],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
) -> None:
    """The CSV export of ``hands``, passed to ``write`` piece by piece: the bytes of
    ``export_csv``, in memory that does not grow with the shoe. ``tails`` as in ``Roads``."""
    import csv

    roads = Roads(hands, tails=tails, keep_hands=False, table=table)
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    cells: tuple[tuple[str, Iterator[dict[str, Any]]], ...] = (
        ("bead_plate", map(_bead, roads.iter_bead_plate())),
        ("big_road", map(_entry, roads.iter_big_road())),
        *(
            (road, map(_mark, roads.iter_derived(k)))
            for k, road in enumerate(DERIVED_ROADS, start=1)
        ),
    )
    rows = 0
    for road, items in cells:
        for cell in items:
            row = {"road": road, **cell}
            row.pop("marks", None)
            if "hands" in row:
                row["hands"] = " ".join(map(str, row["hands"]))
            writer.writerow({key: _csv_value(value) for key, value in row.items()})
            rows += 1
            if rows % _FLUSH_EVERY == 0:
                write(out.getvalue())
                out.seek(0)
                out.truncate()
    write(out.getvalue())
