"""Hand readers trust nothing about their input: a device or a FIFO is refused at once, standard
input that cannot be text stops at once, a size limit holds, a wide CSV header costs linear time,
and a journal's NUL-padded torn tail or byte order mark is read by ``show`` as ``log`` repairs
it. Each command runs as its own process under a memory cap, timed from inside (processor
seconds, which a loaded machine does not stretch; ``bench/readers.py`` measures wall time)."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import pytest
from command_line import is_one_error, run
from memory import measured

from roads.hands import intake, streaming
from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation
from roads.inputs import read_hands

LIMIT = 100 << 20  # bytes of memory each command may use at most


def timed(*args: str, stdin: str | None = None) -> tuple[int, str, dict[str, float]]:
    """Exit code, error text and {seconds, bytes} of ``roads ARGS`` in its own process."""
    return measured(*args, stdin=stdin)


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("command", ["show", "export", "render", "study"])
@pytest.mark.parametrize(("where", "kind"), [("/dev/zero", "a device"), ("fifo", "a FIFO")])
def test_a_device_or_a_fifo_is_refused_at_once(
    command: str, where: str, kind: str, fifo: str, tmp_path: Path
) -> None:
    source = fifo if where == "fifo" else where
    out = ["-o", str(tmp_path / "out.svg")] if command == "render" else []
    out = ["-o", str(tmp_path / "s.json")] if command == "study" else out
    code, err, used = timed(command, source, *out)
    assert code == 2 and is_one_error(err), err
    assert f"{source}: not a regular file ({kind})" in err and "give a file, or -" in err
    assert used["seconds"] < 1 and used["bytes"] < LIMIT, used


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_standard_input_that_cannot_be_text_stops_at_once(device: str) -> None:
    code, err, used = timed("show", "-", stdin=device)
    assert code == 2 and is_one_error(err) and "standard input looks like binary data" in err
    assert used["seconds"] < 1 and used["bytes"] < LIMIT, used


def test_random_bytes_without_a_nul_are_still_binary() -> None:
    # About one random kibibyte in sixty holds no NUL; a NUL alone cannot be the test.
    from random import Random

    from roads import formats

    chance = Random(24)
    for _ in range(200):
        data = chance.randbytes(4096).replace(b"\x00", b"\xff")
        seen = formats.sniff(data)
        assert seen is not None and seen.binary
    latin = "# Bé in a comment\nBPPT\n".encode("latin-1")
    seen = formats.sniff(latin)
    assert seen is None or not seen.binary  # text with a stray byte: its reader names the byte


def test_a_wide_csv_header_takes_linear_time(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    columns = ["outcome", *(f"c{i}" for i in range(200_000))]
    path.write_text(",".join(columns) + "\nB\n")
    code, err, used = timed("show", str(path))
    assert code == 0, err
    assert used["seconds"] < 1 and used["bytes"] < LIMIT, used
    repeated = tmp_path / "repeated.csv"
    repeated.write_text(",".join([*columns, "c7", "c9"]) + "\nB\n")
    code, err, used = timed("show", str(repeated))
    assert code == 2 and "the header names 'c7', 'c9' more than once" in err, err
    assert used["seconds"] < 1, used


def test_input_over_the_size_limit_is_refused_with_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(intake, "MAX_INPUT", 1 << 20)
    # Read whole, as a file under the size a stream starts from is (the notation streams from
    # 64 KiB, in any size: issue 42.9).
    monkeypatch.setattr(streaming, "STREAM_NOTATION_FROM", streaming.STREAM_FROM)
    path = tmp_path / "long.txt"
    path.write_text("BP" * (1 << 20))
    code, _, err = run(["show", str(path)], capsys)
    assert code == 2 and is_one_error(err), err
    assert "long.txt: more than 1 MiB, the most roads reads at once: split it" in err
    with path.open("rb") as given:
        monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": given})())
        code, _, err = run(["show", "-"], capsys)
    assert code == 2 and "<stdin>: more than 1 MiB" in err, err


def test_a_streamed_line_over_the_line_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CSV row or a JSON line has a longest length; a line of the notation has none (it is
    read in pieces: tests/hands/test_notation_pieces.py)."""
    monkeypatch.setattr(streaming, "MAX_LINE", 1000)
    path = tmp_path / "one.jsonl"
    path.write_text('{"outcome": "B", "note": "' + "B" * 5000 + '"}\n')
    hands = streaming.stream_hands(str(path), smallest=0)
    assert hands is not None
    with pytest.raises(Exception, match=r"one\.jsonl: line 1 is longer than 0 MiB"):
        list(hands)


