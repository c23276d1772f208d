"""A table of players served for the browser tests of the table's screens (issue 37): its
journal, the server, what a page shows of its text sizes, and a QR code read back with zbar."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from roads.drawing.board import BoardOptions
from roads.hands.journal import Journal
from roads.live.server import LiveServer
from roads.scoreboard import Scoreboard
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[1]
TABLE = read_table(ROOT / "examples" / "home-table.toml").table
DISPLAY_SIZES = {"tv": (1920, 1080), "hd": (1280, 720), "portrait": (1080, 1920)}
CONSOLE_SIZES = {"tablet": (1024, 768), "tablet-portrait": (768, 1024), "phone": (390, 844)}


def table_journal(path: Path, *, coups: int = 80, plan: int = 100) -> Path:
    """A journal at the home table (examples/home-table.toml): a plan of ``plan`` hands, Ana
    at seat 1 and Ben at seat 2, and the first ``coups`` coups of a simulated shoe with their
    cards, some with bets."""
    journal = Journal(path)
    journal.use_table(TABLE)
    journal.set_plan(plan)
    journal.join(1, "Ana", 1000)
    journal.join(2, "Ben", 500)
    for number, hand in enumerate(Scoreboard.simulate(seed=7).hands[:coups]):
        if number % 5 == 0:
            journal.bets(1, [("banker", 10)])
        journal.add(hand)
    return path


@contextmanager
def table_server(path: Path, *, lang: str = "en", **kwargs: Any) -> Iterator[LiveServer]:
    kwargs.setdefault("timeout", 5.0)
    server = LiveServer(path, port=0, options=BoardOptions(lang=lang), log=[].append, **kwargs)
    with server.start():
        yield server


LIVE = "() => document.getElementById('status').className === ''"
"""The page's connection is up (its pill is not marked off)."""

TEXT_SIZES = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || element.closest("[hidden], .visually-hidden, script, style, title, desc")) {
      continue;
    }
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden") continue;
    let size = parseFloat(style.fontSize);
    if (element instanceof SVGElement) {
      const matrix = element.getScreenCTM();
      size *= Math.hypot(matrix.a, matrix.b);
    }
    found.push([size, text.slice(0, 40)]);
  }
  return found;
}"""
"""Every visible text of the page with the size it is drawn at, in CSS pixels (an SVG's text
at its font size times the SVG's scale)."""


def zbar() -> str:
    """zbarimg's path; the test is skipped without it, except in CI."""
    found = shutil.which("zbarimg")
    if found is None:
        if os.environ.get("ROADS_CI") == "1":
            pytest.fail("zbarimg is not installed (apt-get install zbar-tools)")
        pytest.skip("zbarimg is not installed (zbar-tools)")
    return found


def read_qr(picture: Path) -> list[str]:
    """What zbar reads in the PNG at ``picture``: one line per code."""
    result = subprocess.run(
        [zbar(), "--quiet", "--raw", str(picture)],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.stdout.splitlines()
