"""The project's own pages, made for the browser checks (axe-core, keyboard, HTML validity):
the live page and its views served from a journal, the report and the study page as files,
and a board SVG inline and as an ``<img>``."""

from __future__ import annotations

import fcntl
import functools
import html
import http.server
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from roads.drawing.board import BoardOptions
from roads.game.coup import Coup
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.hands.journal import Journal
from roads.hands.notation import parse_notation
from roads.live.server import LiveServer
from roads.scoreboard import Scoreboard
from roads.story.report import report_html
from roads.study import run_study, simulated
from roads.study.page import study_html

ROOT = Path(__file__).resolve().parent.parent
SHOE = "BBPbPTPnBBBpTPBbnPPB"
CARDS = ("9s 9d / 4c 3c", "2h 3d 8c / Ks 3h", "Ah Kd 5s / 7h Qd", "Ad 2c 3s / 7h Kc")
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


def journal_of(path: Path, *, cards: bool) -> Path:
    """A journal at ``path``: a shoe of results, or (``cards``) of coups with their cards."""
    journal = Journal(path)
    if cards:
        for text in CARDS:
            journal.add(Hand.from_coup(Coup.parse(text)))
    else:
        for hand in parse_notation(SHOE):
            journal.add(hand)
    return path


@contextmanager
def live_server(path: Path, *, lang: str = "en", **kwargs: Any) -> Iterator[LiveServer]:
    server = LiveServer(
        path, port=0, options=BoardOptions(lang=lang), log=[].append, timeout=2.0, **kwargs
    ).start()
    with server:
        yield server


def report_file(folder: Path, lang: str) -> Path:
    board = Scoreboard.simulate(seed=7)
    page = folder / f"report-{lang}.html"
    page.write_text(report_html(board.roads, options=BoardOptions(lang=lang)), encoding="utf-8")
    return page


def study_file(folder: Path) -> Path:
    document = run_study(simulated(Shoe(decks=8), seed=3, shoes=6), engine="python")
    page = folder / "study.html"
    page.write_text(study_html(document), encoding="utf-8")
    return page


def board_files(folder: Path) -> tuple[Path, Path]:
    """A page holding a board SVG inline, and one showing it as an ``<img>`` with an alt, as
    the docs tell users to write it."""
    board = Scoreboard.from_notation(SHOE)
    (folder / "board.svg").write_text(board.svg(), encoding="utf-8")
    head = '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8">\n<title>Board</title>'
    head += '<meta name="viewport" content="width=device-width, initial-scale=1"></head>\n'
    inline = folder / "inline.html"
    inline.write_text(
        f"{head}<body><main><h1>Table 7</h1>\n{board.svg()}\n</main></body></html>\n",
        encoding="utf-8",
    )
    alt = html.escape("Baccarat scoreboard of table 7: 17 coups, Banker 9, Player 7, Tie 1")
    image = folder / "image.html"
    image.write_text(
        f'{head}<body><main><h1>Table 7</h1>\n<img src="board.svg" alt="{alt}" width="600">\n'
        "</main></body></html>\n",
        encoding="utf-8",
    )
    return inline, image


def has_mkdocs() -> bool:
    try:
        import mkdocs  # noqa: F401
    except ImportError:
        return False
    return True


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def docs_built(run_folder: Path) -> tuple[Path, int, str]:
    """The docs site built by ``mkdocs build --strict`` once for the folder ``run_folder``
    (one test run; pytest-xdist's workers share it, the first one there builds under a lock):
    the site's folder, mkdocs' exit status and the end of its stderr."""
    site, said = run_folder / "docs-site", run_folder / "docs-site.json"
    with open(run_folder / "docs-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not said.exists():
            result = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=False,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            )
            said.write_text(json.dumps([result.returncode, result.stderr[-3000:]]))
        code, stderr = json.loads(said.read_text())
    return site, code, stderr


@contextmanager
def docs_served(site: Path) -> Iterator[str]:
    """The built docs site in ``site``, served over HTTP: its URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
