"""The JSON export (docs/export.md) and its CSV companion (one row per cell)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from itertools import chain, islice
from typing import Any

from roads.game.coup import Outcome
from roads.grids.cells import DERIVED_ROADS, BeadCell, BigRoadCell, DerivedCell
from roads.grids.placement import ROWS, Tails
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.hands.compact import Compact, compact
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
_FLUSH_EVERY = 4096
"""Lines joined before each write: few calls, little held."""


def _write_list(write: Write, key: str, lines: Iterator[str], comma: str) -> None:
    """One key of the export holding a list, one item (already JSON) per line, as
    ``export_json`` writes it."""
    first = next(lines, None)
    if first is None:
        write(f"  {_dumps(key)}: []{comma}\n")
        return
    write(f"  {_dumps(key)}: [\n    {first}")
    batch = list(islice(lines, _FLUSH_EVERY))
    while batch:
        write(",\n    " + ",\n    ".join(batch))
        batch = list(islice(lines, _FLUSH_EVERY))
    write(f"\n  ]{comma}\n")


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
    write_compact_json(write, map(compact, hands), tails=tails, table=table)


def write_compact_json(
    write: Write,
    hands: Iterable[Compact],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
) -> None:
    """``write_json`` of hands in the compact form (``roads.hands.compact``): each hand a
    shared value and the JSON text of its cards, as ``roads export`` reads a file."""
    roads = Roads(tails=tails, keep_hands=False, table=table)
    add = roads.add
    parts: dict[Hand, tuple[str, str]] = {}

    def added() -> Iterator[str]:
        for hand, cards in hands:
            add(hand)
            known = parts.get(hand)
            if known is None:
                known = parts[hand] = _hand_parts(hand, roads.marks_of(len(roads) - 1))
            head, tail = known
            yield head + tail if cards is None else f"{head}, {cards}{tail}"

    write(f"{{\n  {_dumps('schema')}: {_dumps(SCHEMA)},\n  {_dumps('notice')}: {_dumps(NOTICE)},\n")
    if roads.tails is not Tails.STRAIGHT:
        write(f"  {_dumps('tails')}: {_dumps(roads.tails.value)},\n")
    for key, value in _rules(roads).items():
        write(f"  {_dumps(key)}: {_dumps(value)},\n")
    _write_list(write, "hands", added(), ",")
    write(f"  {_dumps('stats')}: {_dumps(asdict(roads.stats))},\n")
    _write_list(write, "bead_plate", _bead_lines(roads), ",")
    _write_list(write, "big_road", map(_entry_line, roads.iter_big_road()), ",")
    for k, road in enumerate(DERIVED_ROADS, start=1):
        _write_list(write, road, map(_MARK_LINE.__mod__, roads.iter_derived_fields(k)), ",")
    write(f"  {_dumps('ask')}: {_dumps(_ask(roads))}\n}}\n")


def _hand_parts(hand: Hand, marks: tuple[str, ...]) -> tuple[str, str]:
    """The JSON of a hand without cards around where its card fields go: before, and after."""
    text = _dumps(hand.as_dict(()))
    return text[:-1], (f", {_dumps('marks')}: {_dumps(list(marks))}}}" if marks else "}")


_JSON_BOOL = ("false", "true")


def _bead_lines(roads: Roads) -> Iterator[str]:
    """The bead plate's cells as JSON, each the text of ``_bead``'s dict."""
    tails: dict[int, str] = {}
    for i, code in enumerate(roads.codes):
        tail = tails.get(code)
        if tail is None:
            cell = roads.bead_cell(i)
            text = _dumps(_bead(cell))
            place = f'{{"col": {cell.col}, "row": {cell.row}, "hand": {cell.hand}, '
            assert text.startswith(place), text
            tail = tails[code] = text[len(place) :]
        yield f'{{"col": {i // ROWS}, "row": {i % ROWS}, "hand": {i}, {tail}'


def _entry_line(cell: BigRoadCell) -> str:
    """``_entry``'s dict of a big road cell as JSON."""
    if cell.marks:
        return _dumps(_entry(cell))
    return (
        f'{{"col": {cell.col}, "row": {cell.row}, "streak": {cell.streak}, '
        f'"depth": {cell.depth}, "outcome": "{_OUTCOME[cell.outcome]}", "ties": {cell.ties}, '
        f'"hands": [{", ".join(map(str, cell.hands))}], '
        f'"banker_pair": {_JSON_BOOL[cell.banker_pair]}, '
        f'"player_pair": {_JSON_BOOL[cell.player_pair]}, '
        f'"natural": {_JSON_BOOL[cell.natural]}}}'
    )


_MARK_LINE = '{"col": %d, "row": %d, "streak": %d, "depth": %d, "colour": "%s"}'
"""``_mark``'s dict of a derived road's cell as JSON, from the cell's fields in order."""


_OUTCOME = {outcome: outcome.value for outcome in Outcome}


def write_csv(
    write: Write,
    hands: Iterable[Hand],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
) -> None:
    """The CSV export of ``hands``, passed to ``write`` piece by piece: the bytes of
    ``export_csv``, in memory that does not grow with the shoe. ``tails`` as in ``Roads``."""
    write_compact_csv(write, map(compact, hands), tails=tails, table=table)


_CSV_BOOL = ("false", "true")


def write_compact_csv(
    write: Write,
    hands: Iterable[Compact],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
) -> None:
    """``write_csv`` of hands in the compact form (``roads.hands.compact``)."""
    roads = Roads((hand for hand, _ in hands), tails=tails, keep_hands=False, table=table)
    write(",".join(CSV_COLUMNS) + "\n")
    b = _CSV_BOOL
    beads: dict[int, str] = {}

    def bead_rows() -> Iterator[str]:
        for i, code in enumerate(roads.codes):
            tail = beads.get(code)
            if tail is None:
                cell = roads.bead_cell(i)
                tail = beads[code] = (
                    f",,,{cell.outcome.value},,,{b[cell.banker_pair]},{b[cell.player_pair]},"
                    f"{b[cell.natural]},\n"
                )
            yield f"bead_plate,{i // ROWS},{i % ROWS},{i}{tail}"

    def big_rows() -> Iterator[str]:
        for c in roads.iter_big_road():
            yield (
                f"big_road,{c.col},{c.row},,{c.streak},{c.depth},{_OUTCOME[c.outcome]},{c.ties},"
                f"{' '.join(map(str, c.hands))},{b[c.banker_pair]},{b[c.player_pair]},"
                f"{b[c.natural]},\n"
            )

    def derived_rows(road: str, k: int) -> Iterator[str]:
        return map(f"{road},%d,%d,,%d,%d,,,,,,,%s\n".__mod__, roads.iter_derived_fields(k))

    rows = chain(
        bead_rows(),
        big_rows(),
        *(derived_rows(road, k) for k, road in enumerate(DERIVED_ROADS, start=1)),
    )
    batch = list(islice(rows, _FLUSH_EVERY))
    while batch:
        write("".join(batch))
        batch = list(islice(rows, _FLUSH_EVERY))
