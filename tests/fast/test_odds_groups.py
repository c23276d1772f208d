"""The exact odds grouped by the values the six cards show (issue 24): the same integers from
both engines, one shoe or many at once, and the same as dealing the actual cards of a tiny shoe
one ordering at a time by the third-card rules (written here from the rules, independently of
roads)."""

from __future__ import annotations

from itertools import permutations
from math import factorial, prod

import pytest
from extras import FAST
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

import roads
from roads.errors import RoadsError
from roads.fast.odds_groups import Groups, grouped_counts, groups
from roads.game.odds import (
    MANY_PAY_FROM,
    deck_counts,
    exact_distribution,
    exact_odds,
    odds_for_decks,
)
from roads.game.odds import exact_odds_many as exact_odds_many_of
from roads.story.remaining import odds_trail
from roads.tables import make_table, price_table

pytest.importorskip("numpy", reason=FAST)

from roads.fast.odds import exact_odds_many, exact_odds_numpy

# The Banker's draw when the Player drew, by the Banker's two-card total: the values of the
# Player's third card on which the Banker draws (the rules' table).
BANKER_DRAWS_WHEN_PLAYER_THIRD = {
    0: range(10),
    1: range(10),
    2: range(10),
    3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
    4: range(2, 8),
    5: range(4, 8),
    6: (6, 7),
    7: (),
}


def _winner(six: tuple[int, ...]) -> str:
    """Deal six card values in order (Player, Banker, Player, Banker, thirds) by the rules."""
    player = [six[0], six[2]]
    banker = [six[1], six[3]]
    nxt = 4
    p, b = sum(player) % 10, sum(banker) % 10
    if p < 8 and b < 8:
        if p <= 5:
            third = six[nxt]
            nxt += 1
            player.append(third)
            if third in BANKER_DRAWS_WHEN_PLAYER_THIRD[b]:
                banker.append(six[nxt])
        elif b <= 5:
            banker.append(six[nxt])
    p, b = sum(player) % 10, sum(banker) % 10
    return "banker" if b > p else "player" if p > b else "tie"


def _by_cards(counts: list[int]) -> tuple[int, int, int, int]:
    """(total, banker, player, tie) over every ordering of six of the actual cards (each card
    told apart), so a coup of four cards counts once per ordered pair of unused cards."""
    cards = [value for value, count in enumerate(counts) for _ in range(count)]
    won = {"banker": 0, "player": 0, "tie": 0}
    for six in permutations(range(len(cards)), 6):
        won[_winner(tuple(cards[i] for i in six))] += 1
    return sum(won.values()), won["banker"], won["player"], won["tie"]


def _fields(odds: roads.Odds) -> tuple[int, int, int, int]:
    return odds.total, odds.banker, odds.player, odds.tie


@settings(max_examples=size(6, 25), deadline=None)
@given(st.lists(st.integers(0, 9), min_size=6, max_size=8))
def test_tiny_shoes_equal_dealing_every_ordering_of_the_cards(values: list[int]) -> None:
    counts = [values.count(v) for v in range(10)]
    expected = _by_cards(counts)
    assert _fields(exact_odds_numpy(counts)) == expected
    assert _fields(exact_odds(counts, engine="python")) == expected


def test_a_shoe_of_exactly_six_cards_counts_each_value_sequence_once_per_card_order() -> None:
    counts = [2, 0, 0, 1, 0, 1, 0, 1, 0, 1]  # two tens, a 3, a 5, a 7 and a 9
    assert _fields(exact_odds_numpy(counts)) == _by_cards(counts)


def _multiset(tables: Groups, d: int) -> list[int]:
    low, high = tables.low[d], tables.high[d]
    return [tables.halves[j][low] for j in range(5)] + [tables.halves[j][high] for j in range(5)]


def test_every_multiset_wins_no_more_sequences_than_it_has() -> None:
    tables = groups()
    assert len(tables.banker) == 5005  # multisets of six values out of ten
    for d in range(5005):
        m = _multiset(tables, d)
        assert sum(m) == 6
        sequences = factorial(6) // prod(factorial(k) for k in m)
        assert 0 <= tables.banker[d] + tables.tie[d] <= sequences


@st.composite
def depleted(draw: st.DrawFn, most: int = 8) -> list[int]:
    """The cards left in a shoe of 1 to ``most`` decks after some were dealt at random."""
    counts = list(deck_counts(draw(st.integers(1, most))))
    for value in draw(st.lists(st.integers(0, 9), max_size=sum(counts) - 6)):
        if counts[value] and sum(counts) > 6:
            counts[value] -= 1
    return counts


