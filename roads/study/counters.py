"""What an engine counts for a study (``roads.engines``, concept ``study``), and the reference's
counting: shoe by shoe, coup by coup, as ``roads.study.signals.count_shoe`` reads them.

Every engine returns the same integers; ``roads.study.counting`` splits a study into tasks and
asks the engine the study names (``counting_engine``) to count each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, cast

from roads import engines
from roads.game.shoe import Shoe
from roads.study.dealer import SeededDealer
from roads.study.shoe_results import PerShoe, packed, result_of_states
from roads.study.signals import CELLS, count_shoe
from roads.study.table_bets import TableCounts, TablePricing, count_records
from roads.values import frozen

Counts = tuple[int, ...]
"""``CELLS`` integers: coups by the state before them and their outcome (``signals``)."""


@frozen
class Tally:
    """What a range of shoes gives a study: its counts, and how many shoes ended at each result
    of each signal's flat bet (``shoe_results``)."""

    counts: Counts
    per_shoe: PerShoe
    """Each shoe's result on every signal (``shoe_results.PerShoe``)."""


class CountingEngine(Protocol):
    """What an engine counts for a study: the same integers as the reference below."""

    def tally_dealt(
        self, shoe: Shoe, seed: int, bounds: Sequence[tuple[int, int]], *, batch: int | None
    ) -> list[Tally]:
        """The counts and per-shoe results of the shoes ``roads simulate`` deals from ``seed``,
        for each range ``(first, stop)`` of ``bounds`` (consecutive ranges: each ends where the
        next starts); ``batch``: shoes dealt at once, where the engine deals batches (None: its
        own)."""
        ...

    def tally_recorded(self, outcomes: Iterable[bytes]) -> Tally:
        """The counts and per-shoe results of shoes given as their outcome codes (0 Banker,
        1 Player, 2 Tie)."""
        ...

    def count_table_dealt(
        self, pricing: TablePricing, shoe: Shoe, seed: int, first: int, stop: int
    ) -> tuple[list[int], TableCounts]:
        """The counts, and a named table's counts (``table_bets``), of the shoes ``first`` to
        ``stop - 1`` of ``seed``."""
        ...


def counting_engine(name: str) -> CountingEngine:
    """The study counting of engine ``name`` (``roads.engines.choose`` gives one)."""
    return cast(CountingEngine, engines.implementation("study", name))


class _Reference:
    """The reference: each shoe dealt by ``SeededDealer`` and counted by ``count_shoe``."""

    def tally_dealt(
        self, shoe: Shoe, seed: int, bounds: Sequence[tuple[int, int]], *, batch: int | None
    ) -> list[Tally]:
        dealer = SeededDealer(shoe, seed)
        return [
            self.tally_recorded(record.outcomes for record in dealer(first, stop, False))
            for first, stop in bounds
        ]

    def tally_recorded(self, outcomes: Iterable[bytes]) -> Tally:
        counts = [0] * CELLS
        rows = []
        for shoe in outcomes:
            states: list[int] = []
            count_shoe(shoe, counts, states)
            rows.append(result_of_states(shoe, states))
        return Tally(tuple(counts), packed(rows))

    def count_table_dealt(
        self, pricing: TablePricing, shoe: Shoe, seed: int, first: int, stop: int
    ) -> tuple[list[int], TableCounts]:
        return count_records(pricing, SeededDealer(shoe, seed)(first, stop, True))


COUNTING: CountingEngine = _Reference()
"""The reference engine's study counting (``roads.engines``, concept ``study``)."""
