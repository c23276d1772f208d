"""The card-removal part of a study: the exact odds of every coup from the cards left.

The odds follow docs/rules/game.md (every ordering of six cards from those left) and are the
integers ``roads.game.odds.exact_odds`` gives, counted many coups at once by the engine the
study names (``roads.engines``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from roads.game.cards import Card
from roads.game.odds import deck_counts, exact_odds_many
from roads.study.dealer import ShoeRecord
from roads.study.signals import CELLS, count_shoe
from roads.values import frozen

_CARDS_NEEDED = 6
_BATCH = 128

OddsRow = tuple[int, int, int, int]
"""Integer odds of one coup: total orderings, and the ways Banker, Player, Tie win."""


@frozen
class ExactCoup:
    """One coup of an exact shoe: its number in the shoe (1-based), the state before it, its
    outcome, and its exact odds."""

    number: int
    state: int
    outcome: int
    total: int
    banker: int
    player: int
    tie: int
    burn: str | None = None
    """On the first coup of a shoe, the face-up first burn card when known."""
    expected: tuple[tuple[str, Fraction], ...] = ()
    """At a named table: the exact expectation of a 1-unit stake on each of its bets (those
    the cards left price: pairs need ranks), by name."""
    settled: tuple[tuple[str, Fraction], ...] = ()
    """At a named table: what a 1-unit stake on each of its bets returned on this coup."""


def odds_of(counts: Sequence[Sequence[int]], engine: str) -> list[OddsRow]:
    """The exact odds from each of ``counts`` (ten counts of values 0-9, six cards or more),
    counted by ``engine``, ``_BATCH`` at a time."""
    rows: list[OddsRow] = []
    for at in range(0, len(counts), _BATCH):
        batch = exact_odds_many(counts[at : at + _BATCH], engine=engine)
        rows.extend((odds.total, odds.banker, odds.player, odds.tie) for odds in batch)
    return rows


def exact_shoe(record: ShoeRecord, decks: int, engine: str) -> tuple[ExactCoup, ...]:
    """Every coup of a shoe with its exact odds from the cards left before it.

    The shoe starts as ``decks`` full decks less the first burn card, which is turned face up
    when it is known; the other burned cards stay in (nobody saw them). The coups
    stop where fewer than six cards are left, or where a card is one more than ``decks`` decks
    hold (recorded shoes of another size).
    """
    if record.cards is None:
        return ()
    states: list[int] = []
    count_shoe(record.outcomes, [0] * CELLS, states)
    left = list(deck_counts(decks))
    if record.burn is not None:
        left[Card.parse(record.burn).value] -= 1
    before: list[tuple[int, ...]] = []
    for cards in record.cards:
        if sum(left) < _CARDS_NEEDED:
            break
        before.append(tuple(left))
        for value in cards:
            left[value] -= 1
        if min(left) < 0:
            before.pop()
            break
    rows = odds_of(before, engine)
    return tuple(
        ExactCoup(number, state, outcome, *row, burn=record.burn if number == 1 else None)
        for number, (state, outcome, row) in enumerate(
            zip(states, record.outcomes, rows, strict=False), start=1
        )
    )


def exact_shoes(records: Iterable[ShoeRecord], decks: int, engine: str) -> list[ExactCoup]:
    """The exact coups of several shoes, in order."""
    found: list[ExactCoup] = []
    for record in records:
        found.extend(exact_shoe(record, decks, engine))
    return found
