"""The fast shuffles (``roads.fast.shuffle``): a batch of shoes at once, each row the shoe the
reference's ``shuffled_codes`` gives."""

from __future__ import annotations

import pytest

from roads.fast.shuffle import shuffled_codes_many
from roads.game.shuffles import SHUFFLES, shuffled_codes


@pytest.mark.parametrize("shuffle", SHUFFLES)
@pytest.mark.parametrize("decks", [1, 8])
def test_each_row_is_the_reference_s_shoe(shuffle: str, decks: int) -> None:
    rows = shuffled_codes_many(decks, 2024, 3, 40, shuffle)
    assert rows.shape == (37, 52 * decks)
    for k, row in enumerate(rows):
        assert bytes(row) == shuffled_codes(decks, 2024, 3 + k, shuffle)


def test_no_shoe_is_an_empty_batch() -> None:
    assert shuffled_codes_many(6, 1, 5, 5).shape == (0, 312)
