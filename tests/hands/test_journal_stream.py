"""Every reader and writer of a journal looks at it in memory that stays flat: a sparse or zeroed
file, a run of NUL bytes or a line past the journal's limits is refused at once by every
command, with the limit named and the file untouched; ``roads log --repair`` keeps the lines
before it, and the file as it was beside it."""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

import pytest
from command_line import is_one_error, run
from hypothesis import given, settings
from hypothesis import strategies as st
from memory import measured
from tiers import size

from roads.errors import ParseError, RoadsError
from roads.formats import JOURNAL_HEADER_LINE
from roads.hands.intake import MAX_PADDING
from roads.hands.journal import Journal, JournalError, read_journal, replay
from roads.hands.journal_repair import repair
from roads.hands.journal_stream import MAX_CUT, MAX_EVENT_LINE, LineStream

COUP = (
    b'{"event": "coup", "outcome": "B", "banker_pair": false, "player_pair": false, '
    b'"natural": false}\n'
)
HUGE = 2 << 30
"""The size of the attack's files: 2 GiB."""
MOST_MEMORY = 100 << 20
"""What a command may take to refuse one of them."""
COMMANDS = (
    ("log", "{}", "--add", "B"),
    ("show", "{}"),
    ("serve", "{}", "--port", "0"),
    ("serve", "{}", "--read-only", "--port", "0"),
)


def _fingerprint(path: Path) -> tuple[int, int, str]:
    """The size, the time of the last change and a hash of the first and last MiB."""
    status = path.stat()
    with path.open("rb") as file:
        head = file.read(1 << 20)
        file.seek(max(status.st_size - (1 << 20), 0))
        tail = file.read()
    return status.st_size, status.st_mtime_ns, hashlib.sha256(head + tail).hexdigest()


def _sparse_journal(path: Path) -> Path:
    path.write_bytes(JOURNAL_HEADER_LINE + COUP)
    os.truncate(path, HUGE)
    return path


def _zeroed(path: Path) -> Path:
    path.touch()
    os.truncate(path, HUGE)
    return path


@pytest.mark.parametrize("make", [_sparse_journal, _zeroed], ids=["sparse-journal", "all-NUL"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:1] + c[2:3]))
def test_a_huge_file_is_refused_in_little_memory_and_left_as_it_was(
    tmp_path: Path, make: object, command: tuple[str, ...]
) -> None:
    path = make(tmp_path / "j.jsonl")  # type: ignore[operator]
    before = _fingerprint(path)
    code, err, used = measured(*(part.format(path) for part in command), timeout=60)
    assert code == 2, err
    assert is_one_error(err), err
    assert used["bytes"] < MOST_MEMORY, used
    assert _fingerprint(path) == before
    if make is _sparse_journal:
        assert f"more than {MAX_PADDING >> 20} MiB of NUL bytes from offset" in err
        assert "--repair" in err


def test_log_show_export_and_the_api_refuse_a_nul_run_with_the_same_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(JOURNAL_HEADER_LINE + COUP + b"\0" * (MAX_PADDING + 1) + b"\n" + COUP)
    reasons = set()
    for args in (["log", str(path), "--add", "B"], ["show", str(path)], ["export", str(path)]):
        code, _, err = run(args, capsys)
        assert code == 2
        reasons.add(err.split(": error: ", 1)[1].strip())
    with pytest.raises(ParseError) as error:
        read_journal(path)
    reasons.add(str(error.value))
    assert len(reasons) == 1, reasons
    assert (
        f"{path}:3: more than 1 MiB of NUL bytes from offset {len(JOURNAL_HEADER_LINE + COUP)}"
        in (str(error.value))
    )


def test_a_line_past_the_limit_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(
        JOURNAL_HEADER_LINE + COUP + b'{"event": "x", "pad": "' + b"a" * MAX_EVENT_LINE
    )
    before = _fingerprint(path)
    with pytest.raises(ParseError, match=r"j\.jsonl:3: longer than 1 MiB, the longest journal"):
        Journal(path)
    assert _fingerprint(path) == before


