"""What a table posts, worded for a printed score card: its name, its rules, a commission box
and its limits (``roads scorecard`` prints them under every card's title)."""

from __future__ import annotations

from roads.tables import Table
from roads.tables.money import amount_text
from roads.translations import bet_word
from roads.translations.card import CARD_WORDS
from roads.values import frozen

__all__ = ["CardTable", "table_posts"]


@frozen
class CardTable:
    """What a table posts, printed under a card's title: its name and its rules, a line each
    (already worded, in the card's language)."""

    name: str | None = None
    rules: tuple[str, ...] = ()


def table_posts(table: Table, lang: str = "en", *, name: str | None = None) -> CardTable:
    """What ``table`` posts, worded in ``lang``: its rule set and what a Tie pays, the side
    bets it offers where it names them, how it takes the commission where it keeps a box, and
    its limits where it has any.

    Parameters:
        table: the table (``roads.tables.Table``): its rules, and what a table file posts.
        lang: the card's language.
        name: the table's name (None: the one the table posts, if any).
    """
    words = CARD_WORDS[lang]
    separator = "、" if lang != "en" else ", "
    lines = [words.rules.format(rules=table.rules, tie=table.tie_pays)]
    if table.side_bets is not None:
        offered = separator.join(bet_word(bet, lang) for bet in table.side_bets)
        lines.append(words.side_bets.format(bets=offered or "—"))
    if table.box:
        lines.append(words.commission_box)
    if table.limits:
        limits = separator.join(
            f"{bet_word(limit.on, lang)} {amount_text(limit.low)}–{amount_text(limit.high)}"
            for limit in table.limits
        )
        lines.append(words.limits.format(limits=limits))
    return CardTable(name=name if name is not None else table.name, rules=tuple(lines))
