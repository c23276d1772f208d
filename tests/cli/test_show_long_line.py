"""``roads show`` on one line of many coups (issue 42.9): the line is read in pieces and the text
printed a road at a time, so memory grows only with the board (some 90 bytes a coup, its roads'
arrays and one road's grid), not with the file read whole and the text held whole (over 200
bytes a coup before: 311 MB for 2M coups)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from memory import measured
from tiers import size

_MOST_PER_COUP = 140
"""Bytes a coup may add to the command's peak beyond one coup's (94 measured, 203 before)."""


@pytest.mark.parametrize("columns", [None, 30])
def test_show_reads_one_long_line_in_memory_that_grows_with_the_board_alone(
    tmp_path: Path, columns: int | None
) -> None:
    coups = size(300_000, 2_000_000)
    chooser = random.Random(4)
    path = tmp_path / "line.txt"
    path.write_text("".join(chooser.choice("BBBPPPT") for _ in range(coups)) + "\n")
    shown = [] if columns is None else ["--columns", str(columns)]
    code, err, used = measured("show", str(path), *shown, timeout=600)
    assert code == 0, err
    _, _, one = measured("show", "--hands", "B", *shown)
    grown = used["bytes"] - one["bytes"]
    assert grown < coups * _MOST_PER_COUP, f"{grown / coups:.0f} bytes a coup"
