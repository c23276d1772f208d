"""The JSON Schema of the export (docs/schema/export.schema.json): it is a valid schema, it has
teeth (it refuses what roads/1 rules out), the documented example satisfies it, and the hook
that checks every export of the test suite against it is live."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import export_schema
import pytest
from command_line import run

from roads import Scoreboard

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def validator() -> Any:
    found = export_schema.load_validator()
    if found is None:
        pytest.skip("jsonschema is not installed")
    return found


@pytest.fixture(scope="module")
def example() -> dict[str, Any]:
    """An export with every kind of cell, ties, pairs, naturals and cards."""
    from roads.game.coup import Coup
    from roads.hands.hand import Hand

    board = Scoreboard.from_notation("TBPbPPnBpTBBPPPB")
    board.add(Hand.from_coup(Coup.parse("2h 3d 8c / Ks 3h")))
    data: dict[str, Any] = json.loads(board.to_json())
    return data


def test_every_kind_of_cell_is_in_the_example(example: dict[str, Any]) -> None:
    assert example["big_eye_boy"] and example["small_road"] and example["cockroach_pig"]
    assert "player_cards" in example["hands"][-1]
    assert any(entry["ties"] for entry in example["big_road"])


def test_the_example_is_valid(validator: Any, example: dict[str, Any]) -> None:
    assert export_schema.problems(validator, example) == []
    checker = export_schema.Checker(validator)
    assert set(checker.lists) == {
        "hands",
        "bead_plate",
        "big_road",
        "big_eye_boy",
        "small_road",
        "cockroach_pig",
    }
    assert checker.problems(example) == []
    assert checker.problems(example) == []  # from the cache of valid cells


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("schema",), "roads/2"),
        (("notice",), "Follow the dragon."),
        (("hands", 0, "outcome"), "X"),
        (("hands", 0, "natural"), "no"),
        (("stats", "tie"), -1),
        (("bead_plate", 0, "row"), 6),
        (("big_road", 0, "hands"), []),
        (("big_eye_boy", 0, "colour"), "green"),
        (("ask", "banker", "small_road"), "B"),
        (("tails",), "straight"),
        (("unknown",), 1),
        (("hands", -1, "player_cards"), ["1x", "2h"]),
        (("hands", -1, "banker_total"), 10),
    ],
)
def test_the_schema_refuses_what_roads_1_rules_out(
    validator: Any, example: dict[str, Any], path: tuple[Any, ...], value: Any
) -> None:
    broken = copy.deepcopy(example)
    target: Any = broken
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    assert export_schema.problems(validator, broken)
    assert export_schema.Checker(validator).problems(broken)  # the suite's faster path agrees


@pytest.mark.parametrize("field", ["notice", "stats", "cockroach_pig", "ask"])
def test_the_schema_refuses_an_export_missing_a_field(
    validator: Any, example: dict[str, Any], field: str
) -> None:
    broken = {key: value for key, value in example.items() if key != field}
    assert export_schema.problems(validator, broken)
    assert export_schema.Checker(validator).problems(broken)


def test_cards_come_with_their_totals(validator: Any, example: dict[str, Any]) -> None:
    broken = copy.deepcopy(example)
    del broken["hands"][-1]["banker_total"]
    assert export_schema.problems(validator, broken)


def test_drop_back_tails_are_recorded_after_the_notice(
    validator: Any, example: dict[str, Any]
) -> None:
    with_tails = {"schema": example["schema"], "notice": example["notice"], "tails": "drop-back"}
    with_tails.update(example)
    assert export_schema.problems(validator, with_tails) == []


def test_the_documented_example_is_valid(validator: Any) -> None:
    """docs/export.md shows an export (written into it by docs/make_pictures.py)."""
    page = (ROOT / "docs" / "export.md").read_text(encoding="utf-8")
    shown = page.split("<!-- output export-json -->\n\n```json\n", 1)[1].split("```\n", 1)[0]
    data = json.loads(shown)
    assert data["schema"] == "roads/1"
    assert export_schema.problems(validator, data) == []


def test_exports_made_by_the_command_are_checked(
    validator: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    before = export_schema.RECORDER.checked
    code, out, _ = run(["export", "--hands", "BPBTnPpbB"], capsys)
    assert code == 0
    assert json.loads(out)["schema"] == "roads/1"
    assert export_schema.RECORDER.checked > before
