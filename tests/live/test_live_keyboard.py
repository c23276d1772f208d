"""The live page by keyboard alone, and what a screen reader hears: every action done with
Tab, Enter and Space keeps the focus on the pressed control, and each change of the journal,
from the page or from ``roads log``, is said once in the polite live region."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from command_line import run_process
from pages_served import journal_of, live_server

from roads.hands.journal import read_journal

pytestmark = pytest.mark.browser

LIVE = "() => document.getElementById('status').textContent === 'Live'"
# Everything the live region and the connection status are given, in order.
RECORD = """() => {
  window.said = [];
  window.statuses = [];
  const keep = (id, list) => new MutationObserver(() => {
    list.push(document.getElementById(id).textContent);
  }).observe(document.getElementById(id), {childList: true, characterData: true, subtree: true});
  keep("announce", window.said);
  keep("status", window.statuses);
}"""


def active(tab: Any) -> str:
    """The focused element, as a CSS-like name: ``#id``, ``button[data-flag=…]``, ``button.P``."""
    name: str = tab.evaluate(
        """() => {
          const e = document.activeElement;
          if (e.id) return "#" + e.id;
          if (e.dataset.flag) return `button[data-flag=${e.dataset.flag}]`;
          if (e.dataset.outcome) return `button.${e.dataset.outcome}`;
          return e.localName;
        }"""
    )
    return name


def coups(tab: Any) -> str:
    text: str = tab.text_content("#coups")
    return text


def wait_coups(tab: Any, text: str) -> None:
    tab.wait_for_function(f"() => document.getElementById('coups').textContent === {text!r}")


def tab_to(tab: Any, target: str, most: int = 20) -> None:
    """Press Tab until ``target`` has the focus."""
    for _ in range(most):
        tab.keyboard.press("Tab")
        if active(tab) == target:
            return
    raise AssertionError(f"{target} is not reached with Tab (the focus is on {active(tab)})")


def test_every_action_by_keyboard_keeps_the_focus_on_its_control(
    browser: Any, tmp_path: Path
) -> None:
    path = journal_of(tmp_path / "session.jsonl", cards=False)
    count = len(read_journal(path).hands())
    with live_server(path) as server:
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        tab.goto(server.url)
        tab.wait_for_function(LIVE)

        tab_to(tab, "button[data-flag=banker_pair]")
        tab.keyboard.press("Space")
        assert tab.get_attribute("button[data-flag=banker_pair]", "aria-pressed") == "true"
        assert active(tab) == "button[data-flag=banker_pair]"

        tab.evaluate(RECORD)
        tab_to(tab, "button.P")
        tab.keyboard.press("Enter")
        wait_coups(tab, f"{count + 1} coups")
        assert active(tab) == "button.P"
        # Enter again logs again (P, its flag gone); the same tap again at once (well within
        # the page's two seconds, however slow the machine) is asked about first, on the
        # button, and said once.
        tab.keyboard.press("Enter")
        tab.keyboard.press("Enter")
        tab.wait_for_function(
            "() => document.querySelector('button[data-outcome=P]').textContent.includes('?')"
        )
        wait_coups(tab, f"{count + 2} coups")
        assert active(tab) == "button.P"
        assert tab.text_content("button[data-outcome=P]") == "PAgain: Player?"
        assert coups(tab) == f"{count + 2} coups"
        again = "Press again to log a second Player in a row"
        tab.wait_for_function(f"() => window.said.includes({again!r})")
        assert tab.evaluate("window.said").count(again) == 1
        tab.keyboard.press("Enter")
        wait_coups(tab, f"{count + 3} coups")
        assert active(tab) == "button.P" and tab.text_content("button[data-outcome=P]") == "PPlayer"
        assert [h.notation for h in read_journal(path).hands()][-3:] == ["Pb", "P", "P"]
        tab.keyboard.press("Shift+Tab")  # presses faster than the writes: none is lost
        tab.keyboard.press("Enter")
        tab.keyboard.press("Tab")
        tab.keyboard.press("Enter")
        wait_coups(tab, f"{count + 5} coups")
        assert [h.notation for h in read_journal(path).hands()][-2:] == ["B", "P"]
        tab_to(tab, "#undo")
        for left in (count + 4, count + 3):
            tab.keyboard.press("Enter")
            wait_coups(tab, f"{left} coups")

        tab_to(tab, "#cards")
        tab.keyboard.type("Ad 2c 3s / 7h Kc")
        tab.keyboard.press("Enter")
        wait_coups(tab, f"{count + 4} coups")
        assert active(tab) == "#cards"
        assert tab.text_content("#last") == "Last: Banker 6 to 7 (Ad 2c 3s / 7h Kc)"

        tab_to(tab, "#undo")
        tab.keyboard.press("Enter")
        wait_coups(tab, f"{count + 3} coups")
        assert active(tab) == "#undo"

        tab_to(tab, "#new-shoe")
        tab.keyboard.press("Enter")
        assert tab.text_content("#new-shoe") == "Press again: new shoe"
        assert active(tab) == "#new-shoe"
        tab.keyboard.press("Enter")
        tab.wait_for_function("() => document.getElementById('shoe').textContent === 'Shoe 2'")
        assert active(tab) == "#new-shoe"
        assert len(read_journal(path).shoes) == 2

        # Undo takes back the empty shoe; then there is nothing left to undo in this test's
        # sense only once the journal is empty, so the button stays where it is, focused.
        tab.keyboard.press("Shift+Tab")
        assert active(tab) == "#close-round"
        tab.keyboard.press("Shift+Tab")
        assert active(tab) == "#undo"
        tab.keyboard.press("Enter")
        tab.wait_for_function("() => document.getElementById('shoe').textContent === 'Shoe 1'")
        assert active(tab) == "#undo"
        tab.close()


def test_a_coup_logged_from_the_command_line_is_said_once(browser: Any, tmp_path: Path) -> None:
    path = journal_of(tmp_path / "session.jsonl", cards=False)
    count = len(read_journal(path).hands())
    with live_server(path, keepalive=0.2) as server:
        tab = browser.new_page(viewport={"width": 390, "height": 844})
        tab.goto(server.url)
        tab.wait_for_function(LIVE)
        tab.evaluate(RECORD)
        assert tab.get_attribute("#announce", "aria-live") == "polite"

        assert run_process("log", str(path), "--add", "B", "-q").returncode == 0
        wait_coups(tab, f"{count + 1} coups")
        assert run_process("log", str(path), "--cards", "Ad 2c 3s / 7h Kc", "-q").returncode == 0
        wait_coups(tab, f"{count + 2} coups")
        tab.wait_for_function("() => window.said.length >= 2")
        said = tab.evaluate("window.said")
        assert said[0] == f"Banker · {count + 1} coups"
        assert said[1].startswith(f"Banker 6 to 7 (Ad 2c 3s / 7h Kc) · {count + 2} coups · ")
        assert "logged without its cards" in said[1]  # why there are no odds
        # keepalives and repeated updates say nothing more, and the status is not re-announced
        assert run_process("log", str(path), "--add", "P", "-q").returncode == 0
        wait_coups(tab, f"{count + 3} coups")
        tab.wait_for_function("() => window.said.length >= 3")
        assert tab.evaluate("window.said")[2:] == [f"Player · {count + 3} coups"]
        assert tab.evaluate("window.statuses") == []

        tab.click("#new-shoe")
        tab.wait_for_function("() => window.said.length >= 4")
        assert tab.evaluate("window.said")[3] == "Press New shoe again to start a new shoe"
        tab.close()
