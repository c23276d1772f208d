"""Simulation runs (``roads.game.simulation``): the same tally and shoes whichever engine deals
them and however many processes share the work."""

from __future__ import annotations

import pytest

from roads.game.shoe import Shoe
from roads.game.simulation import dealt_shoes, tally


@pytest.mark.parametrize("engine", ["python", "numpy"])
def test_the_tally_is_the_sum_of_the_shoes_dealt(engine: str) -> None:
    shoe = Shoe(decks=2)
    found = tally(shoe, 12, 77, engine=engine)
    coups = [coup for one in dealt_shoes(shoe, 77, 0, 12) for coup in one.coups]
    assert found.shoes == 12 and found.banker + found.player + found.tie == len(coups)
    assert found.banker == sum(coup.outcome.value == "B" for coup in coups)


def test_processes_and_progress_do_not_change_the_counts() -> None:
    shoe = Shoe(decks=1)
    told: list[int] = []
    one = tally(shoe, 40, 3, engine="python", jobs=1)
    assert tally(shoe, 40, 3, engine="python", jobs=2, progress=told.append) == one
    assert sum(told) == 40


def test_every_engine_deals_the_same_shoes() -> None:
    shoe = Shoe(decks=8)
    assert list(dealt_shoes(shoe, 5, 2, 6, engine="numpy")) == list(dealt_shoes(shoe, 5, 2, 6))
