"""The exact edge of a table's bets as a shoe is dealt from known cards
(``roads.hands.prices``): the fresh edge, then one after each coup with its cards."""

from __future__ import annotations

from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.hands.prices import bet_edges, prices_now
from roads.tables import STANDARD


def test_fresh_edges_are_the_table_s_prices_and_each_coup_adds_one() -> None:
    hands = [
        Hand.from_coup(Coup.parse("4h 4d / Kc Ks")),
        Hand.from_coup(Coup.parse("9h Kd / 2c 3s")),
    ]
    edges = bet_edges(hands, STANDARD, decks=1)
    fresh, known = prices_now([], STANDARD, decks=1)
    assert known
    assert [edge.name for edge in edges] == list(fresh)
    for edge in edges:
        assert edge.fresh == fresh[edge.name].house_edge
        assert len(edge.after) == 2
    banker = next(edge for edge in edges if edge.name == "banker")
    assert banker.pays == ("19/20",)


def test_the_count_stops_at_the_first_coup_without_cards() -> None:
    hands = [Hand.from_coup(Coup.parse("4h 4d / Kc Ks")), *parse_notation("B")]
    assert all(len(edge.after) == 1 for edge in bet_edges(hands, STANDARD, decks=1))


def test_prices_now_are_fresh_once_a_coup_has_no_cards() -> None:
    hands = [*parse_notation("B"), Hand.from_coup(Coup.parse("4h 4d / Kc Ks"))]
    now, known = prices_now(hands, STANDARD, decks=1)
    assert not known and now == prices_now([], STANDARD, decks=1)[0]
    after, known = prices_now(hands[1:], STANDARD, decks=1)
    assert known and after != now
