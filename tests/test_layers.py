"""The layering docs/development.md describes is the one the imports follow: every import of
every module of ``roads`` (at its top or inside a function) goes to its own layer or one below,
and the surfaces (live, story, study) never import each other."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS: list[set[str]] = [
    {"errors", "notice", "parallel", "progress", "atomic", "lazy", "formats", "translations"},
    {"game", "tables"},
    {"hands", "inputs"},
    {"grids"},
    {"drawing"},
    {"backends"},
    {"scoreboard", "pictures", "inputs.policy", "pages"},
    {"live", "story", "study"},
    {"cli", "__main__"},
]
"""From the bottom up: a module's unit is its package under ``roads`` (``roads.inputs.policy``
stands on its own: it builds boards, above the readers of ``roads.inputs``)."""
SURFACES = LAYERS[-2]
"""Siblings that share through a lower layer (``roads.pages``, ``roads.hands.cards_left``)."""


def _unit(module: str) -> str:
    parts = module.split(".")[1:]
    if parts[:2] == ["inputs", "policy"]:
        return "inputs.policy"
    return parts[0] if parts else "roads"


def _rank(unit: str) -> int:
    return next(rank for rank, layer in enumerate(LAYERS) if unit in layer)


def _imports() -> list[tuple[str, str, str]]:
    """(importing module, imported module, where) for every import of roads inside roads."""
    found = []
    for path in sorted((ROOT / "roads").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "roads":  # from roads import formats, backends, __version__
                    names = [f"roads.{alias.name}" for alias in node.names]
                elif node.module.startswith("roads."):
                    names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("roads.")]
            for name in names:
                if name != "roads.__version__":  # the package's version, not a layer
                    found.append((module, name, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return found


def test_every_import_goes_down_or_stays_in_its_layer() -> None:
    upward = []
    sideways = []
    for source, target, where in _imports():
        if source == "roads":  # the package's facade re-exports the public names
            continue
        here, there = _unit(source), _unit(target)
        if here == there:
            continue
        if _rank(there) > _rank(here):
            upward.append(f"{where}: {source} imports {target}")
        elif here in SURFACES and there in SURFACES:
            sideways.append(f"{where}: {source} imports {target}")
    assert upward == [] and sideways == []


def test_the_documented_layering_names_every_layer_in_order() -> None:
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    line = re.search(r"Layers depend one way: (.*?)\. ", text, re.DOTALL)
    assert line is not None
    named = [re.findall(r"`([a-z_.]+)`", step) for step in line.group(1).split("→")]
    assert [set(step) for step in named] == LAYERS


def test_every_package_of_roads_has_a_layer() -> None:
    units = {_unit(source) for source, _, _ in _imports()} - {"roads"}
    assert units <= set().union(*LAYERS)
