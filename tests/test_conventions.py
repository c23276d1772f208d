"""The habits of the command line and the library (issue 10): formats agree with file names,
one voice for errors, colours, pipes, terminals, the shared drawing options, and a library
that notebooks, editors and type checkers understand."""

from __future__ import annotations

import base64
import io
import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import warnings
from dataclasses import replace
from pathlib import Path, PurePath
from xml.etree import ElementTree

import click
import pytest
from command_line import is_one_error, run, run_process
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from progress_recorder import Recorder

from roads import formats
from roads.cli import COMMANDS, cli
from roads.formats import FormatError
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES

PNG = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"

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


def _log_render(tmp_path: Path, name: str, *more: str) -> list[str]:
    return ["log", str(tmp_path / "game.jsonl"), "--add", "BPB", "--render", name, *more]


# -- one registry of formats -------------------------------------------------------------------


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
    code, _, err = run(_log_render(tmp_path, str(target), "-q"), capsys)
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
    code, _, err = run(_log_render(tmp_path, str(tmp_path / "board.gif")), capsys)
    assert code == 2 and is_one_error(err) and "cannot write the image as '.gif'" in err
    # log has no --format to offer: the line names only what --render can be called
    assert "name it .svg or .png" in err and "--format" not in err, err


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
        ("data.txt", b'{\n  "schema": "roads/1",\n  "hands": []\n}\n', "looks like JSON"),
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


# -- one voice for errors ----------------------------------------------------------------------


def test_every_option_of_every_command_has_help() -> None:
    context = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None
        for parameter in command.params:
            if isinstance(parameter, click.Option):
                assert parameter.help, f"roads {name} {parameter.opts[0]} has no help"


