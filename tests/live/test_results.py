"""A results file served read-only (``roads.live.results``): its shoes, in order, as a session."""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.errors import RoadsError
from roads.live.results import read_results


def test_a_file_s_shoes_in_order(tmp_path: Path) -> None:
    path = tmp_path / "shoes.csv"
    path.write_text("shoe,outcome\n7,B\n7,P\n3,T\n3,P\n3,P\n", encoding="utf-8")
    session = read_results(path)
    assert [len(session.hands(shoe)) for shoe in (1, 2)] == [2, 3]
    assert [hand.notation for hand in session.hands()] == ["T", "P", "P"]


def test_a_notation_file_is_one_shoe(tmp_path: Path) -> None:
    path = tmp_path / "shoe.txt"
    path.write_text("BPT PP\n", encoding="utf-8")
    assert len(read_results(path).hands()) == 5


def test_what_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "shoes.txt"
    path.write_bytes(b"\xff\xfe\x00B")
    with pytest.raises(RoadsError, match="not UTF-8 text"):
        read_results(path)
    with pytest.raises(RoadsError, match="not a regular file"):
        read_results("/dev/null")
