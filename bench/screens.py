"""Benchmark of the table's screens (issue 37): a tap on a seat's phone or on the croupier's
console until its mark is painted on the table display, against the same measure on today's
live page (the baseline: a tap on its button until its own board is painted), in one run.

    python bench/screens.py [--baseline REF] [--samples N]

``roads serve`` runs as its own process, as a user runs it, on a journal of 8,000 coups (100
shoes of 80, and 40 coups of the 101st) at a table of 8 seats, every seat with a bankroll and
bets. In one headless Chromium: the display (1920 x 1080, the seats shown), the console (1024 x
768) and 8 seat pages (390 x 844) are open. Each sample waits a random 50-150 ms, then taps,
and times from the tap's event in the tapping page to the first animation frame after the
display's DOM shows it (the pages share the browser's clock: ``performance.timeOrigin``):

- console tap: a coup (Banker), then Undo, alternately: the bead plate gains or loses a mark;
- seat tap: a bet of 10 on Banker from seat N (N = 1 … 8 in turn), then the console's Undo
  (not timed): the seat's "Bets" cell on the display changes;
- baseline: ``--baseline REF`` (default ``base``: the commit ``git merge-base HEAD main``
  names, today's page before issue 37; ``none`` skips it), checked out of git into a temporary
  folder and served the same journal, its live page alone in the browser: a tap on Banker
  (then Undo) until its own board shows it, as the issue measured "tap to paint" (p50 37 ms,
  max 342 ms at 8,000 coups).

The first two taps of each server are not timed (its first write replays the whole journal).
Figures: p50, p90, p99 and the worst, in ms, and each p50 and p99 as a ratio of the baseline's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from _timing import show

from roads.hands.journal_events import (
    coup_event,
    join_event,
    seat_bet_event,
    shoe_event,
    table_event,
)
from roads.scoreboard import Scoreboard
from roads.tables import make_table

ROOT = Path(__file__).resolve().parents[1]
SEATS = 8
SHOES = 100
IN_LAST = 40
TAPPED = """(selector) => {
  window.tapped = null;
  document.querySelector(selector).addEventListener("click", () => {
    window.tapped = performance.timeOrigin + performance.now();
  }, {capture: true, once: true});
}"""
WATCH = """(selector) => new Promise((resolve) => {
  const count = COUNT;
  const seen = () => count(document.querySelector(selector));
  const before = seen();
  const observer = new MutationObserver(() => {
    if (seen() === before) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.painted = performance.timeOrigin + performance.now(); });
  });
  observer.observe(document.querySelector(selector), {subtree: true, childList: true,
    characterData: true});
  window.painted = null;
  resolve(before);
})"""


def journal(path: Path) -> None:
    """8,000 coups: 100 shoes of 80 and 40 of the next, at a table of 8 seats, each seat with
    a bankroll, a bet on one coup in eight."""
    table = make_table(name="Bench table", seats=SEATS)
    lines = [{"roads": "journal", "version": 1}, table_event(table)]
    lines += [join_event(seat, f"Seat {seat}", 10**7) for seat in range(1, SEATS + 1)]
    for shoe in range(SHOES + 1):
        hands = Scoreboard.simulate(seed=shoe).hands[: 80 if shoe < SHOES else IN_LAST]
        for number, hand in enumerate(hands):
            lines.append(seat_bet_event(number % SEATS + 1, "banker", 10))
            lines.append(coup_event(hand))
        if shoe < SHOES:
            lines.append(shoe_event())
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


@contextmanager
def serving(path: Path, source: Path | None = None) -> Iterator[str]:
    """``roads serve`` of ``path`` (from the installed roads, or the package in ``source``):
    its address."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source)
        env["PYTHONSAFEPATH"] = "1"
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", str(path), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    match = re.search(r"(http://\S+/)", line)
    if match is None:
        process.kill()
        raise SystemExit(f"roads serve did not start: {line}")
    try:
        yield match.group(1)
    finally:
        process.terminate()
        process.wait(timeout=60)


WARMUP = 2
"""Taps before the timed ones on each page (the server's first write replays the journal)."""


def sample(
    tapper: Any, tap: str, watcher: Any, selector: str, count: str, after: Callable[[], None]
) -> float:
    """Milliseconds from a click on ``tap`` in ``tapper`` until ``watcher`` paints a change of
    ``count`` (a JS function of the element at ``selector``)."""
    tapper.wait_for_timeout(random.uniform(50, 150))
    watcher.evaluate(WATCH.replace("COUNT", count), selector)
    tapper.evaluate(TAPPED, tap)
    tapper.click(tap)
    watcher.wait_for_function("() => window.painted !== null", polling="raf", timeout=15_000)
    tapped = tapper.evaluate("() => window.tapped")
    painted = watcher.evaluate("() => window.painted")
    after()
    return float(painted - tapped)


def report(label: str, times: list[float], baseline: list[float] | None) -> None:
    ordered = sorted(times)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    p50, p99 = statistics.median(ordered), at(0.99)
    ratio = ""
    if baseline:
        base = sorted(baseline)
        base99 = base[min(len(base) - 1, int(len(base) * 0.99))]
        ratio = f"({p50 / statistics.median(base):.2f}x p50, {p99 / base99:.2f}x p99 of baseline)"
    show(f"{label}: p50", p50, "ms", ratio)
    show(f"{label}: p90", at(0.9), "ms")
    show(f"{label}: p99", p99, "ms")
    show(f"{label}: worst of {len(ordered)}", ordered[-1], "ms")


BEADS = "(element) => element.querySelectorAll('.mark.bead-plate').length"


def baseline_figures(browser: Any, path: Path, source: Path, samples: int) -> list[float]:
    with serving(path, source) as url:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(url)
        page.wait_for_function("() => document.getElementById('status').textContent === 'Live'")
        times = []
        for index in range(samples * 2 + WARMUP):
            tap = "button.outcome.banker" if index % 2 == 0 else "#undo"
            times.append(sample(page, tap, page, "#board", BEADS, lambda: None))
        del times[:WARMUP]
        page.close()
    return times


def screens_figures(browser: Any, path: Path, samples: int) -> dict[str, list[float]]:
    with serving(path) as url:
        display = browser.new_page(viewport={"width": 1920, "height": 1080})
        display.goto(url + "display?seats")
        console = browser.new_page(viewport={"width": 1024, "height": 768})
        console.goto(url)
        phones = []
        for seat in range(1, SEATS + 1):
            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(f"{url}seat/{seat}")  # this machine's server: no key is the croupier's
            phones.append(phone)
        for tab in (display, console, *phones):
            tab.wait_for_function("() => document.getElementById('status').className === ''")

        def undo() -> None:
            before = display.evaluate("() => document.getElementById('seat-rows').textContent")
            console.click("#undo")
            display.wait_for_function(
                "(before) => document.getElementById('seat-rows').textContent !== before",
                arg=before,
                timeout=15_000,
            )

        figures: dict[str, list[float]] = {"console": [], "seat": [], "console own board": []}
        for index in range(samples * 2 + WARMUP):
            tap = "button.outcome.banker" if index % 2 == 0 else "#undo"
            figures["console"].append(
                sample(console, tap, display, "#grid-bead-plate", BEADS, lambda: None)
            )
        del figures["console"][:WARMUP]
        for index in range(samples):
            phone = phones[index % SEATS]
            phone.click("#chips button:text-is('10')")
            figures["seat"].append(
                sample(
                    phone,
                    "#spots button[data-on=banker]",
                    display,
                    "#seat-rows",
                    "(element) => element.textContent",
                    undo,
                )
            )
        for index in range(samples * 2):
            tap = "button.outcome.banker" if index % 2 == 0 else "#undo"
            figures["console own board"].append(
                sample(console, tap, console, "#board", BEADS, lambda: None)
            )
    return figures


def checkout(ref: str, folder: Path) -> Path | None:
    """The roads package of git ``ref``, in ``folder``; None when it cannot be had."""
    if ref == "none" or shutil.which("git") is None:
        return None
    if ref == "base":
        found = subprocess.run(
            ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"],
            capture_output=True,
            text=True,
            check=False,
        )
        if found.returncode:
            return None
        ref = found.stdout.strip()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "roads"], capture_output=True, check=False
    )
    if archive.returncode:
        print(f"(no baseline: git archive {ref} failed)")
        return None
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    for font in (ROOT / "fonts").glob("*.otf"):  # the wheel's fonts, as the build puts them
        (folder / "roads" / "fonts").mkdir(exist_ok=True)
        shutil.copy(font, folder / "roads" / "fonts" / font.name)
    print(f"baseline: today's live page, roads at {ref}")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="base", help="git ref of today's page, or none")
    parser.add_argument("--samples", type=int, default=50, help="taps per measure (x2 for coups)")
    arguments = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("this benchmark needs Chromium (and Playwright)")
    from playwright.sync_api import sync_playwright

    random.seed(37)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / "bench.jsonl"
        journal(path)
        os.environ.setdefault("ROADS_STATE_DIR", str(folder / "state"))
        os.environ.setdefault("ROADS_CACHE_DIR", str(folder / "cache"))
        source = checkout(arguments.baseline, folder / "baseline")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            base = None
            if source is not None:
                base = baseline_figures(browser, path, source, arguments.samples)
                report("baseline: today's page, tap -> its own board", base, None)
            figures = screens_figures(browser, path, arguments.samples)
            report("console tap -> mark painted on /display", figures["console"], base)
            report("seat tap -> bet painted on /display", figures["seat"], base)
            report("console tap -> its own board", figures["console own board"], base)
            browser.close()


if __name__ == "__main__":
    main()
