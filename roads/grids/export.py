"""The JSON export (docs/export.md) and its CSV companion (one row per cell).

``export_json`` and ``export_csv`` write a board's ``Roads``; ``write_json`` and ``write_csv``
write hands as they are read, in memory that stays flat, with the engine ``roads.engines``
chooses for the roads (``roads.grids.batch``) and their cells' text
(``roads.grids.export_items``): the same bytes from every engine.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from itertools import islice
from typing import Any

from roads import engines
from roads.grids.batch import build
from roads.grids.cells import DERIVED_ROADS, Ask
from roads.grids.export_items import CSV_COLUMNS, ITEMS, exporting_engine
from roads.grids.placement import Tails, tails_named
from roads.grids.road import Road
from roads.grids.roads import Roads, code_marks, hand_code
from roads.hands.compact import Compact, compact
from roads.hands.hand import Hand
from roads.notice import NOTICE
from roads.progress import job
from roads.tables import STANDARD, Table

SCHEMA = "roads/1"


def _ask(ask: Ask) -> dict[str, Any]:
    return {
        side: {
            road: (None if colour is None else colour.value)
            for road, colour in zip(DERIVED_ROADS, answer, strict=True)
        }
        for side, answer in (("banker", ask.banker), ("player", ask.player))
    }


def _rules(table: Table) -> dict[str, str]:
    """``"rules"`` for a table of another rule set than ``standard`` (whose bytes stay)."""
    rules = table.rules
    return {"rules": rules} if rules != "standard" else {}


def export_dict(roads: Roads) -> dict[str, Any]:
    """The export as plain data, keys in the order docs/export.md lists them."""
    tails = {"tails": roads.tails.value} if roads.tails is not Tails.STRAIGHT else {}
    return {
        "schema": SCHEMA,
        "notice": NOTICE,
        **tails,
        **_rules(roads.table),
        "hands": [hand.as_dict(roads.marks_of(i)) for i, hand in enumerate(roads.hands)],
        "stats": asdict(roads.stats),
        **{road.attribute: list(map(ITEMS[road.places], roads.cells(road))) for road in Road},
        "ask": _ask(roads.ask),
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
    engine: str | None = None,
) -> None:
    """The JSON export of ``hands``, passed to ``write`` piece by piece as it is made.

    The same bytes as ``export_json`` of the roads of ``hands``, but the hands are read once,
    written as they come and kept only as one byte each, so memory stays flat however long the
    shoe (the input can be a generator reading a file). ``tails`` and ``table`` as in
    ``Roads``; ``engine`` builds the roads and writes their cells (``roads.engines``; None:
    the fast one), the same bytes from any.
    """
    write_compact_json(write, map(compact, hands), tails=tails, table=table, engine=engine)


def write_compact_json(
    write: Write,
    hands: Iterable[Compact],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
    engine: str | None = None,
) -> None:
    """``write_json`` of hands in the compact form (``roads.hands.compact``): each hand a
    shared value and the JSON text of its cards, as ``roads export`` reads a file. The hands
    are written as they are read, kept as one byte each, and the roads built from those bytes
    at once (``roads.grids.batch``)."""
    chosen = tails_named(tails)
    name = engines.choose(engine)
    write(f"{{\n  {_dumps('schema')}: {_dumps(SCHEMA)},\n  {_dumps('notice')}: {_dumps(NOTICE)},\n")
    if chosen is not Tails.STRAIGHT:
        write(f"  {_dumps('tails')}: {_dumps(chosen.value)},\n")
    for key, value in _rules(table).items():
        write(f"  {_dumps(key)}: {_dumps(value)},\n")
    codes = bytearray()
    _write_list(write, "hands", _hand_lines(hands, codes, table), ",")
    batch = build(bytes(codes), chosen, engine=name)
    del codes
    write(f"  {_dumps('stats')}: {_dumps(asdict(batch.stats))},\n")
    exporting = exporting_engine(name)
    for road in Road:
        _write_list(write, road.attribute, exporting.json_items(batch, road, table), ",")
    write(f"  {_dumps('ask')}: {_dumps(_ask(batch.ask))}\n}}\n")


_KNOWN = 1024
"""Hands whose text is kept by identity: the shared hands of the compact form are a few hundred;
others (not shared) are made again each time, so memory stays flat whatever comes."""


def _hand_lines(hands: Iterable[Compact], codes: bytearray, table: Table) -> Iterator[str]:
    """The items of ``hands`` as JSON, each hand's code appended to ``codes`` as it passes."""
    append = codes.append
    known: dict[int, tuple[Hand, int, str, str]] = {}  # by id: the hand held, so its id stays
    for hand, cards in hands:
        found = known.get(id(hand))
        if found is None:
            code = hand_code(hand)
            found = (hand, code, *_hand_parts(hand, code_marks(code, table)))
            if len(known) < _KNOWN:
                known[id(hand)] = found
        _, code, head, tail = found
        append(code)
        yield head + tail if cards is None else f"{head}, {cards}{tail}"


def _codes(hands: Iterable[Compact]) -> bytes:
    """The code of each of ``hands`` (``hand_code``), in order."""
    codes = bytearray()
    known: dict[int, tuple[Hand, int]] = {}  # by id, as in _hand_lines
    for hand, _ in hands:
        found = known.get(id(hand))
        if found is None:
            found = hand, hand_code(hand)
            if len(known) < _KNOWN:
                known[id(hand)] = found
        codes.append(found[1])
    return bytes(codes)


def _hand_parts(hand: Hand, marks: tuple[str, ...]) -> tuple[str, str]:
    """The JSON of a hand without cards around where its card fields go: before, and after."""
    text = _dumps(hand.as_dict(()))
    return text[:-1], (f", {_dumps('marks')}: {_dumps(list(marks))}}}" if marks else "}")


def write_csv(
    write: Write,
    hands: Iterable[Hand],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
    engine: str | None = None,
) -> None:
    """The CSV export of ``hands``, passed to ``write`` piece by piece: the bytes of
    ``export_csv``, in memory that does not grow with the shoe. ``tails``, ``table`` and
    ``engine`` as in ``write_json``."""
    write_compact_csv(write, map(compact, hands), tails=tails, table=table, engine=engine)


def write_compact_csv(
    write: Write,
    hands: Iterable[Compact],
    *,
    tails: Tails | str = Tails.STRAIGHT,
    table: Table = STANDARD,
    engine: str | None = None,
) -> None:
    """``write_csv`` of hands in the compact form (``roads.hands.compact``)."""
    chosen = tails_named(tails)  # a wrong name is refused before any hand is read
    name = engines.choose(engine)
    batch = build(_codes(hands), chosen, engine=name)
    write(",".join(CSV_COLUMNS) + "\n")
    rows = exporting_engine(name).csv_rows(batch, table)
    batch_rows = list(islice(rows, _FLUSH_EVERY))
    while batch_rows:
        write("".join(batch_rows))
        batch_rows = list(islice(rows, _FLUSH_EVERY))
