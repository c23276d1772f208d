"""The ``odds`` concept over every engine: the exact odds and distributions of the next coup
equal those counted card by card from the rules (``reference``), and docs/rules/game.md's
figures for eight decks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_cells, reference_odds
from tiers import size

from roads.errors import ShoeError
from roads.game.odds import (
    CELLS,
    deck_counts,
    exact_distributions,
    exact_odds,
    exact_odds_many,
    odds_engine,
)

SMALL = st.lists(st.integers(0, 3), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6)
"""Cards left few enough to deal every ordering of them in the reference."""


def test_eight_decks_are_game_md_to_the_last_digit(engine: str) -> None:
    odds = exact_odds(deck_counts(8), engine=engine)
    assert (odds.total, odds.banker, odds.player, odds.tie) == (
        4_998_398_275_503_360,
        2_292_252_566_437_888,
        2_230_518_282_592_256,
        475_627_426_473_216,
    )


@settings(max_examples=size(15, 80), deadline=None)
@given(SMALL)
def test_the_odds_are_those_dealt_card_by_card(engine: str, counts: list[int]) -> None:
    odds = odds_engine(engine).exact_odds(counts)
    assert (odds.total, odds.banker, odds.player, odds.tie) == reference_odds(counts)


@settings(max_examples=size(6, 30), deadline=None)
@given(st.lists(SMALL, max_size=5))
def test_many_shoes_at_once_are_each_one(engine: str, shoes: list[list[int]]) -> None:
    many = exact_odds_many(shoes, engine=engine)
    assert [(o.total, o.banker, o.player, o.tie) for o in many] == list(map(reference_odds, shoes))


@settings(max_examples=size(5, 25), deadline=None)
@given(st.lists(SMALL, min_size=1, max_size=3))
def test_the_distributions_are_those_dealt_card_by_card(
    engine: str, shoes: list[list[int]]
) -> None:
    for counts, distribution in zip(shoes, exact_distributions(shoes, engine=engine), strict=True):
        cells = reference_cells(counts)
        assert distribution.ways == tuple(cells.get(cell, 0) for cell in CELLS)
        assert distribution.pairs is None


@pytest.mark.parametrize("cards", [455, 456, 1500, 1600])
def test_shoes_past_every_fast_range_are_the_references(engine: str, cards: int) -> None:
    counts = [cards // 10 + (value < cards % 10) for value in range(10)]
    assert exact_odds_many([counts], engine=engine) == exact_odds_many([counts], engine="python")
    assert exact_odds(counts, engine=engine) == exact_odds(counts, engine="python")


def test_bad_counts_are_refused_the_same_way(engine: str) -> None:
    with pytest.raises(ShoeError, match="only 5 are left"):
        exact_odds([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], engine=engine)
    with pytest.raises(ShoeError, match="cannot be negative"):
        exact_odds_many([[5, 5, 5, 5, 5, 5, 5, 5, 5, -1]], engine=engine)
    with pytest.raises(ShoeError, match="ten card counts"):
        exact_distributions([[6] * 9], engine=engine)
