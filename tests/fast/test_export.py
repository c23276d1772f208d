"""The fast engine's export (``roads.fast.export``): the reference's items and rows, read
straight from a batch of roads."""

from __future__ import annotations

from roads.fast.export import EXPORTING, bead_lines
from roads.grids.batch import build
from roads.grids.export_items import EXPORTING as REFERENCE
from roads.grids.placement import Tails
from roads.grids.road import Road
from roads.scoreboard import Scoreboard
from roads.tables import STANDARD

HANDS = "BPbTnPPBpBBBTPPPnBPBPBBPPTB"


def test_every_road_s_items_and_the_csv_rows_are_the_reference_s() -> None:
    codes = Scoreboard.from_notation(HANDS).roads.codes
    for tails in Tails:
        batch = build(codes, tails, engine="python")
        for road in Road:
            assert list(EXPORTING.json_items(batch, road, STANDARD)) == list(
                REFERENCE.json_items(batch, road, STANDARD)
            )
        assert list(EXPORTING.csv_rows(batch, STANDARD)) == list(
            REFERENCE.csv_rows(batch, STANDARD)
        )


def test_bead_items_are_placed_down_the_columns() -> None:
    codes = Scoreboard.from_notation("BBBBBBBP").roads.codes
    lines = list(bead_lines(codes, STANDARD))
    assert lines[6].startswith('{"col": 1, "row": 0, "hand": 6, ')
