"""The JSON Schema of the export (schema ``roads/1``): the part every road shares ships with the
package (``export.schema.json``), and each road's list of cells and ask answer are added from
the list of roads (``roads.grids.road``). ``docs/schema/export.schema.json`` is the whole
schema (a test keeps it the same as ``schema()``)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from roads.grids.road import DERIVED, Placing, Road

SCHEMA_FILE = "export.schema.json"
"""The shared part's file name, next to this module."""
ITEM_DEFINITION = {Placing.BEADS: "bead", Placing.STREAKS: "entry", Placing.DERIVED: "mark"}
"""The definition of a road's cells (``$defs``), by how it places them."""


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the object ``Scoreboard.to_json()`` and ``roads
    export --format json`` write, as a new dict each call; its ``$id`` names it.

        >>> import roads
        >>> roads.schema()["properties"]["schema"]["const"]
        'roads/1'
    """
    text = resources.files("roads.grids").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    roads = {
        road.attribute: {
            "type": "array",
            "items": {"$ref": f"#/$defs/{ITEM_DEFINITION[road.places]}"},
        }
        for road in Road
    }
    document["properties"] = _before(document["properties"], "ask", roads)
    required = document["required"]
    at = required.index("ask")
    document["required"] = [*required[:at], *roads, *required[at:]]
    answer = document["$defs"]["answer"]
    answer["properties"] = {road.attribute: {"enum": ["red", "blue", None]} for road in DERIVED}
    answer["required"] = [road.attribute for road in DERIVED]
    return document


def _before(mapping: dict[str, Any], key: str, inserted: dict[str, Any]) -> dict[str, Any]:
    """``mapping`` with ``inserted`` just before ``key``, in order."""
    found: dict[str, Any] = {}
    for name, value in mapping.items():
        if name == key:
            found.update(inserted)
        found[name] = value
    return found
