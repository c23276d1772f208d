"""The live page's table of bets (issue 19): every bet of the journal's table, its exact edge
from the cards left."""

from __future__ import annotations

import re

from roads.drawing.board import BoardOptions
from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.journal import Session
from roads.hands.journal_events import coup_event, table_event
from roads.live.bets import bets_html
from roads.live.page import Page
from roads.tables import make_table


def _edges(html: str) -> dict[str, str]:
    return dict(re.findall(r'<th scope="row">(.*?)</th><td>[^<]*</td><td>(.*?)</td>', html))


def test_the_table_of_bets_of_a_fresh_shoe_has_the_exact_edges() -> None:
    html = bets_html([], make_table(rules="no-commission", tie_pays=9))
    edges = _edges(html)
    assert edges["Banker"] == "1.46%" and edges["Tie"] == "4.84%" and len(edges) == 12
    assert "Fresh shoe" in html


def test_the_live_state_carries_the_table_of_its_journal() -> None:
    session = Session()
    session.apply(table_event(make_table(rules="ez", side_bets=["dragon_7"])))
    session.apply(coup_event(Hand.from_coup(Coup.parse("2h 3d 5c / 4c Ks 3s"))))
    state = Page("game.jsonl", BoardOptions()).state(session)
    edges = _edges(state["bets"])
    assert list(edges) == ["Banker", "Player", "Tie", "Dragon 7"]
    assert "After coup 1" in state["bets"]
