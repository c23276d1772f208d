"""Draws every picture and sample output of the documentation with roads itself.

Run from the repository root after changing how boards look (and look at the pictures before
committing them):

    python docs/make_pictures.py

Pictures land in docs/img/. Sample outputs are written into the pages themselves, so that a page
reads the same as a file and on the built site: each sits between ``<!-- output NAME -->`` and
``<!-- /output -->`` (inside a fenced block where the page has one), NAME being one of
``OUTPUTS`` or ``odds-summary`` or ``study-conclusions``. The output is deterministic: the same
roads gives the same files.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
IMG = DOCS / "img"
EXAMPLES = ROOT / "examples"
EIGHT_DECKS = str(EXAMPLES / "eight-decks.jsonl")
SESSION = "{session}"  # eight shoes dealt from seed 7 into a file of the script's own

# (file in docs/img, arguments of the roads command that writes it to OUT)
PICTURES: list[tuple[str, list[str]]] = [
    # The whole board of a full 8-deck shoe, and its variants.
    ("board.png", ["render", EIGHT_DECKS, "--title", "8-deck shoe, seed 2026"]),
    ("board-zh-dark.png", ["render", EIGHT_DECKS, "--lang", "zh", "--theme", "dark"]),
    ("board-print.png", ["render", EIGHT_DECKS, "--theme", "print", "--columns", "16"]),
    ("short.png", ["render", str(EXAMPLES / "short.txt"), "--title", "A short practice shoe"]),
    # Road rules, one grid at a time (docs/roads.md).
    ("bead-plate.png", ["render", "--hands", "BPbTnPpBBPTBbPnBT", "--road", "bead-plate"]),
    ("big-road-ties.png", ["render", "--hands", "TTBPTTPBpTB", "--road", "big-road"]),
    ("big-road-only-ties.png", ["render", "--hands", "TT", "--road", "big-road"]),
    ("dragon-7-7.png", ["render", "--hands", "BBBBBBBPPPPPPP", "--road", "big-road"]),
    ("dragon-8-8.png", ["render", "--hands", "BBBBBBBBPPPPPPPP", "--road", "big-road"]),
    ("dragon-under.png", ["render", "--hands", "BBBBBBBBPPPPPPPPBBBBBBB", "--road", "big-road"]),
    ("bppb-big-road.png", ["render", "--hands", "BPPPB", "--road", "big-road"]),
    ("bppb-big-eye-boy.png", ["render", "--hands", "BPPPB", "--road", "big-eye-boy"]),
    ("derived-board.png", ["render", "--hands", "BPPBBBPBPPBBPPPBPB", "--title", "18 coups"]),
    ("small-road.png", ["render", "--hands", "BPPBBBPBPPBBPPPBPB", "--road", "small-road"]),
    ("cockroach-pig.png", ["render", "--hands", "BPPBBBPBPPBBPPPBPB", "--road", "cockroach-pig"]),
    ("labels-total.png", ["render", EIGHT_DECKS, "--road", "bead-plate", "--label", "total"]),
    ("last-12.png", ["render", EIGHT_DECKS, "--road", "big-road", "--columns", "12"]),
    # Tails (docs/rules/roads.md): the same coups, straight and drop-back.
    ("tails-straight.png", ["render", "--hands", "BBBBBBBBPPPPPPPP", "--road", "big-road"]),
    (
        "tails-drop-back.png",
        ["render", "--hands", "BBBBBBBBPPPPPPPP", "--road", "big-road", "--tails", "drop-back"],
    ),
    # Layouts and themes (docs/commands.md).
    ("layout-casino.png", ["render", EIGHT_DECKS, "--layout", "casino", "--columns", "24"]),
    ("layout-lobby.png", ["render", EIGHT_DECKS, "--layout", "lobby"]),
    ("theme-accessible.png", ["render", str(EXAMPLES / "short.txt"), "--theme", "accessible"]),
    ("wall.png", ["render", SESSION, "--wall"]),
    # A shoe's story.
    ("short.gif", ["animate", str(EXAMPLES / "short.txt"), "--fps", "4"]),
    ("report-charts.png", ["report", EIGHT_DECKS, "--decks", "8"]),
    # Do the roads predict anything? (docs/notice.md)
    ("study.png", ["study", "--shoes", "2000", "--seed", "1"]),
]

# (name of a sample output in the pages, arguments of the roads command that prints it)
OUTPUTS: list[tuple[str, list[str]]] = [
    ("show", ["show", "--hands", "BPPPBTBPbPnBBPPBP", "--no-colour", "--columns", "16"]),
    ("odds", ["odds", "--decks", "8"]),
    ("simulate", ["simulate", "--seed", "7", "--decks", "8"]),
    ("tally", ["simulate", "--seed", "7", "--shoes", "1000", "--tally"]),
    ("export-json", ["export", "--hands", "TBPbPPnBpTBPPB"]),
    ("export-csv", ["export", "--hands", "BPPB", "--format", "csv"]),
]
OUTPUT_NAMES = [name for name, _ in OUTPUTS] + ["odds-summary", "study-conclusions"]
"""Every sample output a page may show."""

OUTPUT_BLOCK = re.compile(
    r"^<!-- output (?P<name>\S+) -->\n\n(?:(?P<fence>```\w*)\n)?(?P<body>.*?)"
    r"(?(fence)```\n)\n<!-- /output -->$",
    re.MULTILINE | re.DOTALL,
)
"""A sample output in a page: its name, the fence around it (if any) and its text."""


def shown_outputs(page: str) -> list[tuple[str, str]]:
    """The (name, text) of each sample output ``page`` shows, in order."""
    return [(match["name"], match["body"]) for match in OUTPUT_BLOCK.finditer(page)]


def with_outputs(page: str, outputs: dict[str, str]) -> str:
    """``page`` with the text of each sample output it shows replaced by ``outputs``'."""

    def fill(match: re.Match[str]) -> str:
        text = outputs[match["name"]]
        fenced = f"{match['fence']}\n{text}```\n" if match["fence"] else text
        return f"<!-- output {match['name']} -->\n\n{fenced}\n<!-- /output -->"

    return OUTPUT_BLOCK.sub(fill, page)


