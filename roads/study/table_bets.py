"""A study at a named table: what each coup settles, counted so that the table prices it.

The signal counts (``signals``) know only who won. A table's bets need more: a no-commission
Banker bet pays half on a Banker 6, an EZ Banker bet pushes on a three-card 7, a Dragon Bonus
pays by the margin. So a study at a named table also counts, for every state of the board,
how many coups fell in each *class* of the main bets (coups after which the Banker, Player and
Tie bets return the same), and, over all coups, how many were dealt of each *deal* (both
totals, both card counts, both pairs: every fact a bet settles on). Both are integers, summed
over tasks like the signal counts; every payout comes from ``roads.tables`` at the end.

A coup's deal is coded as ``4 * cell + pairs`` (``cell`` the index of ``roads.game.odds.CELLS``,
``pairs`` bit 0 the Player's pair, bit 1 the Banker's) when its cards are known; a recorded coup
without cards is kept as the ``Deal`` its result and flags give (``Hand.deal``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache

from roads.game import rules
from roads.game.cards import RANKS, Card
from roads.game.odds import CELLS as ODDS_CELLS
from roads.game.odds import (
    Distribution,
    cell,
    distribution_for_decks,
    exact_distributions,
    pair_counts,
    rank_counts,
    values_of_ranks,
)
from roads.study.dealer import ShoeRecord
from roads.study.document import Figure, TableBet, TableBets
from roads.study.exact import ExactCoup
from roads.study.shoe_results import PerShoe, class_payoffs, packed, result_of_cells
from roads.study.signals import BANKER, CELLS, PLAYER, STATES, TIE, count_shoe, named_rows
from roads.study.statistics import mean_of
from roads.tables import Deal, NeedsCardsError, Price, Table, Totals, price_table
from roads.tables.table import MAIN_BETS
from roads.values import frozen

DETAILS = 4 * len(ODDS_CELLS)
"""Deal codes of coups whose cards are known: ``4 * cell + pairs``."""
_CODE_OF_OUTCOME = {"B": BANKER, "P": PLAYER, "T": TIE}
SIDES = (BANKER, PLAYER)

Key = int | Deal
"""A coup's deal: its code when its cards are known, else the ``Deal`` of its result."""


def deal_of(key: Key) -> Deal:
    """The ``Deal`` a key stands for."""
    if isinstance(key, Deal):
        return key
    pt, pc, bt, bc = ODDS_CELLS[key >> 2]
    return Deal(
        totals=Totals(pt, bt, pc, bc),
        player_pair_given=bool(key & 1),
        banker_pair_given=bool(key & 2),
    )


@frozen
class MainClass:
    """Coups after which the main bets return the same: the outcome code (0 Banker, 1 Player,
    2 Tie) and the net result of a 1-unit Banker and Player bet."""

    outcome: int
    banker: Fraction
    player: Fraction

    def on(self, side: int) -> Fraction:
        """What a 1-unit bet on ``side`` (BANKER or PLAYER) returned."""
        return self.banker if side == BANKER else self.player


@dataclass(frozen=True)
class TablePricing:
    """What a study needs of a table: its classes of main-bet results, the class of every deal
    code, and the table itself (for everything else). Picklable, for workers."""

    table: Table
    classes: tuple[MainClass, ...]
    class_of_code: bytes
    _index: dict[MainClass, int] = field(repr=False, compare=False)

    @classmethod
    def of(cls, table: Table) -> TablePricing:
        """The pricing of ``table``."""
        keys: list[MainClass] = []
        for code in range(DETAILS):
            keys.append(_main_class(table, deal_of(code)))
        classes = tuple(sorted(set(keys), key=lambda k: (k.outcome, k.banker, k.player)))
        index = {one: i for i, one in enumerate(classes)}
        return cls(table, classes, bytes(index[key] for key in keys), index)

    @property
    def size(self) -> int:
        """How many classes (the counts per state)."""
        return len(self.classes)

    @property
    def unit(self) -> int:
        """The parts of the stake every main-bet return is a whole number of (20 at the
        standard table, whose Banker bet pays 19/20; 2 where a Banker 6 pays 1/2)."""
        return math.lcm(*(one.on(side).denominator for one in self.classes for side in SIDES))

    @property
    def returns(self) -> tuple[tuple[int, int], ...]:
        """For each class, what a 1-unit Banker and Player bet return, in parts of ``unit``
        (``shoe_results.class_payoffs`` takes them)."""
        unit = self.unit
        return tuple((int(one.banker * unit), int(one.player * unit)) for one in self.classes)

    def deal(self, key: Key) -> Deal:
        """The ``Deal`` of a key; a result without cards reads the marks this table marks (a
        player writes them: an unwritten one is absent)."""
        deal = deal_of(key)
        if deal.totals is None:
            deal = replace(deal, known_marks=frozenset(mark.name for mark in self.table.marks))
        return deal

    def class_of(self, key: Key) -> int:
        """The class of a coup's deal."""
        if isinstance(key, int):
            return self.class_of_code[key]
        found = _main_class(self.table, self.deal(key))
        if found not in self._index:
            raise NeedsCardsError(f"a coup settles the main bets in a way no cards give: {found}")
        return self._index[found]