# -- one policy for readers and writers: NUL padding and a byte order mark ----------------------


def _journal(path: Path, notation: str) -> None:
    journal = Journal(path)
    for hand in parse_notation(notation):
        journal.add(hand)


def test_a_nul_padded_torn_tail_is_read_by_show_as_log_repairs_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    _journal(path, "BPB")
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"event": "coup", "outc' + b"\0" * 8192)
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0 and "ignoring a torn last line (line 5)" in err, err
    assert out.startswith("Coups 3 · Banker 2 · Player 1"), out
    assert [hand.outcome.value for hand in read_hands(str(path))] == ["B", "P", "B"]
    code, _, err = run(["log", str(path), "--add", "P"], capsys)
    assert code == 0 and "cutting off a torn last line (line 5)" in err, err
    assert path.read_bytes().startswith(whole) and b"\0" not in path.read_bytes()
    assert [hand.outcome.value for hand in read_journal(path).hands()] == ["B", "P", "B", "P"]


def test_nul_padding_after_a_file_of_hands_is_left_out_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    path.write_bytes(b"outcome\nB\nP\n" + b"\0" * 4096)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hands = read_hands(str(path))
    assert [hand.outcome.value for hand in hands] == ["B", "P"]
    assert any("ignoring 4096 NUL bytes at the end" in str(w.message) for w in caught)


def test_a_journal_with_a_byte_order_mark_is_read_and_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bom.jsonl"
    _journal(path, "BP")
    path.write_bytes(intake.BOM + path.read_bytes())
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0 and not err and out.startswith("Coups 2 · Banker 1 · Player 1"), err
    code, _, err = run(["log", str(path), "--add", "T"], capsys)
    assert code == 0, err
    assert path.read_bytes().startswith(intake.BOM)
    assert [hand.outcome.value for hand in read_journal(path).hands()] == ["B", "P", "T"]
    assert [hand.outcome.value for hand in read_hands(str(path))] == ["B", "P", "T"]


# -- JSON messages whole and actionable -----------------------------------------------------------


@pytest.mark.parametrize("journal", [False, True])
def test_an_integer_over_python_s_digit_limit_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], journal: bool
) -> None:
    path = tmp_path / "big.jsonl"
    first = '{"roads": "journal", "version": 1}\n' if journal else ""
    path.write_text(first + '{"event": "coup", "outcome": "B", "x": ' + "9" * 5000 + "}\n")
    code, _, err = run(["show", str(path)], capsys)
    line = 2 if journal else 1
    assert code == 2 and is_one_error(err), err
    assert f"big.jsonl:{line}: " in err and "a number longer than 4,300 digits" in err, err


def test_a_torn_json_line_s_message_is_a_whole_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "torn.jsonl"
    path.write_text('{"outcome": "B"}\n{"outcome": "P", "note": "abc\n{"outcome": "B"}\n')
    code, _, err = run(["show", str(path)], capsys)
    assert code == 2 and is_one_error(err), err
    assert "torn.jsonl:2:26: not JSON: unterminated string starting at column 26: the line " in err
    assert err.rstrip().endswith("may be cut short, as a write that did not finish leaves it")
