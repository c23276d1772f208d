"""A long title is never cut: it goes on two lines, then shrinks, then is refused naming the width
it needs, in every layout and in PNG, SVG and PDF alike."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from command_line import is_one_error, run
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from roads.drawing.fonts import metrics
from roads.drawing.scene import Scene, Text
from roads.drawing.sizes import TEXT_SIZE, TITLE_SIZE
from roads.drawing.titles import TitleTooLongError, fit_title
from roads.scoreboard import Scoreboard

SVG = "{http://www.w3.org/2000/svg}"
HANDS = "BPPBTBPBBPPBPTBBPPBP"
FRENCH = (
    "Tableau de la table sept, sabot de huit jeux, séance du soir au casino de Monte-Carlo, "
    "avec les amis"
)
CHINESE = (
    "第七桌澳门高额晚场，八副牌牌靴，周末夜场与朋友一起记录的练习路单和统计数字，"
    "只供复盘与练习，绝非预测"
)
LAYOUTS = [
    {"layout": "standard"},
    {"layout": "casino"},
    {"road": "big-road"},
]


def _titles(scene: Scene) -> list[Text]:
    return [shape for shape in scene.shapes if isinstance(shape, Text) and "title" in shape.classes]


def _check_fits(scene: Scene, title: str) -> list[Text]:
    """Every line of the title inside the picture, and the lines together the whole title."""
    lines = [line for line in _titles(scene) if line.y < 80]  # a wall's shoes have titles too
    measure = metrics()
    for line in lines:
        assert line.x >= 0 and line.x + measure.width(line.text, line.size) <= scene.width - 12
    assert " ".join(line.text for line in lines).replace("， ", "，") == title or "".join(
        line.text for line in lines
    ) == title.replace(" ", "")
    return lines


def test_a_short_title_stays_on_one_line_at_its_size() -> None:
    assert fit_title("Baccarat scoreboard", 800).lines == ("Baccarat scoreboard",)
    assert fit_title("Baccarat scoreboard", 800).size == TITLE_SIZE


def test_a_long_title_goes_on_two_even_lines_before_it_shrinks() -> None:
    width = metrics().width(FRENCH, TITLE_SIZE) * 0.6
    fitted = fit_title(FRENCH, width)
    assert fitted.size == TITLE_SIZE and len(fitted.lines) == 2
    assert " ".join(fitted.lines) == FRENCH
    widths = [metrics().width(line, TITLE_SIZE) for line in fitted.lines]
    assert max(widths) <= width and min(widths) > 0.7 * max(widths)


def test_then_it_shrinks_down_to_the_size_of_the_statistics() -> None:
    width = metrics().width(FRENCH, TITLE_SIZE) * 0.4
    fitted = fit_title(FRENCH, width)
    assert TEXT_SIZE <= fitted.size < TITLE_SIZE and len(fitted.lines) == 2
    assert all(metrics().width(line, fitted.size) <= width for line in fitted.lines)


def test_then_it_is_refused_naming_the_widths() -> None:
    width = metrics().width(FRENCH, TEXT_SIZE) * 0.3
    with pytest.raises(TitleTooLongError, match=r"needs [\d,]+ px, and the picture has [\d,]+ px"):
        fit_title(FRENCH, width)


def test_chinese_breaks_between_characters_never_before_a_closing_mark() -> None:
    width = metrics().width(CHINESE, TITLE_SIZE) * 0.55
    fitted = fit_title(CHINESE, width)
    assert "".join(fitted.lines) == CHINESE and len(fitted.lines) == 2
    assert not fitted.lines[1].startswith("，")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="abcdéfghợ澳门ก", min_size=1, max_size=12), min_size=1, max_size=20),
    st.floats(min_value=80, max_value=900),
)
def test_a_fitted_title_holds_every_character_and_fits(words: list[str], width: float) -> None:
    title = " ".join(words)
    try:
        fitted = fit_title(title, width)
    except TitleTooLongError:
        return
    assert all(metrics().width(line, fitted.size) <= width for line in fitted.lines)
    assert "".join(fitted.lines).replace(" ", "") == title.replace(" ", "")
    assert TEXT_SIZE <= fitted.size <= TITLE_SIZE and 1 <= len(fitted.lines) <= 2


@pytest.mark.parametrize("options", LAYOUTS, ids=lambda o: next(iter(o.values())))
@pytest.mark.parametrize("title", [FRENCH, CHINESE], ids=["french", "chinese"])
def test_every_layout_draws_the_whole_title_inside_the_picture(
    options: dict[str, str], title: str
) -> None:
    scene = Scoreboard.from_notation(HANDS).scene(title=title, **options)  # type: ignore[arg-type]
    lines = _check_fits(scene, title)
    assert len(lines) == 2 or options.get("layout") == "casino"  # wider: it may fit on one


def test_the_wall_draws_the_whole_title_inside_the_picture(tmp_path: Path) -> None:
    from roads.drawing.wall import draw_wall

    boards = [Scoreboard.from_notation(HANDS).roads] * 2
    from roads.drawing.board import BoardOptions

    scene = draw_wall(boards, BoardOptions(title=FRENCH * 2))
    _check_fits(scene, FRENCH * 2)


def test_png_svg_and_pdf_show_both_lines(tmp_path: Path) -> None:
    from pdf_readers import poppler, text_of

    board = Scoreboard.from_notation(HANDS)
    scene = board.scene(title=FRENCH)
    first, second = (line.text for line in _titles(scene))
    svg = ET.fromstring(board.svg(title=FRENCH))
    shown = [t.text for t in svg.iter(f"{SVG}text") if "title" in (t.get("class") or "")]
    assert shown == [first, second]
    assert float(svg.get("width") or 0) == scene.width
    png = tmp_path / "board.png"
    board.save(png, title=FRENCH)
    image = Image.open(png).convert("RGB")
    background = image.getpixel((2, 2))
    line = _titles(scene)[1]
    band = image.crop((0, round(line.y - line.size), image.width, round(line.y + 2)))
    colours = band.getcolors(1 << 16) or []
    assert [colour for _, colour in colours if colour != background]  # the second line has ink
    poppler()
    pdf = tmp_path / "board.pdf"
    board.save(pdf, title=FRENCH)
    text = " ".join(text_of(pdf).split())
    assert first in text and second in text


def test_the_command_refuses_a_title_too_long_naming_the_widths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.png"
    code, _, err = run(["render", "--hands", HANDS, "--title", FRENCH * 6, "-o", str(out)], capsys)
    assert code == 2 and is_one_error(err) and not out.exists()
    assert re.search(r"needs [\d,]+ px, and the picture has [\d,]+ px for it", err), err


def test_serve_refuses_a_title_too_long_before_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "game.jsonl"
    code, _, err = run(["serve", str(journal), "--port", "0", "--title", FRENCH * 6], capsys)
    assert code == 2 and is_one_error(err) and not journal.exists()
    assert "needs" in err and "--title" in err
