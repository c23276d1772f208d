"""The export's JSON Schema (``roads.grids.schema``): the shared part shipped with the package,
each road's cells and ask answer added from the list of roads."""

from __future__ import annotations

from roads.grids.road import DERIVED, Road
from roads.grids.schema import ITEM_DEFINITION, schema


def test_each_road_lists_its_cells_before_the_ask_answer() -> None:
    document = schema()
    names = list(document["properties"])
    at = names.index("ask")
    assert names[at - len(Road) : at] == [road.attribute for road in Road]
    for road in Road:
        items = document["properties"][road.attribute]["items"]["$ref"]
        assert items == f"#/$defs/{ITEM_DEFINITION[road.places]}"
        assert road.attribute in document["required"]
    answer = document["$defs"]["answer"]
    assert answer["required"] == [road.attribute for road in DERIVED]


def test_each_call_is_a_new_document() -> None:
    first = schema()
    first["properties"].clear()
    assert schema()["properties"]
