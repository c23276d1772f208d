"""Benchmarks of the live board (issue 5): how soon a journal change reaches the web page.

    python bench/serve.py

``roads serve`` runs as its own process. This process appends coups to the journal (as
``roads log`` would) and measures, from the moment the append returns (on disk):

- until a raw Server-Sent Events client receives the new board;
- until the page's DOM shows it in headless Chromium (skipped without Chromium/Playwright);
- for a coup posted through the page's API, until the event arrives.

Each sample alternates a coup and an undo on a 60-coup shoe, after a random pause so the
watcher's polling phase is sampled fairly.
"""

from __future__ import annotations

import http.client
import json
import random
import re
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _serving import serving
from _timing import median_seconds, show

from roads.hands.journal import Journal
from roads.hands.notation import parse_notation
from roads.scoreboard import Scoreboard

SAMPLES = 30
TARGET = "(target < 500 ms)"


class Events:
    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()

    def board(self) -> dict[str, Any]:
        data = b""
        while True:
            line = self.response.readline()
            if line.startswith(b"data:"):
                data = line[5:]
            elif line == b"\n" and data:
                state: dict[str, Any] = json.loads(data)
                return state


def sample(change: Callable[[int], None], arrived: Callable[[], object]) -> list[float]:
    """Seconds from each change's return to ``arrived()`` returning."""
    times = []
    for index in range(SAMPLES * 2):
        time.sleep(random.uniform(0.02, 0.15))
        change(index)
        start = time.perf_counter()
        arrived()
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    ms = sorted(t * 1e3 for t in times)
    show(f"{label}, median", statistics.median(ms), "ms", TARGET)
    show(f"{label}, 90th percentile", ms[int(len(ms) * 0.9)], "ms")
    show(f"{label}, worst of {len(ms)}", ms[-1], "ms")


def journal_change(journal: Journal) -> Callable[[int], None]:
    coup = parse_notation("Bbn")[0]

    def change(index: int) -> None:
        if index % 2:
            journal.undo()
        else:
            journal.add(coup)

    return change


def main() -> None:
    random.seed(5)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.jsonl"
        journal = Journal(path)
        for hand in Scoreboard.simulate(seed=11).hands[:60]:
            journal.add(hand)
        with serving(path) as port:
            events = Events(port)
            events.board()
            board = Scoreboard(journal.session.hands())
            show(
                "draw the board of a 60-coup shoe (in this process)",
                median_seconds(board.svg) * 1e3,
                "ms",
            )

            report("journal append -> SSE event", sample(journal_change(journal), events.board))

            token = page_token(port)

            def post(index: int) -> None:
                body = {} if index % 2 else {"hand": "Pp"}
                target = "/api/undo" if index % 2 else "/api/coup"
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request(
                    "POST",
                    target,
                    json.dumps(body),
                    {"Content-Type": "application/json", "X-Roads-Token": token},
                )
                assert connection.getresponse().status == 200
                connection.close()

            report("POST /api/coup answered -> SSE event", sample(post, events.board))
            browser_figures(port, journal)


def page_token(port: int) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/")
    html = connection.getresponse().read().decode()
    match = re.search(r'"token":"([^"]+)"', html)
    assert match is not None
    return match.group(1)


def browser_figures(port: int, journal: Journal) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        print("(no Chromium or Playwright: browser figures skipped)")
        return
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function("() => document.getElementById('status').textContent === 'Live'")
        count = "document.querySelectorAll('#board .mark.bead-plate').length"

        def shown() -> None:
            want = len(journal.session.hands())
            page.wait_for_function(f"() => {count} === {want}", polling="raf", timeout=5000)

        report("journal append -> page DOM in Chromium", sample(journal_change(journal), shown))
        browser.close()


if __name__ == "__main__":
    main()
