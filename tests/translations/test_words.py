"""Every module of words (``roads.translations``): each language fills every field, and with the
same placeholders as English, so a translation can neither drop a figure nor ask for one the
code does not give."""

from __future__ import annotations

import dataclasses
import string
from typing import Any

import pytest

from roads.translations import board, card, charts, live, logger, report, screens, statement, tally
from roads.translations.board import Plural

TABLES: dict[str, dict[str, Any]] = {
    "board.LANGUAGES": board.LANGUAGES,
    "board.TEXT_WORDS": board.TEXT_WORDS,
    "charts.CHART_WORDS": charts.CHART_WORDS,
    "live.PAGE_WORDS": live.PAGE_WORDS,
    "live.BET_WORDS": live.BET_WORDS,
    "live.MARK_WORDS": live.MARK_WORDS,
    "live.BETS_TABLE_WORDS": live.BETS_TABLE_WORDS,
    "logger.LOGGER_WORDS": logger.LOGGER_WORDS,
    "report.REPORT_WORDS": report.REPORT_WORDS,
    "card.CARD_WORDS": card.CARD_WORDS,
    "screens.SCREEN_WORDS": screens.SCREEN_WORDS,
    "statement.STATEMENT_WORDS": statement.STATEMENT_WORDS,
}
"""Each table of words by language."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _texts(words: Any) -> dict[str, Any]:
    """Each field of ``words`` (a value class or a dict) that holds text, by name."""
    if isinstance(words, dict):
        return dict(words)
    return {field.name: getattr(words, field.name) for field in dataclasses.fields(words)}


def _placeholders(value: Any) -> Any:
    if isinstance(value, Plural):
        return tuple(_fields(form) for form in value)
    if isinstance(value, str):
        return _fields(value)
    if isinstance(value, tuple):  # lines: a language may break them differently
        return set().union(*(_fields(part) for part in value))
    return None


@pytest.mark.parametrize("name", list(TABLES))
def test_every_language_fills_the_same_fields_with_the_same_placeholders(name: str) -> None:
    table = TABLES[name]
    assert list(table) == ["en", "zh", "zh-hant"]
    english = _texts(table["en"])
    for lang, words in table.items():
        found = _texts(words)
        assert set(found) == set(english), lang
        for field, value in found.items():
            if str(english[field]).strip():  # a gap (" ") may be none in Chinese
                assert value not in ("", ()), (lang, field)
            assert _placeholders(value) == _placeholders(english[field]), (lang, field)


def test_a_bet_s_word_in_each_language() -> None:
    assert live.bet_word("banker") == "Banker"
    assert live.bet_word("dragon_7", "zh") == live.BET_WORDS["zh"]["dragon_7"]
    assert live.bet_word("no_such_bet") == "no_such_bet"


def test_the_tally_heading_counts_in_english() -> None:
    words = tally.TALLY_WORDS
    heading = words.heading.format(
        shoes=board.plural(words.shoes, 1),
        decks=board.plural(words.decks, 8),
        seed=1,
        shuffle="philox",
        coups=board.plural(words.coups, 80),
    )
    assert heading == "1 shoe of 8 decks (seed 1, philox shuffle): 80 coups"
