"""The measures of a printed score card (``roads.drawing.scorecard``): how large its cells can be
on the paper, which way the paper turns, and how many columns each grid gets.

Lengths are millimetres on the paper. A card is its header, its grids (bead plate and big road,
and the three derived roads with ``derived``), each six cells tall with its name in a gutter on
the left, and the notice; the cells are as large as the paper allows up to ``MOST_CELL``, the
grids as wide as the card, and never narrower than an 8-deck shoe needs.
"""

from __future__ import annotations

import math

from roads.drawing.paper import Paper
from roads.errors import RoadsError
from roads.grids.placement import ROWS
from roads.values import frozen

LEAST_CELL = 5.0
"""The smallest side of a blank card's cell, in millimetres: a pen's mark fits in it."""
LEAST_FILLED_CELL = 3.0
"""The smallest side of a filled card's cell, where a very long shoe needs more columns."""
MOST_CELL = 7.0
BEAD_COLUMNS = 15
"""Bead-plate columns of a blank card: 90 coups, more than an 8-deck shoe deals (81 on
average, 88 at most in 2,000 simulated shoes)."""
ROAD_COLUMNS = 48
"""The fewest big-road and derived-road columns of a blank card: 99 shoes in 100 of 8 decks
need no more (37 on average, 52 at most in 2,000 simulated shoes)."""
GUTTER = 17.0
"""The width of the road names' column left of the grids."""
HEADER = 9.0
"""The title line's height."""
SUBHEADER = 5.0
"""The height of the line under the title (the posted rules, a filled card's counts)."""
BAND_GAP = 2.5
"""The space between two grids."""
FOOTER = 8.0
"""The notice's band and the space above it."""
LEGEND_LEAST = 70.0
"""The narrowest the legend beside the bead plate may be."""
CARD_GAP = 8.0
"""The space between two cards on one page."""
NOTES_LEAST = 14.0
"""The least room left under a card's grids that is ruled for notes."""


@frozen
class CardLayout:
    """A card's measures on its page, in millimetres.

    Attributes:
        page_width: the sheet's width, as turned.
        page_height: its height.
        margin: the margin on every side.
        card_height: the height of one card (a page holds ``per_page``).
        per_page: the cards a page holds, one under the other.
        cell: the side of a grid's cell.
        bead_columns: the bead plate's columns.
        road_columns: the big road's and derived roads' columns.
        bands: how many grids the card has (2, or 5 with the derived roads).
        subheader: how many lines the card has under its title.
    """

    page_width: float
    page_height: float
    margin: float
    card_height: float
    per_page: int
    cell: float
    bead_columns: int
    road_columns: int
    bands: int
    subheader: int

    @property
    def card_width(self) -> float:
        """The width of a card: the page's inside its margins."""
        return self.page_width - 2 * self.margin

    @property
    def grids_height(self) -> float:
        """The height the grids take, gaps included."""
        return self.bands * ROWS * self.cell + (self.bands - 1) * BAND_GAP

    @property
    def fixed_height(self) -> float:
        """The height of a card besides its grids."""
        return HEADER + SUBHEADER * self.subheader + FOOTER


def _fixed(bands: int, subheader: int) -> float:
    return HEADER + SUBHEADER * subheader + FOOTER + (bands - 1) * BAND_GAP


def fit_card(
    paper: Paper,
    *,
    per_page: int = 1,
    derived: bool = False,
    subheader: int = 0,
    bead_columns: int = BEAD_COLUMNS,
    road_columns: int = ROAD_COLUMNS,
    least_cell: float = LEAST_CELL,
) -> CardLayout:
    """The measures of cards on ``paper``: the largest cells that fit, the paper turned the way
    that gives them.

    Parameters:
        paper: A4 or Letter, and its margins.
        per_page: the cards a page holds, one under the other.
        derived: whether the card has the three derived roads' grids too.
        subheader: how many lines the card has under its title.
        bead_columns: the fewest bead-plate columns (a filled card's shoe may need more).
        road_columns: the fewest big-road and derived-road columns.
        least_cell: the smallest cell allowed.

    Raises:
        RoadsError: the cards do not fit with cells of ``least_cell``.
    """
    bands = 5 if derived else 2
    margin = paper.margin_mm
    best: CardLayout | None = None
    for landscape in (True, False):
        page_width, page_height = paper.sheet(landscape=landscape)
        width = page_width - 2 * margin
        card_height = (page_height - 2 * margin - (per_page - 1) * CARD_GAP) / per_page
        cell = min(
            MOST_CELL,
            (width - GUTTER) / road_columns,
            (width - GUTTER - LEGEND_LEAST) / bead_columns,
            (card_height - _fixed(bands, subheader)) / (bands * ROWS),
        )
        cell = math.floor(cell * 100) / 100
        if best is None or cell > best.cell:
            best = CardLayout(
                page_width=page_width,
                page_height=page_height,
                margin=margin,
                card_height=card_height,
                per_page=per_page,
                cell=cell,
                bead_columns=bead_columns,
                road_columns=max(road_columns, math.floor((width - GUTTER) / cell + 1e-9))
                if cell > 0
                else road_columns,
                bands=bands,
                subheader=subheader,
            )
    assert best is not None
    if best.cell < least_cell:
        shown = f"{best.cell:.1f}" if best.cell > 0 else "no room"
        raise RoadsError(
            f"{per_page} card{'s' if per_page > 1 else ''} a page on {paper.size} with "
            f"{margin:g} mm margins leave cells of {shown} mm, less than {least_cell:g} mm: "
            "print fewer cards a page, narrower margins, or fewer roads",
            about=("per_page", "margin", "roads"),
        )
    return best
