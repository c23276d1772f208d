"""One table of exit codes (docs/commands.md), true for every command: each command is run with
good input, with a file it cannot read or write, and with bad input or options, and exits with
the code the table gives for that case."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
from command_line import is_one_error, run

from roads.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "short.txt")


def documented_codes() -> dict[int, str]:
    """The table of docs/commands.md: exit code to meaning."""
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    return {
        int(code): meaning for code, meaning in re.findall(r"^\| (\d+) \| (.+) \|$", page, re.M)
    }


DONE, COULD_NOT_READ_OR_WRITE, BAD_INPUT = 0, 1, 2


def cases(tmp: Path) -> dict[str, dict[int, list[list[str]]]]:
    """For each command: argument lists by the exit code they must give."""
    missing = str(tmp / "nosuch.txt")
    no_folder = str(tmp / "no" / "such" / "folder" / "x")
    folder = str(tmp)
    bad = tmp / "bad.txt"
    bad.write_text("BPX\n", encoding="utf-8")
    readers = {
        "show": ([], [], ["--shoe", "0"]),
        "export": ([], ["-o", no_folder + ".json"], ["--format", "gif"]),
        "render": (["-o", str(tmp / "b.svg")], ["-o", no_folder + ".svg"], ["-o", "x.gif"]),
        "animate": (["-o", str(tmp / "a.svg")], ["-o", no_folder + ".svg"], ["--fps", "0"]),
        "report": (["-o", str(tmp / "r.html")], ["-o", no_folder + ".html"], ["--decks", "0"]),
        "study": (["-o", str(tmp / "s.json")], ["-o", no_folder + ".json"], ["--jobs", "0"]),
        "scorecard": (["-o", str(tmp / "c.pdf")], ["-o", no_folder + ".pdf"], ["--per-page", "0"]),
    }
    table: dict[str, dict[int, list[list[str]]]] = {}
    for name, (ok, unwritable, wrong) in readers.items():
        table[name] = {
            DONE: [[EXAMPLE, *ok]],
            COULD_NOT_READ_OR_WRITE: [[missing, *ok], [folder, *ok], [no_folder, *ok]]
            + ([[EXAMPLE, *unwritable]] if unwritable else []),
            BAD_INPUT: [[str(bad), *ok], [EXAMPLE, *wrong], [EXAMPLE, "--no-such-option"]],
        }
    table["simulate"] = {
        DONE: [["--seed", "1", "-o", str(tmp / "s.txt")]],
        COULD_NOT_READ_OR_WRITE: [["--seed", "1", "-o", no_folder + ".txt"]],
        BAD_INPUT: [["--shoes", "0"], ["--decks", "x"]],
    }
    table["odds"] = {
        DONE: [["--decks", "1"]],
        BAD_INPUT: [["--decks", "0"], ["--remaining", "1,2"]],
    }
    journal = str(tmp / "game.jsonl")
    table["log"] = {
        DONE: [[journal, "--add", "B"]],
        COULD_NOT_READ_OR_WRITE: [[no_folder + ".jsonl", "--add", "B"], [folder, "--add", "B"]],
        BAD_INPUT: [[journal, "--add", "X"], [str(bad), "--add", "B"], [journal, "--bet", "x"]],
    }
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        port = str(taken.getsockname()[1])
    # DONE: it serves until stopped (tests/live/test_server.py, test_serve_stop.py)
    table["serve"] = {
        COULD_NOT_READ_OR_WRITE: [[no_folder + ".jsonl", "--port", "0"], [missing, "--read-only"]],
        BAD_INPUT: [[journal, "--port", "x"], [str(bad), "--port", "0"]],
    }
    table["serve"][COULD_NOT_READ_OR_WRITE].append([journal, "--port", port, "--taken"])
    seated = tmp / "seated.jsonl"
    seated.write_text(
        '{"roads": "journal", "version": 1}\n'
        '{"event": "join", "seat": 1, "name": "Ana", "bankroll": 100}\n',
        encoding="utf-8",
    )
    table["statement"] = {
        DONE: [[str(seated)], [str(seated), "-o", str(tmp / "s.json")]],
        COULD_NOT_READ_OR_WRITE: [[missing], [folder], [str(seated), "-o", no_folder + ".txt"]],
        BAD_INPUT: [
            [EXAMPLE],
            [str(bad)],
            [str(seated), "--shoe", "2"],
            [str(seated), "-o", "x.gif"],
        ],
    }
    return table


def test_the_docs_give_one_table_of_exit_codes() -> None:
    codes = documented_codes()
    assert sorted(codes) == [0, 1, 2, 3, 69, 75, 130]
    assert "could not be read or written" in codes[1]
    assert "bad input or options" in codes[2]


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_follows_the_table(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    documented = documented_codes()
    by_code = cases(tmp_path)[command]
    assert set(by_code) <= set(documented)
    for expected, runs in by_code.items():
        for args in runs:
            if "--taken" in args:  # the port is held by another listener meanwhile
                given = [arg for arg in args if arg != "--taken"]
                with socket.socket() as holder:
                    holder.bind(("127.0.0.1", int(given[given.index("--port") + 1])))
                    holder.listen()
                    code, _, err = run([command, *given], capsys)
            else:
                code, _, err = run([command, *args], capsys)
            assert code == expected, (command, args, err)
            if expected:
                assert is_one_error(err), err
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0 and out.startswith("Usage: roads " + command)
