"""The exact house edge of every bet of a table, fresh and after every coup of a shoe dealt
from known cards: the tables of bets of the report (``roads.story.report``) and the live page
(``roads.live.bets``) both price them here."""

from __future__ import annotations

from collections.abc import Sequence

from roads.game.cards import RANKS
from roads.game.odds import (
    Distribution,
    exact_distributions,
    pair_counts,
    rank_counts,
    values_of_ranks,
)
from roads.hands.hand import Hand
from roads.tables import Price, Table, price_table
from roads.values import frozen


@frozen
class BetEdges:
    """One bet: what it pays when it wins (its positive returns, as fractions), its exact edge
    for a fresh shoe, and after each coup dealt while the cards were known."""

    name: str
    pays: tuple[str, ...]
    fresh: float
    after: tuple[float, ...]


def bet_edges(hands: Sequence[Hand], table: Table, decks: int = 8) -> list[BetEdges]:
    """Every bet of ``table`` from ``decks`` full decks, and after each of the first coups of
    ``hands`` that carry their cards (the count stops at the first coup without them, or when
    fewer than six cards would be left)."""
    ranks = list(rank_counts(decks))
    shoes: list[list[int]] = [ranks[:]]
    for hand in hands:
        if hand.coup is None:
            break
        for card in hand.coup.cards:
            ranks[RANKS.index(card.rank)] -= 1
        if sum(ranks) < 6 or min(ranks) < 0:
            break
        shoes.append(ranks[:])
    prices = [price_table(table, d) for d in _distributions(shoes)]
    return [
        BetEdges(
            name=name,
            pays=tuple(str(r) for r, _ in price.returns if r > 0),
            fresh=price.house_edge,
            after=tuple(_edge(later, name) for later in prices[1:]),
        )
        for name, price in prices[0].items()
    ]


def prices_now(
    hands: Sequence[Hand], table: Table, decks: int = 8
) -> tuple[dict[str, Price], bool]:
    """Every bet of ``table`` priced from the cards left after ``hands`` when every one came
    with its cards (and six or more are left), and True; otherwise from ``decks`` full decks,
    and False. One count, whatever the length of the shoe."""
    ranks = list(rank_counts(decks))
    known = True
    for hand in hands:
        if hand.coup is None:
            known = False
            break
        for card in hand.coup.cards:
            ranks[RANKS.index(card.rank)] -= 1
    if not known or sum(ranks) < 6 or min(ranks) < 0:
        ranks, known = list(rank_counts(decks)), False
    return price_table(table, _distributions([ranks])[0]), known


def _edge(prices: dict[str, Price], name: str) -> float:
    return prices[name].house_edge


def _distributions(shoes: list[list[int]]) -> list[Distribution]:
    """The exact distribution from each shoe (13 counts by rank), by the engine
    ``roads.engines`` chooses (the same counts from any)."""
    counted = exact_distributions([values_of_ranks(ranks) for ranks in shoes])
    return [d.with_pairs(pair_counts(r)) for d, r in zip(counted, shoes, strict=True)]
