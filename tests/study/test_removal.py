"""Card removal (``roads.study.removal``): the exact edges of the main bets before every coup
of the exact shoes, how often either was positive, by position in the shoe."""

from __future__ import annotations

from roads.game.odds import odds_for_decks
from roads.study.exact import ExactCoup
from roads.study.numbers import banker_return, number, player_return
from roads.study.removal import card_removal
from roads.study.signals import BANKER

COUNTS = [(46, 45), (40, 50), (52, 38), (45, 46), (44, 46), (50, 40), (45, 45), (46, 44)]
"""Banker and Player wins out of 100 before each coup (the rest ties)."""


def _coups() -> list[ExactCoup]:
    return [
        ExactCoup(number=n, state=0, outcome=BANKER, total=100, banker=b, player=p, tie=100 - b - p)
        for n, (b, p) in enumerate(COUNTS * 2, start=1)
    ]


def test_positive_edges_are_counted_by_bet_and_by_position() -> None:
    odds = odds_for_decks(8)
    found = card_removal(_coups(), 1, odds)
    banker = sum(banker_return(b, p, 100) > 0 for b, p in COUNTS) * 2
    player = sum(player_return(b, p, 100) > 0 for b, p in COUNTS) * 2
    assert (found.shoes, found.coups) == (1, 16)
    assert (found.banker_positive.count, found.player_positive.count) == (banker, player)
    assert found.either_positive.count == banker + player
    assert [row.coups for row in found.by_position] == [10, 6]
    assert found.fresh_banker_edge == number(-banker_return(odds.banker, odds.player, odds.total))
    assert found.fresh_player_edge == number(-player_return(odds.banker, odds.player, odds.total))


def test_the_edges_distribution_spans_them() -> None:
    found = card_removal(_coups(), 1, odds_for_decks(8))
    edges = [-player_return(b, p, 100) for b, p in COUNTS]
    assert found.player_edge.min == number(min(edges))
    assert found.player_edge.max == number(max(edges))
    assert sum(b.count for b in found.player_edge.histogram) == 16
