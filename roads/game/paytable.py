"""Settling practice bets (play money only) with a paytable; the practice paytable of
docs/rules/game.md is the default."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from roads.errors import RoadsError
from roads.game.coup import Outcome


class Settles(Protocol):
    """What settling needs to know of a coup."""

    @property
    def outcome(self) -> Outcome: ...
    @property
    def banker_pair(self) -> bool: ...
    @property
    def player_pair(self) -> bool: ...


class BetOn(StrEnum):
    """What a practice bet is placed on."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"
    BANKER_PAIR = "banker_pair"
    PLAYER_PAIR = "player_pair"


@dataclass(frozen=True, slots=True)
class Paytable:
    """What each winning bet pays per unit staked; Player and Banker bets push on a tie."""

    player: Fraction = Fraction(1)
    banker: Fraction = Fraction(95, 100)
    tie: Fraction = Fraction(8)
    pair: Fraction = Fraction(11)

    def net(self, on: BetOn, stake: Fraction, hand: Settles) -> Fraction:
        """The stake's net change once ``hand`` is dealt: winnings, 0 for a push, or -stake."""
        outcome = hand.outcome
        if on is BetOn.BANKER or on is BetOn.PLAYER:
            if outcome is Outcome.TIE:
                return Fraction(0)
            wins = outcome is (Outcome.BANKER if on is BetOn.BANKER else Outcome.PLAYER)
            return stake * (self.banker if on is BetOn.BANKER else self.player) if wins else -stake
        if on is BetOn.TIE:
            return stake * self.tie if outcome is Outcome.TIE else -stake
        pair = hand.banker_pair if on is BetOn.BANKER_PAIR else hand.player_pair
        return stake * self.pair if pair else -stake


PRACTICE = Paytable()
"""The practice paytable (docs/rules/game.md): Player 1:1, Banker 0.95:1, Tie 8:1, pairs 11:1."""


def parse_bet_on(text: str) -> BetOn:
    aliases = {"b": "banker", "p": "player", "t": "tie", "bp": "banker_pair", "pp": "player_pair"}
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return BetOn(aliases.get(key, key))
    except ValueError:
        raise RoadsError(
            f"cannot bet on {text!r}: choose banker, player, tie, banker_pair or player_pair"
        ) from None
