"""Recorded files read in bulk (the export's batch reader) give the study that reading them hand
by hand gives (issue 39)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from command_line import run

from roads.study import read_shoes, run_study
from roads.study.dealer import RecordedDealer
from roads.study.recorded import TextDealer


@pytest.mark.parametrize("kind", ["jsonl", "csv"])
def test_bulk_reading_gives_the_study_of_the_hands(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shoes = tmp_path / f"s.{kind}"
    code, _, err = run(["simulate", "--seed", "21", "--shoes", "40", "-o", str(shoes)], capsys)
    assert code == 0, err
    # A copy of shoe 2 as shoe 41, so the copies' check runs on both paths.
    if kind == "jsonl":
        rows = [json.loads(line) for line in shoes.read_text().splitlines()]
        rows += [dict(row, shoe=41) for row in rows if row["shoe"] == 2]
        shoes.write_text("".join(json.dumps(row) + "\n" for row in rows))
    bulk = read_shoes([str(shoes)])
    by_hand = read_shoes([str(shoes)], deals=True)
    assert isinstance(bulk.dealer, TextDealer)
    assert isinstance(by_hand.dealer, RecordedDealer)
    for engine in ("python", "numpy"):
        one = run_study(bulk, engine=engine, exact_shoes=3)
        other = run_study(by_hand, engine=engine, exact_shoes=3)
        assert one.to_json() == other.to_json()
        assert one.card_removal is not None and one.card_removal.coups > 200
    assert bulk.data.repeated == (1 if kind == "jsonl" else 0)
