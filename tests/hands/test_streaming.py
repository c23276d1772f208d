"""Exports written as they are made, from hands read as a stream, equal the in-memory export."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from command_line import run
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import shoes
from tiers import size

from roads.errors import ParseError, RoadsError
from roads.game.shoe import Shoe
from roads.grids.export import export_csv, export_json, write_csv, write_json
from roads.grids.roads import Roads
from roads.hands import writers
from roads.hands.hand import Hand
from roads.hands.readers import parse_hands
from roads.hands.streaming import stream_hands
from roads.scoreboard import Scoreboard


def _dealt(seed: int, count: int) -> list[list[Hand]]:
    return [[Hand.from_coup(c) for c in Shoe().deal(seed, i).coups] for i in range(count)]


@settings(max_examples=size(20, 80), deadline=None)
@given(shoes, st.sampled_from(["straight", "drop-back"]))
def test_streamed_exports_equal_the_in_memory_exports(hands: list[Hand], tails: str) -> None:
    board = Scoreboard(hands, tails=tails)
    json_out, csv_out = io.StringIO(), io.StringIO()
    write_json(json_out.write, iter(hands), tails=tails)
    write_csv(csv_out.write, iter(hands), tails=tails)
    assert json_out.getvalue() == export_json(board.roads)
    assert csv_out.getvalue() == export_csv(board.roads)


def test_streamed_exports_of_hands_with_cards_equal_the_in_memory_exports() -> None:
    hands = [hand for shoe in _dealt(4, size(6, 30)) for hand in shoe]
    out = io.StringIO()
    write_json(out.write, iter(hands))
    assert out.getvalue() == export_json(Scoreboard(hands).roads)


@settings(max_examples=size(10, 40), deadline=None)
@given(shoes, st.sampled_from(["straight", "drop-back"]))
def test_roads_without_their_hands_have_the_same_cells(hands: list[Hand], tails: str) -> None:
    kept = Roads(hands, tails=tails)
    compact = Roads(hands, tails=tails, keep_hands=False)
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert getattr(compact, road) == getattr(kept, road)
    assert (compact.stats, compact.ask, len(compact)) == (kept.stats, kept.ask, len(kept))
    if hands:
        undone = compact.undo()
        assert (undone.outcome, undone.natural) == (hands[-1].outcome, hands[-1].natural)
        kept.undo()
        assert compact.big_road == kept.big_road
    with pytest.raises(RoadsError, match="keep no hands"):
        _ = compact.hands


def _files(tmp_path: Path) -> dict[str, Path]:
    dealt = _dealt(8, 3)
    jsonl = "".join(writers.jsonl_lines(h, shoe=i + 1) for i, h in enumerate(dealt))
    table = writers.csv_header("shoe") + "".join(
        writers.csv_rows(h, shoe=i + 1) for i, h in enumerate(dealt)
    )
    notation = "# a comment\n" + "\n".join(writers.notation_line(h) for h in dealt)
    files = {"jsonl": jsonl, "csv": table, "txt": notation, "sniffed": jsonl}
    paths = {}
    for name, text in files.items():
        path = tmp_path / (f"hands.{name}" if name != "sniffed" else "hands")
        path.write_bytes(text.encode())
        paths[name] = path
    return paths


@pytest.mark.parametrize("kind", ["jsonl", "csv", "txt", "sniffed"])
@pytest.mark.parametrize(
    ("shoe", "every"), [(None, False), (1, False), (2, False), (3, False), (4, False), (None, True)]
)
def test_streamed_files_give_the_hands_and_errors_of_the_whole_file(
    tmp_path: Path, kind: str, shoe: int | None, every: bool
) -> None:
    path = _files(tmp_path)[kind]
    text = path.read_text()
    source = str(path)
    try:
        expected: list[Hand] | str = parse_hands(text, source, shoe=shoe, every_shoe=every)
    except ParseError as error:
        expected = str(error)
    stream = stream_hands(source, shoe=shoe, every_shoe=every, smallest=0)
    assert stream is not None
    try:
        got: list[Hand] | str = list(stream)
    except ParseError as error:
        got = str(error)
    assert got == expected


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("bad.jsonl", '{"outcome": "B"}\n{"outcome": "Q"}\n'),
        ("bad.jsonl", '{"outcome": "B"}\nnot json\n'),
        ("bad.csv", "outcome,natural\nB,true\nP,maybe\n"),
        ("bad.txt", "BPB\nBPQ\n"),
        ("bad.txt", "BPBBQ"),
        ("bad.jsonl", '{"outcome": "B"}\n{"outcome": "\xff"}\n'),
        ("deep.jsonl", '{"outcome": "B"}\n' + "[" * 100_000 + "\n"),
    ],
)
def test_a_bad_line_gives_the_error_of_the_whole_file(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1") if "\xff" in text else text.encode())
    with pytest.raises(ParseError) as whole:
        Scoreboard.read(path)
    stream = stream_hands(str(path), smallest=0)
    assert stream is not None
    with pytest.raises(ParseError) as streamed:
        list(stream)
    assert str(streamed.value) == str(whole.value)


def test_export_command_streams_the_same_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _files(tmp_path)["jsonl"]
    for args in (
        ["--all"],
        ["--shoe", "2"],
        ["--all", "--format", "csv"],
        ["--all", "--tails", "drop-back"],
    ):
        code, out, err = run(["export", str(path), *args], capsys)
        assert code == 0, err
        shoe = 2 if "--shoe" in args else None
        tails = "drop-back" if "--tails" in args else "straight"
        board = Scoreboard.read(path, shoe=shoe, every_shoe=shoe is None, tails=tails)
        assert out == (board.to_csv() if "csv" in args else board.to_json())


def test_export_to_standard_output_prints_nothing_when_a_later_line_is_bad(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "late.jsonl"
    path.write_text('{"outcome": "B"}\n' * 5000 + '{"outcome": "X"}\n')
    code, out, err = run(["export", str(path)], capsys)
    assert code == 2 and out == ""
    assert "late.jsonl:5001" in err


def test_show_of_a_streamed_file_prints_the_board_of_the_whole_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _files(tmp_path)["csv"]
    for tails in ("straight", "drop-back"):
        args = ["show", str(path), "--all", "--columns", "20", "--no-colour", "--tails", tails]
        code, out, err = run(args, capsys)
        assert code == 0, err
        board = Scoreboard.read(path, every_shoe=True, tails=tails)
        assert out == board.to_text(columns=20)


def test_sniffing_a_long_notation_with_a_bad_letter_ends() -> None:
    # A nested repetition in the notation's pattern backtracked exponentially on such text.
    from roads import formats

    assert formats.sniff(b"BPB\n" * 1000 + b"BPQ") is None
    assert formats.sniff(b"#" * 3000 + b"\nQ") is None
    text = formats.sniff(b"# a shoe\nBPBbTn, P|B\n")
    assert text is not None and text.name == "text"


def test_a_streamed_input_is_never_replaced_by_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from roads.hands import streaming

    monkeypatch.setattr(streaming, "STREAM_FROM", 0)
    path = _files(tmp_path)["jsonl"]
    before = path.read_bytes()
    link = tmp_path / "out.json"  # the input again, under a name an export may have
    link.symlink_to(path)
    code, _, err = run(["export", str(path), "--all", "-o", str(link)], capsys)
    assert code != 0 and "also an input" in err
    assert path.read_bytes() == before
