"""EXPORT.md's public vectors, field by field."""

from __future__ import annotations

import json
from typing import Any

from roads.grids.export import export_dict, export_json
from roads.scoreboard import Scoreboard

FIELDS = ("stats", "bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig", "ask")


def test_every_public_vector_matches(public_vectors: list[dict[str, Any]]) -> None:
    assert len(public_vectors) >= 14
    for vector in public_vectors:
        exported = export_dict(Scoreboard.from_notation(vector["input"]).roads)
        for field in FIELDS:
            assert exported[field] == vector["expected"][field], (vector["name"], field)


def test_the_json_export_is_the_same_data_and_carries_schema_and_notice(
    public_vectors: list[dict[str, Any]],
) -> None:
    for vector in public_vectors:
        board = Scoreboard.from_notation(vector["input"])
        data = json.loads(export_json(board.roads))
        assert data["schema"] == "roads/1"
        assert data["notice"] == "Past results do not predict the next hand."
        assert list(data) == ["schema", "notice", "hands", *FIELDS[:1], *FIELDS[1:]]
        assert data == export_dict(board.roads)
        assert export_json(board.roads) == export_json(
            Scoreboard.from_notation(vector["input"]).roads
        )
