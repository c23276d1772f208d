"""The ``export`` concept over every engine: each road's items are those of EXPORT.md
(``reference_roads``), and the JSON and CSV text are the reference's, marks included."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from reference_roads import reference_export
from strategies import shoes
from tiers import size

from roads.grids.batch import building_engine
from roads.grids.export_items import CSV_COLUMNS, exporting_engine
from roads.grids.placement import Tails
from roads.grids.road import Road
from roads.grids.roads import hand_code
from roads.hands.hand import Hand
from roads.scoreboard import Scoreboard
from roads.tables import STANDARD, make_table


@settings(max_examples=size(30, 200), deadline=None)
@given(shoes)
def test_each_roads_items_are_export_md(engine: str, shoe: list[Hand]) -> None:
    batch = building_engine("python").build(bytes(map(hand_code, shoe)), Tails.STRAIGHT)
    expected = reference_export(shoe)
    exporting = exporting_engine(engine)
    for road in Road:
        items = [json.loads(item) for item in exporting.json_items(batch, road, STANDARD)]
        assert items == expected[road.attribute], road


@settings(max_examples=size(20, 150), deadline=None)
@given(
    st.lists(
        st.sampled_from(["B", "P", "T", "Bn", "Pbp", "Tb", "B6", "B7", "P8", "Bbn"]), max_size=90
    ),
    st.sampled_from(["standard", "no-commission", "ez"]),
    st.sampled_from(list(Tails)),
)
def test_the_text_is_the_references_at_any_table(
    engine: str, spelled: list[str], rules: str, tails: Tails
) -> None:
    board = Scoreboard.from_notation(" ".join(spelled) or "", tails=tails)
    table = make_table(rules=rules)
    batch = building_engine("python").build(board.roads.codes, tails)
    exporting, reference = exporting_engine(engine), exporting_engine("python")
    for road in Road:
        assert list(exporting.json_items(batch, road, table)) == list(
            reference.json_items(batch, road, table)
        )
    rows = list(exporting.csv_rows(batch, table))
    assert rows == list(reference.csv_rows(batch, table))
    assert all(row.endswith("\n") and row.count(",") == len(CSV_COLUMNS) - 1 for row in rows)
    assert len(rows) == sum(board.roads.marks())
