"""Progress of long jobs: the library tells a listener only, a file read as a stream reports
its bytes, and the command line's bars go to a terminal on standard error only."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from command_line import read_terminal
from progress_recorder import Recorder

from roads.scoreboard import Scoreboard


def test_long_library_jobs_report_their_progress_to_a_listener_only() -> None:
    from roads.progress import AT_LEAST, reporting

    hands = "B" * (AT_LEAST + 5)
    Scoreboard.from_notation(hands)  # nobody listening: nothing to tell
    recorder = Recorder()
    with reporting(recorder):
        board = Scoreboard.from_notation(hands)
        Scoreboard.from_notation("BP")  # too short to report
    assert recorder.events[0] == ("start", ("Building the roads", AT_LEAST + 5))
    assert recorder.events[-1] == ("finish", None)
    advanced = sum(int(step) for kind, step in recorder.events if kind == "advance")
    assert advanced == AT_LEAST + 5 == len(board)


@pytest.mark.parametrize("kind", ["txt", "jsonl", "csv"])
def test_a_file_read_as_a_stream_reports_the_bytes_read(tmp_path: Path, kind: str) -> None:
    from roads.hands.streaming import stream_hands
    from roads.progress import AT_LEAST, reporting

    board = Scoreboard.simulate(seed=3)
    rows = {
        "txt": ["BPTbpn" * 60] * 400,
        "jsonl": [json.dumps(hand.as_dict()) for hand in board.hands] * 40,
        "csv": ["outcome", *(hand.outcome.value for hand in board.hands)],
    }[kind]
    if kind == "csv":
        rows += rows[1:] * 700
    source = tmp_path / f"long.{kind}"
    source.write_text("\n".join(rows) + "\n")
    size = source.stat().st_size
    assert size > AT_LEAST
    recorder = Recorder()
    with reporting(recorder):
        hands = stream_hands(str(source), smallest=0)
        assert hands is not None
        assert recorder.events == []  # nothing is read before the hands are asked for
        read = sum(1 for _ in hands)
    assert read > 0
    assert recorder.events[0] == ("start", (f"Reading {source.name}", size))
    assert recorder.events[-1] == ("finish", None)
    advanced = sum(int(step) for kind, step in recorder.events if kind == "advance")
    assert advanced == size
    assert len(recorder.events) < 100  # told in batches, not line by line


@pytest.mark.parametrize(
    ("args", "label"),
    [
        # a long notation file streams: its bar follows the reading, as the roads are built
        (["show", "{long}", "--columns", "4"], b"Reading long.txt"),
        # each a process on a terminal (1-2 s here): CI runs them (--stress)
        pytest.param(
            ["simulate", "--shoes", "40", "--seed", "1"], b"Dealing shoes", marks=pytest.mark.stress
        ),
        pytest.param(
            ["simulate", "--shoes", "1100", "--seed", "1", "--tally"],
            b"Counting shoes",
            marks=pytest.mark.stress,
        ),
    ],
)
def test_progress_bars_go_to_a_terminal_on_stderr_only(
    tmp_path: Path, args: list[str], label: bytes
) -> None:
    from roads.progress import AT_LEAST

    source = tmp_path / "long.txt"
    source.write_text("BP" * (AT_LEAST // 2 + 1))
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", *(a.replace("{long}", str(source)) for a in args)],
        stdout=subprocess.PIPE,
        stderr=follower,
    )
    os.close(follower)
    shown = read_terminal(leader)
    assert process.stdout is not None
    out = process.stdout.read()
    process.stdout.close()
    assert process.wait(timeout=60) == 0
    assert label in shown
    assert out and label not in out