def _main_class(table: Table, deal: Deal) -> MainClass:
    outcome = _CODE_OF_OUTCOME[deal.outcome.value]
    return MainClass(
        outcome,
        table.settle("banker", Fraction(1), deal),
        table.settle("player", Fraction(1), deal),
    )


# -- what a shoe's coups were --------------------------------------------------------------------


@cache
def code_of_cards(values: bytes, ranks: bytes | None) -> int:
    """The deal code of a coup from its cards' values 0-9 (and ranks 0-12, for the pairs), in
    the order dealt: Player, Banker, Player, Banker, then the third cards (the Player's before
    the Banker's, docs/rules/game.md)."""
    player = (values[0] + values[2]) % 10
    banker = (values[1] + values[3]) % 10
    player_cards = banker_cards = 2
    if len(values) == 6:
        player, banker = (player + values[4]) % 10, (banker + values[5]) % 10
        player_cards = banker_cards = 3
    elif len(values) == 5:
        if rules.player_draws(player):
            player, player_cards = (player + values[4]) % 10, 3
        else:
            banker, banker_cards = (banker + values[4]) % 10, 3
    pairs = 0
    if ranks is not None:
        pairs = (ranks[0] == ranks[2]) | (ranks[1] == ranks[3]) << 1
    return 4 * cell(player, player_cards, banker, banker_cards) + pairs


def keys_of(record: ShoeRecord) -> list[Key]:
    """The deal of every coup of a recorded or dealt shoe: its code when the cards are known
    by rank, else the ``Deal`` its result and flags give."""
    if record.cards is not None and record.ranks is not None:
        return [code_of_cards(c, r) for c, r in zip(record.cards, record.ranks, strict=True)]
    if record.deals is not None:
        return list(record.deals)
    raise NeedsCardsError("a shoe without its coups' cards or results")


# -- counting ------------------------------------------------------------------------------------


@frozen
class TableCounts:
    """What a task counted at a table: per state and class, ``STATES * size`` integers, how
    many coups of each deal were dealt, and each shoe's result on every signal's flat bet
    priced by the table, in parts of ``TablePricing.unit`` (``shoe_results.PerShoe``)."""

    by_class: tuple[int, ...]
    deals: tuple[tuple[Key, int], ...]
    per_shoe: PerShoe


def count_records(
    pricing: TablePricing, records: Iterable[ShoeRecord]
) -> tuple[list[int], TableCounts]:
    """The signal counts (``CELLS``) and the table's counts of some shoes."""
    counts = [0] * CELLS
    by_class = [0] * (STATES * pricing.size)
    deals: Counter[Key] = Counter()
    size = pricing.size
    payoff = class_payoffs(pricing.returns)
    rows = []
    for record in records:
        states: list[int] = []
        count_shoe(record.outcomes, counts, states)
        keys = keys_of(record)
        cells = [
            state * size + pricing.class_of(key) for state, key in zip(states, keys, strict=True)
        ]
        for at in cells:
            by_class[at] += 1
        rows.append(result_of_cells(cells, payoff))
        deals.update(keys)
    return counts, TableCounts(tuple(by_class), sorted_deals(deals), packed(rows))


def sorted_deals(deals: Counter[Key]) -> tuple[tuple[Key, int], ...]:
    """The deals counted, in the order of their codes (those without cards last)."""
    return tuple(sorted(deals.items(), key=lambda item: _order(item[0])))


def _order(key: Key) -> tuple[int, str]:
    return (key, "") if isinstance(key, int) else (DETAILS, repr(key))