def outputs() -> dict[str, str]:
    """Every sample output, by name, as roads prints it today."""
    printed = {name: roads(*args) for name, args in OUTPUTS}
    printed["odds-summary"] = odds_summary()
    printed["study-conclusions"] = study_conclusions()
    return printed


# (file in docs/img, arguments of the roads command that writes a PDF to OUT, resolution): the
# first page of the PDF as pdftoppm (poppler-utils) draws it, as a printer would print it.
PRINTED: list[tuple[str, list[str], int]] = [
    ("score-card-blank.png", ["scorecard", "--roads", "all"], 100),
    ("score-card-filled.png", ["scorecard", str(EXAMPLES / "session.jsonl"), "--shoe", "2"], 100),
    (
        "score-card-zh.png",
        ["scorecard", "--lang", "zh", "--paper", "letter", "--per-page", "2"],
        80,
    ),
]


# (file in docs/img, the page of roads serve, the browser window's width and height): the table's
# screens in headless Chromium (/usr/bin/chromium, with Playwright), at the home table of
# docs/cookbook/home-game.md with 42 coups of a simulated shoe logged by their cards. The QR code
# holds the seat's link, whose key is this run's: it differs from one run to the next.
SCREENSHOTS: list[tuple[str, str, tuple[int, int]]] = [
    ("screens-display.png", "/display?seats", (1920, 1080)),
    ("screens-console.png", "/", (1024, 768)),
    ("screens-seat.png", "/seat/2", (390, 844)),
]


SCREENS_PORT = 8642  # in the display's QR code: the same port, the same picture


def _free_port(wanted: int) -> int:
    """``wanted`` if nothing listens there, else any free port (the QR code then differs)."""
    import socket

    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", wanted))
        except OSError:
            print(f"port {wanted} is taken: the display's QR code will change", file=sys.stderr)
            return 0
    return wanted


