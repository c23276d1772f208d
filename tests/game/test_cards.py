from __future__ import annotations

import pytest

from roads.errors import CardError
from roads.game.cards import DECK, Card, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", "A", "s"),
        ("Td", "T", "d"),
        ("9c", "9", "c"),
        ("10h", "T", "h"),
        ("10", "T", None),
        ("k", "K", None),
        ("qS", "Q", "s"),
        ("J♥", "J", "h"),
        ("7♣", "7", "c"),
        ("a♦", "A", "d"),
        ("2♠", "2", "s"),
    ],
)
def test_reads_every_spelling(text: str, rank: str, suit: str | None) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["", "1", "11", "Ax", "S", "♠", "Kss", "0h", "1h"])
def test_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_values_follow_game_md() -> None:
    values = {card.rank: card.value for card in DECK}
    assert values == {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "T": 0,
        "J": 0,
        "Q": 0,
        "K": 0,
    }


def test_burn_counts_tens_and_faces_as_ten() -> None:
    assert [Card.parse(t).burn_count for t in ("A", "7", "K", "T")] == [1, 7, 10, 10]


def test_a_deck_is_52_distinct_cards_written_in_two_characters() -> None:
    assert len(set(DECK)) == 52
    assert all(len(str(card)) == 2 for card in DECK)
    assert [Card.parse(str(card)) for card in DECK] == list(DECK)


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert [str(c) for c in parse_cards("2h, 3d  8c")] == ["2h", "3d", "8c"]
