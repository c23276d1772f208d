"""The screens' sound (issue 37), off by default behind one toggle: a tone for a coup logged, a
lower one for a refused tap, and the result spoken by the browser's speech synthesis in the
page's language; and the display announcing each coup logged elsewhere once (aria-live). The
browser's speech and audio are replaced by recorders: what they were asked to say and play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from screens_served import LIVE, table_journal, table_server

from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.journal import Journal

pytestmark = pytest.mark.browser

RECORDERS = """
window.spoken = [];
window.tones = [];
window.speechSynthesis.speak = (utterance) => window.spoken.push([utterance.text, utterance.lang]);
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    const oscillator = {frequency: {value: 0}, connect: (to) => to, stop() {},
      start() { window.tones.push(oscillator.frequency.value); }};
    return oscillator;
  }
  createGain() {
    return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect: (to) => to};
  }
};
"""
SAID = """() => {
  window.said = [];
  new MutationObserver(() => window.said.push(document.getElementById("announce").textContent))
    .observe(document.getElementById("announce"), {childList: true, characterData: true,
      subtree: true});
}"""


def banker_seven_to_six(path: Path) -> None:
    Journal(path).add(Hand.from_coup(Coup.parse("Ad 2c 3s / 7h Kc")))


@pytest.mark.parametrize(
    ("lang", "spoken"), [("en", ["Banker wins, 7 to 6", "en"]), ("zh", ["庄赢，7 比 6", "zh-CN"])]
)
def test_the_sound_is_off_until_asked_then_tones_and_speaks_the_result(
    browser: Any, tmp_path: Path, lang: str, spoken: list[str]
) -> None:
    path = table_journal(tmp_path / "table.jsonl", coups=3)
    with table_server(path, lang=lang) as server:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        context.add_init_script(RECORDERS)
        console = context.new_page()
        console.goto(server.url)
        console.wait_for_function(LIVE)
        assert console.get_attribute("#sound", "aria-pressed") == "false"
        Journal(path).add(Hand.from_coup(Coup.parse("9s 9d / 4c 3c")))
        console.wait_for_function("() => document.getElementById('coups').textContent !== ''")
        console.wait_for_function(
            "() => document.querySelectorAll('#board .mark.bead-plate').length === 4"
        )
        assert console.evaluate("[window.spoken, window.tones]") == [[], []]  # off: silent

        console.click("#sound")
        assert console.get_attribute("#sound", "aria-pressed") == "true"
        assert console.evaluate("localStorage.getItem('roads-sound')") == "on"
        banker_seven_to_six(path)
        console.wait_for_function("() => window.spoken.length === 1")
        assert console.evaluate("window.spoken") == [spoken]
        assert 880 in console.evaluate("window.tones")

        display = context.new_page()  # the toggle holds for every page of this browser
        display.goto(server.url + "display")
        display.wait_for_function(LIVE)
        assert display.get_attribute("#sound", "aria-pressed") == "true"

        console.evaluate("() => { window.tones = []; }")
        console.fill("#cards", "2h 3d 8c / Ks 3h 4d")  # a draw the rules forbid: refused
        console.press("#cards", "Enter")
        console.wait_for_function("() => window.tones.includes(220)")
        context.close()


def test_the_display_announces_a_coup_logged_elsewhere_once(browser: Any, tmp_path: Path) -> None:
    path = table_journal(tmp_path / "table.jsonl", coups=3)
    with table_server(path, keepalive=0.2) as server:
        display = browser.new_page(viewport={"width": 1920, "height": 1080})
        display.goto(server.url + "display?seats")
        display.wait_for_function(LIVE)
        display.evaluate(SAID)
        assert display.get_attribute("#announce", "aria-live") == "polite"
        banker_seven_to_six(path)
        display.wait_for_function("() => window.said.length >= 1")
        Journal(path).bets(1, [("banker", 10)])  # not a coup: nothing more to say
        display.wait_for_function(
            "() => document.querySelector('#seat-rows tr').cells[4].textContent === '10.00'"
        )
        assert len(display.evaluate("window.said")) == 1
        Journal(path).add(Hand.from_coup(Coup.parse("9s 9d / 4c 3c")))
        display.wait_for_function("() => window.said.length >= 2")
        assert display.evaluate("window.said") == [
            "Banker wins, 7 to 6 · Shoe 1 · Coup 4",
            "Player wins, 8 to 7 · Shoe 1 · Coup 5",
        ]
        display.close()
