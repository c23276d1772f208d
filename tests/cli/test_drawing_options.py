"""The same drawing options on every command that draws (--lang, --theme, --scale, --layout,
...), defined once and taking effect everywhere: boards, animations, the report and its
charts, the live page and the text board."""

from __future__ import annotations

import base64
import io
import re
import warnings
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree

import click
import pytest
from command_line import is_one_error, log_render, run
from PIL import Image

from roads.cli import cli
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES

PNG = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"

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
        "log": (log_render(tmp_path, str(tmp_path / "l.svg"), "-q"), "l.svg"),
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
        "log": log_render(tmp_path, str(tmp_path / "l.png"), "-q"),
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
