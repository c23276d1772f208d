"""Every word roads shows (board, text board, keyboard logger, live page, report and its
charts, score card, statement), in English, simplified Chinese and traditional Chinese, one
module per surface: ``board`` (the board's labels, the text board and the plural phrases),
``tally``, ``report``, ``charts``, ``live``, ``screens`` (the table's screens), ``logger``,
``card`` and ``statement`` (a practice
session's statement). Every name is also here, so ``roads.translations.X`` is where a caller
finds it.

The shipped fonts are subset from these words (``fonts/build.py``): the board font from the
board's labels (``LANGUAGES`` and ``SYMBOLS``), the report font from those and the charts' words
(``CHART_WORDS``), so a label or chart word added here needs the fonts rebuilt; tests check the
fonts cover every one. The report page's and the live page's words (``REPORT_WORDS``,
``PAGE_WORDS``) are shown in the browser's fonts, the text board's and the keyboard logger's
(``TEXT_WORDS``, ``LOGGER_WORDS``) in the terminal's: they need no rebuild.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roads.lazy import lazy_exports
from roads.translations.board import (
    ENGLISH,
    LANGUAGES,
    SIMPLIFIED,
    SYMBOLS,
    TEXT_WORDS,
    TRADITIONAL,
    Labels,
    Plural,
    TextWords,
    plural,
    same,
)

if TYPE_CHECKING:
    from roads.translations.card import (
        CARD_ENGLISH,
        CARD_SIMPLIFIED,
        CARD_TRADITIONAL,
        CARD_WORDS,
        CardWords,
    )
    from roads.translations.charts import (
        CHART_ENGLISH,
        CHART_SIMPLIFIED,
        CHART_TRADITIONAL,
        CHART_WORDS,
        ChartWords,
    )
    from roads.translations.live import (
        BET_WORDS,
        BETS_TABLE_WORDS,
        MARK_WORDS,
        PAGE_WORDS,
        PageWords,
        bet_word,
    )
    from roads.translations.logger import (
        LOGGER_WORDS,
        LoggerWords,
    )
    from roads.translations.report import (
        REPORT_ENGLISH,
        REPORT_SIMPLIFIED,
        REPORT_TRADITIONAL,
        REPORT_WORDS,
        ReportWords,
    )
    from roads.translations.screens import SCREEN_WORDS, ScreenWords
    from roads.translations.statement import STATEMENT_WORDS, StatementWords
    from roads.translations.tally import TALLY_WORDS, TallyWords

# The report's, the charts', the live page's, the logger's and the tally's words (dataclasses,
# each an exec to build) are read when first asked for: drawing a board needs only the board's.
__getattr__ = lazy_exports(
    __name__,
    card=("CARD_ENGLISH", "CARD_SIMPLIFIED", "CARD_TRADITIONAL", "CARD_WORDS", "CardWords"),
    charts=("CHART_ENGLISH", "CHART_SIMPLIFIED", "CHART_TRADITIONAL", "CHART_WORDS", "ChartWords"),
    live=("BET_WORDS", "BETS_TABLE_WORDS", "MARK_WORDS", "PAGE_WORDS", "PageWords", "bet_word"),
    logger=("LOGGER_WORDS", "LoggerWords"),
    report=(
        "REPORT_ENGLISH",
        "REPORT_SIMPLIFIED",
        "REPORT_TRADITIONAL",
        "REPORT_WORDS",
        "ReportWords",
    ),
    screens=("SCREEN_WORDS", "ScreenWords"),
    statement=("STATEMENT_WORDS", "StatementWords"),
    tally=("TALLY_WORDS", "TallyWords"),
)

__all__ = [
    "BETS_TABLE_WORDS",
    "BET_WORDS",
    "CARD_ENGLISH",
    "CARD_SIMPLIFIED",
    "CARD_TRADITIONAL",
    "CARD_WORDS",
    "CHART_ENGLISH",
    "CHART_SIMPLIFIED",
    "CHART_TRADITIONAL",
    "CHART_WORDS",
    "ENGLISH",
    "LANGUAGES",
    "LOGGER_WORDS",
    "MARK_WORDS",
    "PAGE_WORDS",
    "REPORT_ENGLISH",
    "REPORT_SIMPLIFIED",
    "REPORT_TRADITIONAL",
    "REPORT_WORDS",
    "SCREEN_WORDS",
    "SIMPLIFIED",
    "STATEMENT_WORDS",
    "SYMBOLS",
    "TALLY_WORDS",
    "TEXT_WORDS",
    "TRADITIONAL",
    "CardWords",
    "ChartWords",
    "Labels",
    "LoggerWords",
    "PageWords",
    "Plural",
    "ReportWords",
    "ScreenWords",
    "StatementWords",
    "TallyWords",
    "TextWords",
    "bet_word",
    "plural",
    "same",
]
