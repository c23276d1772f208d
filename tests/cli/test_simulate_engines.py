"""``roads simulate`` gives the same bytes for either engine and any number of jobs."""

from __future__ import annotations

import os
import subprocess
import sys

import extras
import pytest
from click.testing import CliRunner
from command_line import run

from roads import engines
from roads.cli import cli
from roads.errors import RoadsError
from roads.game.shoe import Shoe


def _bytes(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run(["simulate", *args], capsys)
    assert code == 0, err
    return out


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "3", "--shoes", "70", "--format", "jsonl"],
        ["--seed", "4", "--shoes", "70", "--format", "csv", "--decks", "6", "--cut-card", "16"],
        ["--seed", "5", "--shoes", "70"],
        ["--seed", "6", "--shoes", "1", "--format", "csv"],
        ["--seed", "7", "--shoes", "300", "--tally"],
        ["--seed", "8", "--shoes", "300", "--tally", "--format", "jsonl"],
    ],
)
def test_engines_write_the_same_bytes(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    extras.numpy()
    python = _bytes([*args, "--engine", "python"], capsys)
    assert _bytes([*args, "--engine", "numpy"], capsys) == python
    assert _bytes(args, capsys) == python  # numpy installed: the default


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "9", "--shoes", "150", "--format", "jsonl", "--engine", "python"],
        ["--seed", "10", "--shoes", "500", "--tally", "--engine", "python"],
    ],
)
def test_jobs_1_and_2_write_the_same_bytes(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    one = _bytes([*args, "--jobs", "1"], capsys)
    assert _bytes([*args, "--jobs", "2"], capsys) == one


def test_jobs_with_numpy_write_the_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    extras.numpy()
    args = ["--seed", "11", "--shoes", "9000", "--tally", "--engine", "numpy"]
    assert _bytes([*args, "--jobs", "2"], capsys) == _bytes([*args, "--jobs", "1"], capsys)


def test_simulated_records_are_the_pure_engines_shoes(capsys: pytest.CaptureFixture[str]) -> None:
    # Independent of the writer: the txt output counts each shoe's coups as the engine deals.
    out = _bytes(["--seed", "12", "--shoes", "40", "--jobs", "2"], capsys)
    headers = [line for line in out.splitlines() if line.startswith("#")]
    shoe = Shoe()
    assert headers == [
        f"# shoe {i + 1}: 8 decks, seed 12, shuffle philox, {len(shoe.deal(12, i).coups)} coups"
        for i in range(40)
    ]
    assert out == _bytes(["--seed", "12", "--shoes", "40"], capsys)


def test_asking_for_numpy_without_it_is_one_line_with_the_fix(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "available", lambda engine: not engine.needs)
    code, out, err = run(["simulate", "--engine", "numpy", "--tally"], capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "pip install numpy" in err
    # Without numpy and without --engine, the reference deals.
    assert engines.choose(None) == "python"
    code, out, _ = run(["simulate", "--seed", "1", "--tally", "--format", "jsonl"], capsys)
    assert code == 0 and f'"coups": {Shoe().tally(1, 1).coups}' in out


def test_roads_engine_names_the_default_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROADS_ENGINE", "python")
    assert engines.choose(None) == "python"
    assert engines.choose("numpy") == "numpy"
    monkeypatch.setenv("ROADS_ENGINE", "fortran")
    with pytest.raises(RoadsError, match="ROADS_ENGINE"):
        engines.choose(None)


@pytest.mark.parametrize(
    ("args", "engine"),
    [
        (["--shoes", "1"], "python"),
        (["--shoes", str(engines.DEALS_PAY_FROM - 1)], "python"),
        (["--shoes", str(engines.DEALS_PAY_FROM)], "numpy"),
        (["--shoes", str(engines.DEALS_PAY_FROM), "--tally"], "python"),
        (["--shoes", str(engines.COUNTS_PAY_FROM), "--tally"], "numpy"),
    ],
)
def test_the_default_engine_is_numpy_only_where_it_pays_for_its_import(
    args: list[str], engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ROADS_ENGINE", raising=False)
    result = CliRunner().invoke(
        cli, ["simulate", "--seed", "3", *args, "--verbose", "-o", os.devnull]
    )
    assert result.exit_code == 0, result.output
    assert f"roads simulate: engine {engine} (" in result.output


def test_a_small_simulation_does_not_import_numpy() -> None:
    script = (
        "import sys\n"
        "from roads.cli import main\n"
        "sys.argv = ['roads', 'simulate', '--seed', '1', '-o', '" + os.devnull + "']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "ROADS_ENGINE"}
    subprocess.run([sys.executable, "-c", script], check=True, env=env)


def test_an_unknown_engine_is_named_in_library_terms(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("ROADS_ENGINE", raising=False)
    with pytest.raises(RoadsError) as error:
        engines.choose("fortran")
    assert "--" not in str(error.value) and error.value.about == ("engine",)
    assert "python, numpy" in str(error.value)
    # From the environment, the line names the variable, not an option that was not given.
    monkeypatch.setenv("ROADS_ENGINE", "fortran")
    code, _, err = run(["simulate", "--seed", "1"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "ROADS_ENGINE" in err and "--engine" not in err, err
