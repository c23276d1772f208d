"""The numpy exact odds count exactly what the pure enumeration counts (skipped without numpy)."""

from __future__ import annotations

import pytest
from extras import FAST
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_odds

pytest.importorskip("numpy", reason=FAST)

from tiers import size

from roads.errors import ShoeError
from roads.fast.odds import exact_odds_many, exact_odds_numpy
from roads.game.odds import deck_counts, exact_odds
from roads.game.odds import exact_odds_many as many_of
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.story.remaining import odds_trail


@st.composite
def depleted(draw: st.DrawFn) -> list[int]:
    """The cards left in a shoe of 1 to 8 decks after some were dealt."""
    full = list(deck_counts(draw(st.integers(1, 8))))
    taken = draw(st.lists(st.integers(0, 9), max_size=sum(full) - 6))
    for value in taken:
        if full[value]:
            full[value] -= 1
    return full


def test_eight_decks_equal_game_md_to_the_last_digit() -> None:
    odds = exact_odds_numpy(deck_counts(8))
    assert odds.total == 4_998_398_275_503_360
    assert odds.banker == 2_292_252_566_437_888
    assert odds.player == 2_230_518_282_592_256
    assert odds.tie == 475_627_426_473_216


@settings(max_examples=size(37, 150), deadline=None)
@given(depleted())
def test_depleted_shoes_equal_the_pure_enumeration(counts: list[int]) -> None:
    assert exact_odds_numpy(counts) == exact_odds(counts)


@settings(max_examples=size(7, 30), deadline=None)
@given(st.lists(st.integers(0, 6), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6))
def test_small_shoes_equal_an_independent_enumeration(counts: list[int]) -> None:
    odds = exact_odds_numpy(counts)
    assert (odds.total, odds.banker, odds.player, odds.tie) == reference_odds(counts)


@pytest.mark.parametrize("counts", [[1000] * 10, [10**6, 5, 0, 0, 0, 0, 0, 0, 0, 3]])
def test_shoes_too_large_for_int64_are_still_exact(counts: list[int]) -> None:
    odds = exact_odds_numpy(counts)
    assert odds == exact_odds(counts)
    assert odds.total > 2**63


def test_many_shoes_at_once_equal_one_at_a_time() -> None:
    shoes = [list(deck_counts(d)) for d in range(1, 9)] + [[0, 0, 0, 0, 6, 0, 0, 0, 0, 1]]
    assert exact_odds_many(shoes) == [exact_odds(c) for c in shoes]
    assert exact_odds_many([]) == []


def test_bad_counts_are_refused_as_the_pure_path_refuses_them() -> None:
    with pytest.raises(ShoeError, match="only 5 are left"):
        exact_odds([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], engine="numpy")
    with pytest.raises(ShoeError, match="cannot be negative"):
        many_of([[5, 5, 5, 5, 5, 5, 5, 5, 5, -1]], engine="numpy")


def test_the_odds_trail_is_the_same_for_both_engines() -> None:
    hands = [Hand.from_coup(coup) for coup in Shoe().deal(seed=42).coups]
    numpy_trail = odds_trail(hands, engine="numpy")
    assert numpy_trail == odds_trail(hands, engine="python")
    assert len(numpy_trail.points) == len(hands) + 1 - (numpy_trail.stopped is not None)
