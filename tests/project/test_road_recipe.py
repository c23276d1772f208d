"""docs/development.md's road recipe, followed to the letter on a copy of roads: a toy derived
road, comparing four columns back, added to the one module the recipe names
(``roads/grids/road.py``) and given its words (``roads/translations/board.py``), and nothing
else. The copy then draws it in a panel of its own, exports it (the schema too), shows it as
text and studies it, with either engine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from reference_roads import derived_colours, place

import roads
from roads.hands.notation import parse_notation

SHOE = "BPPBBBPBPPBBPPPBPB" * 3 + "BBBBPPPTPBPBBP"
"""Enough streaks for a road comparing four columns back to gain marks of both colours."""
ROAD = 'TOY_ROAD = Kind("toy-road", Placing.DERIVED, "ring", compares=4, glyph="◎")'
"""The recipe's line in ``roads/grids/road.py``: a derived road, its mark, its text glyph."""
WORDS = {"ENGLISH": "Toy Road", "SIMPLIFIED": "玩具路", "TRADITIONAL": "玩具路"}
"""Its name in each language (``roads/translations/board.py``)."""


def _add_after(text: str, anchor: str, added: str) -> str:
    """``text`` with the line ``added`` after the first line that starts with ``anchor`` (its
    indent kept)."""
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith(anchor))
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    return "".join([*lines[: at + 1], f"{indent}{added}\n", *lines[at + 1 :]])


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the installed roads with the toy road added as the recipe says: the folder to
    put first on ``PYTHONPATH``."""
    root = tmp_path_factory.mktemp("toy")
    package = Path(roads.__file__).parent
    shutil.copytree(package, root / "roads", ignore=shutil.ignore_patterns("__pycache__"))
    if not (root / "roads" / "fonts").is_dir():  # a source checkout: the fonts beside it
        (root / "fonts").symlink_to(package.parent / "fonts")
    road = root / "roads" / "grids" / "road.py"
    road.write_text(
        _add_after(road.read_text(encoding="utf-8"), "COCKROACH_PIG = Kind(", ROAD),
        encoding="utf-8",
    )
    words = root / "roads" / "translations" / "board.py"
    text = _add_after(words.read_text(encoding="utf-8"), "cockroach_pig: str", "toy_road: str")
    for language, name in WORDS.items():
        head, _, tail = text.partition(f"\n{language} = Labels(")
        tail = _add_after(tail, "cockroach_pig=", f"toy_road={name!r},")
        text = f"{head}\n{language} = Labels({tail}"
    words.write_text(text, encoding="utf-8")
    return root


def _roads(toy: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(toy), "PYTHONSAFEPATH": "1"}
    env.pop("ROADS_ENGINE", None)
    done = subprocess.run(
        [sys.executable, "-m", "roads", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=toy,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_only_the_two_files_of_the_recipe_differ(toy: Path) -> None:
    package = Path(roads.__file__).parent
    changed = sorted(
        str(path.relative_to(toy))
        for path in (toy / "roads").rglob("*.py")
        if path.read_bytes() != (package / path.relative_to(toy / "roads")).read_bytes()
    )
    assert changed == ["roads/grids/road.py", "roads/translations/board.py"]


@pytest.mark.parametrize("layout", ["standard", "casino"])
def test_the_toy_road_is_drawn_in_a_panel_of_its_own(toy: Path, layout: str) -> None:
    _roads(toy, "render", "--hands", SHOE, "--layout", layout, "-o", f"{layout}.svg")
    tree = ET.parse(toy / f"{layout}.svg")
    panels = {}
    for rect in tree.iter("{http://www.w3.org/2000/svg}rect"):
        classes = rect.get("class", "").split()
        if classes[:1] == ["panel"]:
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            panels[classes[1]] = (
                x,
                y,
                x + float(rect.get("width", 0)),
                y + float(rect.get("height", 0)),
            )
    assert set(panels) == {
        "bead-plate",
        "big-road",
        "big-eye-boy",
        "small-road",
        "cockroach-pig",
        "toy-road",
    }
    boxes = list(panels.items())
    for i, (name, (x0, y0, x1, y1)) in enumerate(boxes):
        for other, (a0, b0, a1, b1) in boxes[i + 1 :]:
            assert x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0, f"{name} overlaps {other}"
    marks = [
        e
        for e in tree.iter()
        if "toy-road" in e.get("class", "").split() and "mark" in e.get("class", "")
    ]
    assert marks, "the toy road draws its marks"
    assert "Toy Road" in (toy / f"{layout}.svg").read_text(encoding="utf-8")


def test_the_toy_road_is_exported_as_the_rules_place_it(toy: Path) -> None:
    _roads(toy, "export", "--hands", SHOE, "-o", "export.json")
    data: dict[str, Any] = json.loads((toy / "export.json").read_text(encoding="utf-8"))
    hands = list(parse_notation(SHOE))
    colours = derived_colours(hands, 4)
    assert colours and "red" in colours and "blue" in colours
    runs = [len(list(group)) for group in _runs(colours)]
    assert [(cell["col"], cell["row"]) for cell in data["toy_road"]] == place(runs)
    assert [cell["colour"] for cell in data["toy_road"]] == colours
    assert list(data)[-2:] == ["toy_road", "ask"] and "toy_road" in data["ask"]["banker"]
    schema = json.loads(_schema(toy))
    assert "toy_road" in schema["properties"] and "toy_road" in schema["required"]


def _schema(toy: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(toy), "PYTHONSAFEPATH": "1"}
    return subprocess.run(
        [sys.executable, "-c", "import json, roads; print(json.dumps(roads.schema()))"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout


def _runs(values: list[str]) -> list[list[str]]:
    runs: list[list[str]] = []
    for value in values:
        if runs and runs[-1][0] == value:
            runs[-1].append(value)
        else:
            runs.append([value])
    return runs


def test_the_toy_road_is_shown_as_text(toy: Path) -> None:
    text = _roads(toy, "show", "--hands", SHOE)
    section = text.split("Toy Road", 1)[1].split("\n\n", 1)[0]
    assert "r" in section and "b" in section
    assert "Toy Road" in text.split("\n\n")[-3], "the ask road names it"


def test_the_toy_road_is_studied_by_either_engine(toy: Path) -> None:
    args = ["study", "--shoes", "40", "--seed", "3", "--exact-shoes", "0"]
    python = _roads(toy, *args, "--engine", "python", "-o", "-")
    assert _roads(toy, *args, "--engine", "numpy", "-o", "-") == python
    signals = json.loads(python)["signals"]
    names = signals if isinstance(signals, dict) else [one["name"] for one in signals]
    assert {"toy-road-red", "toy-road-blue"} <= set(names)
    assert "all four derived roads" in python


def test_no_module_of_the_roads_drawing_or_study_spells_a_roads_name() -> None:
    """The model, the engines, the export, the board and the study name a road by its ``Road``
    (whose module alone spells it), never by its slug or attribute, so that a new road needs
    no other module."""
    import ast

    package = Path(roads.__file__).parent
    names = {name for road in roads.Road for name in (road.slug, road.attribute)}
    found = []
    for folder in ("grids", "drawing", "fast", "study", "story", "backends"):
        for path in sorted((package / folder).rglob("*.py")):
            if path.name == "road.py" and folder == "grids":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                and node.body
                and isinstance(node.body[0], ast.Expr)
            }
            found += [
                f"{path.relative_to(package)}:{node.lineno}: {node.value}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and node.value in names
                and id(node) not in docstrings
            ]
    assert found == []
