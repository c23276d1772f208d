"""Bad files and risky command lines lose no data: clean errors naming the file, outputs that
would replace an input refused before anything is written, exit codes a script can trust."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

import pytest
from command_line import run

from roads import atomic
from roads.errors import ParseError
from roads.game import cards
from roads.hands.journal import Journal, JournalError, amount, read_journal
from roads.hands.notation import parse_notation
from roads.live.server import LiveServer, hand_from_request
from roads.scoreboard import Scoreboard

DEEP = "[" * 100_000


def logged(path: Path, notation: str) -> None:
    journal = Journal(path)
    for hand in parse_notation(notation):
        journal.add(hand)


# -- nesting, devices, FIFOs -----------------------------------------------------------------------


@pytest.mark.parametrize("journal", [False, True])
def test_deep_nesting_is_a_one_line_error_naming_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], journal: bool
) -> None:
    path = tmp_path / "deep.jsonl"
    first = '{"roads": "journal", "version": 1}' if journal else '{"outcome": "B"}'
    path.write_text(first + "\n" + DEEP + "\n")
    code, _, err = run(["export", str(path)], capsys)
    what = "not a journal event" if journal else "not a coup"
    assert code == 2
    assert err == f"roads export: error: {path}:2: {what}: nested too deeply\n"


def test_the_server_shows_a_deeply_nested_line_as_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    logged(path, "BP")
    with LiveServer(path, port=0, log=[].append).start() as live:
        snapshot = live.watcher.snapshot
        with path.open("a") as file:
            file.write(DEEP + "\n")
        deadline = time.monotonic() + 10
        while not snapshot.state.get("error") and time.monotonic() < deadline:
            snapshot = live.watcher.wait(snapshot.version, 0.5) or snapshot
        assert "nested too deeply" in snapshot.state["error"]
        assert "2 coups" in snapshot.state["text"]["coups"]  # the last good board stays


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_fifo_or_a_device_as_a_journal_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    if kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    else:
        path = Path(os.devnull)
    code, _, err = run(["log", str(path), "--add", "B"], capsys)
    assert code == 2
    assert err == f"roads log: error: {path}: not a regular file, so not a journal\n"
    assert stat.S_ISFIFO(path.stat().st_mode) if kind == "fifo" else path.is_char_device()


# -- outputs over inputs ---------------------------------------------------------------------------


def test_export_over_its_own_input_is_refused_and_the_input_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    logged(path, "BPB")
    before = path.read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(path)
    # .jsonl is no export format, so that is refused first; a link to the input is caught too.
    for output, reason in ((path, "cannot write the export as '.jsonl'"), (link, "also an input")):
        code, _, err = run(["export", str(path), "-o", str(output)], capsys)
        assert code == 2 and reason in err
        assert path.read_bytes() == before
    hands = tmp_path / "hands.csv"
    hands.write_text("outcome\nB\nP\n")
    code, _, err = run(["export", str(hands), "-o", str(hands)], capsys)
    assert code == 2 and "is also an input of this command" in err
    assert hands.read_text() == "outcome\nB\nP\n"


def test_render_over_the_journal_is_refused_before_anything_is_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.svg"  # a journal, whatever its name
    logged(path, "B")
    before = path.read_bytes()
    code, _, err = run(["log", str(path), "--add", "BPB", "--render", str(path)], capsys)
    assert code == 2 and "is the journal itself" in err
    assert path.read_bytes() == before


# -- exit codes ------------------------------------------------------------------------------------


def test_logged_but_not_drawn_exits_3_and_keeps_the_coups(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    target = "/proc/roads-cannot-write-here.svg"
    code, _, err = run(["log", str(path), "--add", "BP", "--render", target], capsys)
    assert code == 3
    assert err.splitlines()[-1].startswith(
        "roads log: error: logged, but --render could not draw the board"
    )
    assert target in err
    assert [hand.notation for hand in read_journal(path).hands()] == ["B", "P"]
    code, _, _ = run(["log", str(path), "--add", "B#"], capsys)
    assert code == 2  # nothing logged: a different code
    assert len(read_journal(path).hands()) == 2


# -- results given as text -------------------------------------------------------------------------


def test_a_hash_in_results_given_as_text_is_an_error_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export", "--hands", "B#P"], capsys)
    assert code == 2 and out == ""
    assert err == (
        "roads export: error: position 2: unexpected '#': comments are for files, not for results "
        "given as text\n"
    )
    path = tmp_path / "j.jsonl"
    code, _, err = run(["log", str(path), "--add", "BP #B"], capsys)
    assert code == 2 and "--add: position 4: unexpected '#'" in err
    assert not path.exists() or read_journal(path).hands() == []
    with pytest.raises(ParseError, match="position 2: unexpected '#'"):
        hand_from_request({"hand": "B#"})
    assert len(parse_notation("B # a comment, in a file\nP", source="shoe.txt")) == 2


@pytest.mark.parametrize("value", ["١٠", "1_000", "1e3", "٣", "1,000_000"])
def test_money_is_ascii_digits(value: str) -> None:
    with pytest.raises(JournalError, match="not an amount of play money"):
        amount(value)


def test_the_card_parse_cache_is_bounded() -> None:
    for spaces in range(3 * cards._MOST_PARSED):
        assert str(cards.Card.parse(" " * spaces + "As")) == "As"
    assert len(cards._PARSED) <= cards._MOST_PARSED


# -- the atomic writer -----------------------------------------------------------------------------


def test_the_folder_is_synced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        mode = os.fstat(fd).st_mode
        synced.append("folder" if stat.S_ISDIR(mode) else "file")
        real_fsync(fd)

    real_replace = os.replace

    def replace(source: str, target: str) -> None:
        real_replace(source, target)
        synced.append("renamed")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic.write_atomic(tmp_path / "out.txt", "x")
    assert synced == ["file", "renamed", "folder"]


def _syncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What ``os.fsync`` and ``os.replace`` are asked to do from now on, in order."""
    done: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        done.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(source: str, target: str) -> None:
        real_replace(source, target)
        done.append("renamed")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return done


def test_a_file_not_durable_is_renamed_whole_and_not_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    done = _syncs(monkeypatch)
    atomic.write_atomic(target, "new", durable=False)
    assert done == ["renamed"]
    assert target.read_text() == "new"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.txt"]


def test_a_picture_is_replaced_whole_without_a_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pictures are made again from their input: ``backends.write`` renames, never syncs."""
    board = Scoreboard.from_notation("BPBT")
    target = tmp_path / "board.svg"
    done = _syncs(monkeypatch)
    board.save(str(target))
    assert done == ["renamed"]
    assert target.read_text() == board.svg()


@pytest.mark.parametrize("durable", [True, False])
def test_a_failed_write_names_the_target_and_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, durable: bool
) -> None:
    target = tmp_path / "out.svg"
    target.write_text("old")

    def broken(source: str, destination: str) -> None:
        raise OSError(errno.EIO, "Input/output error", source)

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="Input/output error") as raised:
        atomic.write_atomic(target, "new", durable=durable)
    assert raised.value.filename == str(target)
    assert target.read_text() == "old"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.svg"]
