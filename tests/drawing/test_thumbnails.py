"""Lobby and wall thumbnails never drop big-road columns silently: a whole 8-deck shoe fits, and a
longer road says in its header how many of its oldest columns are not shown."""

from __future__ import annotations

import re

import pytest

from roads.drawing.board import BoardOptions
from roads.drawing.scene import Scene, Text
from roads.drawing.wall import draw_wall
from roads.scoreboard import Scoreboard


def _big_road_marks(scene: Scene) -> list[object]:
    return [shape for shape in scene.shapes if shape.classes[:2] == ("mark", "big-road")]


def _texts(scene: Scene) -> list[str]:
    return [shape.text for shape in scene.shapes if isinstance(shape, Text)]


def _columns(notation: str) -> int:
    return Scoreboard.from_notation(notation).roads.width("big-road")


@pytest.mark.parametrize("columns", [24, 41, 55, 64])
def test_a_lobby_thumbnail_shows_every_column_of_a_whole_shoe(columns: int) -> None:
    notation = "BP" * (columns // 2) + "B" * (columns % 2)
    assert _columns(notation) == columns  # one column a coup: B and P alternate
    scene = Scoreboard.from_notation(notation).scene(layout="lobby")
    assert len(_big_road_marks(scene)) == columns
    assert not [text for text in _texts(scene) if "not shown" in text]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "« 16 earlier columns not shown"),
        ("zh", "« 前 16 列未显示"),
        ("zh-hant", "« 前 16 列未顯示"),
    ],
)
def test_a_longer_road_says_how_many_columns_are_not_shown(lang: str, words: str) -> None:
    scene = Scoreboard.from_notation("BP" * 40).scene(layout="lobby", lang=lang)
    assert len(_big_road_marks(scene)) == 64  # the last 64 of 80
    assert words in _texts(scene)


def test_one_column_hidden_is_said_in_the_singular() -> None:
    scene = Scoreboard.from_notation("BP" * 32 + "B").scene(layout="lobby")
    assert "« 1 earlier column not shown" in _texts(scene)


def test_the_live_window_says_how_many_columns_it_leaves_out() -> None:
    scene = Scoreboard.from_notation("BP" * 20).scene(layout="lobby", columns=30)
    assert len(_big_road_marks(scene)) == 30
    assert "« 10 earlier columns not shown" in _texts(scene)


def test_every_shoe_of_a_wall_starts_at_its_first_column() -> None:
    """Shoes of 41 to 55 columns (a quarter of 8-deck shoes take more than 40) beside short
    ones: each thumbnail holds every mark of its big road, the first column's included."""
    notations = ["BP" * 12, "BPPB" * 13 + "B", "BP" * 27 + "B", "BBP" * 14]
    boards = [Scoreboard.from_notation(n).roads for n in notations]
    scene = draw_wall(boards, BoardOptions())
    marks = _big_road_marks(scene)
    assert len(marks) == sum(len(board.big_road) for board in boards)
    assert not [text for text in _texts(scene) if re.search(r"not shown", text)]


def test_the_wall_of_the_example_session_hides_no_column() -> None:
    from pathlib import Path

    session = Path(__file__).resolve().parents[2] / "examples" / "session.jsonl"
    shoes = Scoreboard.read_shoes(str(session))
    scene = draw_wall([shoe.roads for shoe in shoes], BoardOptions())
    assert len(_big_road_marks(scene)) == sum(len(shoe.roads.big_road) for shoe in shoes)