@pytest.mark.parametrize("name", ["show", "export", "render", "animate", "report"])
def test_usage_lines_show_that_input_is_optional(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run([name, "--help"], capsys)
    assert f"Usage: roads {name} [OPTIONS] [INPUT]" in out


def test_text_is_the_text_format_everywhere_with_txt_as_its_alias(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for args in (["simulate", "--seed", "1"], ["odds", "--decks", "1"]):
        _, text, _ = run([*args, "--format", "text"], capsys)
        _, txt, _ = run([*args, "--format", "txt"], capsys)
        assert text == txt and text


def test_library_errors_get_flag_names_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["render", "--hands", "B" * 200_001, "-o", "x.svg"], capsys)
    assert code == 2 and is_one_error(err) and err.rstrip().endswith("(--columns)"), err


# -- terminal habits ---------------------------------------------------------------------------


def _show(*extra: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    result = subprocess.run(
        [sys.executable, "-m", "roads", "show", "--hands", "BPPBT", *extra],
        capture_output=True,
        text=True,
        check=True,
        env={**environment, **env},
    )
    return result.stdout


def test_no_color_and_force_color_are_honoured() -> None:
    assert "\x1b[" not in _show()  # a pipe: no colour
    assert "\x1b[31m" in _show(FORCE_COLOR="1")
    assert "\x1b[" not in _show(FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[" not in _show(NO_COLOR="1")
    assert "\x1b[31m" in _show("--color", NO_COLOR="1")  # asked for on the command line
    assert "\x1b[31m" in _show("--colour")
    assert "\x1b[" not in _show("--no-color", FORCE_COLOR="1")


def test_a_closed_pipe_ends_quietly_with_exit_0() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "simulate", "--shoes", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"# shoe 1")
    process.stdout.close()  # as `head -1` does
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=120) == 0
    assert err == b""


def _read_terminal(leader: int) -> bytes:
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


def _on_a_terminal(*args: str) -> tuple[int, bytes, bytes]:
    """Exit code, what reached the terminal and stderr of ``roads ARGS`` with stdout a pty."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", *args], stdout=follower, stderr=subprocess.PIPE
    )
    os.close(follower)
    shown = _read_terminal(leader)
    assert process.stderr is not None
    err = process.stderr.read()
    process.stderr.close()
    return process.wait(timeout=60), shown, err


@pytest.mark.parametrize(
    "args",
    [
        ["render", "--hands", "BPB", "-o", "-", "--format", "png"],
        ["animate", "--hands", "BPB", "-o", "-", "--format", "gif"],
        ["report", "--hands", "BPB", "-o", "-", "--format", "png"],
        ["study", "--shoes", "1", "-o", "-", "--format", "png"],
    ],
)
def test_binary_output_to_a_terminal_is_refused_with_a_hint(args: list[str]) -> None:
    code, shown, err = _on_a_terminal(*args)
    assert code == 2
    assert PNG not in shown and b"GIF8" not in shown
    assert b"to a terminal: give -o FILE, or pipe the output into a program" in err


def test_text_output_to_a_terminal_is_fine() -> None:
    code, shown, _ = _on_a_terminal("render", "--hands", "BPB", "-o", "-")
    assert code == 0 and b"<svg" in shown


def test_binary_output_into_a_pipe_is_written() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "roads", "render", "--hands", "BP", "-o", "-", "--format", "png"],
        capture_output=True,
        check=True,
    )
    assert result.stdout.startswith(PNG)


@pytest.mark.parametrize("command", ["log", "serve"])
def test_a_journal_cannot_be_standard_input(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run([command, "-"], capsys)
    assert code == 2 and is_one_error(err) and "a journal must be a file" in err, err
    assert not (tmp_path / "-").exists()


def test_log_render_cannot_be_standard_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(_log_render(tmp_path, "-"), capsys)
    assert code == 2 and is_one_error(err) and "must be a file" in err, err


# -- the same drawing options on every command that draws ---------------------------------------

SHARED = [
    "--lang",
    "--theme",
    "--label",
    "--scale",
    "--columns",
    "--title",
    "--background",
    "--layout",
    "--bead-plate",
]


@pytest.mark.parametrize("name", ["render", "animate", "report", "serve", "log"])
def test_every_drawing_command_has_the_shared_options(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    options = {opt for parameter in command.params for opt in parameter.opts}
    assert set(SHARED) <= options
    scale = next(p for p in command.params if "--scale" in p.opts)
    assert isinstance(scale.type, click.FloatRange) and scale.type.max == 16


@pytest.mark.parametrize("name", ["export", "show", "render", "animate", "report", "serve", "log"])
def test_every_command_that_lays_out_roads_has_tails_defined_once(name: str) -> None:
    from roads.cli.options import tails_option

    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    tails = [p for p in command.params if "--tails" in p.opts]
    assert len(tails) == 1
    defined = click.command()(tails_option(lambda tails: None)).params[0]
    assert tails[0].to_info_dict() == defined.to_info_dict()


def test_the_layout_takes_effect_on_every_drawing_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from roads.drawing.board import BoardOptions
    from roads.hands.journal import Journal
    from roads.live.page import Page

    outputs = {
        "render": (["render", "--hands", "BPBBP", "-o", str(tmp_path / "r.svg")], "r.svg"),
        "animate": (["animate", "--hands", "BPBBP", "-o", str(tmp_path / "a.svg")], "a.svg"),
        "report": (["report", "--hands", "BPBBP", "-o", str(tmp_path / "c.html")], "c.html"),
        "log": (_log_render(tmp_path, str(tmp_path / "l.svg"), "-q"), "l.svg"),
    }
    for name, (args, file) in outputs.items():
        code, _, err = run([*args, "--layout", "lobby", "--bead-plate"], capsys)
        assert code == 0, (name, err)
        text = (tmp_path / file).read_text()
        assert 'class="panel bead-plate"' in text, name
        assert 'class="panel big-eye-boy"' not in text, name
    # serve hands its options to the page: the same options object, the same board
    page = Page("game.jsonl", BoardOptions(layout="lobby", with_bead_plate=True))
    svg = page.state(Journal(tmp_path / "served.jsonl").session)["svg"]
    assert 'class="panel bead-plate"' in svg and 'class="panel big-eye-boy"' not in svg


@pytest.mark.parametrize(
    ("args", "flags"),
    [
        (["render", "--hands", "B", "--bead-plate"], "(--bead-plate, --layout)"),
        (["animate", "--hands", "B", "--bead-plate"], "(--bead-plate, --layout)"),
        (
            ["render", "--hands", "B", "--road", "big-road", "--layout", "casino"],
            "(--road, --layout)",
        ),
    ],
)
def test_layout_errors_are_one_line_naming_the_options(
    args: list[str], flags: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run([*args, "-o", str(tmp_path / "x.svg")], capsys)
    assert code == 2 and is_one_error(err) and flags in err, err
    assert not (tmp_path / "x.svg").exists()


def _png_width(data: bytes) -> int:
    assert data.startswith(PNG)
    return int.from_bytes(data[16:20], "big")


def test_the_shared_options_take_effect_on_every_drawing_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    look = ["--lang", "zh", "--theme", "dark", "--title", "Mine", "--scale", "2"]
    widths = {}
    for name, args in {
        "render": ["render", "--hands", "BPBBP", "-o", str(tmp_path / "r.png")],
        "animate": ["animate", "--hands", "BPBBP", "-o", str(tmp_path / "a.png")],
        "report": ["report", "--hands", "BPBBP", "-o", str(tmp_path / "c.png")],
        "log": _log_render(tmp_path, str(tmp_path / "l.png"), "-q"),
    }.items():
        target = Path(args[args.index("-o") + 1] if "-o" in args else args[-2])
        code, _, err = run([*args, *look], capsys)
        assert code == 0, err
        plain = target.with_name("plain" + target.suffix)
        again = [plain.as_posix() if a == str(target) else a for a in args]
        if name == "log":
            again[1] = str(tmp_path / "other.jsonl")
        assert run([*again, *look[:-2]], capsys)[0] == 0  # the same, at scale 1
        widths[name] = (_png_width(target.read_bytes()), _png_width(plain.read_bytes()))
    for name, (scaled, natural) in widths.items():
        assert abs(scaled - 2 * natural) <= 2, name
    svg = tmp_path / "zh.svg"
    run(["render", "--hands", "BPB", "-o", str(svg), *look[:-2], "--label", "total"], capsys)
    text = svg.read_text()
    assert "珠盘路" in text and "Mine" in text


def test_the_report_follows_lang_and_theme(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "report.html"
    code, _, err = run(["report", "--hands", "BPBBPT", "-o", str(page), "--lang", "zh"], capsys)
    assert code == 0, err
    html = page.read_text()
    assert '<html lang="zh-Hans">' in html
    assert "过往结果不能预测下一局" in html and "珠盘路" in html
    for english in ("Coup by coup", "The final board", "Streaks", "entered without its cards"):
        assert english not in html
    assert "第 1 局输入时没有牌" in html  # why there is no odds chart, in Chinese too
    code, _, _ = run(["report", "--hands", "BPBBPT", "-o", str(page), "--theme", "dark"], capsys)
    dark = page.read_text()
    code, _, _ = run(["report", "--hands", "BPBBPT", "-o", str(page)], capsys)
    assert dark != page.read_text()


@pytest.mark.parametrize(
    ("lang", "words", "english"),
    [
        (
            "zh",
            ["牌靴报告", "占局数的比例", "过往结果不能预测下一局"],
            ["share of coups", "Shoe report"],
        ),
        ("zh-hant", ["牌靴報告", "佔局數的比例", "過往結果不能預測下一局"], ["this shoe ("]),
    ],
)
def test_the_report_charts_follow_lang(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    words: list[str],
    english: list[str],
) -> None:
    charts = tmp_path / "charts.svg"
    code, _, err = run(["report", "--hands", "BPBBPT", "-o", str(charts), "--lang", lang], capsys)
    assert code == 0, err
    root = ElementTree.fromstring(charts.read_text())
    texts = [element.text or "" for element in root.iter(f"{SVG}text")]
    drawn = "\n".join(texts)
    assert all(word in drawn for word in words)
    assert not any(word in drawn for word in english)
    notice = " ".join(LANGUAGES[lang].notice)  # the Chinese line first, then the English one
    assert texts.count(notice) == 2, "the notice, above and below the charts"
    assert root.get("lang") == lang
    # It embeds the report font, which holds every character it draws.
    assert (root.get("font-family") or "").startswith("'Roads Sans Report', ")
    (style,) = [element.text or "" for element in root.iter(f"{SVG}style")]
    assert "font-family:'Roads Sans Report'" in style
    embedded = base64.b64decode(style.split("base64,", 1)[1].split(")", 1)[0])
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(io.BytesIO(embedded)) as font:
        cmap = font.getBestCmap()
    lacking = sorted({ch for text in texts for ch in text if ord(ch) not in cmap})
    assert not lacking, f"the charts draw characters their font lacks: {lacking}"


def _ink(image: Image.Image, box: tuple[int, int, int, int], paper: tuple[int, ...]) -> int:
    """How many pixels of ``box`` are not the colour ``paper``."""
    crop = image.convert("RGB").crop(box)
    return sum(count for count, colour in crop.getcolors(1 << 20) or [] if colour != paper)


@pytest.mark.parametrize("lang", ["zh", "zh-hant"])
def test_report_charts_as_png_follow_lang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    from roads.backends.png import to_png
    from roads.drawing.board import BoardOptions
    from roads.drawing.fonts import BOARD, REPORT, MissingGlyphWarning, metrics
    from roads.drawing.scene import Rect, Text
    from roads.story.report import report_charts
    from roads.translations import CHART_WORDS

    hands = "BPBBPT"
    for name in (lang, "en"):
        target = tmp_path / f"{name}.png"
        code, _, err = run(["report", "--hands", hands, "-o", str(target), "--lang", name], capsys)
        assert code == 0, err
    # The picture's words are those of the language, set in a font that holds each character.
    scene = report_charts(Scoreboard.from_notation(hands).roads, options=BoardOptions(lang=lang))
    texts = [shape for shape in scene.shapes if isinstance(shape, Text)]
    drawn = {text.text for text in texts}
    words = CHART_WORDS[lang]
    assert {words.title, " ".join(LANGUAGES[lang].notice), words.section_outcomes} <= drawn
    assert not drawn & {CHART_WORDS["en"].title, CHART_WORDS["en"].section_outcomes}
    assert scene.font is REPORT
    covered = metrics(REPORT).advances
    assert not {ch for text in drawn for ch in text if ord(ch) not in covered}
    # The PNG is that picture: the notice band holds the Chinese line as well as the English one,
    # so it has more ink than the English band, and the title is not the board font's boxes.
    with Image.open(tmp_path / f"{lang}.png") as chinese, Image.open(tmp_path / "en.png") as plain:
        assert chinese.size == plain.size
        band = next(s for s in scene.shapes if isinstance(s, Rect) and "notice-band" in s.classes)
        box = (
            round(band.x),
            round(band.y),
            round(band.x + band.width),
            round(band.y + band.height),
        )
        paper = chinese.convert("RGB").getpixel((box[0] + 8, box[1] + 2))
        assert isinstance(paper, tuple)
        english_ink = _ink(plain, box, paper)
        assert english_ink > 0
        assert _ink(chinese, box, paper) > 1.5 * english_ink
        title = next(text for text in texts if text.text == words.title)
        assert any(ord(ch) not in metrics(BOARD).advances for ch in title.text)
        top = round(title.y - title.size)
        title_box = (round(title.x), top, round(title.x + 4 * title.size), round(title.y + 6))
        # The same title as empty boxes (a code point no font maps): a scene is drawn in the
        # smallest font that holds its text, so setting it in the board font changes nothing.
        boxes = tuple(
            replace(s, text="\U0010fffd" * len(s.text)) if s is title else s for s in scene.shapes
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MissingGlyphWarning)
            tofu = Image.open(io.BytesIO(to_png(replace(scene, shapes=boxes))))
        assert chinese.crop(title_box).tobytes() != tofu.crop(title_box).tobytes()
        assert chinese.crop(title_box).tobytes() != plain.crop(title_box).tobytes()
        assert _ink(chinese, title_box, chinese.convert("RGB").getpixel((2, 2))) > 0


def test_the_text_board_follows_lang(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["show", "--hands", "BPB", "--lang", "zh"], capsys)
    assert code == 0 and out.startswith("局数 3") and "大眼仔" in out


@pytest.mark.parametrize(("lang", "red"), [("zh", "红"), ("zh-hant", "紅")])
def test_the_text_board_has_no_english_words_under_a_chinese_lang(
    lang: str, red: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["show", "--hands", "BPPBBTPBPB", "--lang", lang], capsys)
    assert code == 0
    lines = [line for line in out.splitlines() if line != NOTICE]  # the notice is bilingual
    english = [line for line in lines if re.search("[A-Za-z]{2,}", line)]
    assert not english, english
    assert any(red in line for line in lines if "大眼仔" in line)  # the ask road's colours
    _, empty, _ = run(["show", "--hands", "B", "--lang", lang], capsys)
    assert not re.search("[A-Za-z]{2,}", empty.replace(NOTICE, ""))


# -- the library -------------------------------------------------------------------------------


def test_save_writes_to_binary_and_text_file_objects() -> None:
    board = Scoreboard.from_notation("BPPBT")
    binary = io.BytesIO()
    board.save(binary, format="png")
    assert binary.getvalue().startswith(PNG)
    text = io.StringIO()
    board.save(text, format="svg")
    assert text.getvalue().startswith("<?xml") or text.getvalue().startswith("<svg")
    with pytest.raises(FormatError, match="binary mode"):
        board.save(io.StringIO(), format="png")
    with pytest.raises(FormatError, match="give the format"):
        board.save(io.BytesIO())


def test_save_takes_the_format_of_an_open_files_name(tmp_path: Path) -> None:
    with (tmp_path / "board.png").open("wb") as file:
        Scoreboard.from_notation("BP").save(file)
    assert (tmp_path / "board.png").read_bytes().startswith(PNG)


def test_save_svg_with_a_dpi_is_an_svg(tmp_path: Path) -> None:
    board = Scoreboard.from_notation("BPB")
    board.save(tmp_path / "x.svg", dpi=300)
    assert (tmp_path / "x.svg").read_text() == board.svg()


def test_notebook_and_console_representations() -> None:
    board = Scoreboard.from_notation("B" * 41 + "P" * 33 + "T" * 4)
    assert repr(board) == "Scoreboard(78 coups: B41 P33 T4)"
    assert board._repr_png_().startswith(PNG)
    html = board._repr_html_()
    assert "<svg" in html and "do not predict the next hand" in html
    assert board._repr_svg_() == board.svg()
    assert board == Scoreboard.from_notation("B" * 41 + "P" * 33 + "T" * 4)
    assert board != Scoreboard.from_notation("BP")


def test_the_shoe_has_a_short_repr() -> None:
    from roads.game.shoe import Shoe

    dealt = Shoe().deal(7)
    assert len(repr(dealt)) < 120 and "seed=7" in repr(dealt)


def test_options_are_keywords_and_a_typo_is_a_type_error() -> None:
    board = Scoreboard.from_notation("BP")
    with pytest.raises(TypeError, match="colums"):
        board.svg(colums=3)  # type: ignore[call-arg]
    assert board.svg(columns=3) == board.svg(options=board.options(columns=3))


def test_py_typed_ships_and_mypy_strict_accepts_a_user_script(tmp_path: Path) -> None:
    import roads

    assert (Path(roads.__file__).parent / "py.typed").is_file()
    mypy = shutil.which("mypy") or shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy is not installed")
    script = tmp_path / "user.py"
    script.write_text(
        "import io\n"
        "import roads\n"
        "from roads import BoardOptions, FormatError, Road\n\n"
        "board = roads.Scoreboard.from_notation('BPPBT')\n"
        "board.save(io.BytesIO(), format='png', scale=2.0, lang='zh')\n"
        "data: bytes = board.png(options=BoardOptions(theme='dark'), dpi=300)\n"
        "svg: str = board.svg(columns=8)\n"
        "text: str = board.to_text(lang='zh-hant')\n"
        "dealt = roads.Shoe(8).deal(3)\n"
        "again = roads.Scoreboard.from_coups(dealt.coups)\n"
        "same: bool = again == board\n"
        "road: Road = Road.parse('big-eye-boy')\n"
        "try:\n"
        "    board.save('x.gif')\n"
        "except FormatError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [mypy, "--strict", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "stub" not in result.stdout and "py.typed" not in result.stdout


# -- the page's and the report's HTML, CSS and JS are package data files -------------------------

DATA_FILES = [
    "live/page.js",
    "live/page.css",
    "live/page.html",
    "live/view.js",
    "live/overlay.html",
    "live/wall.html",
    "pages/page.css",
    "pages/page.html",
    "pages/parts.html",
    "story/report.html",
    "story/report-parts.html",
    "study/study.html",
    "study/study-parts.html",
    "study/study.css",
    "study/schema.json",
]
SCRIPTS = ["page.js", "view.js"]


def test_the_data_files_ship_and_are_what_the_pages_use() -> None:
    import base64
    import hashlib
    from importlib.resources import files

    from roads.live import page

    for name in DATA_FILES:
        package, _, file = name.rpartition("/")
        assert files(f"roads.{package}").joinpath(file).is_file(), name
    from roads.live import views

    for name, policy in (
        ("page.js", page.CONTENT_SECURITY_POLICY),
        ("view.js", views.view_policy()),
    ):
        script = files("roads.live").joinpath(name).read_text(encoding="utf-8")
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"script-src 'sha256-{digest}'" in policy, name


def _balanced(css: str) -> bool:
    depth = 0
    for char in css:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


@pytest.mark.parametrize("name", ["live/page.css", "pages/page.css", "study/study.css"])
def test_the_style_sheets_are_balanced(name: str) -> None:
    from importlib.resources import files

    package, _, file = name.rpartition("/")
    css = files(f"roads.{package}").joinpath(file).read_text(encoding="utf-8")
    assert _balanced(css) and "<" not in css


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_page_scripts_parse(name: str) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    from importlib.resources import as_file, files

    with as_file(files("roads.live").joinpath(name)) as script:
        result = subprocess.run(
            [node, "--check", str(script)], capture_output=True, text=True, check=False
        )
    assert result.returncode == 0, result.stderr


class _Tags(__import__("html.parser").parser.HTMLParser):
    """Checks that every element opened is closed, in order (void elements aside)."""

    VOID = frozenset({"meta", "link", "br", "img", "input", "hr", "wbr", "source"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
        else:
            self.open.pop()


def _well_formed(html: str) -> list[str]:
    parser = _Tags()
    parser.feed(html)
    parser.close()
    return parser.errors + [f"<{tag}> never closed" for tag in parser.open]


def test_the_live_page_and_the_report_parse_as_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from roads.drawing.board import BoardOptions
    from roads.drawing.themes import DARK
    from roads.hands.journal import Journal
    from roads.live.page import Page
    from roads.live.views import overlay_html, wall_html, wall_svg
    from roads.story.report import report_html

    board = Scoreboard.from_notation("BPPBTBBP")
    for lang in ("en", "zh", "zh-hant"):
        assert _well_formed(report_html(board.roads, options=BoardOptions(lang=lang))) == []
        page = Page("game.jsonl", BoardOptions(lang=lang))
        session = Journal(tmp_path / f"{lang}.jsonl").session
        assert _well_formed(page.html(page.state(session), "token")) == []
        svg = page.state(session)["svg"]
        assert _well_formed(overlay_html(svg, lang=lang, title="t", theme=DARK)) == []
        options = BoardOptions(lang=lang)
        assert _well_formed(wall_html(wall_svg(session, options), options, "game.jsonl")) == []
    from roads.inputs import read_hands

    examples = Path(__file__).parents[1] / "examples"
    with_cards = Scoreboard(read_hands(str(examples / "eight-decks.jsonl")))
    assert _well_formed(report_html(with_cards.roads)) == []  # cards, odds columns and chart
    study = tmp_path / "study.html"
    args = ["study", "--shoes", "3", "--seed", "1", "--exact-shoes", "1", "-o", str(study)]
    assert run(args, capsys)[0] == 0
    assert _well_formed(study.read_text(encoding="utf-8")) == []


PAGES = [
    "pages/page.html",
    "story/report.html",
    "study/study.html",
    "live/page.html",
]
PAGES += ["live/overlay.html", "live/wall.html"]
PARTS = {
    "pages/parts.html": ("pages/__init__.py",),
    "story/report-parts.html": ("story/report.py", "story/report_sections.py"),
    "study/study-parts.html": ("study/page.py",),
    "live/bets.html": ("live/bets.py",),
}


def _data(name: str) -> str:
    from importlib.resources import files

    package, _, file = name.rpartition("/")
    return files(f"roads.{package}").joinpath(file).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PAGES)
def test_the_page_templates_parse_as_html_as_written(name: str) -> None:
    from string import Template

    text = _data(name)
    assert _well_formed(text) == [], name
    if "$" in text:  # a string.Template (page.html is filled with str.format)
        assert Template(text).is_valid(), name


@pytest.mark.parametrize("name", sorted(PARTS))
def test_each_fragment_parses_as_html_on_its_own_and_is_used(name: str) -> None:
    from roads.pages.templates import Fragments, parse_fragments

    text = _data(name)
    fragments = parse_fragments(text, name)
    fill = Fragments(f"roads.{name.partition('/')[0]}", name.partition("/")[2])
    assert len(fragments) == text.count("<template id="), "a fragment the loader cannot read"
    code = "".join(
        (Path(__file__).parents[1] / "roads" / module).read_text(encoding="utf-8")
        for module in PARTS[name]
    )
    for fragment, template in fragments.items():
        assert template.is_valid(), f"{name}: {fragment} has a stray $"
        empty = template.substitute(dict.fromkeys(template.get_identifiers(), ""))
        assert "\n" not in empty and empty == empty.strip(), fragment
        assert _well_formed(empty) == [], f"{name}: {fragment}"
        odd = {key: f"{{{key}}} $$x %s" for key in template.get_identifiers()}
        assert fill(fragment, **odd) == template.substitute(odd), fragment
        uses = code.count(f'"{fragment}"') + code.count(f"'{fragment}'")
        assert uses, f"{name}: {fragment} is used nowhere in {PARTS[name]}"


def test_fragments_drop_line_breaks_and_indentation_and_refuse_twins() -> None:
    from roads.pages.templates import _as_format, parse_fragments

    text = '<template id="row">\n  <tr>\n    <td>$a</td> <td>${b}px {$$}</td>\n  </tr>\n</template>'
    (row,) = parse_fragments(text).values()
    assert row.substitute(a="1", b="<i>") == "<tr><td>1</td> <td><i>px {$}</td></tr>"
    assert _as_format(row).format(a="1", b="<i>") == row.substitute(a="1", b="<i>")
    with pytest.raises(ValueError, match="two fragments named 'row'"):
        parse_fragments(text + text, "x.html")


_TAG = re.compile(
    r"</?(?:html|head|body|main|header|footer|nav|section|aside|div|p|h[1-6]|table|caption"
    r"|thead|tbody|tfoot|tr|th|td|ul|ol|li|dl|dt|dd|span|strong|em|code|a|meta|link|title"
    r"|style|script|svg)[\s>/]"
)


def test_the_report_and_the_study_write_no_html_tags_in_python() -> None:
    """Their HTML is in package data templates (report.html, study.html and their parts):
    a tag in a Python string (or comment) of roads/story or roads/study belongs there."""
    root = Path(__file__).parents[1] / "roads"
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for package in ("story", "study")
        for path in sorted((root / package).glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _TAG.search(line)
    ]
    assert found == []


def test_the_tag_pattern_finds_tags() -> None:
    for line in ('f"<td>{x}</td>"', "'<div class=\"scroll\">'", '"</section>"', "x = '<p>'"):
        assert _TAG.search(line), line
    for line in ("if a < b:", "x <= len(y)", "# the <= sign", '"&ndash;"', "' class=\"few\"'"):
        assert not _TAG.search(line), line


# -- progress of long jobs ---------------------------------------------------------------------


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
        (["show", "{long}", "--columns", "4"], b"Building the roads"),
        (["simulate", "--shoes", "40", "--seed", "1"], b"Dealing shoes"),
        (["simulate", "--shoes", "1100", "--seed", "1", "--tally"], b"Counting shoes"),
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
    shown = _read_terminal(leader)
    assert process.stdout is not None
    out = process.stdout.read()
    process.stdout.close()
    assert process.wait(timeout=60) == 0
    assert label in shown
    assert out and label not in out


# -- the registry's invariants -----------------------------------------------------------------

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
