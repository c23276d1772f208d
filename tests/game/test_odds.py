from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_odds
from tiers import size

from roads.errors import ShoeError
from roads.game.odds import deck_counts, exact_odds, odds_for_decks
from roads.tables import STANDARD
from roads.tables.pricing import outcome_edge


def test_eight_decks_equal_game_md_to_the_last_digit() -> None:
    odds = odds_for_decks(8)
    assert odds.total == 4_998_398_275_503_360
    assert odds.banker == 2_292_252_566_437_888
    assert odds.player == 2_230_518_282_592_256
    assert odds.tie == 475_627_426_473_216
    edges = [outcome_edge(STANDARD.bet(name), odds) for name in ("banker", "player", "tie")]
    assert [round(edge * 100, 4) for edge in edges] == [1.0579, 1.2351, 14.3596]


@pytest.mark.parametrize("decks", [1, 6])
def test_other_deck_counts_equal_an_independent_enumeration(decks: int) -> None:
    odds = odds_for_decks(decks)
    assert (odds.total, odds.banker, odds.player, odds.tie) == reference_odds(
        list(deck_counts(decks))
    )


def test_counts_add_up_to_the_orderings_of_six_cards() -> None:
    for decks in range(1, 9):
        odds = odds_for_decks(decks)
        assert odds.banker + odds.player + odds.tie == odds.total


@settings(max_examples=size(10, 40))
@given(st.lists(st.integers(0, 5), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6))
def test_depleted_shoes_equal_an_independent_enumeration(counts: list[int]) -> None:
    odds = exact_odds(counts)
    assert (odds.total, odds.banker, odds.player, odds.tie) == reference_odds(counts)


def test_deck_counts_put_tens_and_faces_first() -> None:
    assert deck_counts(8) == (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([4] * 9, "give ten card counts"),
        ([4] * 11, "give ten card counts"),
        ([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], "only 5 are left"),
        ([5, 5, 5, 5, 5, 5, 5, 5, 5, -1], "cannot be negative"),
    ],
)
def test_bad_counts_are_refused(counts: list[int], message: str) -> None:
    with pytest.raises(ShoeError, match=message):
        exact_odds(counts)
