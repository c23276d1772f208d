"""The cards left in the shoe after each coup, and the exact odds of the next coup from them.

The shoe starts as ``decks`` full decks and every coup's cards come out of it. The burned cards
are dealt face down, unknown to the players, so they are *not* removed: the odds are those a
player at the table could work out from what was shown. Each coup is dealt from the cards alone;
the roads do not enter into it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from roads import engines
from roads.game.odds import Odds, deck_counts, exact_odds_many
from roads.hands.cards_left import (
    MIN_CARDS,
    CardsLeft,
    OddsPoint,
    Stop,
    count_seen,
    next_coup_odds,
)
from roads.hands.hand import Hand
from roads.values import frozen

__all__ = [
    "MIN_CARDS",
    "CardsLeft",
    "OddsPoint",
    "OddsTrail",
    "Stop",
    "next_coup_odds",
    "odds_trail",
]


@frozen
class OddsTrail:
    """The odds of the next coup after 0, 1, 2 ... coups, as far as the cards are known.

    ``points[k]`` is the point after ``k`` coups: the odds coup ``k + 1`` was dealt at.
    ``stopped`` says, in words, why the trail ends before the last coup (None when it does not).
    """

    decks: int
    points: tuple[OddsPoint, ...]
    stopped: str | None
    stop: Stop | None = None
    """The facts of ``stopped``, for saying it in another language."""

    @property
    def fresh(self) -> Odds:
        """The odds of the first coup of a fresh shoe."""
        return self.points[0].odds

    @property
    def known(self) -> bool:
        """Whether the cards of any coup were known."""
        return len(self.points) > 1


def odds_trail(hands: Sequence[Hand], decks: int = 8, *, engine: str | None = None) -> OddsTrail:
    """The exact odds of the next coup after every coup of ``hands``, dealt from ``decks`` decks.

    The trail stops at the first coup entered without its cards, at the first card that
    ``decks`` decks do not hold (a shoe of more decks, or coups of several shoes), or when fewer
    than six cards are left. ``engine`` names the engine that counts the odds (``roads.engines``;
    None: numpy, which counts the whole shoe at once); every engine gives the same counts.
    """
    counts = list(deck_counts(decks))
    shoes = [(0, tuple(counts))]
    seen: Counter[tuple[str, str | None]] = Counter()
    stop: Stop | None = None
    for number, hand in enumerate(hands, start=1):
        if hand.coup is None:
            stop = Stop("no_cards", number)
            break
        for card in hand.coup.cards:
            stop = count_seen(seen, card.rank, card.suit, number, decks)
            if stop:
                break
            counts[card.value] -= 1
        if stop:
            break
        left = sum(counts)
        if left < MIN_CARDS:
            stop = Stop("too_few", number, left=left)
            break
        shoes.append((number, tuple(counts)))
    points = [
        OddsPoint(dealt, left_now, odds)
        for (dealt, left_now), odds in zip(shoes, _odds([c for _, c in shoes], engine), strict=True)
    ]
    return OddsTrail(decks, tuple(points), _english(stop, decks), stop)


def _odds(shoes: list[tuple[int, ...]], engine: str | None) -> list[Odds]:
    """The exact odds from each of ``shoes``, all at once."""
    return exact_odds_many(shoes, engine=engines.choose(engine))


def _english(stop: Stop | None, decks: int) -> str | None:
    """``stop`` in English words."""
    if stop is None:
        return None
    if stop.kind == "no_cards":
        return f"coup {stop.coup} was entered without its cards, so the cards left are unknown"
    if stop.kind == "too_few":
        return f"only {stop.left} cards are left after coup {stop.coup}"
    many = f"more than {decks} {'deck holds' if decks == 1 else 'decks hold'}"
    hint = "give the number of decks in the shoe, and report one shoe at a time"
    nth = _ordinal(stop.count)
    if len(stop.card) > 1:
        return f"coup {stop.coup} shows {stop.card} for the {nth} time, {many}; {hint}"
    return f"coup {stop.coup} shows the {nth} {_rank_name(stop.card)}, {many}; {hint}"


def _rank_name(rank: str) -> str:
    return {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king"}.get(rank, rank)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
