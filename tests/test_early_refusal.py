"""A board too large to draw is refused while its input is still being read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_line import run

from roads.drawing import board as drawing
from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.hands import streaming
from roads.hands.hand import Hand
from roads.scoreboard import Scoreboard


def _hands(most: int, *, then_fail: bool = True) -> Iterator[Hand]:
    for number in range(most):
        yield Hand(Outcome.BANKER if number % 3 else Outcome.PLAYER)
    if then_fail:
        raise AssertionError(f"read all {most} hands")


def test_a_board_too_large_is_refused_before_the_rest_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(drawing, "MOST_MARKS", 1000)
    with pytest.raises(RoadsError, match="bead-plate would hold more than 1,000 marks"):
        Scoreboard.drawable(_hands(10_000))
    with pytest.raises(RoadsError, match="big-road would hold more than 1,000"):
        Scoreboard.drawable(_hands(10_000), road="big-road")
    # Keeping the last columns bounds every road: nothing is refused.
    kept = Scoreboard.drawable(_hands(3000, then_fail=False), columns=40)
    assert len(kept) == 3000 and kept.svg(columns=40)


def test_render_refuses_a_long_file_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(drawing, "MOST_MARKS", 1000)
    monkeypatch.setattr(streaming, "STREAM_FROM", 0)
    source = tmp_path / "long.txt"
    source.write_text("BPB\n" * 3000)
    code, out, err = run(["render", str(source), "-o", str(tmp_path / "b.svg")], capsys)
    assert code == 2 and out == ""
    assert "more than 1,000 marks" in err and "--columns" in err
    assert not (tmp_path / "b.svg").exists()
    code, _, err = run(
        ["render", str(source), "--columns", "30", "-o", str(tmp_path / "b.svg")], capsys
    )
    assert code == 0, err
    # A late bad line is still found: the stream reads to the end when the board fits.
    source.write_text("BPB\n" * 10 + "BPQ\n")
    code, _, err = run(["render", str(source), "-o", str(tmp_path / "c.svg")], capsys)
    assert code == 2 and "long.txt:11" in err
