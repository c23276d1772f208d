"""An input with no coups still draws (an empty board, exit 0) but says so on standard error."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_line import run

WARNING = "warning: the input holds no coups: the board drawn is empty\n"


@pytest.mark.parametrize(
    "args",
    [
        ["render", "{empty}", "-o", "{out}.svg"],
        ["render", "--hands", "", "-o", "{out}.png"],
        ["render", "{empty}", "--wall", "-o", "{out}.svg"],
        ["show", "{empty}"],
        ["show", "--hands", " "],
    ],
)
def test_an_empty_input_draws_and_says_so(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing logged yet\n", encoding="utf-8")
    filled = [arg.format(empty=empty, out=tmp_path / "board") for arg in args]
    code, out, err = run(filled, capsys)
    assert code == 0
    assert err == f"roads {args[0]}: {WARNING}"
    if args[0] == "show":
        assert out.startswith("Coups 0 ")
    else:
        assert next(tmp_path.glob("board.*")).stat().st_size > 0


def test_a_board_with_coups_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["render", "--hands", "B", "-o", str(tmp_path / "b.svg")], capsys)
    assert (code, err) == (0, "")
    code, _, err = run(["show", "--hands", "BP"], capsys)
    assert (code, err) == (0, "")


@pytest.mark.parametrize(
    "args",
    [
        ["export", "{empty}", "--format", "csv"],
        ["export", "{empty}", "-o", "{out}.json"],
        ["export", "--hands", " ", "--format", "json"],
    ],
)
def test_an_empty_export_is_written_and_says_so(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing logged yet\n", encoding="utf-8")
    filled = [arg.format(empty=empty, out=tmp_path / "board") for arg in args]
    code, out, err = run(filled, capsys)
    assert code == 0
    assert err == "roads export: warning: the input holds no coups: the export is empty\n"
    written = out if "-o" not in args else (tmp_path / "board.json").read_text("utf-8")
    assert written  # the empty export itself: a CSV header, or a JSON document of no coups


def test_an_export_with_coups_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export", "--hands", "BPT", "--format", "csv"], capsys)
    assert (code, err) == (0, "")
    assert out.count("\n") > 3
