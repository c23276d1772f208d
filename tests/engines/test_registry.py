"""The one registry of engines (``roads.engines``): every engine provides what each concept
asks, by name; one from outside roads registers through an entry point, and what it does not
provide falls back on the reference; README's install gives every user the fast engine."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from importlib import metadata
from types import SimpleNamespace

import pytest

from roads import engines
from roads.errors import RoadsError
from roads.game.odds import OddsEngine
from roads.game.shoe import DealingEngine
from roads.grids.batch import BuildingEngine
from roads.grids.export_items import ExportingEngine
from roads.hands.compact import ReadingEngine
from roads.study.counters import CountingEngine

PROTOCOLS = {
    "deal": DealingEngine,
    "odds": OddsEngine,
    "roads": BuildingEngine,
    "export": ExportingEngine,
    "reading": ReadingEngine,
    "study": CountingEngine,
}


def test_every_concept_has_its_protocol() -> None:
    assert set(PROTOCOLS) == set(engines.CONCEPTS)


@pytest.mark.parametrize("concept", engines.CONCEPTS)
def test_every_engine_does_what_each_concept_asks(engine: str, concept: engines.Concept) -> None:
    done = engines.implementation(concept, engine)
    for name, member in vars(PROTOCOLS[concept]).items():
        if callable(member) and not name.startswith("_"):
            asked = inspect.signature(member)
            given = inspect.signature(getattr(done, name))
            assert list(given.parameters) == list(asked.parameters)[1:], (concept, name)


def test_the_builtin_engines_come_first() -> None:
    assert tuple(engines.registered())[:2] == ("python", "numpy")


def test_an_unknown_engine_is_named_with_the_known_ones() -> None:
    with pytest.raises(RoadsError, match="no engine 'fortran': use one of python, numpy"):
        engines.choose("fortran")


def test_an_engine_from_an_entry_point_is_chosen_and_falls_back_on_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    toy = engines.Engine("toy", "a toy", {"odds": "roads.fast.odds:ODDS"})
    point = SimpleNamespace(name="toy", load=lambda: toy)
    monkeypatch.setattr(metadata, "entry_points", lambda group: [point] if group else [])
    engines.registered.cache_clear()
    try:
        assert list(engines.registered()) == ["python", "numpy", "toy"]
        assert engines.choose("toy") == "toy"
        assert engines.implementation("odds", "toy") is engines.implementation("odds", "numpy")
        assert engines.implementation("deal", "toy") is engines.implementation("deal", "python")
    finally:
        engines.registered.cache_clear()


def test_readme_s_install_gives_every_user_the_fast_engine(tmp_path: object) -> None:
    requires = metadata.requires("roads") or []
    runtime = [r for r in requires if "extra ==" not in r]
    assert any(re.match(r"numpy\b", r) for r in runtime), runtime
    for args in (
        ["simulate", "--shoes", "2000", "--seed", "1"],
        ["study", "--shoes", "2000", "--seed", "1", "--exact-shoes", "0"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "roads", *args, "--verbose", "-o", "-"],
            capture_output=True,
            text=True,
            check=True,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        )
        assert f"roads {args[0]}: engine numpy (" in done.stderr, done.stderr


def test_the_numba_engine_is_a_plugin_registered_by_its_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (point,) = [p for p in metadata.entry_points(group=engines.ENTRY_POINTS) if p.name == "numba"]
    assert point.value == "roads_numba:ENGINE"
    numba = engines.engine_named("numba")
    assert numba not in engines.BUILT_IN and numba.provides["odds"] == "roads_numba.odds:ODDS"
    done = subprocess.run(  # listing it imports neither numba nor numpy
        [sys.executable, "-c", "import roads_numba, sys; print('numba' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "False\n"
    monkeypatch.setitem(sys.modules, "numba", None)  # as if the extra were not installed
    with pytest.raises(RoadsError, match=r"needs numba: pip install 'roads\[numba\]'"):
        engines.choose("numba")
