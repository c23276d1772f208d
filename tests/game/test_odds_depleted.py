"""The pure exact odds of deep, large shoes against the independent enumeration of GAME.md."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_odds
from tiers import size

from roads.game.odds import deck_counts, exact_odds


@settings(max_examples=size(5, 8), deadline=None)
@given(st.integers(1, 8), st.lists(st.integers(0, 9), max_size=300))
def test_depleted_multi_deck_shoes_equal_an_independent_enumeration(
    decks: int, taken: list[int]
) -> None:
    counts = list(deck_counts(decks))
    for value in taken:
        if counts[value] and sum(counts) > 6:
            counts[value] -= 1
    odds = exact_odds(counts)
    assert (odds.total, odds.banker, odds.player, odds.tie) == reference_odds(counts)
