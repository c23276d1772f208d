"""The third-card rules compiled into lookup tables, so a shoe can be dealt without branching.

A coup is decided by the values of the cards it takes from the shoe. ``FIRST`` maps the values of
the first four cards (Player, Banker, Player, Banker) to a *shape code*, or, when a third card is
drawn, to an index into ``MORE``, which maps the values of the next two cards to the shape code.
A shape code packs ``outcome << 4 | player_drew << 3 | cards``, where ``outcome`` indexes
``OUTCOMES``. The tables are built from ``rules``, so they cannot disagree with it.
"""

from __future__ import annotations

from itertools import product

from roads.game import rules
from roads.game.coup import Outcome, outcome_of

OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)
_INDEX = {outcome: index for index, outcome in enumerate(OUTCOMES)}
MORE_OFFSET = 64
PLAYER_DREW = 8
CARDS_MASK = 7


def _code(player_total: int, banker_total: int, cards: int, player_drew: bool) -> int:
    outcome = _INDEX[outcome_of(player_total, banker_total)]
    return outcome << 4 | (PLAYER_DREW if player_drew else 0) | cards


def _build() -> tuple[dict[bytes, int], list[dict[bytes, int]]]:
    first: dict[bytes, int] = {}
    more: list[dict[bytes, int]] = []
    states: dict[tuple[int, int], int] = {}
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        key = bytes((p1, b1, p2, b2))
        natural = rules.is_natural(player) or rules.is_natural(banker)
        if natural or not (rules.player_draws(player) or rules.banker_draws(banker, None)):
            first[key] = _code(player, banker, 4, False)
            continue
        if (player, banker) not in states:
            states[(player, banker)] = len(more)
            more.append(
                {
                    bytes(pair): _after_four(player, banker, *pair)
                    for pair in product(range(10), repeat=2)
                }
            )
        first[key] = MORE_OFFSET + states[(player, banker)]
    return first, more


def _after_four(player: int, banker: int, fifth: int, sixth: int) -> int:
    if not rules.player_draws(player):
        return _code(player, (banker + fifth) % 10, 5, False)
    player_final = (player + fifth) % 10
    if rules.banker_draws(banker, fifth):
        return _code(player_final, (banker + sixth) % 10, 6, True)
    return _code(player_final, banker, 5, True)


FIRST, MORE = _build()
