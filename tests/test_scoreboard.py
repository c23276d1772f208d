"""A Scoreboard holds its roads (issue 22): it is not a ``Roads``, its ``roads`` are the roads
its hands build, and each public member of the roads is a member of the board, written out."""

from __future__ import annotations

import inspect
import io
import re
from pathlib import Path

import pytest
from hypothesis import given
from strategies import shoes

from roads.drawing.board import BoardOptions
from roads.formats import FormatError
from roads.game.coup import Outcome
from roads.grids.export import export_dict
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.scoreboard import Scoreboard

PNG = b"\x89PNG\r\n\x1a\n"
API = Path(__file__).resolve().parents[1] / "docs" / "api.md"
PUBLIC = sorted(name for name in vars(Roads) if not name.startswith("_"))
"""The public members of the roads."""


def test_a_scoreboard_is_not_a_roads() -> None:
    assert not issubclass(Scoreboard, Roads)
    assert Roads not in Scoreboard.__mro__
    board = Scoreboard.from_notation("BPPT")
    assert not isinstance(board, Roads) and isinstance(board.roads, Roads)


@given(shoes)
def test_its_roads_equal_the_roads_built_from_the_same_hands(shoe: list[Hand]) -> None:
    board, roads = Scoreboard(shoe, tails="drop-back"), Roads(shoe, tails="drop-back")
    assert export_dict(board.roads) == export_dict(roads)
    assert board.hands == roads.hands == tuple(shoe) and len(board) == len(roads)
    for name in PUBLIC:
        member = inspect.getattr_static(Roads, name)
        if isinstance(member, property):
            assert getattr(board, name) == getattr(roads, name), name
    assert board.marks() == roads.marks() and board.widths() == roads.widths()
    for k in (1, 2, 3):
        assert list(board.iter_derived(k)) == list(roads.iter_derived(k))
    assert list(board.iter_big_road()) == list(roads.big_road)


def test_every_public_member_of_the_roads_is_written_out_on_the_board() -> None:
    for name in PUBLIC:
        assert name in vars(Scoreboard), name  # its own member: typed, documented, no forwarding
        assert inspect.getdoc(getattr(Scoreboard, name)), name
    assert "__getattr__" not in vars(Scoreboard)


def test_the_api_page_lists_every_member_of_the_board_it_documents() -> None:
    text = API.read_text(encoding="utf-8")
    section = text.split("[`roads.scoreboard.Scoreboard`]", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^        - (\w+)$", section, re.MULTILINE))
    assert set(PUBLIC) <= listed
    assert {"roads", "of", "board_options"} <= listed
    assert "inherited_members" not in section


def test_adding_and_undoing_change_the_roads_it_holds() -> None:
    roads = Roads()
    board = Scoreboard.of(roads)
    assert board.roads is roads
    hand = Hand(Outcome.BANKER, banker_pair=True)
    board.add(hand)
    assert len(roads) == 1 and roads.hand(0) == hand
    assert board.undo() == hand and len(roads) == 0


def test_the_options_it_holds_draw_it_unless_a_keyword_says_otherwise() -> None:
    hands = Scoreboard.from_notation("BPPTBB").hands
    plain, dark = Scoreboard(hands), Scoreboard(hands, options=BoardOptions(theme="dark"))
    assert plain.board_options == BoardOptions()
    assert dark.svg() == plain.svg(theme="dark") != plain.svg()
    assert dark.svg(theme="casino") == plain.svg()
    assert dark.options(lang="zh") == BoardOptions(theme="dark", lang="zh")


# -- saving, notebooks and the console, keywords ------------------------------------------------


def test_save_writes_to_binary_and_text_file_objects() -> None:
    board = Scoreboard.from_notation("BPPBT")
    binary = io.BytesIO()
    board.save(binary, format="png")
    assert binary.getvalue().startswith(PNG)
    text = io.StringIO()
    board.save(text, format="svg")
    assert text.getvalue().startswith("<?xml") or text.getvalue().startswith("<svg")
    with pytest.raises(FormatError, match="binary mode"):
        board.save(io.StringIO(), format="png")
    with pytest.raises(FormatError, match="give the format"):
        board.save(io.BytesIO())


def test_save_takes_the_format_of_an_open_files_name(tmp_path: Path) -> None:
    with (tmp_path / "board.png").open("wb") as file:
        Scoreboard.from_notation("BP").save(file)
    assert (tmp_path / "board.png").read_bytes().startswith(PNG)


def test_save_svg_with_a_dpi_is_an_svg(tmp_path: Path) -> None:
    board = Scoreboard.from_notation("BPB")
    board.save(tmp_path / "x.svg", dpi=300)
    assert (tmp_path / "x.svg").read_text() == board.svg()


def test_notebook_and_console_representations() -> None:
    board = Scoreboard.from_notation("B" * 41 + "P" * 33 + "T" * 4)
    assert repr(board) == "Scoreboard(78 coups: B41 P33 T4)"
    assert board._repr_png_().startswith(PNG)
    html = board._repr_html_()
    assert "<svg" in html and "do not predict the next hand" in html
    assert board._repr_svg_() == board.svg()
    assert board == Scoreboard.from_notation("B" * 41 + "P" * 33 + "T" * 4)
    assert board != Scoreboard.from_notation("BP")


def test_options_are_keywords_and_a_typo_is_a_type_error() -> None:
    board = Scoreboard.from_notation("BP")
    with pytest.raises(TypeError, match="colums"):
        board.svg(colums=3)  # type: ignore[call-arg]
    assert board.svg(columns=3) == board.svg(options=board.options(columns=3))
