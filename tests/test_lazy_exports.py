"""Packages that import some of their modules only when a name of theirs is first read
(``roads.lazy``): every exported name still resolves, to the defining module's object; the
names the type checker is shown (under ``TYPE_CHECKING``) are the lazy ones; and drawing a
board (``roads render``) imports none of those modules, nor a Pillow plugin beyond PNG's."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "eight-decks.jsonl"
LAZY = {
    "roads.translations": (
        "card",
        "charts",
        "live",
        "logger",
        "report",
        "screens",
        "statement",
        "tally",
    ),
    "roads.tables": ("pricing",),
}


def _type_checking_names(package: str) -> dict[str, str]:
    """The names imported under ``if TYPE_CHECKING:`` in ``package``, with their module."""
    tree = ast.parse(inspect.getsource(importlib.import_module(package)))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom)
                for alias in statement.names:
                    found[alias.name] = str(statement.module)
    return found


@pytest.mark.parametrize("package", sorted(LAZY))
def test_every_export_resolves_to_its_module_object(package: str) -> None:
    module = importlib.import_module(package)
    lazy = _type_checking_names(package)
    assert {where.rsplit(".", 1)[1] for where in lazy.values()} == set(LAZY[package])
    assert set(lazy) <= set(module.__all__)
    for name in module.__all__:
        value = getattr(module, name)
        if name in lazy:
            assert value is getattr(importlib.import_module(lazy[name]), name), name
    with pytest.raises(AttributeError, match="no attribute 'NOT_A_NAME'"):
        _ = module.NOT_A_NAME


def test_a_board_is_drawn_without_the_lazy_modules(tmp_path: Path) -> None:
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from roads.cli import main\n"
            "try:\n"
            f"    main(['render', {str(EXAMPLE)!r}, '-o', {str(tmp_path / 'b.png')!r}])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(' '.join(sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert (tmp_path / "b.png").read_bytes().startswith(b"\x89PNG")
    unwanted = [f"{package}.{name}" for package, names in LAZY.items() for name in names]
    assert [name for name in unwanted if name in loaded] == []
    assert "roads.game.odds" not in loaded
    # roads writes the PNG file itself (roads.backends.pngfile): no Pillow file plugin loads.
    assert sorted(name for name in loaded if name.endswith("ImagePlugin")) == []
