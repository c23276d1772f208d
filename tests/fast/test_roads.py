"""The fast road builder (``roads.fast.roads``) against the reference model (``Roads``, built
hand by hand): the same cells in every road, for both tail rules, and the export written from
it (``write_json``, ``write_csv``) the bytes of the export of the reference's cells."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from strategies import hands, shoes

from roads.fast import roads as batch
from roads.fast.roads import build, place
from roads.grids.batch import streak_cells
from roads.grids.export import export_csv, export_json, write_csv, write_json
from roads.grids.placement import Placement, Tails
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.tables import make_table

_MARKED = st.sampled_from(parse_notation("B P T Bb Pp Tn Bbpn B6 B7 P8 Pbp8 Tbp Tn"))
_SHOES = st.one_of(shoes, st.lists(st.one_of(hands, _MARKED), max_size=150))
_TAILS = st.sampled_from(list(Tails))


def _big_road(roads: Roads) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    return [(c.col, c.row, c.streak, c.depth, c.hands) for c in roads.big_road]


@given(_SHOES, _TAILS)
def test_the_batch_roads_are_the_reference_roads(shoe: list[Hand], tails: Tails) -> None:
    roads = Roads(shoe, tails=tails)
    batch = build(roads.codes, tails)
    leads = batch.leads
    ends = [*leads[1:], len(shoe)] if leads else []
    big = [
        (col, row, streak, depth, tuple(range(lead if entry else 0, end)))
        for entry, ((col, row, streak, depth), lead, end) in enumerate(
            zip(streak_cells(batch.big), leads, ends, strict=True)
        )
    ]
    if shoe and not leads:  # ties only: one entry holds them all
        big = [(0, 0, 0, 0, tuple(range(len(shoe))))]
    assert big == _big_road(roads)
    if leads:
        outcomes = [roads.bead_cell(lead).outcome for lead in leads]
        assert outcomes == [cell.outcome for cell in roads.big_road]
    for k, (placed, blue_first) in enumerate(batch.derived, start=1):
        expected = [
            (cell.col, cell.row, cell.streak, cell.depth, cell.colour.value)
            for cell in roads.iter_derived(k)
        ]
        colours = ("red", "blue")
        got = [
            (col, row, streak, depth, colours[blue_first ^ (streak & 1)])
            for col, row, streak, depth in streak_cells(placed)
        ]
        assert got == expected
    assert batch.stats == roads.stats
    assert batch.ask == roads.ask


@given(st.lists(st.integers(1, 14), max_size=60), _TAILS)
def test_streaks_are_placed_as_placement_places_them(lengths: list[int], tails: Tails) -> None:
    reference = Placement(tails)
    for length in lengths:
        for depth in range(length):
            reference.add(depth == 0)
    placed = place(lengths, tails is Tails.DROP_BACK)
    assert list(placed.cols) == list(reference.cols)
    assert list(placed.rows) == list(reference.rows)
    assert list(placed.lengths) == lengths


@given(_SHOES, _TAILS, st.sampled_from(["standard", "ez", "no-commission"]))
def test_the_streamed_export_is_that_of_the_reference_roads(
    shoe: list[Hand], tails: Tails, rules: str
) -> None:
    table = make_table(rules=rules)
    roads = Roads(shoe, tails=tails, table=table)
    for write, export in ((write_json, export_json), (write_csv, export_csv)):
        out = io.StringIO()
        write(out.write, shoe, tails=tails, table=table)
        assert out.getvalue() == export(roads)


@given(_SHOES, _TAILS, st.integers(1, 9))
def test_the_roads_are_the_same_searched_a_few_bytes_at_a_time(
    shoe: list[Hand], tails: Tails, piece: int
) -> None:
    codes = Roads(shoe).codes
    whole = build(codes, tails)
    saved, batch._PIECE = batch._PIECE, piece
    try:
        assert build(codes, tails) == whole
    finally:
        batch._PIECE = saved
