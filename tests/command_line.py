"""Running the ``roads`` command in tests: in process (fast) or as a real process."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
from export_schema import check_output

from roads.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit code, standard output and standard error of ``roads ARGS`` run in this process."""
    with pytest.raises(SystemExit) as exit_:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out, err


def run_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m roads ARGS`` as its own process (a JSON export it prints is checked against
    the export's schema)."""
    result = subprocess.run(
        [sys.executable, "-m", "roads", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 0:
        check_output(args, result.stdout)
    return result


def is_one_error(err: str) -> bool:
    """Whether ``err`` is one ``roads COMMAND: error: ...`` line, followed for a usage error by
    click's ``Try 'roads COMMAND --help' for help.`` and nothing else."""
    first, *rest = err.strip().splitlines()
    command, colon, _ = first.partition(": error: ")
    if not colon or not command.startswith("roads"):
        return False
    return rest in ([], [f"Try '{command} --help' for help."])


def log_render(tmp_path: Path, name: str, *more: str) -> list[str]:
    """The arguments of ``roads log`` adding three coups to a journal in ``tmp_path`` and
    rendering the board to ``name``."""
    return ["log", str(tmp_path / "game.jsonl"), "--add", "BPB", "--render", name, *more]


def read_terminal(leader: int) -> bytes:
    """All a process wrote to the terminal whose leader end is ``leader``, until it closes."""
    shown = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 120)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    return shown
