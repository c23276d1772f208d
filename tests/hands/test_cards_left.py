"""The cards left, kept one coup at a time (``CardsLeft``): after any sequence of adds and undos
the same as counting every coup again (``next_coup_odds``), including coups without their cards
and cards that the decks cannot hold."""

from __future__ import annotations

from functools import cache
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.game.shoe import Shoe
from roads.hands import cards_left
from roads.hands.hand import Hand
from roads.story.remaining import CardsLeft, next_coup_odds


@cache
def dealt(seed: int) -> tuple[Hand, ...]:
    return tuple(Hand.from_coup(coup) for coup in Shoe(8, 14).deal(seed, 0).coups)


def cheap_odds(counts: object, engine: str | None = None) -> Odds:
    """Stands in for the exact odds (tested elsewhere): a value that differs with the counts."""
    assert isinstance(counts, tuple)
    return Odds(sum(counts), counts[0], counts[1], counts[9])


# A coup from one of two shoes (a shoe of fewer decks, or two shoes, show impossible cards), or
# one without its cards; None is an undo.
steps = st.lists(
    st.one_of(
        st.tuples(st.integers(0, 1), st.integers(0, 70)).map(lambda pick: dealt(pick[0])[pick[1]]),
        st.just(Hand(Outcome.BANKER)),
        st.none(),
    ),
    max_size=120,
)


@settings(max_examples=size(25, 100))
@given(steps, st.sampled_from([1, 2, 8]))
def test_cards_left_equal_a_count_from_scratch(moves: list[Hand | None], decks: int) -> None:
    with mock.patch.object(cards_left, "exact_odds", cheap_odds):
        cards = CardsLeft(decks)
        kept: list[Hand] = []
        for move in moves:
            if move is None:
                if not kept:
                    with pytest.raises(IndexError):
                        cards.undo()
                    continue
                kept.pop()
                cards.undo()
            else:
                kept.append(move)
                cards.add(move)
            assert len(cards) == len(kept)
            assert cards.point() == next_coup_odds(kept, decks)


def test_a_shoe_dealt_to_the_end_then_taken_back() -> None:
    """Every coup of a dealt shoe: the cards left match the shoe's own count, then undoing
    every coup gives a full shoe back; one coup without cards hides the count until undone."""
    shoe = Shoe(8, 14).deal(3, 0)
    cards = CardsLeft(8)
    for coup in shoe.coups:
        cards.add(Hand.from_coup(coup))
    point = cards.point()
    assert point is not None and point.dealt == len(shoe.coups)
    assert point.cards_left == 8 * 52 - sum(len(coup.cards) for coup in shoe.coups)
    cards.add(Hand(Outcome.PLAYER))
    assert cards.unknown and cards.point() is None
    cards.undo()
    assert cards.point() == point
    for _ in shoe.coups:
        cards.undo()
    fresh = cards.point()
    assert fresh is not None and fresh.cards_left == 8 * 52 and fresh.dealt == 0
