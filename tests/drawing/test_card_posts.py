"""What a table posts on a printed score card (``roads.drawing.card_posts``): PRACTICE.md's home
table, its rules, side bets, commission box and limits, in the card's words, in every
language; a table that posts nothing beyond its rules prints its rules alone."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from roads.drawing.card_posts import CardTable, table_posts
from roads.tables import STANDARD, make_table, read_table
from roads.translations import CARD_WORDS, LANGUAGES, bet_word

ROOT = Path(__file__).resolve().parents[2]
HOME = read_table(ROOT / "examples" / "home-table.toml").table
ENGLISH = CARD_WORDS["en"]


def test_the_home_table_posts_its_name_rules_side_bets_box_and_limits() -> None:
    assert table_posts(HOME) == CardTable(
        name="Home table",
        rules=(
            "Rules: standard; Tie pays 8 to 1",
            "Side bets: Player pair, Banker pair",
            ENGLISH.commission_box,
            "Limits: Banker 10–500, Player 10–500, Tie 5–50, Player pair 5–50, Banker pair 5–50",
        ),
    )


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_limit_is_posted_with_its_bet_s_name_in_the_card_s_language(lang: str) -> None:
    posts = table_posts(HOME, lang, name="桌")
    assert posts.name == "桌" and len(posts.rules) == 4
    assert posts.rules[2] == CARD_WORDS[lang].commission_box
    for limit in HOME.limits:
        assert bet_word(limit.on, lang) in posts.rules[-1]


def test_a_table_that_posts_nothing_more_prints_its_rules_alone() -> None:
    assert table_posts(STANDARD) == CardTable(
        name=None, rules=("Rules: standard; Tie pays 8 to 1",)
    )
    halves = make_table(tie_pays=9, side_bets=(), limits={"banker": (Fraction(5, 2), 25)})
    assert table_posts(halves).rules == (
        "Rules: standard; Tie pays 9 to 1",
        "Side bets: —",
        "Limits: Banker 2.50–25",
    )
