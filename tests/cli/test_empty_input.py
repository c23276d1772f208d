"""An input with no coups still draws an empty board or writes an empty export (exit 0), but says
so on standard error."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_line import run

BOARD = "the input holds no coups: the board drawn is empty"
EXPORT = "the input holds no coups: the export is empty"


@pytest.mark.parametrize(
    ("args", "warning"),
    [
        (["render", "{empty}", "-o", "{out}.svg"], BOARD),
        (["render", "--hands", "", "-o", "{out}.png"], BOARD),
        (["render", "{empty}", "--wall", "-o", "{out}.svg"], BOARD),
        (["show", "{empty}"], BOARD),
        (["show", "--hands", " "], BOARD),
        (["export", "{empty}", "--format", "csv"], EXPORT),
        (["export", "{empty}", "-o", "{out}.json"], EXPORT),
        (["export", "--hands", " ", "--format", "json"], EXPORT),
    ],
)
def test_an_empty_input_is_drawn_or_written_and_says_so(
    args: list[str], warning: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing logged yet\n", encoding="utf-8")
    filled = [arg.format(empty=empty, out=tmp_path / "board") for arg in args]
    code, out, err = run(filled, capsys)
    assert code == 0
    assert err == f"roads {args[0]}: warning: {warning}\n"
    if args[0] == "show":
        assert out.startswith("Coups 0 ")
    elif "-o" in args:
        assert next(tmp_path.glob("board.*")).stat().st_size > 0
    else:
        assert out  # the empty export itself: a CSV header, or a JSON document of no coups


def test_a_board_with_coups_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["render", "--hands", "B", "-o", str(tmp_path / "b.svg")], capsys)
    assert (code, err) == (0, "")
    code, _, err = run(["show", "--hands", "BP"], capsys)
    assert (code, err) == (0, "")


def test_an_export_with_coups_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export", "--hands", "BPT", "--format", "csv"], capsys)
    assert (code, err) == (0, "")
    assert out.count("\n") > 3
