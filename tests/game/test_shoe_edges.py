"""Shoes dealt to their last card: the one more coup after the cut card may not fit."""

from __future__ import annotations

from roads.game.shoe import Shoe


def test_a_cut_card_six_from_the_end_never_runs_past_the_last_card() -> None:
    # With the cut card 6 from the end the one more coup can start on the last three cards;
    # it is dealt only when its cards are all there.
    shoe = Shoe(decks=1, cut_card=6)
    for index in range(400):
        dealt = shoe.deal(seed=3, index=index)
        used = len(dealt.burned) + sum(len(c.cards) for c in dealt.coups)
        assert used + len(dealt.undealt) == 52
        assert len(dealt.undealt) <= 5
    assert shoe.tally(400, seed=3).coups == sum(
        len(shoe.deal(seed=3, index=i).coups) for i in range(400)
    )
