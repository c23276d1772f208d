"""README's ``pytest`` runs on every core and leaves the long stress runs to ``--stress``, which
CI passes: the settings that make it so (pyproject.toml, .ci/run, conftest.py)."""

from __future__ import annotations

import importlib.util
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tiers

ROOT = Path(__file__).resolve().parents[2]


def _test_module(path: str) -> Any:
    """The test file ``tests/PATH``, imported on its own."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / "tests" / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pytest_runs_on_every_core_with_a_pinned_xdist() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = project["project"]["optional-dependencies"]["test"]
    assert any(re.fullmatch(r"pytest-xdist==[\d.]+", pin) for pin in pins), pins
    options = project["tool"]["pytest"]["ini_options"]
    assert "-n auto" in options["addopts"]
    assert any(marker.startswith("stress:") for marker in options["markers"])


def test_ci_runs_the_stress_runs_too() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    passes = [line for line in script.splitlines() if "-m pytest" in line]
    assert passes and all("--stress" in line for line in passes), passes


def test_the_fifty_serve_stops_are_a_stress_run_and_a_few_are_not() -> None:
    serve_stop = _test_module("live/test_serve_stop.py")
    test = serve_stop.test_roads_serve_stops_cleanly_with_40_requests_in_flight
    (parametrize,) = [mark for mark in test.pytestmark if mark.name == "parametrize"]
    rounds = {
        (param.values if hasattr(param, "values") else (param,))[0]: [
            mark.name for mark in getattr(param, "marks", ())
        ]
        for param in parametrize.args[1]
    }
    assert rounds[50] == ["stress"]
    assert any(count >= 2 and not marks for count, marks in rounds.items())


@pytest.mark.parametrize(
    ("module", "test"),
    [
        ("live/test_serve_stop.py", "test_roads_serve_stops_cleanly_with_40_requests_in_flight"),
        (
            "study/test_study_fairness.py",
            "test_fair_studies_raise_the_alarm_at_most_one_time_in_twelve",
        ),
        ("study/test_study_perfect.py", "test_perfect_play_equals_an_independent_enumeration"),
        (
            "hands/test_journal_batches.py",
            "test_writers_killed_inside_large_batch_writes_leave_whole_batches",
        ),
    ],
)
def test_a_long_version_left_to_stress_keeps_a_quick_one_in_every_run(
    module: str, test: str
) -> None:
    function = getattr(_test_module(module), test)
    (parametrize,) = [mark for mark in function.pytestmark if mark.name == "parametrize"]
    marked = [[mark.name for mark in getattr(param, "marks", ())] for param in parametrize.args[1]]
    assert ["stress"] in marked and [] in marked, marked


def test_the_stress_run_tries_more_examples_of_each_property(pytestconfig: pytest.Config) -> None:
    from hypothesis import settings

    quick, stress = settings.get_profile("quick"), settings.get_profile("stress")
    assert quick.max_examples >= 20 and 16 * quick.max_examples <= stress.max_examples
    assert tiers.size(1, 2) == (2 if pytestconfig.getoption("--stress") else 1)
    if pytestconfig.getoption("--stress") and "HYPOTHESIS_PROFILE" not in os.environ:
        assert settings.default.max_examples == stress.max_examples


def test_no_test_module_imports_conftest() -> None:
    """Importing conftest as a module runs it a second time, and its profile line then resets
    the hypothesis profile that --stress loaded (CI once ran 25 examples where it meant 400)."""
    importers = [
        path.relative_to(ROOT)
        for path in (ROOT / "tests").rglob("*.py")
        if re.search(r"^\s*(from conftest import|import conftest)", path.read_text(), re.M)
    ]
    assert importers == []
