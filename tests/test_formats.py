"""One registry of formats (roads.formats): every command writes the format its file's
extension names and refuses one that contradicts it, inputs are recognised by content where
the name says nothing, and the registry's choice agrees with the name and the product."""

from __future__ import annotations

from pathlib import Path, PurePath

import pytest
from command_line import is_one_error, log_render, run, run_process
from hypothesis import given
from hypothesis import strategies as st

from roads import formats
from roads.formats import FormatError

PNG = b"\x89PNG\r\n\x1a\n"

WRITES = [
    (["simulate", "--seed", "3"], "txt", "text"),
    (["simulate", "--seed", "3"], "csv", "csv"),
    (["simulate", "--seed", "3"], "jsonl", "jsonl"),
    (["simulate", "--seed", "3", "--tally"], "jsonl", "jsonl"),
    (["export", "--hands", "BPT"], "json", "json"),
    (["export", "--hands", "BPT"], "csv", "csv"),
    (["render", "--hands", "BPB"], "svg", "svg"),
    (["render", "--hands", "BPB"], "png", "png"),
    (["animate", "--hands", "BPB"], "svg", "svg"),
    (["animate", "--hands", "BPB"], "gif", "gif"),
    (["animate", "--hands", "BPB"], "png", "png"),
    (["report", "--hands", "BPB"], "html", "html"),
    (["report", "--hands", "BPB"], "svg", "svg"),
    (["report", "--hands", "BPB"], "png", "png"),
    (["study", "--shoes", "2", "--seed", "1"], "json", "json"),
    (["study", "--shoes", "2", "--seed", "1"], "html", "html"),
    (["study", "--shoes", "2", "--seed", "1"], "svg", "svg"),
    (["study", "--shoes", "2", "--seed", "1"], "png", "png"),
]


@pytest.mark.parametrize(("args", "extension", "written"), WRITES)
def test_every_writing_command_writes_the_format_its_extension_names(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    extension: str,
    written: str,
) -> None:
    target = tmp_path / f"out.{extension}"
    code, _, err = run([*args, "-o", str(target)], capsys)
    assert code == 0, err
    seen = formats.sniff(target.read_bytes())
    assert seen is not None and seen.name == written


@pytest.mark.parametrize("extension", ["svg", "png"])
def test_log_render_writes_the_format_its_extension_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extension: str
) -> None:
    target = tmp_path / f"board.{extension}"
    code, _, err = run(log_render(tmp_path, str(target), "-q"), capsys)
    assert code == 0, err
    seen = formats.sniff(target.read_bytes())
    assert seen is not None and seen.name == extension


@pytest.mark.parametrize(
    ("args", "name", "asked"),
    [
        (["simulate"], "out.csv", "jsonl"),
        (["export", "--hands", "BPT"], "out.csv", "json"),
        (["render", "--hands", "BPB"], "x.svg", "png"),
        (["animate", "--hands", "BPB"], "x.gif", "svg"),
        (["report", "--hands", "BPB"], "x.html", "png"),
    ],
)
def test_an_extension_contradicting_the_format_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], name: str, asked: str
) -> None:
    code, out, err = run([*args, "-o", str(tmp_path / name), "--format", asked], capsys)
    assert code == 2 and out == "" and is_one_error(err), err
    assert "Try '" in err and f"--format is {asked}" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "-o", "x.json"],
        ["export", "--hands", "B", "-o", "x.txt"],
        ["render", "--hands", "B", "-o", "x.gif"],
        ["animate", "--hands", "B", "-o", "x.html"],
        ["report", "--hands", "B", "-o", "x.csv"],
    ],
)
def test_an_extension_the_command_cannot_write_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    args[-1] = str(tmp_path / args[-1])
    code, _, err = run(args, capsys)
    assert code == 2 and is_one_error(err) and "cannot write the" in err, err
    assert list(tmp_path.iterdir()) == []


@given(st.lists(st.sampled_from(["a", "B", ".", "/", "svg", "PNG", "x y", "é"]), max_size=8))
def test_an_extension_is_what_pathlib_calls_the_suffix(parts: list[str]) -> None:
    name = "".join(parts)
    assert formats.suffix(name) == PurePath(name).suffix.lower()


def test_log_render_refuses_a_contradicting_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(log_render(tmp_path, str(tmp_path / "board.gif")), capsys)
    assert code == 2 and is_one_error(err) and "cannot write the image as '.gif'" in err
    # log has no --format to offer: the line names only what --render can be called
    assert "name it .svg, .png or .pdf" in err and "--format" not in err, err


