"""The ``study`` concept over every engine: the counts of signal states of dealt and of recorded
shoes are those of ``count_shoe`` read coup by coup from the outcomes, each shoe's results on
every signal are the reference's, and a named table's counts are the reference's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.game.shoe import MIN_CUT_CARD, Shoe
from roads.game.shuffles import SHUFFLES
from roads.hands.simulated import DEALING
from roads.study.counters import COUNTING as REFERENCE
from roads.study.counters import counting_engine
from roads.study.signals import CELLS, STATES, count_shoe
from roads.study.table_bets import TablePricing
from roads.tables import make_table


@st.composite
def shoes(draw: st.DrawFn) -> Shoe:
    decks = draw(st.integers(1, 8))
    cut_card = draw(st.integers(MIN_CUT_CARD, 52 * decks - 12))
    return Shoe(decks, cut_card, draw(st.sampled_from(SHUFFLES)))


def _outcomes(shoe: Shoe, seed: int, first: int, stop: int) -> list[bytes]:
    return [
        bytes("BPT".index(coup.outcome.value) for coup in one.coups)
        for one in DEALING.dealt(shoe, seed, first, stop)
    ]


def _counted(outcomes: list[bytes]) -> tuple[int, ...]:
    counts = [0] * CELLS
    for one in outcomes:
        count_shoe(one, counts)
    return tuple(counts)


@settings(max_examples=size(10, 50), deadline=None)
@given(
    shoes(),
    st.integers(0, 2**64),
    st.lists(st.integers(0, 9), max_size=4),
    st.integers(0, 10**6),
    st.sampled_from([None, 1, 3]),
)
def test_dealt_shoes_are_counted_coup_by_coup(
    engine: str, shoe: Shoe, seed: int, sizes: list[int], first: int, batch: int | None
) -> None:
    bounds = []
    for size_ in sizes:
        start = bounds[-1][1] if bounds else first
        bounds.append((start, start + size_))
    found = counting_engine(engine).tally_dealt(shoe, seed, bounds, batch=batch)
    expected = [_counted(_outcomes(shoe, seed, a, b)) for a, b in bounds]
    assert [one.counts for one in found] == expected
    assert found == REFERENCE.tally_dealt(shoe, seed, bounds, batch=batch)  # and per shoe


@settings(max_examples=size(25, 200), deadline=None)
@given(st.lists(st.binary(max_size=90).map(lambda b: bytes(x % 3 for x in b)), max_size=12))
def test_recorded_shoes_are_counted_coup_by_coup(engine: str, outcomes: list[bytes]) -> None:
    found = counting_engine(engine).tally_recorded(iter(outcomes))
    assert found.counts == _counted(outcomes) and len(found.counts) == 3 * STATES
    assert found == REFERENCE.tally_recorded(iter(outcomes))  # and per shoe


def test_a_streak_past_every_table_is_counted(engine: str) -> None:
    # Streaks of 16 and more leave the fast machine's tables for count_shoe.
    outcomes = [bytes([0] * 20 + [1] * 3 + [2] + [0] * 17), bytes([1] * 40)]
    found = counting_engine(engine).tally_recorded(outcomes)
    assert found.counts == _counted(outcomes) and found == REFERENCE.tally_recorded(outcomes)


@settings(max_examples=size(4, 20), deadline=None)
@given(
    shoes(),
    st.integers(0, 2**64),
    st.integers(0, 10**6),
    st.sampled_from(["standard", "no-commission", "ez"]),
)
def test_a_tables_counts_are_the_references(
    engine: str, shoe: Shoe, seed: int, first: int, rules: str
) -> None:
    pricing = TablePricing.of(make_table(rules=rules))
    found = counting_engine(engine).count_table_dealt(pricing, shoe, seed, first, first + 3)
    assert found == REFERENCE.count_table_dealt(pricing, shoe, seed, first, first + 3)
    assert tuple(found[0]) == _counted(_outcomes(shoe, seed, first, first + 3))


def test_the_fast_engine_sums_each_shoes_coups_even_past_a_shoe_without_coups() -> None:
    import numpy as np

    from roads.fast.study import _shoe_sums

    by_coup = np.arange(10, dtype=np.int32).reshape(5, 2)
    found = _shoe_sums(by_coup, np.array([2, 0, 3, 0], dtype=np.int64))
    assert found.tolist() == [[0 + 2, 1 + 3], [0, 0], [4 + 6 + 8, 5 + 7 + 9], [0, 0]]
    assert _shoe_sums(by_coup[:0], np.array([0], dtype=np.int64)).tolist() == [[0, 0]]
