"""The side bets: each one class, registered by name, defined by how it settles a coup.

Adding a side bet is one class here (or anywhere, registered in :data:`SIDE_BETS`) and its
words in ``roads.translations``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from roads.game.coup import Outcome
from roads.tables.bets import LOSE, PUSH, Bet
from roads.tables.deal import Deal
from roads.tables.marks import DRAGON_7, PANDA_8, SUPER_6
from roads.tables.registry import Registry

SIDE_BETS: Registry[Bet] = Registry("side bet", spell=lambda n: n.lower().replace("-", "_"))
"""Every side bet, by name and alias (underscores and hyphens alike)."""


@SIDE_BETS.register
class PlayerPair(Bet):
    """The Player's first two cards have the same rank: 11:1."""

    name = "player_pair"
    aliases = ("pp",)
    reads_pairs = True

    def settle(self, deal: Deal) -> Fraction:
        return Fraction(11) if deal.player_pair else LOSE


@SIDE_BETS.register
class BankerPair(Bet):
    """The Banker's first two cards have the same rank: 11:1."""

    name = "banker_pair"
    aliases = ("bp",)
    reads_pairs = True

    def settle(self, deal: Deal) -> Fraction:
        return Fraction(11) if deal.banker_pair else LOSE


@SIDE_BETS.register
class EitherPair(Bet):
    """Either hand's first two cards have the same rank: 5:1."""

    name = "either_pair"
    reads_pairs = True

    def settle(self, deal: Deal) -> Fraction:
        return Fraction(5) if deal.player_pair or deal.banker_pair else LOSE


@SIDE_BETS.register
class Dragon7(Bet):
    """The Banker wins with a three-card 7: 40:1."""

    name = "dragon_7"

    def settle(self, deal: Deal) -> Fraction:
        return Fraction(40) if DRAGON_7.on(deal) else LOSE


@SIDE_BETS.register
class Panda8(Bet):
    """The Player wins with a three-card 8: 25:1."""

    name = "panda_8"

    def settle(self, deal: Deal) -> Fraction:
        return Fraction(25) if PANDA_8.on(deal) else LOSE


@SIDE_BETS.register
class Super6(Bet):
    """The Banker wins with 6: 12:1."""

    name = "super_6"

    def settle(self, deal: Deal) -> Fraction:
        return Fraction(12) if SUPER_6.on(deal) else LOSE


@SIDE_BETS.register
class Lucky6(Bet):
    """The Banker wins with 6: 12:1 with two cards, 20:1 with three."""

    name = "lucky_6"

    def settle(self, deal: Deal) -> Fraction:
        if not SUPER_6.on(deal):
            return LOSE
        return Fraction(12) if deal.card_count(Outcome.BANKER) == 2 else Fraction(20)


_BONUS_BY_MARGIN = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


class DragonBonus(Bet):
    """That side wins with a natural: 1:1; a natural tie pushes; that side wins without a
    natural by 9, 8, 7, 6, 5 or 4 points: 30, 10, 6, 4, 2 or 1 to 1; anything else loses."""

    side: ClassVar[Outcome]

    def settle(self, deal: Deal) -> Fraction:
        outcome, natural = deal.outcome, deal.natural
        if outcome is Outcome.TIE:
            return PUSH if natural else LOSE
        if outcome is not self.side:
            return LOSE
        if natural:
            return Fraction(1)
        other = Outcome.PLAYER if self.side is Outcome.BANKER else Outcome.BANKER
        margin = deal.total(self.side) - deal.total(other)
        return Fraction(_BONUS_BY_MARGIN.get(margin, -1))


@SIDE_BETS.register
class DragonBonusPlayer(DragonBonus):
    """Dragon Bonus on the Player."""

    name = "dragon_bonus_player"
    side = Outcome.PLAYER


@SIDE_BETS.register
class DragonBonusBanker(DragonBonus):
    """Dragon Bonus on the Banker."""

    name = "dragon_bonus_banker"
    side = Outcome.BANKER
