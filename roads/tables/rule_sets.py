"""The rule sets: how a table pays its Banker and Player bets, and which coups its board marks.

Each rule set is one class, registered by name with its aliases. Player and Banker bets push
on a tie at every table; the Tie bet's payout belongs to the table (8:1 or 9:1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from roads.game.coup import Outcome
from roads.tables.bets import LOSE, PUSH, Bet
from roads.tables.deal import Deal
from roads.tables.marks import DRAGON_7, PANDA_8, SUPER_6, Mark
from roads.tables.registry import Registry


class RuleSet:
    """How the main bets pay. Subclasses say what a winning Banker (and Player) bet returns."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    marks: ClassVar[tuple[Mark, ...]] = ()
    """The coups this table's board marks, in order."""
    commission: ClassVar[Fraction] = Fraction(0)
    """The share of its stake a winning Banker bet pays the house (none, unless the rule set
    takes a commission): taken from the win at once, or kept in the seat's commission box."""

    @classmethod
    def banker_win(cls, deal: Deal) -> Fraction:
        """What a winning Banker bet returns per unit."""
        raise NotImplementedError

    @classmethod
    def player_win(cls, deal: Deal) -> Fraction:
        """What a winning Player bet returns per unit."""
        return Fraction(1)


RULE_SETS: Registry[RuleSet] = Registry("rule set", spell=lambda n: n.lower().replace("_", "-"))
"""Every rule set, by name and alias (hyphens and underscores alike)."""


@RULE_SETS.register
class Standard(RuleSet):
    """Punto banco: the Banker bet pays 19/20 (a 5% commission on its win)."""

    name = "standard"
    commission = Fraction(1, 20)

    @classmethod
    def banker_win(cls, deal: Deal) -> Fraction:
        return 1 - cls.commission


@RULE_SETS.register
class NoCommission(RuleSet):
    """No commission (Super 6, Punto 2000): Banker 1:1, but half when it wins with 6."""

    name = "no-commission"
    aliases = ("super-6", "punto-2000")
    marks = (SUPER_6,)

    @classmethod
    def banker_win(cls, deal: Deal) -> Fraction:
        return Fraction(1, 2) if SUPER_6.on(deal) else Fraction(1)


@RULE_SETS.register
class EZ(RuleSet):
    """EZ Baccarat: Banker 1:1, but a Banker win with a three-card 7 pushes."""

    name = "ez"
    marks = (DRAGON_7, PANDA_8)

    @classmethod
    def banker_win(cls, deal: Deal) -> Fraction:
        return PUSH if DRAGON_7.on(deal) else Fraction(1)


class BankerBet(Bet):
    """The Banker bet of a rule set: pushes on a tie, loses to the Player."""

    name = "banker"

    def __init__(self, rules: type[RuleSet]) -> None:
        self.rules = rules

    def settle(self, deal: Deal) -> Fraction:
        outcome = deal.outcome
        if outcome is Outcome.TIE:
            return PUSH
        return self.rules.banker_win(deal) if outcome is Outcome.BANKER else LOSE


class PlayerBet(Bet):
    """The Player bet of a rule set: pushes on a tie, loses to the Banker."""

    name = "player"

    def __init__(self, rules: type[RuleSet]) -> None:
        self.rules = rules

    def settle(self, deal: Deal) -> Fraction:
        outcome = deal.outcome
        if outcome is Outcome.TIE:
            return PUSH
        return self.rules.player_win(deal) if outcome is Outcome.PLAYER else LOSE


class TieBet(Bet):
    """The Tie bet, paying ``pays`` to 1."""

    name = "tie"

    def __init__(self, pays: int) -> None:
        self.pays = Fraction(pays)

    def settle(self, deal: Deal) -> Fraction:
        return self.pays if deal.outcome is Outcome.TIE else LOSE
