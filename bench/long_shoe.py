"""Benchmark of long journals (issue 15): is the cost of an event flat in the length of a shoe?

    python bench/long_shoe.py [COUPS]

The same 100,000 coups (or COUPS) are journalled twice: in one shoe, and in shoes of 80. For
each journal, as a user runs them:

- replay: ``roads log J -q`` with nothing to log (opens the journal: replays every line);
- ``roads log J --add B -q`` (replay, then one append under the lock), then an undo;
- ``roads export J --all -o out.json``;
- the Server-Sent Events update: ``roads serve J`` runs, a raw client follows ``/events``,
  this process appends a coup, and the time until the new board arrives is measured.

Each figure is printed with the ratio single shoe / shoes of 80 (bar: 1.3), both measured in
this run. The live page keeps the current shoe's roads between updates and draws at most its
last 60 columns a road, so the single shoe's update draws a window (fuller than a shoe of 80
coups, which is drawn whole) and adds one coup to roads already built.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _serving import serving
from _timing import ensure_bytecode, median_seconds

from roads.hands.journal import HEADER, Journal
from roads.hands.notation import parse_notation

SHOE = 80
BAR = 1.3
ROUNDS = 3


def write_journal(path: Path, coups: int, shoe: int | None) -> None:
    """A journal of ``coups`` random results (the same for a given count), in shoes of
    ``shoe`` coups or one shoe."""
    rng = random.Random(15)
    lines = [json.dumps(HEADER)]
    for number in range(coups):
        if shoe and number and number % shoe == 0:
            lines.append(json.dumps({"event": "shoe"}))
        outcome = rng.choice("BBBBPPPPT")
        lines.append(json.dumps({"event": "coup", "outcome": outcome}))
    path.write_text("\n".join(lines) + "\n")


def roads(*args: str) -> list[str]:
    return [sys.executable, "-m", "roads", *args]


def run(command: list[str]) -> None:
    subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)


def timed(command: list[str], repeat: int) -> float:
    return median_seconds(lambda: run(command), repeat=repeat, warmup=1)


def add_and_undo(path: Path, repeat: int) -> float:
    """Median time of ``roads log --add``; each add is undone (not timed) after it."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        run(roads("log", str(path), "--add", "B", "-q"))
        times.append(time.perf_counter() - began)
        run(roads("log", str(path), "--undo", "-q"))
    return statistics.median(times)


def next_board(response: http.client.HTTPResponse) -> None:
    kind = ""
    while True:
        line = response.readline()
        if not line:
            raise SystemExit("the event stream ended")
        if line.startswith(b"event:"):
            kind = line[6:].strip().decode()
        elif line == b"\n" and kind == "board":
            return


def sse_update(path: Path, repeat: int) -> float:
    """Median time from an append returning to its board arriving on the event stream."""
    with serving(path) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        connection.request("GET", "/events")
        response = connection.getresponse()
        next_board(response)
        journal = Journal(path)
        times = []
        for number in range(repeat):
            hand = parse_notation("BP"[number % 2])[0]
            journal.add(hand)
            began = time.perf_counter()
            next_board(response)
            times.append(time.perf_counter() - began)
            journal.undo()
            next_board(response)
        connection.close()
    return statistics.median(times)


def main() -> None:
    coups = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        single, split = Path(folder, "one-shoe.jsonl"), Path(folder, "shoes-of-80.jsonl")
        write_journal(single, coups, None)
        write_journal(split, coups, SHOE)
        out = str(Path(folder, "out.json"))
        rows = [
            ("replay (roads log J -q)", lambda p: timed(roads("log", str(p), "-q"), 3)),
            ("roads log J --add B", lambda p: add_and_undo(p, 3)),
            (
                "roads export J --all",
                lambda p: timed(roads("export", str(p), "--all", "-o", out), 1),
            ),
            ("SSE update after an append", lambda p: sse_update(p, 3)),
        ]
        print(f"{coups:,} coups: one shoe vs shoes of {SHOE} (bar: ratio <= {BAR})")
        print(f"{'':34} {'one shoe':>10} {'shoes of 80':>12} {'ratio':>7}")
        for label, measure in rows:
            # interleaved rounds, so that a change of the machine's speed hits both alike
            ones, manys = [], []
            for _ in range(ROUNDS if "SSE" not in label else 1):
                ones.append(measure(single))
                manys.append(measure(split))
            one, many = statistics.median(ones), statistics.median(manys)
            ratio = one / many
            verdict = "ok" if ratio <= BAR else "OVER"
            print(f"{label:34} {one:9.3f}s {many:11.3f}s {ratio:7.2f} {verdict}", flush=True)


if __name__ == "__main__":
    main()
