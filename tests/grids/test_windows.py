"""The last columns of a road, read without the others (``Roads.last_columns``), and boards drawn
through such a window (``BoardOptions.max_columns``): the same cells as filtering every cell of
the road, for straight and drop-back tails, after undo too; the same picture as ``columns``
where the window cuts every road, and as no window where every road fits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hands, outcomes, shoes

from roads.drawing.board import BoardOptions
from roads.drawing.sizes import LOBBY_BEAD_COLUMNS, LOBBY_COLUMNS
from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.placement import TAILS
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.scoreboard import Scoreboard

# Long runs make dragon tails, which cross into a window from far left of it.
dragons = st.lists(st.tuples(outcomes, st.integers(1, 30)), max_size=30).map(
    lambda runs: [Hand(outcome) for outcome, length in runs for _ in range(length)]
)
long_shoes = st.one_of(shoes, dragons)
tails = st.sampled_from(TAILS)


def assert_windows(board: Roads) -> None:
    """Every window of every road holds exactly the road's cells in those columns."""
    for road in Road:
        cells = getattr(board, road.attribute)
        width = max((cell.col for cell in cells), default=-1) + 1
        assert board.width(road) == width
        assert board.width(road.slug) == width
        for columns in range(1, width + 3):
            first = width - columns
            expected = tuple(cell for cell in cells if cell.col >= first)
            assert board.last_columns(road, columns) == expected, (road, columns)


@given(long_shoes, tails)
def test_last_columns_are_the_cells_of_those_columns(shoe: list[Hand], tail: str) -> None:
    assert_windows(Roads(shoe, tails=tail))


@given(long_shoes, st.lists(st.one_of(st.none(), hands), max_size=60), tails)
def test_last_columns_after_adds_and_undos(
    shoe: list[Hand], steps: list[Hand | None], tail: str
) -> None:
    """``None`` in ``steps`` is an undo: the windows stay exact, and the same as those of the
    roads built afresh from the hands left."""
    board = Roads(shoe, tails=tail)
    kept = list(shoe)
    for step in steps:
        if step is None:
            if kept:
                assert board.undo() == kept.pop()
        else:
            board.add(step)
            kept.append(step)
        fresh = Roads(kept, tails=tail)
        for road in Road:
            assert board.width(road) == fresh.width(road)
            for columns in (1, 2, 5, 13):
                assert board.last_columns(road, columns) == fresh.last_columns(road, columns)
    assert_windows(board)


def test_a_window_needs_a_column() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Roads().last_columns(Road.BIG_ROAD, 0)
    with pytest.raises(RoadsError, match="max_columns must be at least 1"):
        BoardOptions(max_columns=0)


def test_a_long_dragon_tail_reaches_into_the_window() -> None:
    """A streak of 40 Bankers then short streaks: the window of the last 3 columns holds the
    tail's end, which started 35 columns before it, and nothing of the streaks left of it."""
    board = Roads(parse_notation("B" * 40 + "P"), tails="straight")
    # the tail runs along row 5 from column 0 to column 34; the Player starts column 1
    assert board.width(Road.BIG_ROAD) == 35
    window = board.last_columns(Road.BIG_ROAD, 3)
    assert [(cell.col, cell.row, cell.depth) for cell in window] == [
        (32, 5, 37),
        (33, 5, 38),
        (34, 5, 39),
    ]


LAYOUTS = [
    {"layout": "standard"},
    {"layout": "casino"},
    {"layout": "lobby"},
    {"layout": "lobby", "with_bead_plate": True},
    {"road": "big-road"},
    {"road": "cockroach-pig"},
]


@given(long_shoes, tails, st.sampled_from(LAYOUTS), st.integers(1, 5))
def test_a_window_that_cuts_every_road_draws_as_columns(
    shoe: list[Hand], tail: str, layout: dict[str, object], cap: int
) -> None:
    """Below every road's fewest columns the window always cuts, and then it keeps what
    ``columns`` keeps: the same SVG, byte for byte."""
    board = Scoreboard(shoe, tails=tail)
    windowed = board.svg(options=BoardOptions(max_columns=cap, **layout))  # type: ignore[arg-type]
    assert windowed == board.svg(options=BoardOptions(columns=cap, **layout))  # type: ignore[arg-type]


@given(long_shoes, tails, st.sampled_from(LAYOUTS))
def test_a_window_every_road_fits_changes_nothing(
    shoe: list[Hand], tail: str, layout: dict[str, object]
) -> None:
    board = Scoreboard(shoe, tails=tail)
    plain = board.svg(options=BoardOptions(**layout))  # type: ignore[arg-type]
    if layout.get("layout") == "lobby" and (
        board.width(Road.BIG_ROAD) > LOBBY_COLUMNS
        or board.width(Road.BEAD_PLATE) > LOBBY_BEAD_COLUMNS
    ):
        return  # the lobby keeps a window of its own (test_layouts)
    most = max(24, *(board.width(road) for road in Road))
    # the casino layout keeps a third as many bead-plate columns, and twice as many of Big Eye Boy
    windowed = BoardOptions(max_columns=3 * most, **layout)  # type: ignore[arg-type]
    assert board.svg(options=windowed) == plain


@given(long_shoes, st.lists(st.one_of(st.none(), hands), max_size=20))
def test_iter_cells_reads_the_roads_cells_built_or_not(
    shoe: list[Hand], steps: list[Hand | None]
) -> None:
    """``Roads.iter_cells`` gives each road's cells in order: one by one before the road's
    tuple is built, then that very tuple (no second build), and never a stale one after a
    change."""
    board = Roads(shoe)
    for step in [*steps, None]:
        for road in Road:
            unbuilt = board.iter_cells(road)
            assert not isinstance(unbuilt, tuple)
            cells = getattr(board, road.attribute)
            assert tuple(unbuilt) == cells
            assert board.iter_cells(road) is cells
        if step is not None:
            board.add(step)
        elif len(board):
            board.undo()
        else:
            board.add(Hand(Outcome.TIE))
