"""The packages whose exports are listed once, in their stub (``roads.lazy``): every name the
stub lists is in ``__all__`` and resolves to its defining module's object, nothing else is
exported, and drawing a board (``roads render``) imports none of the modules only other
commands need, nor a Pillow plugin beyond PNG's."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from roads.lazy import exports

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "eight-decks.jsonl"
PACKAGES = ("roads", "roads.tables", "roads.translations")
UNWANTED = (
    "roads.translations.card",
    "roads.translations.charts",
    "roads.translations.live",
    "roads.translations.logger",
    "roads.translations.report",
    "roads.translations.screens",
    "roads.translations.statement",
    "roads.translations.tally",
    "roads.tables.pricing",
    "roads.game.odds",
    "roads.backends.pdf",
    "roads.backends.cff",
    "roads.drawing.scorecard",
    "roads.drawing.card_layout",
    "roads.drawing.card_posts",
    "roads.hands.statement",
    "roads.hands.statement_files",
    "roads.live.qr",
)
"""Modules a board never needs."""


def _stub(package: str) -> str:
    return (ROOT / package.replace(".", "/") / "__init__.pyi").read_text(encoding="utf-8")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_export_is_listed_once_and_resolves_to_its_module_object(package: str) -> None:
    module = importlib.import_module(package)
    listed = exports(_stub(package))
    assert module.__all__ == sorted(listed)
    assert _stub(package).count(" as ") == len(listed), "a name listed twice"
    for name, (where, defined) in listed.items():
        assert getattr(module, name) is getattr(importlib.import_module(where), defined), name
    assert set(listed) <= set(dir(module))
    with pytest.raises(AttributeError, match="no attribute 'NOT_A_NAME'"):
        _ = module.NOT_A_NAME


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_defines_no_name_of_its_own_beside_its_table(package: str) -> None:
    source = (ROOT / package.replace(".", "/") / "__init__.py").read_text(encoding="utf-8")
    assert "TYPE_CHECKING" not in source and "__all__ = [" not in source


def test_the_table_reads_every_form_of_import() -> None:
    stub = (
        "from roads.a import b as b\n"
        "from roads.c import (\n    d as d,\n    e as f,\n)\n"
        "from typing import Any as Any\n"
    )
    assert exports(stub) == {"b": ("roads.a", "b"), "d": ("roads.c", "d"), "f": ("roads.c", "e")}


def test_a_board_is_drawn_without_the_modules_other_commands_need(tmp_path: Path) -> None:
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
    assert [name for name in UNWANTED if name in loaded] == []
    # roads writes the PNG file itself (roads.backends.pngfile): no Pillow file plugin loads.
    assert sorted(name for name in loaded if name.endswith("ImagePlugin")) == []
