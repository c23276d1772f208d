"""The fixed third-card rules of punto banco (docs/rules/game.md), and the check of a coup as
dealt."""

from __future__ import annotations

from collections.abc import Sequence

from roads.errors import RuleError
from roads.game.cards import Card

_BANKER_DRAWS_ON_THIRD: tuple[frozenset[int], ...] = (
    frozenset(range(10)),  # 0
    frozenset(range(10)),  # 1
    frozenset(range(10)),  # 2
    frozenset(range(10)) - {8},  # 3
    frozenset(range(2, 8)),  # 4
    frozenset(range(4, 8)),  # 5
    frozenset({6, 7}),  # 6
    frozenset(),  # 7
)
"""Banker two-card total -> the values of the Player's third card on which the Banker draws."""

BANKER_DRAWS = tuple(
    tuple(total < 8 and third in _BANKER_DRAWS_ON_THIRD[total] for third in range(10))
    for total in range(10)
)
"""``BANKER_DRAWS[banker_total][player_third_value]``, for when the Player drew."""


def total(cards: Sequence[Card]) -> int:
    """A hand's total: the sum of its card values, modulo 10."""
    points = 0
    for card in cards:
        points += card.value
    return points % 10


def is_natural(two_card_total: int) -> bool:
    return two_card_total >= 8


def player_draws(player_total: int) -> bool:
    """The Player draws on 0-5 and stands on 6-7 (naturals are settled before this)."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the Banker draws, given the value of the Player's third card (None: Player stood)."""
    if player_third is None:
        return banker_total <= 5
    return BANKER_DRAWS[banker_total][player_third]


def _article(value: int) -> str:
    return "an" if value == 8 else "a"


def check_coup(player_cards: Sequence[Card], banker_cards: Sequence[Card]) -> None:
    """Raise RuleError, naming the broken rule, unless the cards follow the third-card rules."""
    for name, cards in (("Player", player_cards), ("Banker", banker_cards)):
        if not 2 <= len(cards) <= 3:
            raise RuleError(f"the {name} hand must have 2 or 3 cards, not {len(cards)}")
    player_two = (player_cards[0].value + player_cards[1].value) % 10
    banker_two = (banker_cards[0].value + banker_cards[1].value) % 10
    player_third = len(player_cards) == 3
    banker_third = len(banker_cards) == 3

    if is_natural(player_two) or is_natural(banker_two):
        if player_third or banker_third:
            who, value = (
                ("Player", player_two) if is_natural(player_two) else ("Banker", banker_two)
            )
            drawer = "Player" if player_third else "Banker"
            raise RuleError(
                f"{who} has a natural {value}: both hands stand, so the {drawer} "
                "must not draw a third card"
            )
        return

    if player_draws(player_two) != player_third:
        verb = "draw" if player_draws(player_two) else "stand"
        raise RuleError(f"Player on {player_two} must {verb}")

    third_value = player_cards[2].value if player_third else None
    if banker_draws(banker_two, third_value) != banker_third:
        verb = "draw" if banker_draws(banker_two, third_value) else "stand"
        when = (
            "when the Player stands"
            if third_value is None
            else f"when the Player's third card is {_article(third_value)} {third_value}"
        )
        raise RuleError(f"Banker on {banker_two} must {verb} {when}")
