"""A table: a rule set, the Tie's payout and the side bets it offers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from roads.errors import RoadsError
from roads.tables.bets import Bet
from roads.tables.deal import Deal, NeedsCardsError
from roads.tables.marks import Mark
from roads.tables.rule_sets import RULE_SETS, BankerBet, PlayerBet, RuleSet, TieBet
from roads.tables.side_bets import SIDE_BETS

TIE_PAYS = (8, 9)
"""The Tie payouts a table may post, to 1."""
MAIN_BETS = ("banker", "player", "tie")


@dataclass(frozen=True, slots=True)
class Table:
    """A table's rules. ``side_bets`` are the names of the side bets it offers, in the order
    in which the side bets are registered; None offers every one registered."""

    rules: str = "standard"
    tie_pays: int = 8
    side_bets: tuple[str, ...] | None = None
    _built: list[Any] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        rules = RULE_SETS.find(self.rules)
        object.__setattr__(self, "rules", rules.name)
        if self.tie_pays not in TIE_PAYS:
            raise RoadsError(f"a Tie pays 8 or 9 to 1, not {self.tie_pays}", about=("tie_pays",))
        if self.side_bets is not None:
            names = {SIDE_BETS.find(name).name for name in self.side_bets}
            offered = tuple(cls.name for cls in SIDE_BETS if cls.name in names)
            object.__setattr__(self, "side_bets", offered)
        object.__setattr__(self, "_built", [-1, {}])

    @property
    def _bets(self) -> dict[str, Bet]:
        """The bets, built again when a side bet was registered since (a table that offers
        every side bet offers one registered later too)."""
        built = self._built
        if built[0] != SIDE_BETS.version:
            rules = self.rule_set
            bets: dict[str, Bet] = {
                "banker": BankerBet(rules),
                "player": PlayerBet(rules),
                "tie": TieBet(self.tie_pays),
            }
            for cls in SIDE_BETS:
                if self.side_bets is None or cls.name in self.side_bets:
                    bets[cls.name] = cls()
            built[:] = [SIDE_BETS.version, bets]
        return built[1]  # type: ignore[no-any-return]

    @property
    def rule_set(self) -> type[RuleSet]:
        return RULE_SETS.find(self.rules)

    @property
    def standard(self) -> bool:
        """The default table: standard rules, Tie 8:1, every side bet."""
        return self == STANDARD

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The coups this table's board marks, in order."""
        return self.rule_set.marks

    def bets(self) -> dict[str, Bet]:
        """Every bet of the table by name: banker, player, tie, then the side bets offered."""
        return dict(self._bets)

    def bet_items(self) -> Iterable[tuple[str, Bet]]:
        """``bets().items()`` without the copy."""
        return self._bets.items()

    def bet(self, name: str) -> Bet:
        """The bet called ``name`` (or an alias); RoadsError if the table does not offer it."""
        key = bet_named(name)
        if key not in self._bets:
            raise RoadsError(
                f"cannot bet on {key}: this table ({self.rules}) does not offer it; "
                f"it offers {', '.join(self._bets)}"
            )
        return self._bets[key]

    def settle(self, on: str, stake: Fraction, deal: Deal) -> Fraction:
        """The stake's net change once ``deal`` is dealt; RoadsError (NeedsCardsError) naming what
        is missing when the coup as given cannot settle it."""
        bet = self.bet(on)
        try:
            return stake * bet.settle(deal)
        except NeedsCardsError as error:
            raise NeedsCardsError(f"cannot settle a bet on {bet.name}: {error}") from None

    def marks_of(self, deal: Deal) -> tuple[str, ...]:
        """The names of this table's marks that ``deal`` carries, in the table's order; marks
        that cannot be known (no cards, no flag) are not carried."""
        found = []
        for mark in self.marks:
            try:
                if mark.on(deal):
                    found.append(mark.name)
            except NeedsCardsError:
                continue
        return tuple(found)

    def describe(self) -> dict[str, object]:
        """The table as a journal records it."""
        described: dict[str, object] = {"rules": self.rules, "tie_pays": self.tie_pays}
        if self.side_bets is not None:
            described["side_bets"] = list(self.side_bets)
        return described


def bet_named(text: str) -> str:
    """The name of the bet ``text`` names at some table: ``banker`` (``b``), ``player``
    (``p``), ``tie`` (``t``), or a side bet's name or alias; RoadsError listing them if none."""
    key = " ".join(text.split()).lower().replace("-", "_").replace(" ", "_")
    key = _MAIN_ALIASES.get(key, key)
    if key in MAIN_BETS:
        return key
    try:
        return SIDE_BETS.find(key).name
    except RoadsError:
        known = ", ".join((*MAIN_BETS, *SIDE_BETS.names()))
        raise RoadsError(f"cannot bet on {text.strip()!r}: choose {known}") from None


_MAIN_ALIASES = {"b": "banker", "p": "player", "t": "tie"}

STANDARD = Table()
"""Punto banco: Banker 19/20, Player 1:1, Tie 8:1, every side bet offered."""


def make_table(
    *, rules: str = "standard", tie_pays: int = 8, side_bets: Iterable[str] | None = None
) -> Table:
    """The table of ``rules`` (a rule set's name or alias), Tie paying ``tie_pays`` to 1, and
    offering ``side_bets`` (names; None for every side bet)."""
    return Table(rules, tie_pays, None if side_bets is None else tuple(side_bets))
