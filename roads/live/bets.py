"""The live page's table of bets: each bet of the journal's table and its exact house edge,
from the cards left when every coup of the shoe came with its cards (else a fresh shoe's)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from roads.hands.hand import Hand
from roads.story.bets import prices_now
from roads.story.templates import Fragments
from roads.tables import Table
from roads.translations import BETS_TABLE_WORDS, bet_word

_part = Fragments("roads.live", "bets.html")


def bets_html(hands: Sequence[Hand], table: Table, *, decks: int = 8, lang: str = "en") -> str:
    """The table of bets after ``hands`` (the current shoe) at ``table``, in ``lang``: each
    bet's edge from the cards left after the last coup when every coup came with its cards,
    otherwise from a fresh shoe of ``decks`` decks."""
    words = BETS_TABLE_WORDS[lang]
    prices, known = prices_now(hands, table, decks)
    known = known and bool(hands)
    heading = words["now"].format(n=len(hands)) if known else words["fresh"]
    rows = "".join(
        _part(
            "bet-row",
            name=escape(bet_word(name, lang)),
            pays=escape(" / ".join(str(r) for r, _ in price.returns if r > 0)),
            edge=f"{100 * price.house_edge:.2f}%",
        )
        for name, price in prices.items()
    )
    caption = words["caption"].format(rules=table.rules, tie=table.tie_pays)
    return _part(
        "bets",
        caption=escape(caption),
        bet=escape(words["bet"]),
        pays=escape(words["pays"]),
        edge=escape(heading),
        rows=rows,
    )
