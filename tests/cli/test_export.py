"""``roads export`` (``roads.cli.export``): the roads as CSV or JSON, the same from every
engine."""

from __future__ import annotations

import json

from click.testing import CliRunner

from roads.cli.export import command


def test_csv_lists_each_road_s_cells() -> None:
    result = CliRunner().invoke(command, ["--hands", "BPPBT", "--format", "csv", "-o", "-"])
    assert result.exit_code == 0, result.output
    header, first, *_ = result.output.splitlines()
    assert header.startswith("road,col,row,hand,")
    assert first.startswith("bead_plate,0,0,0,")


def test_json_is_the_same_from_every_engine() -> None:
    outputs = [
        CliRunner().invoke(
            command, ["--hands", "BPPBTBBBP", "--format", "json", "-o", "-", "--engine", name]
        )
        for name in ("python", "numpy")
    ]
    assert [result.exit_code for result in outputs] == [0, 0]
    assert outputs[0].output == outputs[1].output
    assert "big_road" in json.loads(outputs[0].output)
