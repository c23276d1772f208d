"""Where a JSON document breaks its JSON Schema, written from the schema's rules (the tests of
the study's schema)."""

from __future__ import annotations

import math
from typing import Any

_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "null": type(None),
    "boolean": bool,
}


def _errors(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str) -> list[str]:
    """The ways ``value`` breaks ``schema`` (the part of JSON Schema the study's schema uses)."""
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return _errors(value, target, root, where)
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not _errors(value, s, root, where)]
        return [] if len(matching) == 1 else [f"{where}: matches {len(matching)} of oneOf"]
    found = []
    if "const" in schema and value != schema["const"]:
        found.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} not in enum")
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        ok = any(
            isinstance(value, _TYPES[kind])
            and not (kind not in ("object", "boolean") and isinstance(value, bool))
            for kind in kinds
        )
        if not ok:
            return [f"{where}: {type(value).__name__} is not {kinds}"]
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        found += [
            f"{where}: no {name!r}" for name in schema.get("required", ()) if name not in value
        ]
        for name, item in value.items():
            if name in properties:
                found += _errors(item, properties[name], root, f"{where}.{name}")
            elif schema.get("additionalProperties") is False:
                found.append(f"{where}: {name!r} is not in the schema")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1e9):
            found.append(f"{where}: {len(value)} items")
        for i, item in enumerate(value):
            if "items" in schema:
                found += _errors(item, schema["items"], root, f"{where}[{i}]")
    number = isinstance(value, int | float) and not isinstance(value, bool)
    low, high = schema.get("minimum", -math.inf), schema.get("maximum", math.inf)
    if number and not low <= value <= high:
        found.append(f"{where}: {value} out of range")
    return found
