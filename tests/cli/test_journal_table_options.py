"""A journal records its table; ``--rules``, ``--tie-pays`` and ``--side-bets`` on the commands
that read it (render, export, show, report, animate) may repeat it but not contradict it: a
shoe's table cannot change once a coup is logged, so another table is an error naming both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from command_line import is_one_error, run

READERS = [
    ["export"],
    ["show"],
    ["render", "-o", "{out}/board.svg"],
    ["render", "--wall", "-o", "{out}/wall.svg"],
    ["report", "-o", "{out}/report.html"],
]


@pytest.fixture
def ez_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "ez.jsonl")
    code, _, err = run(["log", path, "--rules", "ez", "--add", "B7", "--add", "P8"], capsys)
    assert code == 0, err
    return path


def _args(command: list[str], tmp_path: Path) -> list[str]:
    return [part.format(out=tmp_path) for part in command]


@pytest.mark.parametrize("command", READERS)
@pytest.mark.parametrize(
    "options",
    [["--rules", "no-commission"], ["--rules", "standard"], ["--rules", "ez", "--tie-pays", "9"]],
)
def test_options_that_contradict_the_journal_are_one_clear_error(
    ez_journal: str,
    command: list[str],
    options: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run([*_args(command, tmp_path), ez_journal, *options], capsys)
    assert code != 0
    assert is_one_error(err), err
    assert "journal played at the ez table (Tie 8:1" in err
    assert "drop --rules" in err
    assert not (tmp_path / "board.svg").exists() and not (tmp_path / "report.html").exists()


@pytest.mark.parametrize("command", READERS)
def test_the_journals_own_table_given_again_or_none_reads_it(
    ez_journal: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for options in ([], ["--rules", "ez"], ["--rules", "EZ", "--tie-pays", "8"]):
        code, _, err = run([*_args(command, tmp_path), ez_journal, *options], capsys)
        assert code == 0, err


def test_the_export_of_the_journal_carries_its_own_marks(
    ez_journal: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["export", ez_journal, "--rules", "ez"], capsys)
    assert code == 0
    document = json.loads(out)
    assert document["rules"] == "ez"
    marks = [hand.get("marks") for hand in document["hands"]]
    assert marks == [["dragon_7"], ["panda_8"]]


def test_a_journal_without_a_table_is_standard_and_refuses_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "old.jsonl")
    assert run(["log", path, "--add", "B", "--add", "P"], capsys)[0] == 0
    code, _, err = run(["export", path, "--rules", "ez"], capsys)
    assert code != 0 and "journal played at the standard table" in err
    assert run(["export", path, "--rules", "standard"], capsys)[0] == 0


def test_files_that_record_no_table_take_the_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notation = tmp_path / "shoe.txt"
    notation.write_text("B7 P8 B6\n")
    code, out, _ = run(["export", str(notation), "--rules", "ez"], capsys)
    assert code == 0 and json.loads(out)["rules"] == "ez"
    code, out, _ = run(["export", str(notation), "--rules", "no-commission"], capsys)
    assert code == 0 and json.loads(out)["rules"] == "no-commission"
