"""A table: a rule set, the Tie's payout and the side bets it offers (how it pays), and what it
posts for a practice game: its name, how it takes the Banker bet's commission, each bet's limits
and how many seats it has (PRACTICE.md)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import field
from fractions import Fraction
from typing import Any

from roads.errors import RoadsError
from roads.tables.bets import Bet
from roads.tables.deal import Deal, NeedsCardsError
from roads.tables.marks import Mark
from roads.tables.rule_sets import RULE_SETS, BankerBet, PlayerBet, RuleSet, TieBet
from roads.tables.side_bets import SIDE_BETS
from roads.values import frozen

TIE_PAYS = (8, 9)
"""The Tie payouts a table may post, to 1."""
MAIN_BETS = ("banker", "player", "tie")
COMMISSIONS = ("collect", "box")
"""How a table takes the commission of a winning Banker bet: ``collect``, from the win at once
(19/20); ``box``, paid 1:1 with 5% of the stake kept in the seat's commission box."""
SEATS = 7
"""The seats of a table that does not say (a mini-baccarat table's)."""
MOST_SEATS = 15
LONGEST_NAME = 60
"""The most characters of a table's or a player's name."""


class TableError(RoadsError):
    """A table that cannot be: ``key`` names the field at fault (``seats``, ``limits.tie``) and
    ``reason`` says what is wrong with it."""

    def __init__(self, key: str, reason: str, *, about: tuple[str, ...] = ()) -> None:
        super().__init__(reason, about=about)
        self.key = key
        self.reason = reason


@frozen
class Limit:
    """The least and the most a bet may stake at a table, both inclusive (play money)."""

    on: str
    low: Fraction
    high: Fraction


@frozen
class Table:
    """A table's rules and what it posts.

    Attributes:
        rules: the rule set's name (``standard``, ``no-commission``, ``ez`` or an alias).
        tie_pays: what a Tie pays, to 1 (8 or 9).
        side_bets: the names of the side bets it offers, in the order in which the side bets
            are registered; None offers every one registered.
        name: the table's name, any script, at most 60 characters (None: no name).
        commission: ``collect`` or ``box`` (``COMMISSIONS``); ``box`` needs a rule set that
            takes a commission (``standard``).
        limits: each bet's least and most stake, in the order of the table's bets; a bet
            without one takes any stake.
        seats: how many seats, 1 to 15.
    """

    rules: str = "standard"
    tie_pays: int = 8
    side_bets: tuple[str, ...] | None = None
    name: str | None = None
    commission: str = "collect"
    limits: tuple[Limit, ...] = ()
    seats: int = SEATS
    _built: list[Any] = field(init=False, repr=False, compare=False, hash=False)
    _cents: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        try:
            rules = RULE_SETS.find(self.rules)
        except RoadsError as error:
            raise TableError("rules", str(error)) from None
        object.__setattr__(self, "rules", rules.name)
        if type(self.tie_pays) is not int or self.tie_pays not in TIE_PAYS:
            raise TableError(
                "tie_pays", f"a Tie pays 8 or 9 to 1, not {self.tie_pays}", about=("tie_pays",)
            )
        if self.side_bets is not None:
            try:
                names = {SIDE_BETS.find(name).name for name in self.side_bets}
            except RoadsError as error:
                raise TableError("side_bets", str(error)) from None
            offered = tuple(cls.name for cls in SIDE_BETS if cls.name in names)
            object.__setattr__(self, "side_bets", offered)
        object.__setattr__(self, "_built", [-1, {}])
        if self.name is not None:
            object.__setattr__(self, "name", checked_name(self.name, "name", "a table's name"))
        if self.commission not in COMMISSIONS:
            raise TableError(
                "commission", f"{self.commission!r} is not a commission: choose collect or box"
            )
        if self.commission == "box" and not rules.commission:
            raise TableError(
                "commission",
                f"the {rules.name} rules take no commission, so there is nothing to keep in a "
                'box: give commission = "collect" (or leave it out)',
            )
        if type(self.seats) is not int or not 1 <= self.seats <= MOST_SEATS:
            raise TableError("seats", f"a table has 1 to {MOST_SEATS} seats, not {self.seats!r}")
        limits = self._checked_limits(self.limits)
        object.__setattr__(self, "limits", limits)
        object.__setattr__(self, "_cents", {limit.on: _cents(limit) for limit in limits})

    def _checked_limits(self, limits: Iterable[Limit]) -> tuple[Limit, ...]:
        if not limits:
            return ()
        # Play money's module, for a table that posts limits (a board's table posts none).
        from roads.tables.money import amount, money

        by_name: dict[str, Limit] = {}
        for limit in limits:
            key = f"limits.{limit.on}"
            try:
                on = bet_named(limit.on)
                low, high = amount(limit.low), amount(limit.high)
            except RoadsError as error:
                raise TableError(key, str(error)) from None
            if on not in self._bets:
                raise TableError(
                    key, f"this table does not offer {on}: it offers {', '.join(self._bets)}"
                )
            if on in by_name:
                raise TableError(key, f"{on} has two limits")
            if low > high:
                raise TableError(
                    key, f"the minimum {money(low)} is more than the maximum {money(high)}"
                )
            by_name[on] = Limit(on, low, high)
        return tuple(by_name[name] for name in self._bets if name in by_name)

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
        """The default table: standard rules, Tie 8:1, every side bet, nothing posted."""
        return self == STANDARD

    @property
    def pay(self) -> Table:
        """How this table pays and marks, without what it posts: its rule set, Tie payout and
        side bets (what a board and a price depend on)."""
        if not self.posted:
            return self
        return Table(self.rules, self.tie_pays, self.side_bets)

    @property
    def posted(self) -> bool:
        """Whether the table posts anything but how it pays: a name, a commission box, limits
        or another number of seats than 7."""
        return (self.name, self.commission, self.limits, self.seats) != (
            None,
            "collect",
            (),
            SEATS,
        )

    @property
    def cents_limits(self) -> dict[str, tuple[int, int]]:
        """Each limit in whole cents, by bet name (what checking a stake compares)."""
        return self._cents

    def limit(self, on: str) -> Limit | None:
        """The limits of the bet named ``on`` (its name, not an alias); None: any stake."""
        for limit in self.limits:
            if limit.on == on:
                return limit
        return None

    @property
    def box(self) -> bool:
        """Whether a winning Banker bet keeps its commission in the seat's box."""
        return self.commission == "box"

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

    def offers(self, name: str) -> bool:
        """Whether the table offers the bet called ``name`` (its name, not an alias)."""
        return name in self._bets

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
        """The stake's net change once ``deal`` is dealt (the commission taken at once);
        RoadsError (NeedsCardsError) naming what is missing when the coup as given cannot
        settle it."""
        return stake * self.result(on, deal)

    def result(self, on: str, deal: Deal) -> Fraction:
        """The net result of a 1-unit stake on ``on`` once ``deal`` is dealt, the commission
        taken at once: ``-1`` lost, ``0`` pushed, ``19/20``, ``11`` ... won."""
        bet = self.bet(on)
        try:
            return bet.settle(deal)
        except NeedsCardsError as error:
            raise NeedsCardsError(f"cannot settle a bet on {bet.name}: {error}") from None

    def commission_of(self, on: str, result: Fraction) -> Fraction:
        """The commission per unit of stake of a bet on ``on`` that returned ``result``: the
        rule set's share of the stake of a winning Banker bet, else 0. Before the commission
        that bet won ``result`` plus this."""
        if on == "banker" and result.numerator > 0:
            return self.rule_set.commission
        return Fraction(0)

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
        """The table as a journal records it: its rule set and Tie payout, then each other
        field that is not at its default (``table_from_fields`` reads it back)."""
        described: dict[str, object] = {"rules": self.rules, "tie_pays": self.tie_pays}
        if self.side_bets is not None:
            described["side_bets"] = list(self.side_bets)
        if self.name is not None:
            described["name"] = self.name
        if self.commission != "collect":
            described["commission"] = self.commission
        if self.limits:
            from roads.tables.money import json_amount

            described["limits"] = {
                limit.on: [json_amount(limit.low), json_amount(limit.high)] for limit in self.limits
            }
        if self.seats != SEATS:
            described["seats"] = self.seats
        return described


