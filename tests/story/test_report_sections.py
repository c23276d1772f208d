"""The sections of the shoe report (``roads.story.report_sections``): its facts, the notice,
the streaks, the bets and the coups, in the page's words and colours."""

from __future__ import annotations

from roads.drawing.themes import THEMES
from roads.game.coup import Coup, Outcome
from roads.scoreboard import Scoreboard
from roads.story.remaining import odds_trail
from roads.story.report_sections import (
    Words,
    bets_section,
    coups_section,
    facts,
    notice,
    streaks_section,
)

WORDS = Words("en", THEMES["casino"])


def test_the_words_and_colours_of_a_page() -> None:
    assert WORDS.name(Outcome.TIE) == "Tie"
    assert WORDS.colours().startswith(":root{--bg:")
    assert Words("zh-hant", THEMES["dark"]).name(Outcome.BANKER) == "莊"


def test_the_facts_say_how_many_coups_had_cards() -> None:
    board = Scoreboard.from_notation("BPPB")
    text = facts(board.roads, odds_trail(board.roads.hands), WORDS)
    assert "4 coups" in text and "Banker 2" in text


def test_the_notice_and_the_sections() -> None:
    assert "predict" in notice("top", WORDS)
    board = Scoreboard.from_coups([Coup.parse("4h 4d / Kc Ks"), Coup.parse("9h Kd / 2c 3s")])
    trail = odds_trail(board.roads.hands)
    assert "<table" in streaks_section(board.roads, WORDS)
    assert "<table" in bets_section(board.roads, trail, WORDS)
    coups = coups_section(board.roads.hands, trail, WORDS)
    assert "♥" in coups and "♠" in coups  # each coup's cards