def merge_counts(parts: Sequence[TableCounts]) -> tuple[list[tuple[int, ...]], dict[Key, int]]:
    """The per-segment class counts, and the deals of all coups."""
    deals: Counter[Key] = Counter()
    for part in parts:
        deals.update(dict(part.deals))
    ordered = dict(sorted(deals.items(), key=lambda item: _order(item[0])))
    return [part.by_class for part in parts], ordered


# -- the exact part ------------------------------------------------------------------------------


def distributions(
    before: Sequence[tuple[tuple[int, ...], tuple[int, ...] | None]], engine: str
) -> list[Distribution]:
    """The exact distribution of the next coup from each of ``before``: (ten value counts,
    thirteen rank counts or None), with the pairs when the ranks are known."""
    values = [one for one, _ in before]
    found: list[Distribution] = []
    for at in range(0, len(values), 128):
        found.extend(exact_distributions(values[at : at + 128], engine=engine))
    return [
        dist.with_pairs(pair_counts(ranks) if ranks is not None else None)
        for dist, (_, ranks) in zip(found, before, strict=True)
    ]


def expectations(table: Table, distribution: Distribution) -> dict[str, Fraction]:
    """The exact expectation of a 1-unit stake on every bet of ``table`` (those it can price)."""
    return {name: one.expected for name, one in price_table(table, distribution).items()}


def settled(pricing: TablePricing, key: Key) -> dict[str, Fraction]:
    """What a 1-unit stake on each bet of the table returned on a coup (the bets it can
    settle)."""
    deal = pricing.deal(key)
    found = {}
    for name, bet in pricing.table.bet_items():
        try:
            found[name] = bet.settle(deal)
        except NeedsCardsError:
            continue
    return found


# -- the document --------------------------------------------------------------------------------


def fresh_prices(table: Table, decks: int) -> dict[str, Fraction]:
    """The exact expectation of every bet of ``table`` from ``decks`` fresh decks."""
    return expectations(table, distribution_for_decks(decks))


def flat_units(pricing: TablePricing, rows: tuple[Sequence[int], Sequence[int]]) -> Fraction:
    """What 1 unit on the named side of every bet returned, in units."""
    return sum(
        (
            count * one.on(side)
            for side, row in ((BANKER, rows[0]), (PLAYER, rows[1]))
            for count, one in zip(row, pricing.classes, strict=True)
        ),
        Fraction(0),
    )


def flat_values(
    pricing: TablePricing, rows: tuple[Sequence[int], Sequence[int]]
) -> list[tuple[float, int]]:
    """The flat bet's results as (value, how many) pairs."""
    found: dict[Fraction, int] = {}
    for side, row in ((BANKER, rows[0]), (PLAYER, rows[1])):
        for count, one in zip(row, pricing.classes, strict=True):
            value = one.on(side)
            found[value] = found.get(value, 0) + count
    return [(float(value), count) for value, count in sorted(found.items())]


def bets_part(
    pricing: TablePricing,
    deals: dict[Key, int],
    decks: int,
    number: Figure,
) -> TableBets:
    """The ``table`` part of the document: the table, and every bet it offers staked 1 unit on
    every coup, against its exact expectation from a fresh shoe; a bet that some coup cannot
    settle (it needs the cards, and they were not given) is settled on none."""
    table = pricing.table
    fresh = price_table(table, distribution_for_decks(decks))
    by_bet: dict[str, dict[Fraction, int]] = {name: {} for name, _ in table.bet_items()}
    unsettled: set[str] = set()
    for key, count in deals.items():
        results = settled(pricing, key)
        unsettled.update(name for name in by_bet if name not in results)
        for name, value in results.items():
            by_bet[name][value] = by_bet[name].get(value, 0) + count
    for name in unsettled:
        # Some coup cannot settle it (its cards are not known): the coups that can are not a
        # fair sample (a Lucky 6 loses without cards, but wins only with them), so none counts.
        by_bet[name] = {}
    bets: list[TableBet] = []
    for name, returns in by_bet.items():
        n = sum(returns.values())
        units = sum((value * count for value, count in returns.items()), Fraction(0))
        mean = mean_of([(float(value), count) for value, count in sorted(returns.items())])
        exact = fresh.get(name)
        low_high = (
            (number(mean.low), number(mean.high))
            if mean is not None and mean.error != float("inf")
            else (None, None)
        )
        bets.append(
            TableBet(
                name=name,
                bets=n,
                won=sum(c for v, c in returns.items() if v > 0),
                pushed=returns.get(Fraction(0), 0),
                lost=sum(c for v, c in returns.items() if v < 0),
                units=number(units),
                per_bet=number(units / n) if n else None,
                low=low_high[0],
                high=low_high[1],
                exact_expected_per_bet=number(exact.expected) if exact else None,
                exact_house_edge=number(exact.house_edge) if exact else None,
            )
        )
    return TableBets(
        rules=table.rules,
        tie_pays=table.tie_pays,
        side_bets=tuple(name for name, _ in table.bet_items() if name not in MAIN_BETS),
        bets=tuple(bets),
    )


