"""A deal (``roads.tables.deal``): every fact a bet settles on, read from a coup's cards, and a
bet that needs the cards of a coup entered without them refused by name."""

from __future__ import annotations

import pytest

from roads.game.coup import Coup, Outcome
from roads.tables.deal import Deal, NeedsCardsError, Totals


def test_a_deal_of_a_coup_reads_its_totals_cards_pairs_and_natural() -> None:
    deal = Deal.of_coup(Coup.parse("4h 4d / Kc 7s"))  # Player 8 on a pair, Banker 7
    assert deal.outcome is Outcome.PLAYER
    assert (deal.total(Outcome.PLAYER), deal.total(Outcome.BANKER)) == (8, 7)
    assert (deal.card_count(Outcome.PLAYER), deal.card_count(Outcome.BANKER)) == (2, 2)
    assert deal.player_pair and not deal.banker_pair
    assert deal.natural and deal.natural_of(Outcome.PLAYER) and not deal.natural_of(Outcome.BANKER)


def test_a_three_card_seven_is_a_win_with_seven_on_three_cards() -> None:
    deal = Deal.of_coup(Coup.parse("2h 3d 5c / 4c Ks 3s"))  # Banker 7 on three cards over 0
    assert deal.wins_with(Outcome.BANKER, 7, 3, "dragon_7")
    assert not deal.wins_with(Outcome.BANKER, 7, 2, "dragon_7")
    assert not deal.wins_with(Outcome.PLAYER, 7, None, "dragon_7")


def test_a_result_alone_settles_who_won_and_refuses_the_totals() -> None:
    deal = Deal(outcome_given=Outcome.TIE)
    assert deal.outcome is Outcome.TIE
    with pytest.raises(NeedsCardsError, match="needs the coup's cards"):
        deal.wins_with(Outcome.BANKER, 7, 3, "dragon_7")
    assert Deal(totals=Totals(6, 6, 2, 2)).outcome is Outcome.TIE
