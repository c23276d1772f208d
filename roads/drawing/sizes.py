"""The board's measures, in board units (one unit is one pixel at scale 1)."""

from __future__ import annotations

CELL = 24.0
"""Side of a bead-plate and big-road cell."""
HALF = CELL / 2
"""Side of a derived-road cell: two derived rows per big-road row."""
MARGIN = 20.0
GAP = 16.0
ROW_GAP = 14.0
CAPTION = 20.0
TITLE_SIZE = 20.0
TEXT_SIZE = 13.0
CAPTION_SIZE = 12.0
NOTICE_SIZE = 14.0
MOST_MARKS = 200_000
"""The most marks one road may draw: a board beyond this (about 200,000 coups) is no longer a
picture anyone can read, and would take gigabytes to draw."""
CASINO_BEAD = 14 * CELL / 6
"""Side of a bead-plate cell in the casino layout: six of them span the big road, its three
derived roads and the two caption bands between them."""
LOBBY_CELL = 16.0
"""Side of a big-road (and bead-plate) cell in a lobby thumbnail."""
LOBBY_MARGIN = 12.0
LOBBY_NOTICE_SIZE = 12.0
LOBBY_MIN_COLUMNS = 20
LOBBY_COLUMNS = 64
"""The big-road columns a lobby thumbnail shows at most unless the options say how many
(``columns``, ``max_columns``): a whole 8-deck shoe fits (the widest of 3,000 simulated shoes
takes 55 columns; a quarter take more than 40). Beyond them the last ones are shown, as the live
page shows its window, and the header says how many are not."""
LOBBY_BEAD_COLUMNS = 16
"""The bead-plate columns a lobby thumbnail shows at most (96 coups, a whole 8-deck shoe)."""
