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

from roads.lazy import attach

# Every name is listed once, in __init__.pyi, and its module imported when it is first read: the
# report's, the charts', the live page's, the logger's and the tally's words (dataclasses, each
# an exec to build) are read when first asked for; drawing a board needs only the board's.
__getattr__, __dir__, __all__ = attach(__name__, __file__)
