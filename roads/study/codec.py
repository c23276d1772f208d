"""The one place a study's document becomes JSON values, and JSON values a document.

The document's classes (``roads.study.document``) say their JSON by their fields: a field's
JSON name is its own unless its metadata gives a ``key``; a field with ``OMIT`` is left out of
the JSON when it is None; a tuple with ``KEYED`` is a JSON object of its rows by their
``name``, in order; a value with ``INLINE`` writes its fields among its holder's; a field with
``choices`` holds one of them. ``plain`` writes a document
by those rules; ``read`` reads one back, checking every field against its type, and says which
field is wrong and what it holds.
"""

from __future__ import annotations

import json
import types
from dataclasses import fields, is_dataclass
from typing import Union, get_args, get_origin, get_type_hints

from roads.errors import RoadsError

OMIT = {"omit": True}
"""A field's metadata: left out of the JSON when it is None."""
KEYED = {"keyed": True}
"""A field's metadata: a tuple of rows written as a JSON object of the rows by their ``name``."""
INLINE = {"inline": True}
"""A field's metadata: a value (a dataclass) whose fields are written among its holder's."""


class StudyFormatError(RoadsError, ValueError):
    """A saved study that is not a roads study document: says which field, and what it holds."""


def plain(value: object) -> object:
    """``value`` as JSON values: the one place the document's JSON is made.

    Parameters:
        value: a document value (``roads.study.document``), a tuple of them, or a scalar.
    """
    if is_dataclass(value) and not isinstance(value, type):
        return plain_object(value)
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    return value


def plain_object(value: object) -> dict[str, object]:
    """A document value as a JSON object, its fields in their order.

    Parameters:
        value: a document value (a dataclass of ``roads.study.document``).
    """
    found: dict[str, object] = {}
    for one in fields(value):  # type: ignore[arg-type]
        item = getattr(value, one.name)
        if item is None and one.metadata.get("omit"):
            continue
        key = one.metadata.get("key", one.name)
        if one.metadata.get("keyed"):
            found[key] = {
                row.name: {k: v for k, v in plain_object(row).items() if k != "name"}
                for row in item
            }
        elif one.metadata.get("inline"):
            found.update(plain_object(item))
        else:
            found[key] = plain(item)
    return found


_SCALARS: dict[type, str] = {bool: "true or false", int: "a whole number", float: "a number"}


def read(kind: object, value: object, path: str) -> object:
    """``value`` read as ``kind``, or StudyFormatError naming the field and what it holds.

    Parameters:
        kind: a document class, ``tuple[X, ...]``, ``X | None``, or bool, int, float, str.
        value: JSON values (``json.loads``).
        path: where ``value`` is in the document (``$.data.shoes``), for the errors.
    """
    origin = get_origin(kind)
    if origin is types.UnionType or origin is Union:
        if value is None:
            return None
        (inner,) = (arg for arg in get_args(kind) if arg is not type(None))
        return read(inner, value, path)
    if origin is tuple:
        if not isinstance(value, list):
            raise _wrong(path, "a list", value)
        (item,) = get_args(kind)[:1]
        return tuple(read(item, one, f"{path}[{i}]") for i, one in enumerate(value))
    if isinstance(kind, type) and is_dataclass(kind):
        return _read_object(kind, value, path)
    if kind is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if (kind is bool and isinstance(value, bool)) or (kind is str and isinstance(value, str)):
        return value
    raise _wrong(path, _SCALARS.get(kind, "text") if isinstance(kind, type) else "text", value)


def _read_object(kind: type, value: object, path: str) -> object:
    """A document class from a JSON object: every field present (an omitted one may be
    missing), none unknown."""
    if not isinstance(value, dict):
        raise _wrong(path, "an object", value)
    hints = get_type_hints(kind)
    found: dict[str, object] = {}
    known: set[str] = set()
    for one in fields(kind):
        if one.metadata.get("inline"):
            inner = hints[one.name]
            names = [field.metadata.get("key", field.name) for field in fields(inner)]
            known.update(names)
            found[one.name] = _read_object(inner, {k: value[k] for k in names if k in value}, path)
            continue
        key = one.metadata.get("key", one.name)
        known.add(key)
        if key not in value:
            if one.metadata.get("omit"):
                continue
            raise StudyFormatError(f"{path}.{key} is missing: the study is incomplete")
        if one.metadata.get("keyed"):
            found[one.name] = _read_keyed(hints[one.name], value[key], f"{path}.{key}")
        else:
            found[one.name] = read(hints[one.name], value[key], f"{path}.{key}")
        choices = one.metadata.get("choices")
        if choices is not None and found[one.name] not in choices:
            raise _wrong(f"{path}.{key}", " or ".join(map(json.dumps, choices)), value[key])
    unknown = sorted(set(value) - known)
    if unknown:
        raise StudyFormatError(
            f"{path} has a field a roads study does not have: {unknown[0]!r} (was it written "
            "by another program, or changed by hand?)"
        )
    return kind(**found)


def _read_keyed(kind: object, value: object, path: str) -> tuple[object, ...]:
    """Rows written as a JSON object by their names."""
    if not isinstance(value, dict):
        raise _wrong(path, "an object", value)
    (row,) = get_args(kind)[:1]
    return tuple(
        read(row, {"name": name, **one} if isinstance(one, dict) else one, f"{path}.{name}")
        for name, one in value.items()
    )


def _wrong(path: str, wanted: str, value: object) -> StudyFormatError:
    shown = json.dumps(value, ensure_ascii=False)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return StudyFormatError(f"{path} should be {wanted}, not {shown}")