def _cents(limit: Limit) -> tuple[int, int]:
    return int(limit.low * 100), int(limit.high * 100)


def checked_name(text: object, key: str, what: str) -> str:
    """``text`` as a name (a table's, a player's): any script, 1 to 60 characters once the
    spaces around it are dropped, no control characters; TableError naming ``key`` if not."""
    if not isinstance(text, str):
        raise TableError(key, f"{what} is text, not {text!r}")
    name = text.strip()
    if not name:
        raise TableError(key, f"{what} cannot be empty")
    if len(name) > LONGEST_NAME:
        raise TableError(key, f"{what} has at most {LONGEST_NAME} characters, not {len(name)}")
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise TableError(key, f"{what} cannot hold control characters: {name!r}")
    return name


def bet_named(text: str) -> str:
    """The name of the bet ``text`` names at some table: ``banker`` (``b``), ``player``
    (``p``), ``tie`` (``t``), or a side bet's name or alias; RoadsError listing them if none."""
    if text in _NAMES or SIDE_BETS.is_name(text):  # a name as the journal writes it
        return text
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
_NAMES = frozenset(MAIN_BETS)

STANDARD = Table()
"""Punto banco: Banker 19/20, Player 1:1, Tie 8:1, every side bet offered."""


def make_table(
    *,
    rules: str = "standard",
    tie_pays: int = 8,
    side_bets: Iterable[str] | None = None,
    name: str | None = None,
    commission: str = "collect",
    limits: Mapping[str, tuple[Fraction | int | str, Fraction | int | str]] | None = None,
    seats: int = SEATS,
) -> Table:
    """A table; TableError naming the field at fault if it cannot be.

    Parameters:
        rules: a rule set's name or alias.
        tie_pays: what a Tie pays, to 1 (8 or 9).
        side_bets: the names of the side bets offered; None for every side bet.
        name: the table's name (None: none).
        commission: ``collect`` or ``box``.
        limits: for any bet name, its least and most stake (None: no limits).
        seats: how many seats, 1 to 15.
    """
    posted = [
        Limit(on, low, high)  # type: ignore[arg-type]  # checked and made Fractions by Table
        for on, (low, high) in (limits or {}).items()
    ]
    return Table(
        rules,
        tie_pays,
        None if side_bets is None else tuple(side_bets),
        name,
        commission,
        tuple(posted),
        seats,
    )
