"""Invariants of the five roads over random shoes (ROADS.md)."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st
from reference_roads import derived_colours, logical_streaks, reference_export
from strategies import hands, shoes

from roads.game.coup import Outcome
from roads.grids.cells import DERIVED_ROADS
from roads.grids.export import export_dict
from roads.grids.roads import Roads
from roads.hands.hand import Hand

K = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}


@given(shoes)
def test_the_export_equals_the_reference_written_from_roads_md(shoe: list[Hand]) -> None:
    assert export_dict(Roads(shoe)) == reference_export(shoe)


@given(shoes)
def test_adding_coup_by_coup_equals_the_reference_after_every_coup(shoe: list[Hand]) -> None:
    roads = Roads()
    for count, hand in enumerate(shoe, 1):
        roads.add(hand)
        if count % 7 == 0 or count == len(shoe):
            assert export_dict(roads) == reference_export(shoe[:count])


@given(shoes)
def test_each_banker_or_player_coup_is_in_exactly_one_big_road_entry(shoe: list[Hand]) -> None:
    roads = Roads(shoe)
    merged = [index for cell in roads.big_road for index in cell.hands]
    assert sorted(merged) == list(range(len(shoe)))  # ties too, each on exactly one entry
    winners = [i for i, h in enumerate(shoe) if h.outcome is not Outcome.TIE]
    leads = [
        next((i for i in c.hands if shoe[i].outcome is not Outcome.TIE), None)
        for c in roads.big_road
    ]
    assert [i for i in leads if i is not None] == winners


@given(shoes)
def test_no_two_cells_share_a_position_and_rows_stay_on_the_grid(shoe: list[Hand]) -> None:
    roads = Roads(shoe)
    for road in ("bead_plate", "big_road", *DERIVED_ROADS):
        cells = getattr(roads, road)
        positions = [(c.col, c.row) for c in cells]
        assert len(positions) == len(set(positions)), road
        assert all(0 <= row < 6 and col >= 0 for col, row in positions), road


@given(shoes)
def test_tie_counts_add_up(shoe: list[Hand]) -> None:
    roads = Roads(shoe)
    ties = sum(1 for h in shoe if h.outcome is Outcome.TIE)
    assert sum(cell.ties for cell in roads.big_road) == ties == roads.stats.tie


@given(shoes)
def test_streaks_are_placed_as_an_l_that_never_drops_back(shoe: list[Hand]) -> None:
    roads = Roads(shoe)
    for road in ("big_road", *DERIVED_ROADS):
        by_streak: dict[int, list[tuple[int, int]]] = {}
        for cell in getattr(roads, road):
            by_streak.setdefault(cell.streak, []).append((cell.col, cell.row))
        for cells in by_streak.values():
            assert cells[0][1] == 0
            turned = False
            for (col, row), (next_col, next_row) in itertools.pairwise(cells):
                if next_col == col:
                    assert not turned and next_row == row + 1
                else:
                    assert next_col == col + 1 and next_row == row
                    turned = True


@given(shoes)
def test_derived_roads_follow_roads_md_from_the_logical_streaks(shoe: list[Hand]) -> None:
    roads = Roads(shoe)
    winners = sum(1 for h in shoe if h.outcome is not Outcome.TIE)
    for road, k in K.items():
        colours = [cell.colour.value for cell in getattr(roads, road)]
        assert colours == derived_colours(shoe, k)
        assert len(colours) <= winners


@given(shoes)
def test_ask_answers_are_opposite_and_exist_once_there_are_k_plus_one_streaks(
    shoe: list[Hand],
) -> None:
    roads = Roads(shoe)
    streaks = len(logical_streaks(shoe))
    ask = roads.ask
    for k, banker, player in zip((1, 2, 3), ask.banker, ask.player, strict=True):
        if streaks >= k + 1:
            assert banker is not None and player is not None
            assert banker is not player
        else:
            assert banker is None and player is None


@given(shoes)
def test_the_ask_road_is_what_adding_that_coup_would_add(shoe: list[Hand]) -> None:
    roads = Roads(shoe)
    for outcome, answer in ((Outcome.BANKER, roads.ask.banker), (Outcome.PLAYER, roads.ask.player)):
        before = [len(getattr(roads, road)) for road in DERIVED_ROADS]
        roads.add(Hand(outcome))
        for road, count, colour in zip(DERIVED_ROADS, before, answer, strict=True):
            cells = getattr(roads, road)
            assert (cells[-1].colour if len(cells) > count else None) == colour
        roads.undo()


@given(shoes, st.lists(st.one_of(hands, st.none()), max_size=60))
def test_undo_restores_exactly_the_state_before(shoe: list[Hand], steps: list[Hand | None]) -> None:
    roads = Roads(shoe)
    model = list(shoe)
    for step in steps:
        if step is None:
            if model:
                assert roads.undo() == model.pop()
        else:
            roads.add(step)
            model.append(step)
        assert export_dict(roads) == reference_export(model)


@given(shoes)
def test_bead_plate_fills_column_by_column_with_every_coup(shoe: list[Hand]) -> None:
    beads = Roads(shoe).bead_plate
    assert [(b.col, b.row, b.hand) for b in beads] == [(i // 6, i % 6, i) for i in range(len(shoe))]
    assert Counter(b.outcome for b in beads) == Counter(h.outcome for h in shoe)