def ranks_left(decks: int, burn: str | None) -> list[int]:
    """Thirteen rank counts of ``decks`` decks, less the face-up burn card when known."""

    left = list(rank_counts(decks))
    if burn is not None:
        left[RANKS.index(Card.parse(burn).rank)] -= 1
    return left


def before_coups(
    record: ShoeRecord, decks: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...] | None]]:
    """The cards left before each coup of a shoe with its cards: ten value counts, and
    thirteen rank counts when the ranks are known; stops where fewer than six cards are left or
    the shoe holds more of a card than ``decks`` decks do (as ``exact.exact_shoe``)."""
    if record.cards is None:
        return
    values = list(values_of_ranks(ranks_left(decks, record.burn)))
    ranks = ranks_left(decks, record.burn) if record.ranks is not None else None
    for number, cards in enumerate(record.cards):
        if sum(values) < 6:
            return
        yield tuple(values), (tuple(ranks) if ranks is not None else None)
        for value in cards:
            values[value] -= 1
        if ranks is not None and record.ranks is not None:
            for rank in record.ranks[number]:
                ranks[rank] -= 1
        if min(values) < 0 or (ranks is not None and min(ranks) < 0):
            return


def exact_table_shoes(
    records: Iterable[ShoeRecord], decks: int, engine: str, pricing: TablePricing
) -> list[ExactCoup]:
    """Every coup of shoes with their cards, with the exact odds and the exact expectation of
    every bet of the table from the cards left before it (the face-up burn card seen), and what
    each bet returned."""

    found: list[ExactCoup] = []
    for record in records:
        before = list(before_coups(record, decks))
        if not before:
            continue
        states: list[int] = []
        count_shoe(record.outcomes, [0] * STATES * 3, states)
        keys = keys_of(record)
        for number, (dist, state, outcome, key) in enumerate(
            zip(distributions(before, engine), states, record.outcomes, keys, strict=False),
            start=1,
        ):
            odds = dist.odds()
            found.append(
                ExactCoup(
                    number,
                    state,
                    outcome,
                    odds.total,
                    odds.banker,
                    odds.player,
                    odds.tie,
                    burn=record.burn if number == 1 else None,
                    expected=tuple(expectations(pricing.table, dist).items()),
                    settled=tuple(settled(pricing, key).items()),
                )
            )
    return found


@dataclass(frozen=True)
class TableFlat:
    """A signal's flat bet priced by a table: from its bets by class of the next coup, what it
    returned and what the table's exact odds expected of it."""

    pricing: TablePricing
    banker: Price
    player: Price

    @classmethod
    def of(cls, pricing: TablePricing, decks: int) -> TableFlat:
        """The flat bets at ``pricing``'s table, against ``decks`` fresh decks."""
        fresh = price_table(pricing.table, distribution_for_decks(decks))
        return cls(pricing, fresh["banker"], fresh["player"])

    def rows(self, by_class: Sequence[int], name: str) -> tuple[list[int], list[int]]:
        """Signal ``name``'s bets by class of the next coup: Banker named, Player named."""
        return named_rows(by_class, name, self.pricing.size)

    def units(self, rows: tuple[Sequence[int], Sequence[int]]) -> Fraction:
        return flat_units(self.pricing, rows)

    def expected(self, rows: tuple[Sequence[int], Sequence[int]]) -> Fraction:
        return sum(rows[0]) * self.banker.expected + sum(rows[1]) * self.player.expected

    def values(self, rows: tuple[Sequence[int], Sequence[int]]) -> list[tuple[float, int]]:
        return flat_values(self.pricing, rows)


@dataclass(frozen=True)
class TableCounted:
    """What a study at a named table counted: its flat bets' pricing, the class counts of each
    segment and of all of them, and the deals of every coup (``table_bets``)."""

    flat: TableFlat
    segments: Sequence[Sequence[int]]
    total: Sequence[int]
    deals: dict[Key, int]
