"""Running the ``roads`` command in tests: in process (fast) or as a real process."""

from __future__ import annotations

import subprocess
import sys

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
