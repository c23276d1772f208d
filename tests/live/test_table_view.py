"""What the table's screens post (``roads.live.table_view``): each bet with what it pays as
TABLES.md's tables write it, and its limits; the cards of the last coup as a display draws
them."""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.game.cards import Card
from roads.live.table_view import card_faces, posted
from roads.tables import STANDARD, make_table, read_table
from roads.translations import SCREEN_WORDS, bet_word

ROOT = Path(__file__).resolve().parents[2]
HOME = read_table(ROOT / "examples" / "home-table.toml").table

STANDARD_PAYS = {
    "banker": {"19:20"},
    "player": {"1:1"},
    "tie": {"8:1"},
    "player_pair": {"11:1"},
    "banker_pair": {"11:1"},
    "either_pair": {"5:1"},
    "dragon_7": {"40:1"},
    "panda_8": {"25:1"},
    "super_6": {"12:1"},
    "lucky_6": {"12:1", "20:1"},
}
"""What each bet pays at a standard table, from TABLES.md's tables (a bet that pays two ways,
both)."""


def _pays(table_posted: dict[str, object]) -> dict[str, set[str]]:
    bets = table_posted["bets"]
    assert isinstance(bets, list)
    return {bet["on"]: set(bet["pays"].split(" / ")) for bet in bets}


def test_a_standard_table_posts_what_tables_md_says_each_bet_pays() -> None:
    shown = posted(STANDARD, "en")
    assert shown["name"] == SCREEN_WORDS["en"].practice_table
    pays = _pays(shown)
    for on, expected in STANDARD_PAYS.items():
        assert pays[on] == expected, on
    assert {bet["limit"] for bet in shown["bets"]} == {SCREEN_WORDS["en"].any_stake}


def test_the_tie_s_pay_and_the_banker_s_at_other_rules() -> None:
    assert _pays(posted(make_table(tie_pays=9), "en"))["tie"] == {"9:1"}
    # no-commission: a Banker win pays 1:1, but 1:2 with a total of 6.
    assert _pays(posted(make_table(rules="no-commission"), "en"))["banker"] == {"1:1", "1:2"}


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_the_home_table_posts_its_name_bets_and_limits(lang: str) -> None:
    shown = posted(HOME, lang)
    assert shown["name"] == "Home table" and shown["seats"] == 7
    by_bet = {bet["on"]: bet for bet in shown["bets"]}
    assert sorted(by_bet) == ["banker", "banker_pair", "player", "player_pair", "tie"]
    assert by_bet["tie"]["name"] == bet_word("tie", lang)
    assert (by_bet["banker"]["low"], by_bet["banker"]["high"]) == (10, 500)
    assert by_bet["banker"]["limit"] == SCREEN_WORDS[lang].limit.format(low="10", high="500")


def test_cards_are_drawn_with_their_rank_and_suit_ten_as_10_hearts_and_diamonds_red() -> None:
    cards = tuple(Card.parse(text) for text in ("Ts", "Ah", "7d", "Kc"))
    assert card_faces(cards) == [
        {"rank": "10", "suit": "♠", "red": False},
        {"rank": "A", "suit": "♥", "red": True},
        {"rank": "7", "suit": "♦", "red": True},
        {"rank": "K", "suit": "♣", "red": False},
    ]
