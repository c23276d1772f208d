"""No tap lost (issue 37): the server started again at random moments while the console logs
coups and a seat's phone places bets, and the pages offline for a while with taps waiting. Every
tap a page showed is in the journal exactly once, in the order of its page's taps, and no page
is loaded again; while the server cannot be reached the pill says so and counts the taps
waiting. README's ``pytest`` runs short versions; ``--stress`` the issue's (20 restarts in a
60-coup game, 20 seconds offline)."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import tiers
from screens_served import LIVE, TABLE

from roads.drawing.board import BoardOptions
from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation
from roads.live.server import LiveServer

pytestmark = pytest.mark.browser

HISTORY = "() => window.Roads.outboxes.flatMap((box) => box.history)"
EMPTY = "() => window.Roads.outboxes.every((box) => box.items().length === 0)"


def start(path: Path, port: int = 0) -> LiveServer:
    return LiveServer(
        path, port=port, options=BoardOptions(), log=[].append, timeout=5.0, lock_wait=5.0
    ).start()


def logged_keys(path: Path) -> list[str]:
    """The idempotency keys of the journal's lines, in its order."""
    keys = []
    for line in path.read_text().splitlines()[1:]:
        key = json.loads(line).get("id")
        if key is not None:
            keys.append(key)
    return keys


def assert_every_tap_once_in_order(tab: Any, keys: list[str]) -> int:
    """Every tap ``tab`` showed is logged, once, in the order of its taps; how many."""
    history = tab.evaluate(HISTORY)
    assert all(entry["outcome"] == "logged" for entry in history), history
    taps = [entry["id"] for entry in history]
    assert all(keys.count(key) == 1 for key in taps)
    assert sorted(taps, key=keys.index) == taps  # the page's order
    return len(taps)


def table(path: Path) -> Path:
    journal = Journal(path)
    journal.use_table(TABLE)
    journal.join(1, "Ana", 10**6)
    return path


class Restarts:
    """Stops the server and starts it again on its port, ``count`` times at random moments,
    from a thread of its own while the pages tap."""

    def __init__(self, path: Path, server: LiveServer, count: int, seed: int) -> None:
        self.path, self.server, self.count = path, server, count
        self.random = random.Random(seed)
        self.done = 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        port = self.server.port
        for _ in range(self.count):
            time.sleep(self.random.uniform(0.05, 0.6))
            self.server.close()
            time.sleep(self.random.uniform(0.0, 0.4))
            for _attempt in range(50):  # the port is free again once its sockets are closed
                try:
                    self.server = start(self.path, port)
                    break
                except Exception:  # the old socket still lingers
                    time.sleep(0.05)
            self.done += 1


def test_restarts_of_the_server_lose_no_tap_and_log_none_twice(
    browser: Any, tmp_path: Path
) -> None:
    coups = tiers.size(12, 60)
    path = table(tmp_path / "restarts.jsonl")
    server = start(path)
    seat_key = server.access.seat_key(read_journal(path), 1)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    console, phone = context.new_page(), context.new_page()
    console.goto(server.url)
    phone.goto(f"{server.url}seat/1?key={seat_key}")
    for tab in (console, phone):
        tab.wait_for_function(LIVE)
        tab.evaluate("() => { window.loadedOnce = true; }")
    restarts = Restarts(path, server, tiers.size(4, 20), seed=37)
    restarts.thread.start()
    try:
        for number in range(coups):
            phone.click("#chips button:text-is('10')")
            phone.click(f"#spots button[data-on={'banker' if number % 2 else 'player'}]")
            console.click(f"button.outcome.{('banker', 'player', 'tie')[number % 3]}")
            time.sleep(0.05)  # a croupier's pace, so that restarts fall among the taps
        restarts.thread.join(timeout=120)
        for tab in (console, phone):
            tab.wait_for_function(EMPTY, timeout=60_000)
    finally:
        restarts.thread.join(timeout=120)
        restarts.server.close()
    assert restarts.done == tiers.size(4, 20)
    keys = logged_keys(path)
    assert assert_every_tap_once_in_order(console, keys) == coups
    assert assert_every_tap_once_in_order(phone, keys) == coups
    session = read_journal(path)
    assert session.coups == coups
    assert [bet.stake for _, _, bet, _, _ in session.settlements()] + [
        bet.stake for bet in session.open_bets
    ] == [10] * coups
    for tab in (console, phone):
        assert tab.evaluate("() => window.loadedOnce === true")  # never loaded again
    context.close()


