"""The layering docs/development.md describes is the one the imports follow: every import of
every module of ``roads`` (at its top, inside a function, or for the type checker alone) goes
to its own layer or one below, the surfaces (live, story, study) never import each other, and
no module imports itself back through others."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LAYERS: list[set[str]] = [
    {
        "errors",
        "notice",
        "parallel",
        "progress",
        "atomic",
        "lazy",
        "formats",
        "translations",
        "engines",
        "values",
    },
    {"game", "tables"},
    {"hands", "inputs"},
    {"grids"},
    {"drawing"},
    {"backends"},
    {"scoreboard", "pictures", "policy", "pages"},
    {"live", "story", "study"},
    {"fast"},
    {"cli", "__main__"},
]
"""From the bottom up: a module's unit is its package (or module) under ``roads``."""
SURFACES = LAYERS[-3]
"""Siblings that share through a lower layer (``roads.pages``, ``roads.hands.cards_left``)."""


def _unit(module: str) -> str:
    parts = module.split(".")[1:]
    return parts[0] if parts else "roads"


def _rank(unit: str) -> int:
    return next(rank for rank, layer in enumerate(LAYERS) if unit in layer)


def _modules() -> dict[str, Path]:
    return {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in sorted((ROOT / "roads").rglob("*.py"))
    }


def _imports() -> list[tuple[str, str, str]]:
    """(importing module, imported module, where) for every import of roads inside roads:
    at the top, in a function, or under ``TYPE_CHECKING``."""
    found = []
    modules = _modules()
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.startswith("roads"):
                    # from roads.x import y: roads.x.y when y is a module, else roads.x
                    for alias in node.names:
                        inner = f"{node.module}.{alias.name}"
                        names.append(inner if inner in modules else node.module)
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("roads.")]
            where = f"{path.relative_to(ROOT)}:{node.lineno if names else 0}"
            found += [(module, name, where) for name in names if name != "roads.__version__"]
    return found


def test_every_import_goes_down_or_stays_in_its_layer() -> None:
    upward = []
    sideways = []
    for source, target, where in _imports():
        if source == "roads" or target == "roads":  # the package's facade, and its version
            continue
        here, there = _unit(source), _unit(target)
        if here == there:
            continue
        if _rank(there) > _rank(here):
            upward.append(f"{where}: {source} imports {target}")
        elif here in SURFACES and there in SURFACES:
            sideways.append(f"{where}: {source} imports {target}")
    assert upward == [] and sideways == []


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(edges.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_back() -> None:
    edges: dict[str, set[str]] = {}
    for source, target, _ in _imports():
        if source != target:
            edges.setdefault(source, set()).add(target)
    assert _cycles(edges) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_documented_layering_names_every_layer_in_order() -> None:
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    line = re.search(r"Layers depend one way: (.*?)\. ", text, re.DOTALL)
    assert line is not None
    named = [re.findall(r"`([a-z_.]+)`", step) for step in line.group(1).split("→")]
    assert [set(step) for step in named] == LAYERS


def test_every_package_of_roads_has_a_layer() -> None:
    units = {_unit(source) for source, _, _ in _imports()} - {"roads"}
    assert units <= set().union(*LAYERS)
