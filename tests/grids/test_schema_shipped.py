"""The export's JSON Schema ships in the package, with an ``$id``; ``roads.schema()`` returns it,
and the documentation's copy is the same file."""

from __future__ import annotations

import json
from pathlib import Path

import roads
from roads.scoreboard import Scoreboard

ROOT = Path(__file__).resolve().parents[2]


def test_roads_schema_is_the_docs_copy_with_an_id() -> None:
    shipped = roads.schema()
    docs = ROOT / "docs" / "schema" / "export.schema.json"
    assert docs.read_text(encoding="utf-8") == json.dumps(shipped, indent=2) + "\n"
    # The shared part names no road: each road's part comes from the list of roads.
    shared = (ROOT / "roads" / "grids" / "export.schema.json").read_text(encoding="utf-8")
    assert not any(f'"{road.attribute}"' in shared for road in roads.Road)
    assert shipped["$id"].startswith("https://") and shipped["$id"].endswith("export.schema.json")
    assert shipped["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert shipped["properties"]["schema"]["const"] == "roads/1"
    shipped["title"] = "changed"
    assert roads.schema()["title"] != "changed"  # a new dict each call


def test_an_export_validates_against_the_shipped_schema() -> None:
    import jsonschema

    data = json.loads(Scoreboard.from_notation("BPPBTBbPn").to_json())
    jsonschema.Draft202012Validator(roads.schema()).validate(data)