def screenshots(folder: str) -> None:
    """Write the SCREENSHOTS: the table's display, the croupier's console and a seat's page."""
    import os

    from playwright.sync_api import sync_playwright

    from roads.hands.journal import Journal
    from roads.live.server import LiveServer
    from roads.scoreboard import Scoreboard
    from roads.tables import read_table

    # The QR code holds a seat's key, made from the server's secret and the journal's path:
    # a fixed secret, a fixed path and a fixed port give the same pictures on every run.
    state = Path(folder) / "state"
    state.mkdir()
    (state / "serve-secret").write_text("00" * 32 + "\n", encoding="ascii")
    os.environ["ROADS_STATE_DIR"] = str(state)
    fixed = Path(tempfile.gettempdir()) / "roads-docs-screens"
    shutil.rmtree(fixed, ignore_errors=True)
    fixed.mkdir()
    path = fixed / "home.jsonl"
    journal = Journal(path)
    journal.use_table(read_table(EXAMPLES / "home-table.toml").table)
    journal.set_plan(60)
    journal.join(1, "Ana", 1000)
    journal.join(2, "Ben", 500)
    for number, hand in enumerate(Scoreboard.simulate(seed=7).hands[:42]):
        if number % 3 == 0:
            journal.bets(1, [("banker", 20)])
        if number % 4 == 1:
            journal.bets(2, [("player", 10), ("tie", 5)])
        journal.add(hand)
    journal.bets(1, [("banker", 100)])
    journal.bets(2, [("player", 50), ("player_pair", 5)])
    with (
        LiveServer(path, port=_free_port(SCREENS_PORT), log=print).start() as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--hide-scrollbars"]
        )
        for name, route, (width, height) in SCREENSHOTS:
            address = route
            if route.startswith("/seat/"):
                seat = int(route.rsplit("/", 1)[1])
                address += f"?key={server.access.seat_key(journal.session, seat)}"
            tab = browser.new_page(viewport={"width": width, "height": height})
            tab.goto(server.url.rstrip("/") + address)
            tab.wait_for_function("() => document.getElementById('status').className === ''")
            tab.wait_for_timeout(300)  # the QR code and the fonts in place
            tab.screenshot(path=str(IMG / name))
            tab.close()
            print(f"docs/img/{name}")
        browser.close()


def printed(name: str, args: list[str], dpi: int, folder: str) -> None:
    """Write ``docs/img/NAME``: the first page of the PDF ``roads ARGS`` writes, rasterised."""
    pdf = str(Path(folder) / "printed.pdf")
    roads(*args, "-o", pdf)
    target = IMG / name
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", "-singlefile", pdf],
        stdout=target.open("wb"),
        check=True,
    )


def roads(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "roads", *args], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        sys.exit(f"roads {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def odds_summary() -> str:
    """How far the exact odds of the next coup moved over the example shoe (docs/notice.md)."""
    from roads import Scoreboard
    from roads.story.charts import odds_summary
    from roads.story.remaining import odds_trail

    board = Scoreboard.read(EIGHT_DECKS)
    trail = odds_trail(board.hands, 8)
    lines = odds_summary(trail)
    coups = len(board.hands)
    heading = f"The exact odds of the next coup, from the cards left, over {coups} coups:"
    return "\n".join([heading, *(f"  {line}" for line in lines)]) + "\n"


def study_conclusions() -> str:
    """What roads study concludes over the shoes of docs/img/study.png (docs/notice.md)."""
    import json

    study = json.loads(roads("study", "--shoes", "2000", "--seed", "1", "-o", "-"))
    return "".join(f"- {line}\n" for line in study["conclusions"])


def main() -> None:
    IMG.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        session = str(Path(folder) / "session.csv")
        roads("simulate", "--seed", "7", "--shoes", "8", "--format", "csv", "-o", session)
        for name, args in PICTURES:
            roads(*(session if arg == SESSION else arg for arg in args), "-o", str(IMG / name))
            print(f"docs/img/{name}")
        for name, args, dpi in PRINTED:
            printed(name, args, dpi, folder)
            print(f"docs/img/{name}")
        screenshots(folder)
    samples = outputs()
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        filled = with_outputs(text, samples)
        if filled != text:
            page.write_text(filled, encoding="utf-8")
            print(f"{page.relative_to(ROOT)} (sample outputs)")


if __name__ == "__main__":
    main()
