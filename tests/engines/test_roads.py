"""The ``roads`` concept over every engine: the roads of a whole sequence of hands (a
``Batch``) are those of docs/rules/roads.md (``reference_roads``), and the reference's for
drop-back tails too."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reference_roads import derived_colours, logical_streaks, place, reference_export
from strategies import shoes
from tiers import size

from roads.grids.batch import building_engine, streak_cells
from roads.grids.cells import Colour
from roads.grids.placement import Tails
from roads.grids.road import DERIVED
from roads.grids.roads import hand_code
from roads.hands.hand import Hand


def _codes(shoe: list[Hand]) -> bytes:
    return bytes(hand_code(hand) for hand in shoe)


@settings(max_examples=size(40, 300), deadline=None)
@given(shoes)
def test_the_roads_are_those_of_the_rules(engine: str, shoe: list[Hand]) -> None:
    batch = building_engine(engine).build(_codes(shoe), Tails.STRAIGHT)
    expected = reference_export(shoe)
    winners = [index for index, hand in enumerate(shoe) if hand.outcome.value != "T"]
    assert list(batch.leads) == winners
    assert [(c, r) for c, r, _, _ in streak_cells(batch.big)] == place(logical_streaks(shoe))
    for k, (road, (placed, blue_first)) in enumerate(zip(DERIVED, batch.derived, strict=True), 1):
        colours = derived_colours(shoe, k)
        cells = list(streak_cells(placed))
        assert [(c, r) for c, r, _, _ in cells] == [
            (cell["col"], cell["row"]) for cell in expected[road.attribute]
        ]
        shown = [
            (Colour.BLUE if blue_first != bool(streak % 2) else Colour.RED).value
            for _, _, streak, _ in cells
        ]
        assert shown == colours
    assert batch.stats.hands == len(shoe)
    assert (batch.stats.banker, batch.stats.player, batch.stats.tie) == tuple(
        expected["stats"][name] for name in ("banker", "player", "tie")
    )
    answers = {
        side: {
            road.attribute: None if colour is None else colour.value
            for road, colour in zip(DERIVED, answer, strict=True)
        }
        for side, answer in (("banker", batch.ask.banker), ("player", batch.ask.player))
    }
    assert answers == expected["ask"]


@settings(max_examples=size(25, 200), deadline=None)
@given(shoes, st.sampled_from(list(Tails)))
def test_the_roads_are_the_references_for_either_tails(
    engine: str, shoe: list[Hand], tails: Tails
) -> None:
    codes = _codes(shoe)
    assert building_engine(engine).build(codes, tails) == building_engine("python").build(
        codes, tails
    )
