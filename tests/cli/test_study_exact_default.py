"""Perfect play is on by default over the first few shoes, and over all of them when asked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from command_line import is_one_error, run

from roads.cli.study import DEFAULT_EXACT_SHOES


def _study(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    out = tmp_path / "study.json"
    code, _, err = run(["study", "--seed", "3", *args, "-o", str(out)], capsys)
    assert code == 0, err
    return json.loads(out.read_text())


def test_the_first_shoes_get_perfect_play_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shoes = DEFAULT_EXACT_SHOES + 2
    document = _study(["--shoes", str(shoes)], tmp_path, capsys)
    assert document["perfect_play"]["shoes"] == DEFAULT_EXACT_SHOES
    assert len(document["perfect_play"]["face_up_burns"]) == DEFAULT_EXACT_SHOES
    assert document["card_removal"]["shoes"] == DEFAULT_EXACT_SHOES
    everything = _study(["--shoes", str(shoes), "--exact-shoes", "all"], tmp_path, capsys)
    assert everything["perfect_play"]["shoes"] == shoes
    assert everything["card_removal"]["coups"] == document["data"]["coups"]
    none = _study(["--shoes", str(shoes), "--exact-shoes", "0"], tmp_path, capsys)
    assert none["perfect_play"] is None and none["card_removal"] is None
    # The signals do not depend on how many shoes are counted exactly.
    assert none["signals"] == document["signals"] == everything["signals"]


def test_a_study_of_fewer_shoes_counts_them_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = _study(["--shoes", "2"], tmp_path, capsys)
    assert document["perfect_play"]["shoes"] == 2


def test_a_bad_count_is_one_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["study", "--shoes", "2", "--exact-shoes", "some", "-o", "-"], capsys)
    assert code != 0 and is_one_error(err) and "'some' is not a number of shoes" in err
