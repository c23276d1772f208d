"""The tests mirror the code: every module of ``roads/`` is imported by name by some test, the
tests' folders are the packages they test (and ``engines/``, the conformance suites, and
``project/``, the project's own checks), and no two test files of a folder have names that
differ only by a plural."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
OWN_FOLDERS = {"engines", "project", "data"}
"""Folders of tests/ that are no package of roads: the engines' conformance suites, the
project's checks (docs, packaging, layers), the test data."""


def _modules() -> set[str]:
    found = set()
    for path in (ROOT / "roads").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.add(".".join(parts).removesuffix(".__init__"))
    return found


def _imported() -> set[str]:
    """Every ``roads`` module or name a test file imports (``from roads.x import y`` counts
    ``roads.x`` and ``roads.x.y``), anywhere in it."""
    names: set[str] = set()
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
    return {name for name in names if name == "roads" or name.startswith("roads.")}


def test_every_module_of_roads_has_tests_that_import_it() -> None:
    missing = sorted(_modules() - _imported())
    assert not missing, f"no test imports {', '.join(missing)}: add one in its folder"


def test_the_tests_folders_are_the_packages() -> None:
    packages = {
        path.parent.relative_to(ROOT / "roads").as_posix()
        for path in (ROOT / "roads").rglob("__init__.py")
    } - {"."}
    folders = {
        path.relative_to(TESTS).as_posix()
        for path in TESTS.rglob("*")
        if path.is_dir() and path.name != "__pycache__" and not path.is_relative_to(TESTS / "data")
    }
    assert folders - OWN_FOLDERS <= packages, sorted(folders - OWN_FOLDERS - packages)


def test_no_two_test_files_of_a_folder_differ_only_by_a_plural() -> None:
    paths = {path.with_suffix("") for path in TESTS.rglob("test_*.py")}
    confusable = sorted(
        str(path.relative_to(TESTS))
        for path in paths
        if path.name.endswith("s") and path.with_name(path.name.removesuffix("s")) in paths
    )
    assert not confusable, confusable
