"""The cards left in the shoe after each coup, and the exact odds of the next coup from them.

The shoe starts as ``decks`` full decks and every coup's cards come out of it. The burned cards
are dealt face down, unknown to the players, so they are *not* removed: the odds are those a
player at the table could work out from what was shown. Each coup is dealt from the cards alone;
the roads do not enter into it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from roads.game.cards import Card
from roads.game.engines import Engine, choose_engine
from roads.game.odds import Odds, deck_counts, exact_odds
from roads.hands.hand import Hand

MIN_CARDS = 6
"""A coup may need six cards: with fewer left there is no next coup to give odds for."""


@dataclass(frozen=True, slots=True)
class OddsPoint:
    """The exact odds of the next coup after ``dealt`` coups, from the ``counts`` left."""

    dealt: int
    counts: tuple[int, ...]
    odds: Odds

    @property
    def cards_left(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


def odds_trail(hands: Sequence[Hand], decks: int = 8, *, engine: Engine | None = None) -> OddsTrail:
    """The exact odds of the next coup after every coup of ``hands``, dealt from ``decks`` decks.

    The trail stops at the first coup entered without its cards, at the first card that
    ``decks`` decks do not hold (a shoe of more decks, or coups of several shoes), or when fewer
    than six cards are left. ``engine`` evaluates the odds (default: numpy when installed); the
    counts are the same for both.
    """
    odds_of = exact_odds
    if choose_engine(engine) == "numpy":
        from roads.game.vector_odds import exact_odds_numpy as odds_of
    counts = list(deck_counts(decks))
    points = [OddsPoint(0, tuple(counts), odds_of(counts))]
    seen: Counter[tuple[str, str | None]] = Counter()
    stop: Stop | None = None
    for number, hand in enumerate(hands, start=1):
        if hand.coup is None:
            stop = Stop("no_cards", number)
            break
        for card in hand.coup.cards:
            stop = _seen(seen, card.rank, card.suit, number, decks)
            if stop:
                break
            counts[card.value] -= 1
        if stop:
            break
        left = sum(counts)
        if left < MIN_CARDS:
            stop = Stop("too_few", number, left=left)
            break
        points.append(OddsPoint(number, tuple(counts), odds_of(counts)))
    return OddsTrail(decks, tuple(points), _english(stop, decks), stop)


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


def _seen(
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


def _rank_name(rank: str) -> str:
    return {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king"}.get(rank, rank)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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
            if _seen(seen, card.rank, card.suit, number + 1, decks):
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
            point = self._point = OddsPoint(self._dealt, counts, exact_odds(counts))
        return point
