"""A score card's measures (``roads.drawing.card_layout``): on any paper and margins, either
the cards fit with cells a pen can fill, their grids and words inside the card and the card
inside the paper's margins, or the layout is refused saying what to change."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roads.drawing.card_layout import (
    CARD_GAP,
    GUTTER,
    LEAST_CELL,
    LEGEND_LEAST,
    MOST_CELL,
    ROAD_COLUMNS,
    fit_card,
)
from roads.drawing.paper import SIZES, Paper
from roads.errors import RoadsError
from roads.grids.placement import ROWS

EPSILON = 1e-6


@given(
    size=st.sampled_from(sorted(SIZES)),
    margin=st.floats(0, 50),
    per_page=st.integers(1, 4),
    derived=st.booleans(),
    subheader=st.integers(0, 3),
)
def test_cards_fit_their_paper_with_cells_a_pen_can_fill_or_are_refused(
    size: str, margin: float, per_page: int, derived: bool, subheader: int
) -> None:
    paper = Paper(size=size, margin=margin)
    try:
        layout = fit_card(paper, per_page=per_page, derived=derived, subheader=subheader)
    except RoadsError as error:
        refused = str(error)
    else:
        refused = ""
    if refused:
        assert "print fewer cards a page, narrower margins, or fewer roads" in refused
        return
    short, long = SIZES[size]
    assert sorted((layout.page_width, layout.page_height)) == [short, long]
    assert LEAST_CELL <= layout.cell <= MOST_CELL
    assert layout.bands == (5 if derived else 2)
    # Every grid is six cells tall; the grids and the card's words fit in the card, and the
    # cards and the gaps between them in the page inside its margins.
    assert layout.grids_height >= layout.bands * ROWS * layout.cell
    assert layout.grids_height + layout.fixed_height <= layout.card_height + EPSILON
    cards = per_page * layout.card_height + (per_page - 1) * CARD_GAP
    assert cards <= layout.page_height - 2 * margin + EPSILON
    # The big road's columns fill the card's width beside the roads' names, never fewer than
    # an 8-deck shoe needs; the bead plate leaves the legend its room.
    assert layout.road_columns >= ROAD_COLUMNS
    assert GUTTER + layout.road_columns * layout.cell <= layout.card_width + EPSILON
    assert GUTTER + layout.road_columns * layout.cell > layout.card_width - layout.cell
    assert GUTTER + layout.bead_columns * layout.cell + LEGEND_LEAST <= layout.card_width + 1e-3


def test_a4_holds_a_blank_card_of_every_road_with_cells_of_5_mm_or_more() -> None:
    for size in SIZES:
        assert fit_card(Paper(size=size), derived=True).cell >= 5.0


def test_too_many_cards_on_a_page_are_refused_naming_the_cells_they_would_have() -> None:
    with pytest.raises(RoadsError, match=r"8 cards a page on a4 with 10 mm margins leave cells"):
        fit_card(Paper(size="a4"), per_page=8, derived=True)
