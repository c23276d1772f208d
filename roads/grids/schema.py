"""The JSON Schema of the export (schema ``roads/1``), shipped with the package: the one
``docs/schema/export.schema.json`` copies (a test keeps the two the same)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

SCHEMA_FILE = "export.schema.json"
"""The schema's file name, next to this module."""


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the object ``Scoreboard.to_json()`` and ``roads
    export --format json`` write, as a new dict each call; its ``$id`` names it.

        >>> import roads
        >>> roads.schema()["properties"]["schema"]["const"]
        'roads/1'
    """
    text = resources.files("roads.grids").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    return document
