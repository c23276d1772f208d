"""The fast engine's dealing (``roads.fast.dealing``): what ``roads.engines`` finds for the
numpy engine's ``deal``, with the reference's shoes, text and tally."""

from __future__ import annotations

from roads import engines
from roads.fast.dealing import DEALING
from roads.game.shoe import Shoe
from roads.hands.simulated import DEALING as REFERENCE


def test_it_is_the_numpy_engine_s_deal() -> None:
    assert engines.implementation("deal", "numpy") is DEALING
    assert engines.implementation("deal", "python") is REFERENCE


def test_the_shoes_text_and_tally_are_the_reference_s() -> None:
    shoe = Shoe(decks=6)
    assert list(DEALING.dealt(shoe, 9, 0, 4)) == list(REFERENCE.dealt(shoe, 9, 0, 4))
    for format_ in ("text", "jsonl", "csv"):
        assert DEALING.text(shoe, 9, 2, 5, format_=format_, numbered=True) == REFERENCE.text(
            shoe, 9, 2, 5, format_=format_, numbered=True
        )
    assert DEALING.tally(shoe, 30, 9, start=1) == REFERENCE.tally(shoe, 30, 9, start=1)
