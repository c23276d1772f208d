"""What settling a bet knows of one coup: from its cards, or from its result as written."""

from __future__ import annotations

from roads.errors import RoadsError
from roads.game.coup import Coup, Outcome, outcome_of
from roads.values import frozen


class NeedsCardsError(RoadsError):
    """A bet or mark that needs a fact of the coup that was not given (its cards, or a flag)."""


@frozen
class Totals:
    """Both hands' final totals and how many cards each hand has (2 or 3)."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int


@frozen
class Deal:
    """One coup as a table settles it.

    With ``totals`` (the coup's cards were given, or the odds enumerate them) every fact is
    known. Without, only the result letter, the pairs, the natural flag and the marks written
    as flags are: ``marked`` holds the marks the result states and ``known_marks`` the marks
    whose absence also counts (those the table marks, so a player writes them). A fact that is
    not known raises ``NeedsCardsError`` naming it.
    """

    outcome_given: Outcome | None = None
    totals: Totals | None = None
    player_pair_given: bool | None = None
    banker_pair_given: bool | None = None
    natural_given: bool | None = None
    marked: frozenset[str] = frozenset()
    known_marks: frozenset[str] = frozenset()

    @classmethod
    def of_coup(cls, coup: Coup) -> Deal:
        """Every fact of a coup, read from its cards."""
        return cls(
            totals=Totals(
                coup.player_total,
                coup.banker_total,
                len(coup.player_cards),
                len(coup.banker_cards),
            ),
            player_pair_given=coup.player_pair,
            banker_pair_given=coup.banker_pair,
        )

    def need(self, what: str) -> Totals:
        if self.totals is None:
            raise NeedsCardsError(f"settling it needs the coup's cards ({what})")
        return self.totals

    @property
    def outcome(self) -> Outcome:
        if self.totals is not None:
            return outcome_of(self.totals.player_total, self.totals.banker_total)
        if self.outcome_given is None:
            raise NeedsCardsError("settling it needs who won the coup")
        return self.outcome_given

    @property
    def player_pair(self) -> bool:
        if self.player_pair_given is None:
            raise NeedsCardsError("settling it needs the cards by rank (a pair)")
        return self.player_pair_given

    @property
    def banker_pair(self) -> bool:
        if self.banker_pair_given is None:
            raise NeedsCardsError("settling it needs the cards by rank (a pair)")
        return self.banker_pair_given

    def total(self, side: Outcome) -> int:
        """That hand's final total (``side`` Banker or Player)."""
        totals = self.need("the hands' totals")
        return totals.banker_total if side is Outcome.BANKER else totals.player_total

    def card_count(self, side: Outcome) -> int:
        """How many cards that hand has, 2 or 3."""
        totals = self.need("how many cards each hand has")
        return totals.banker_cards if side is Outcome.BANKER else totals.player_cards

    def natural_of(self, side: Outcome) -> bool:
        """That hand is a natural: 8 or 9 with its first two cards."""
        return self.card_count(side) == 2 and self.total(side) >= 8

    @property
    def natural(self) -> bool:
        """The coup ended on a natural (either hand)."""
        if self.totals is None and self.natural_given is not None:
            return self.natural_given
        return self.natural_of(Outcome.PLAYER) or self.natural_of(Outcome.BANKER)

    def wins_with(self, side: Outcome, total: int, cards: int | None, mark: str) -> bool:
        """``side`` won with ``total`` (and ``cards`` cards, unless None): from the cards, or
        from the flag ``mark`` when it is written or the table marks it."""
        if self.totals is None and (mark in self.marked or mark in self.known_marks):
            return mark in self.marked
        what = f"whether the {'Banker' if side is Outcome.BANKER else 'Player'} won with {total}"
        totals = self.need(what)
        won = outcome_of(totals.player_total, totals.banker_total) is side
        count = totals.banker_cards if side is Outcome.BANKER else totals.player_cards
        return won and self.total(side) == total and (cards is None or count == cards)