def test_taps_made_offline_wait_and_are_logged_once_after(browser: Any, tmp_path: Path) -> None:
    offline = tiers.size(2, 20)
    path = table(tmp_path / "offline.jsonl")
    with start(path) as server:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        console = context.new_page()
        console.goto(server.url)
        console.wait_for_function(LIVE)
        context.set_offline(True)
        console.wait_for_function("() => document.getElementById('status').className === 'off'")
        went = time.monotonic()
        for outcome in ("banker", "player", "tie", "banker", "player"):
            console.click(f"button.outcome.{outcome}")
        console.wait_for_function(
            "() => document.getElementById('status').textContent === 'Offline — 5 waiting'"
        )
        assert read_journal(path).coups == 0
        console.evaluate("() => { window.loadedOnce = true; }")
        console.wait_for_timeout(max(0, offline - (time.monotonic() - went)) * 1000)
        context.set_offline(False)
        console.wait_for_function(EMPTY, timeout=30_000)
        console.wait_for_function("() => document.getElementById('status').textContent === 'Live'")
        assert assert_every_tap_once_in_order(console, logged_keys(path)) == 5
        assert [hand.notation for hand in read_journal(path).hands()] == list("BPTBP")
        assert console.evaluate("() => window.loadedOnce === true")
        context.close()


def test_taps_kept_across_a_reload_are_sent_after_it(browser: Any, tmp_path: Path) -> None:
    path = table(tmp_path / "reload.jsonl")
    with start(path) as server:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        console = context.new_page()
        console.goto(server.url)
        console.wait_for_function(LIVE)
        context.set_offline(True)
        console.click("button.outcome.banker")
        console.click("button.outcome.player")
        console.wait_for_function(
            "() => document.getElementById('status').textContent === 'Offline — 2 waiting'"
        )
        taps = [entry["id"] for entry in console.evaluate(HISTORY)]
        console.route("**/api/**", lambda route: route.abort())  # the reload comes first
        context.set_offline(False)
        console.reload()
        console.unroute("**/api/**")
        console.wait_for_function(EMPTY, timeout=30_000)
        keys = logged_keys(path)
        assert [key for key in keys if key in taps] == taps
        assert [hand.notation for hand in read_journal(path).hands()] == ["B", "P"]
        context.close()


def test_a_refused_tap_sets_its_flags_again(browser: Any, tmp_path: Path) -> None:
    path = table(tmp_path / "refused.jsonl")
    journal = Journal(path)
    journal.set_plan(1)
    journal.add(parse_notation("B")[0])  # the plan is played: a further coup is refused
    with start(path) as server:
        console = browser.new_page(viewport={"width": 1024, "height": 768})
        console.goto(server.url)
        console.wait_for_function(LIVE)
        console.click("button[data-flag=banker_pair]")
        console.click("button[data-flag=natural]")
        console.click("button.outcome.player")  # clears the flags, until it is refused
        console.wait_for_function("() => document.getElementById('message').className === 'error'")
        assert "plan of 1 hands is played" in console.text_content("#message")
        flags = {"banker_pair": "true", "player_pair": "false", "natural": "true"}
        for flag, pressed in flags.items():
            assert console.get_attribute(f"button[data-flag={flag}]", "aria-pressed") == pressed
        assert read_journal(path).coups == 1
        console.close()
