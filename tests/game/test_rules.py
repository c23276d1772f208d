"""The tableau, exhaustively: every pair of two-card totals and every third card (or none)
for each hand, against GAME.md's table as written in conftest, not the engine's own."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import RANK_OF_VALUE, legal_draws

from roads.errors import RuleError
from roads.game.cards import DECK, Card
from roads.game.coup import Coup, Outcome


def _hand(total: int, third: int | None) -> tuple[Card, ...]:
    # Two cards making ``total``: K + total (K is worth 0), then the third card if any.
    cards = [Card("K", "s"), Card(RANK_OF_VALUE[total], "h")]
    if third is not None:
        cards.append(Card(RANK_OF_VALUE[third], "d"))
    return tuple(cards)


def _is_legal(player: int, banker: int, p3: int | None, b3: int | None) -> bool:
    player_draws, banker_rule = legal_draws(player, banker)
    if player_draws != (p3 is not None):
        return False
    if p3 is None:
        banker_draws = bool(banker_rule)
    else:
        assert isinstance(banker_rule, dict)
        banker_draws = banker_rule[p3]
    return banker_draws == (b3 is not None)


THIRDS = [None, *range(10)]


def test_every_combination_of_totals_and_third_cards() -> None:
    checked = 0
    for player, banker, p3, b3 in itertools.product(range(10), range(10), THIRDS, THIRDS):
        player_cards, banker_cards = _hand(player, p3), _hand(banker, b3)
        if _is_legal(player, banker, p3, b3):
            coup = Coup(player_cards, banker_cards)
            assert coup.player_total == (player + (p3 or 0)) % 10
            assert coup.banker_total == (banker + (b3 or 0)) % 10
        else:
            with pytest.raises(RuleError):
                Coup(player_cards, banker_cards)
        checked += 1
    assert checked == 10 * 10 * 11 * 11


def test_game_md_worked_check_is_a_tie() -> None:
    coup = Coup.parse("2h 3d 8c / Ks 3h")
    assert (coup.player_total, coup.banker_total, coup.outcome) == (3, 3, Outcome.TIE)


def test_banker_on_five_draws_on_four_to_seven_not_the_inverted_rule() -> None:
    Coup.parse("Ks 2h 4c / Kd 5h 9s")  # Player's third is a 4: Banker on 5 draws
    with pytest.raises(
        RuleError, match="Banker on 5 must stand when the Player's third card is a 3"
    ):
        Coup.parse("Ks 2h 3c / Kd 5h 9s")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2h 3d 8c / Ks 3h 4c", "Banker on 3 must stand when the Player's third card is an 8"),
        ("2h 3d / Ks 3h", "Player on 5 must draw"),
        ("2h 4d 5c / Ks 3h", "Player on 6 must stand"),
        ("Ah 5d / Ks 2h", "Banker on 2 must draw when the Player stands"),
        ("Ah 5d / Ks 6h 2c", "Banker on 6 must stand when the Player stands"),
        ("9h Kd 2c / Ks 3h", "Player has a natural 9"),
        ("2h 3d 4c / 4s 4h 2c", "Banker has a natural 8"),
        ("2h / Ks 3h", "the Player hand must have 2 or 3 cards"),
        ("2h 3d 8c 7c / Ks 3h", "the Player hand must have 2 or 3 cards"),
    ],
)
def test_messages_name_the_broken_rule(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        Coup.parse(text)


def test_flags_follow_game_md() -> None:
    natural_pairs = Coup.parse("8s 8d / 4h 4c")
    assert natural_pairs.natural and natural_pairs.player_pair and natural_pairs.banker_pair
    ten_and_king = Coup.parse("Ts Kd 5c / Qh Jc 2d")
    assert not ten_and_king.player_pair and not ten_and_king.banker_pair
    assert not ten_and_king.natural


cards = st.sampled_from(DECK)


def _deal(stream: list[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Deal from ``stream`` by GAME.md's rules (the test's own table)."""
    p, b = [stream[0], stream[2]], [stream[1], stream[3]]
    player, banker = (p[0].value + p[1].value) % 10, (b[0].value + b[1].value) % 10
    player_draws, banker_rule = legal_draws(player, banker)
    rest = iter(stream[4:])
    if player_draws:
        p.append(next(rest))
        assert isinstance(banker_rule, dict)
        if banker_rule[p[2].value]:
            b.append(next(rest))
    elif banker_rule:
        b.append(next(rest))
    return tuple(p), tuple(b)


@given(st.lists(cards, min_size=6, max_size=6))
def test_any_legal_deal_round_trips_through_the_checker(stream: list[Card]) -> None:
    player, banker = _deal(stream)
    coup = Coup(player, banker)
    assert Coup.parse(str(coup)) == coup


@given(st.lists(cards, min_size=6, max_size=6), st.sampled_from(["player", "banker"]))
def test_a_wrong_draw_or_stand_is_rejected_naming_the_rule(stream: list[Card], who: str) -> None:
    player, banker = _deal(stream)
    extra = stream[5]
    if who == "player":
        wrong = (player[:2], banker) if len(player) == 3 else ((*player, extra), banker)
    else:
        wrong = (player, banker[:2]) if len(banker) == 3 else (player, (*banker, extra))
    with pytest.raises(RuleError, match=r"must (draw|stand|not draw)"):
        Coup(*wrong)
