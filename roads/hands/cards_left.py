"""The cards left in a shoe, kept up to date one coup at a time, and the exact odds of the
next coup from them: what the shoe report (``roads.story.remaining``) and the live board
(``roads.live.page``) both count.

The shoe starts as ``decks`` full decks and every coup's cards come out of it. The burned cards
are dealt face down, unknown to the players, so they are *not* removed: the odds are those a
player at the table could work out from what was shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from roads.game.cards import RANKS, Card
from roads.game.odds import Odds, deck_counts, exact_odds
from roads.hands.hand import Hand
from roads.values import frozen

__all__ = ["MIN_CARDS", "CardsLeft", "OddsPoint", "Stop", "count_seen", "next_coup_odds"]

MIN_CARDS = 6
"""A coup may need six cards: with fewer left there is no next coup to give odds for."""


@frozen
class OddsPoint:
    """The exact odds of the next coup after ``dealt`` coups, from the ``counts`` left."""

    dealt: int
    counts: tuple[int, ...]
    odds: Odds

    @property
    def cards_left(self) -> int:
        return sum(self.counts)


@frozen
class Stop:
    """Why a trail of odds ends early, as facts a sentence in any language can be made of.

    ``kind`` is ``"no_cards"`` (coup ``coup`` was entered without its cards), ``"too_many"``
    (coup ``coup`` shows ``card``, a card or, without a suit, a rank, for the ``count``-th time:
    more than ``decks`` decks hold) or ``"too_few"`` (only ``left`` cards are left after coup
    ``coup``).
    """

    kind: str
    coup: int
    card: str = ""
    count: int = 0
    left: int = 0


def count_seen(
    seen: Counter[tuple[str, str | None]], rank: str, suit: str | None, number: int, decks: int
) -> Stop | None:
    """Count one card shown; say why, when ``decks`` decks cannot hold that many of it."""
    seen[rank, None] += 1
    if suit is not None:
        seen[rank, suit] += 1
        if seen[rank, suit] > decks:
            return Stop("too_many", number, card=rank + suit, count=seen[rank, suit])
    if seen[rank, None] > 4 * decks:
        return Stop("too_many", number, card=rank, count=seen[rank, None])
    return None


def next_coup_odds(hands: Sequence[Hand], decks: int = 8) -> OddsPoint | None:
    """The exact odds of the coup after ``hands`` from the cards left in ``decks`` decks, when
    every coup of ``hands`` was entered with its cards (None otherwise, or when the cards shown
    cannot come from ``decks`` decks, or fewer than six are left). Burned cards count as unseen.
    """
    cards = CardsLeft(decks)
    for hand in hands:
        cards.add(hand)
        if cards.unknown:
            return None
    return cards.point()


class CardsLeft:
    """The cards left in a shoe of ``decks`` decks, kept up to date one coup at a time: ``add``
    and ``undo`` cost the same however many coups came before, so a live board can show the
    odds of the next coup after every change (``point``) without reading the shoe again.

    As ``next_coup_odds`` counts them: from the first coup entered without its cards, or
    showing a card that ``decks`` decks do not hold, the cards left are unknown until that coup
    is undone.
    """

    __slots__ = ("_counts", "_dealt", "_known", "_point", "_seen", "_unknown_from", "decks")

    def __init__(self, decks: int = 8) -> None:
        self.decks = decks
        self._counts = list(deck_counts(decks))
        self._seen: Counter[tuple[str, str | None]] = Counter()
        self._dealt = 0
        self._known: list[Hand] = []
        """The coups whose cards were taken out, in order (those before ``_unknown_from``)."""
        self._unknown_from: int | None = None
        """The index of the first coup whose cards could not be taken out."""
        self._point: OddsPoint | None = None
        """The last point worked out, kept while the counts are the same."""

    def __len__(self) -> int:
        """How many coups were added."""
        return self._dealt

    @property
    def unknown(self) -> bool:
        """Whether the cards left are unknown (a coup without its cards, or impossible ones)."""
        return self._unknown_from is not None

    def add(self, hand: Hand) -> None:
        """Take out the cards of the next coup."""
        number = self._dealt
        self._dealt += 1
        if self._unknown_from is not None:
            return
        coup = hand.coup
        if coup is None:
            self._unknown_from = number
            return
        cards = coup.cards
        seen, decks = self._seen, self.decks
        for done, card in enumerate(cards):
            if count_seen(seen, card.rank, card.suit, number + 1, decks):
                self._unsee(cards[: done + 1])
                self._unknown_from = number
                return
        counts = self._counts
        for card in cards:
            counts[card.value] -= 1
        self._known.append(hand)

    def undo(self) -> None:
        """Put back the cards of the last coup added. Raises IndexError when there is none."""
        if not self._dealt:
            raise IndexError("there is no coup to undo")
        self._dealt -= 1
        if self._unknown_from is not None:
            if self._unknown_from == self._dealt:
                self._unknown_from = None
            return
        coup = self._known.pop().coup
        assert coup is not None  # only coups with their cards are kept
        cards = coup.cards
        self._unsee(cards)
        counts = self._counts
        for card in cards:
            counts[card.value] += 1

    def _unsee(self, cards: Sequence[Card]) -> None:
        seen = self._seen
        for card in cards:
            seen[card.rank, None] -= 1
            if card.suit is not None:
                seen[card.rank, card.suit] -= 1

    @property
    def unknown_from(self) -> int | None:
        """The index of the first coup added without its cards (or with a card the decks do
        not hold), from which the cards left are unknown; None while they are known."""
        return self._unknown_from

    def by_rank(self) -> tuple[int, ...] | None:
        """The cards left of each rank, in ``roads.game.cards.RANKS`` order (A, 2 … 9, T, J,
        Q, K); None when they are unknown."""
        if self._unknown_from is not None:
            return None
        return tuple(4 * self.decks - self._seen[rank, None] for rank in RANKS)

    def point(self) -> OddsPoint | None:
        """The exact odds of the next coup (None when the cards left are unknown, or fewer
        than six)."""
        if self._unknown_from is not None:
            return None
        counts = tuple(self._counts)
        if sum(counts) < MIN_CARDS:
            return None
        point = self._point
        if point is None or point.dealt != self._dealt or point.counts != counts:
            point = self._point = OddsPoint(
                self._dealt, counts, exact_odds(counts, engine="python")
            )
        return point
