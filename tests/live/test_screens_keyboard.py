"""The croupier's console at a table of players by keyboard alone (issue 37): a bet for a seat
from the folded form, "no more bets" and its undo, a coup, the folding table of every bet, each
by Tab, Enter and Space, the focus staying on the control pressed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from screens_served import LIVE, table_journal, table_server

from roads.hands.journal import read_journal

pytestmark = pytest.mark.browser

FOCUSED = """() => {
  const e = document.activeElement;
  if (e.id) return "#" + e.id;
  if (e.dataset.outcome) return `outcome ${e.dataset.outcome}`;
  return e.closest("details") ? `${e.closest("details").id} ${e.localName}` : e.localName;
}"""


def tab_to(tab: Any, target: str, most: int = 40) -> None:
    for _ in range(most):
        tab.keyboard.press("Tab")
        if tab.evaluate(FOCUSED) == target:
            return
    raise AssertionError(f"{target} is not reached with Tab ({tab.evaluate(FOCUSED)})")


def test_the_console_of_a_table_by_keyboard_alone(browser: Any, tmp_path: Path) -> None:
    path = table_journal(tmp_path / "table.jsonl", coups=4)
    with table_server(path) as server:
        tab = browser.new_page(viewport={"width": 1024, "height": 768})
        tab.goto(server.url)
        tab.wait_for_function(LIVE)

        tab_to(tab, "seat-bet-fold summary")
        tab.keyboard.press("Enter")
        assert tab.evaluate("document.getElementById('seat-bet-fold').open")
        tab_to(tab, "#bet-seat")
        tab.keyboard.press("ArrowDown")  # seat 2
        tab_to(tab, "#bet-on")
        tab.keyboard.press("ArrowDown")  # player
        tab_to(tab, "#bet-stake")
        tab.keyboard.type("40")
        tab.keyboard.press("Enter")
        tab.wait_for_function(
            "() => document.getElementById('seat-bet-list').textContent.includes('Player 40')"
        )
        assert [(b.seat, b.on, b.stake) for b in read_journal(path).open_bets] == [
            (2, "player", 40)
        ]

        tab_to(tab, "#close-round")
        tab.keyboard.press("Enter")
        tab.wait_for_function(
            "() => document.getElementById('close-round').getAttribute('aria-pressed') === 'true'"
        )
        assert tab.evaluate(FOCUSED) == "#close-round" and read_journal(path).round_closed
        tab.keyboard.press("Space")  # pressed again: the bets open again (an undo of it)
        tab.wait_for_function(
            "() => document.getElementById('close-round').getAttribute('aria-pressed') === 'false'"
        )
        assert not read_journal(path).round_closed
        tab.keyboard.press("Enter")
        tab.wait_for_function(
            "() => document.getElementById('seat-bets-heading').textContent"
            " === 'No more bets for coup 5'"
        )

        tab_to(tab, "outcome P")
        tab.keyboard.press("Enter")
        tab.wait_for_function("() => document.getElementById('coups').textContent === '5 coups'")
        assert tab.evaluate(FOCUSED) == "outcome P"
        assert not read_journal(path).round_closed  # the coup opened the next round

        tab_to(tab, "bets-fold summary")
        tab.keyboard.press("Enter")
        assert tab.is_visible("#bets table")
        tab.keyboard.press("Enter")
        assert not tab.is_visible("#bets table")  # folded away again
        tab.close()