def test_nul_padding_a_crash_leaves_is_still_a_torn_tail(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(JOURNAL_HEADER_LINE + COUP + b'{"event": "co' + b"\0" * MAX_PADDING)
    with pytest.warns(UserWarning, match="torn last line"):
        journal = Journal(path)
    assert journal.session.coups == 1
    assert path.read_bytes() == JOURNAL_HEADER_LINE + COUP


def test_a_writer_does_not_cut_a_huge_open_batch(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with path.open("wb") as file:
        file.write(JOURNAL_HEADER_LINE + b'{"event": "begin"}\n')
        for _ in range(MAX_CUT // len(COUP) + 1):
            file.write(COUP)
    before = _fingerprint(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(JournalError, match="--repair"):
            Journal(path)
    assert _fingerprint(path) == before


def test_repair_keeps_the_lines_before_the_bad_part_and_the_file_beside(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    good = JOURNAL_HEADER_LINE + COUP + b'{"event": "begin"}\n' + COUP
    path.write_bytes(good + b"\0" * (MAX_PADDING + 5) + COUP)
    before = path.read_bytes()
    repaired = repair(path)
    assert repaired.backup == tmp_path / "j.jsonl.broken"
    assert repaired.backup.read_bytes() == before
    assert path.read_bytes() == JOURNAL_HEADER_LINE + COUP  # the open batch is left out
    assert (repaired.kept, repaired.lines) == (len(JOURNAL_HEADER_LINE + COUP), 2)
    assert "NUL bytes" in repaired.reason
    assert "--repair" not in repaired.reason
    assert Journal(path).session.coups == 1
    assert repair(path).backup is None  # nothing left to repair: nothing changed
    assert not (tmp_path / "j.jsonl.broken-1").exists()
    with pytest.raises(RoadsError, match="no such journal"):
        repair(tmp_path / "missing.jsonl")
    assert not (tmp_path / "missing.jsonl").exists()
    (tmp_path / "other.jsonl").write_bytes(b"B P T\n" + b"\0" * (MAX_PADDING + 1))
    with pytest.raises(ParseError, match="not a roads journal"):
        repair(tmp_path / "other.jsonl")
    assert not (tmp_path / "other.jsonl.broken").exists()


def test_roads_log_repair_of_a_sparse_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _sparse_journal(tmp_path / "j.jsonl")
    code, _, err = run(["log", str(path), "--repair"], capsys)
    assert code == 0, err
    assert f"kept 2 lines ({len(JOURNAL_HEADER_LINE + COUP)} of {HUGE:,} bytes)" in err
    assert (tmp_path / "j.jsonl.broken").stat().st_size == HUGE
    code, _, err = run(["log", str(path), "--add", "P"], capsys)
    assert code == 0, err
    assert [hand.outcome.value for hand in read_journal(path).hands()] == ["B", "P"]
    code, _, err = run(["log", str(path), "--repair", "--add", "B"], capsys)
    assert code == 2 and "--repair takes no other option" in err


@settings(max_examples=size(60, 400), deadline=None)
@given(
    lines=st.lists(st.sampled_from([COUP, b"\n", b'{"event": "undo"}\n']), max_size=20),
    tail=st.binary(max_size=40),
    piece=st.integers(1, 64),
)
def test_the_stream_reads_lines_as_a_whole_read_would(
    lines: list[bytes], tail: bytes, piece: int
) -> None:
    data = JOURNAL_HEADER_LINE + b"".join(lines) + tail
    position = 0

    def read(size: int) -> bytes:
        nonlocal position
        chunk = data[position : position + min(size, piece)]
        position += len(chunk)
        return chunk

    stream = LineStream(read, "j")
    try:
        got = list(stream.lines())
    except ParseError:
        assert b"\0" in tail or not tail.isascii() or b"\n" in tail
        return
    whole = data.split(b"\n")
    assert got[: len(whole) - 1] == [line.decode() for line in whole[:-1]]
    assert stream.tail in (whole[-1], b"")
    assert stream.unended == (stream.tail == b"" and whole[-1] != b"")


def test_a_journal_on_standard_input_and_a_text_take_the_same_limits() -> None:
    text = (JOURNAL_HEADER_LINE + COUP).decode() + "\0" * (MAX_PADDING + 1) + "\n"
    with pytest.raises(ParseError, match="NUL bytes"):
        replay(text, source="-")