@settings(max_examples=size(30, 120), deadline=None)
@given(depleted())
def test_pure_and_numpy_give_the_same_integers_for_depleted_shoes(counts: list[int]) -> None:
    pure = exact_odds(counts, engine="python")
    assert exact_odds(counts, engine="numpy") == pure
    assert exact_odds_numpy(counts) == pure
    assert pure.banker + pure.player + pure.tie == pure.total


@settings(max_examples=size(5, 15), deadline=None)
@given(st.lists(depleted(most=24), min_size=1, max_size=4))
def test_many_shoes_at_once_equal_one_at_a_time_past_the_float_range(
    shoes: list[list[int]],
) -> None:
    """Up to 24 decks: shoes of more than 455 cards are counted in int64 instead of float64."""
    assert exact_odds_many(shoes) == [exact_odds(c, engine="python") for c in shoes]


@pytest.mark.parametrize("cards", [455, 456, 1000])
def test_the_float_range_edge_is_exact(cards: int) -> None:
    counts = [cards // 10] * 10
    counts[0] += cards - sum(counts)
    assert exact_odds_numpy(counts) == exact_odds(counts, engine="python")


def test_the_library_takes_engine_as_the_command_line_does() -> None:
    for engine in ("python", "numpy"):
        odds = roads.odds_for_decks(8, engine=engine)
        assert _fields(odds) == (
            4_998_398_275_503_360,
            2_292_252_566_437_888,
            2_230_518_282_592_256,
            475_627_426_473_216,
        )
        left = [127, 32, 31, 32, 32, 32, 32, 32, 31, 32]
        assert roads.exact_odds(left, engine=engine) == exact_odds(left, engine="python")
    with pytest.raises(RoadsError, match="no engine 'fortran'"):
        odds_for_decks(8, engine="fortran")


def test_the_engine_variable_chooses_when_no_engine_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import roads.fast.odds as vector

    counted: list[object] = []
    real = vector.exact_odds_numpy

    def spy(counts: list[int]) -> roads.Odds:
        counted.append(counts)
        return real(counts)

    monkeypatch.setattr(vector, "exact_odds_numpy", spy)
    monkeypatch.setenv("ROADS_ENGINE", "numpy")
    assert roads.odds_for_decks(6) == roads.odds_for_decks(6, engine="python")
    assert len(counted) == 1
    monkeypatch.delenv("ROADS_ENGINE")
    roads.odds_for_decks(6)
    assert len(counted) == 1, "without ROADS_ENGINE one count is done in pure Python"
    monkeypatch.setenv("ROADS_ENGINE", "fortran")
    with pytest.raises(RoadsError, match="ROADS_ENGINE"):
        roads.odds_for_decks(6)


@settings(max_examples=size(7, 30), deadline=None)
@given(depleted(), st.sampled_from(["standard", "no-commission", "ez"]), st.sampled_from([8, 9]))
def test_house_edges_are_the_exact_fractions_rounded_once(
    counts: list[int], rules: str, tie_pays: int
) -> None:
    table = make_table(rules=rules, tie_pays=tie_pays)
    for name, price in price_table(table, exact_distribution(counts)).items():
        assert price.house_edge == float(-price.expected), name


@settings(max_examples=size(15, 60), deadline=None)
@given(depleted())
def test_the_pure_grouped_count_equals_the_walk_of_the_starts(counts: list[int]) -> None:
    pure = exact_odds(counts, engine="python")
    assert grouped_counts(counts) == (pure.banker, pure.tie)


def test_many_shoes_in_pure_python_equal_one_by_one() -> None:
    hands = [roads.Hand.from_coup(coup) for coup in roads.Shoe().deal(seed=7).coups]
    trail = odds_trail(hands, engine="python")
    shoes = [list(point.counts) for point in trail.points]
    assert len(shoes) >= MANY_PAY_FROM
    one_by_one = [exact_odds(counts, engine="python") for counts in shoes]
    assert [point.odds for point in trail.points] == one_by_one
    assert exact_odds_many_of(shoes, engine="python") == one_by_one
    assert exact_odds_many_of(shoes, engine="numpy") == one_by_one
    assert exact_odds_many_of(shoes[:3], engine="python") == one_by_one[:3]