def test_simulate_to_a_csv_file_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.csv"
    assert run(["simulate", "--seed", "3", "-o", str(target)], capsys)[0] == 0
    code, out, err = run(["show", str(target)], capsys)
    assert code == 0 and out.startswith("Coups "), err


def test_inputs_are_recognised_by_content_where_the_name_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv_in_txt = tmp_path / "hands.txt"
    csv_in_txt.write_text("outcome\nB\nP\nP\n")
    code, out, err = run(["export", str(csv_in_txt), "--format", "csv"], capsys)
    assert code == 0 and "big_road,1,1" in out, err
    result = run_process("export", "-", stdin='{"outcome": "B"}\n{"outcome": "P"}\n')
    assert result.returncode == 0 and '"bead_plate"' in result.stdout, result.stderr


@pytest.mark.parametrize(
    ("name", "content", "looks"),
    [
        ("out.csv", b"BPPBT\n", "looks like text (the result notation)"),
        ("out.jsonl", b"outcome,natural\nB,false\n", "looks like CSV"),
        ("out.csv", b'{"outcome": "B"}\n', "looks like JSON Lines"),
        ("board.txt", PNG + b"\0\0\0\rIHDR", "looks like a PNG image"),
        ("hands.csv", b"<svg xmlns='http://www.w3.org/2000/svg'></svg>", "looks like an SVG"),
        ("game.csv", b'{"roads": "journal", "version": 1}\n', "looks like a journal"),
        ("data.txt", b"<!DOCTYPE html>\n<html></html>\n", "looks like an HTML page"),
    ],
)
def test_content_contradicting_the_name_is_refused_saying_what_it_looks_like(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: bytes, looks: str
) -> None:
    source = tmp_path / name
    source.write_bytes(content)
    code, out, err = run(["show", str(source)], capsys)
    assert code == 2 and out == "" and is_one_error(err), err
    assert looks in err


def test_an_empty_file_is_no_contradiction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "none.jsonl"
    empty.write_bytes(b"")
    code, out, err = run(["export", str(empty)], capsys)
    assert code == 0 and '"hands": []' in out, err


def test_the_library_speaks_of_formats_not_flags() -> None:
    with pytest.raises(FormatError, match=r"name it \.png, or drop the format"):
        formats.for_output("x.svg", "png", formats.BOARD, noun="image")
    assert formats.for_output("x.SVG", None, formats.BOARD).name == "svg"
    assert formats.named("txt") is formats.named("text")


PRODUCTS = [
    formats.BOARD,
    formats.ANIMATION,
    formats.REPORT,
    formats.EXPORT,
    formats.SHOES,
    formats.TALLY,
]
EXTENSIONS = ["", ".svg", ".png", ".gif", ".html", ".json", ".jsonl", ".csv", ".txt", ".mp4"]


@given(
    product=st.sampled_from(PRODUCTS),
    extension=st.sampled_from(EXTENSIONS),
    asked=st.sampled_from([None, *formats.FORMATS, "txt", "htm"]),
    stream=st.booleans(),
)
def test_the_format_written_agrees_with_the_name_and_the_product(
    product: tuple[str, ...], extension: str, asked: str | None, stream: bool
) -> None:
    path = "-" if stream else f"out{extension}"
    try:
        chosen = formats.for_output(path, asked, product)
    except FormatError:
        named = formats.of_path(path)
        assert (
            (asked is not None and formats.named(asked).name not in product)
            or (named is not None and asked is not None and named is not formats.named(asked))
            or (
                asked is None
                and not stream
                and (not extension or named is None or named.name not in product)
            )
        )
        return
    assert chosen.name in product
    if asked is not None:
        assert chosen is formats.named(asked)
    if formats.of_path(path) is not None:  # a name the registry knows is never contradicted
        assert extension in chosen.extensions
    if asked is None:
        assert stream or extension  # a name without an extension needs the format given
    if asked is None and stream:
        assert chosen.name == product[0]


@given(st.binary(max_size=600))
def test_sniffing_any_bytes_names_a_format_or_nothing(data: bytes) -> None:
    seen = formats.sniff(data)
    assert seen is None or seen.title
    message = ""
    try:
        formats.check_input("in.csv", data)
    except FormatError as error:
        message = str(error)
    assert not message or "looks like" in message or "holds no hands" in message
