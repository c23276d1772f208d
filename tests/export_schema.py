"""Every JSON export the test suite makes is checked against ``docs/schema/export.schema.json``.

The library's export functions (``export_dict``, ``export_json`` and the streaming
``write_compact_json``, which ``write_json`` calls) are wrapped when the tests start (before the
test modules and the commands import them), so each export made in this process — by
``Scoreboard.to_json``, ``roads export`` run in process, or the tests' own calls — is validated
as it is made; ``run_process`` hands over what a ``roads export`` subprocess printed. A test
that made an export the schema refuses fails at its teardown, naming the field; the summary line
says how many exports were checked.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "schema" / "export.schema.json"


def load_validator() -> Any:
    """A JSON Schema validator for the export, or None when jsonschema is not installed."""
    try:
        import jsonschema
    except ImportError:
        if os.environ.get("ROADS_CI") == "1":
            raise
        return None
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def problems(validator: Any, data: Any) -> list[str]:
    """What the schema refuses in ``data``, one line each (empty when it is valid)."""
    found = sorted(validator.iter_errors(data), key=lambda error: list(error.absolute_path))
    return [
        f"{'/'.join(str(part) for part in error.absolute_path) or '(top)'}: {error.message}"
        for error in found
    ]


class Checker:
    """The schema's verdict, reached faster over many exports: the object with its lists of
    cells emptied is checked whole, then each cell against the schema of the lists' items,
    each distinct cell once (exports of a growing board share most of their cells). The same
    verdict as checking the whole export, since those lists constrain only their items."""

    def __init__(self, validator: Any) -> None:
        schema = validator.schema
        self.whole = validator
        self.lists = {
            name: part["items"]["$ref"]
            for name, part in schema["properties"].items()
            if part.get("type") == "array" and set(part) <= {"type", "items", "description"}
        }
        self.items = {
            ref: type(validator)({"$ref": ref, "$defs": schema["$defs"]})
            for ref in set(self.lists.values())
        }
        self.valid: set[tuple[str, str]] = set()

    def problems(self, data: Any) -> list[str]:
        if not isinstance(data, dict):
            return problems(self.whole, data)
        lists = {name: data[name] for name in self.lists if isinstance(data.get(name), list)}
        found = problems(self.whole, {**data, **{name: [] for name in lists}})
        for name, cells in lists.items():
            ref = self.lists[name]
            for index, cell in enumerate(cells):
                key = (ref, json.dumps(cell, sort_keys=True))
                if key in self.valid:
                    continue
                wrong = problems(self.items[ref], cell)
                if not wrong:
                    self.valid.add(key)
                found.extend(f"{name}/{index}/{line}" for line in wrong)
        return found


@dataclass
class Recorder:
    checker: Checker | None
    checked: int = 0
    failures: list[str] = field(default_factory=list)
    seen: set[bytes] = field(default_factory=set)

    def check(self, data: Any) -> None:
        if self.checker is None:
            return
        self.checked += 1
        # The same export is often made twice (an incremental board against a fresh one):
        # check each distinct one once.
        key = hashlib.blake2b(json.dumps(data, sort_keys=True).encode(), digest_size=16).digest()
        if key in self.seen:
            return
        self.seen.add(key)
        self.failures.extend(self.checker.problems(data)[:3])


_VALIDATOR = load_validator()
RECORDER = Recorder(None if _VALIDATOR is None else Checker(_VALIDATOR))


def install() -> None:
    """Wrap the export functions of ``roads.grids.export`` (once)."""
    from roads.grids import export

    if getattr(export.export_dict, "_checked_by_schema", False):
        return
    export_dict, export_json = export.export_dict, export.export_json

    @functools.wraps(export_dict)
    def checked_dict(*args: Any, **kwargs: Any) -> Any:
        data = export_dict(*args, **kwargs)
        RECORDER.check(data)
        return data

    @functools.wraps(export_json)
    def checked_json(*args: Any, **kwargs: Any) -> Any:
        text = export_json(*args, **kwargs)
        RECORDER.check(json.loads(text))
        return text

    def checked_writer(writer: Any) -> Any:
        @functools.wraps(writer)
        def checked(write: Any, *args: Any, **kwargs: Any) -> Any:
            chunks: list[str] = []

            def both(text: str) -> None:
                chunks.append(text)
                write(text)

            result = writer(both, *args, **kwargs)
            RECORDER.check(json.loads("".join(chunks)))
            return result

        return checked

    checked_dict._checked_by_schema = True  # type: ignore[attr-defined]
    export.export_dict = checked_dict  # type: ignore[assignment]
    export.export_json = checked_json  # type: ignore[assignment]
    # write_json calls write_compact_json: each export is checked once, where it is made.
    export.write_compact_json = checked_writer(export.write_compact_json)  # type: ignore[assignment]


def check_output(args: tuple[str, ...], stdout: str) -> None:
    """Validate what ``roads export`` printed in a subprocess, when it printed JSON."""
    if args[:1] == ("export",) and stdout.lstrip().startswith("{"):
        RECORDER.check(json.loads(stdout))


@pytest.fixture(autouse=True)
def _exports_match_the_schema() -> Iterator[None]:
    before = len(RECORDER.failures)
    yield
    new = RECORDER.failures[before:]
    if new:
        pytest.fail(
            f"an export does not match {SCHEMA_PATH.name}: " + "; ".join(new[:3]), pytrace=False
        )
