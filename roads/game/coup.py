"""One coup of baccarat as dealt: the cards of both hands and everything they decide."""

from __future__ import annotations

from enum import StrEnum

from roads.errors import CardError
from roads.game import rules
from roads.game.cards import Card, parse_cards
from roads.values import frozen


class Outcome(StrEnum):
    """Who won a coup, written as in the result notation."""

    BANKER = "B"
    PLAYER = "P"
    TIE = "T"


def outcome_of(player_total: int, banker_total: int) -> Outcome:
    if banker_total > player_total:
        return Outcome.BANKER
    if player_total > banker_total:
        return Outcome.PLAYER
    return Outcome.TIE


@frozen
class Coup:
    """The cards of a coup, Player's and Banker's, in the order each hand received them.

    Construction checks the third-card rules, so every Coup is one a dealer could deal;
    a wrong draw or stand raises RuleError naming the rule.
    """

    player_cards: tuple[Card, ...]
    banker_cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        rules.check_coup(self.player_cards, self.banker_cards)

    @classmethod
    def dealt(cls, player_cards: tuple[Card, ...], banker_cards: tuple[Card, ...]) -> Coup:
        """A coup the shoe dealt by the rules' own tables, which needs no second check.

        Only the dealer (``Shoe``) should call this; cards from anywhere else go
        through the constructor, which checks them.
        """
        coup = object.__new__(cls)
        object.__setattr__(coup, "player_cards", player_cards)
        object.__setattr__(coup, "banker_cards", banker_cards)
        return coup

    @classmethod
    def parse(cls, text: str) -> Coup:
        """Read a coup written as its cards, Player first: ``"2h 3d 8c / Ks 3h"``."""
        hands = text.split("/")
        if len(hands) != 2:
            raise CardError(
                f"{text.strip()!r} is not a coup: write the Player's cards, '/', "
                "then the Banker's cards, e.g. '2h 3d 8c / Ks 3h'"
            )
        return cls(parse_cards(hands[0]), parse_cards(hands[1]))

    def __str__(self) -> str:
        player = " ".join(map(str, self.player_cards))
        banker = " ".join(map(str, self.banker_cards))
        return f"{player} / {banker}"

    @property
    def player_total(self) -> int:
        return rules.total(self.player_cards)

    @property
    def banker_total(self) -> int:
        return rules.total(self.banker_cards)

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.player_total, self.banker_total)

    @property
    def natural(self) -> bool:
        """The coup ended on a natural: either two-card total was 8 or 9."""
        p, b = self.player_cards, self.banker_cards
        return rules.is_natural((p[0].value + p[1].value) % 10) or rules.is_natural(
            (b[0].value + b[1].value) % 10
        )

    @property
    def player_pair(self) -> bool:
        return self.player_cards[0].rank == self.player_cards[1].rank

    @property
    def banker_pair(self) -> bool:
        return self.banker_cards[0].rank == self.banker_cards[1].rank

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards in the order they came out of the shoe."""
        p, b = self.player_cards, self.banker_cards
        return (p[0], b[0], p[1], b[1], *p[2:], *b[2:])
