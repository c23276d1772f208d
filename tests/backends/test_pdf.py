"""The PDF format: every PDF roads writes opens in poppler and in pypdf without a complaint, a
board's PDF draws the same marks in the same cells as its PNG, its text can be read back in
English and Chinese, its fonts are embedded subsets, and the same input gives the same bytes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from command_line import run
from pdf_readers import fonts_of, poppler, pypdf_reader, rasterised, text_of
from PIL import Image

import roads
from roads.drawing.paper import Paper
from roads.drawing.scene import Grid
from roads.drawing.themes import THEMES
from roads.translations import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
EIGHT_DECKS = ROOT / "examples" / "eight-decks.jsonl"
SESSION = ROOT / "examples" / "session.jsonl"

INK_DISTANCE = 60
"""How near a pixel's colour must be to a mark's colour to count as its ink (RGB distance)."""
INK_TOLERANCE = 0.25
"""How far a cell's ink in the PDF drawn by poppler may differ from the PNG's, as a share of the
PNG's: Pillow's supersampled masks and poppler's anti-aliasing shade a mark's edge pixels
differently, and in a Small Road cell (12 pixels) the edge is a large share of the mark (15.8%
at most seen). A mark in another cell, of another colour or missing changes the cell's colour,
which is compared exactly."""


def _ink(image: np.ndarray, box: tuple[int, int, int, int], colours: list[np.ndarray]) -> list[int]:
    left, top, right, bottom = box
    pixels = image[top:bottom, left:right].reshape(-1, 3)
    return [
        int((np.linalg.norm(pixels - colour, axis=1) < INK_DISTANCE).sum()) for colour in colours
    ]


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)


@pytest.mark.parametrize(("lang", "theme"), [("en", "casino"), ("zh", "dark")])
def test_a_boards_pdf_draws_the_marks_of_its_png_cell_by_cell(
    tmp_path: Path, lang: str, theme: str
) -> None:
    poppler()
    board = roads.Scoreboard.read(str(EIGHT_DECKS))
    path = tmp_path / "board.pdf"
    board.save(path, lang=lang, theme=theme)
    png = Image.open(io.BytesIO(board.png(lang=lang, theme=theme))).convert("RGB")
    pdf = rasterised(path, 96)  # the PNG's resolution at scale 1
    assert pdf.size == png.size
    ours, theirs = np.asarray(png, dtype=float), np.asarray(pdf, dtype=float)
    palette = THEMES[theme]
    colours = [_rgb(palette.banker), _rgb(palette.player), _rgb(palette.tie)]
    grids = [
        shape for shape in board.scene(lang=lang, theme=theme).shapes if isinstance(shape, Grid)
    ]
    assert len(grids) == 5
    marked = 0
    for grid in grids:
        for col in range(grid.cols):
            for row in range(grid.rows):
                box = (
                    round(grid.x + col * grid.cell_width),
                    round(grid.y + row * grid.cell_height),
                    round(grid.x + (col + 1) * grid.cell_width),
                    round(grid.y + (row + 1) * grid.cell_height),
                )
                a, b = _ink(ours, box, colours), _ink(theirs, box, colours)
                kind_a = max(range(3), key=a.__getitem__) if max(a) >= 3 else None
                kind_b = max(range(3), key=b.__getitem__) if max(b) >= 3 else None
                assert kind_a == kind_b, (grid.classes, col, row, a, b)
                if kind_a is not None:
                    marked += 1
                    assert abs(a[kind_a] - b[kind_a]) <= INK_TOLERANCE * a[kind_a], (
                        grid.classes,
                        col,
                        row,
                    )
    assert marked > 200  # a whole shoe's marks were compared, not empty grids


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_the_text_of_a_pdf_is_text_in_its_language(tmp_path: Path, lang: str) -> None:
    poppler()
    path = tmp_path / "board.pdf"
    roads.Scoreboard.read(str(EIGHT_DECKS)).save(path, lang=lang)
    text = "".join(text_of(path).split())
    labels = LANGUAGES[lang]
    for word in (
        labels.title,
        labels.bead_plate,
        labels.big_road,
        labels.big_eye_boy,
        labels.small_road,
        labels.cockroach_pig,
        *labels.notice,
    ):
        assert "".join(word.split()) in text, word


def test_an_82_coup_boards_pdf_embeds_its_font_cut_down(tmp_path: Path) -> None:
    poppler()
    board = roads.Scoreboard.read(str(EIGHT_DECKS))
    assert len(board) == 82
    path = tmp_path / "board.pdf"
    board.save(path)
    assert path.stat().st_size < 100_000  # 26 KB when written: the font is cut to what it draws
    fonts = fonts_of(path)
    assert fonts and all(font["emb"] == "yes" and font["sub"] == "yes" for font in fonts), fonts
    assert all(font["uni"] == "yes" for font in fonts)  # a ToUnicode map: text can be copied


def test_the_font_program_keeps_the_glyphs_drawn_alone_with_their_cids() -> None:
    from fontTools.cffLib import CFFFontSet
    from fontTools.pens.recordingPen import RecordingPen

    from roads.backends import cff
    from roads.drawing.fonts import TEXT, font_tables, glyph_ids

    kept = {glyph_ids(TEXT)[ord(char)] for char in "Big road 大路 Δ 바 ợ ก"}
    ours, theirs = CFFFontSet(), CFFFontSet()
    program = cff.subset(TEXT, kept)
    ours.decompile(io.BytesIO(program), None)
    theirs.decompile(io.BytesIO(font_tables(TEXT)["CFF "]), None)
    mine, source = ours[ours.fontNames[0]], theirs[theirs.fontNames[0]]
    # .notdef and the glyphs drawn, in order, each under its own CID (the PDF's text codes).
    assert mine.charset == [source.charset[glyph] for glyph in sorted({0, *kept})]
    for name in mine.charset:
        drawn, original = RecordingPen(), RecordingPen()
        mine.CharStrings[name].draw(drawn)
        source.CharStrings[name].draw(original)
        assert drawn.value == original.value, name
        assert mine.FDArray[mine.FDSelect[mine.charset.index(name)]].FontName == (
            source.FDArray[source.FDSelect[source.charset.index(name)]].FontName
        )
    assert len(program) < 20_000  # of a font of 46,000 glyphs


def _every_pdf(tmp_path: Path) -> dict[str, list[str]]:
    out = str(tmp_path)
    return {
        "board": ["render", str(EIGHT_DECKS), "-o", f"{out}/board.pdf"],
        "board on a4": ["render", str(EIGHT_DECKS), "--paper", "a4", "-o", f"{out}/a4.pdf"],
        "wall": ["render", str(SESSION), "--wall", "--lang", "zh", "-o", f"{out}/wall.pdf"],
        "report charts": ["report", str(EIGHT_DECKS), "-o", f"{out}/report.pdf"],
        "study charts": ["study", "--shoes", "3", "--seed", "1", "-o", f"{out}/study.pdf"],
        "blank card": ["scorecard", "--roads", "all", "-o", f"{out}/card.pdf"],
        "filled cards": ["scorecard", str(SESSION), "--lang", "zh-hant", "-o", f"{out}/cards.pdf"],
    }


@pytest.mark.parametrize(
    "name",
    ["board", "board on a4", "wall", "report charts", "study charts", "blank card", "filled cards"],
)
def test_every_pdf_roads_writes_opens_in_poppler_and_pypdf_without_a_warning(
    tmp_path: Path,
    name: str,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    poppler()
    args = _every_pdf(tmp_path)[name]
    code, _, err = run(args, capsys)
    assert code == 0, err
    path = Path(args[-1])
    reader = pypdf_reader(path, caplog)
    pages = len(reader.pages)  # type: ignore[attr-defined]
    for page in range(1, pages + 1):
        image = rasterised(path, 20, page)
        assert image.getextrema() != ((255, 255), (255, 255), (255, 255))  # something drawn
    assert "Past results do not predict the next hand." in " ".join(text_of(path).split())
    assert all(font["emb"] == "yes" for font in fonts_of(path))


def test_the_same_input_gives_the_same_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in _every_pdf(tmp_path).values():
        first = Path(args[-1])
        assert run(args, capsys)[0] == 0
        data = first.read_bytes()
        first.unlink()
        assert run(args, capsys)[0] == 0
        assert first.read_bytes() == data, args
        assert b"CreationDate" not in data and b"ModDate" not in data


def test_a_pdf_page_is_the_board_or_the_paper(tmp_path: Path) -> None:
    from pypdf import PdfReader

    board = roads.Scoreboard.read(str(EIGHT_DECKS))
    scene = board.scene()
    sizes = {}
    for name, paper in {
        "fit": None,
        "a4": Paper(size="a4"),
        "letter": Paper(size="letter"),
    }.items():
        path = tmp_path / f"{name}.pdf"
        board.save(path, paper=paper)
        box = PdfReader(path).pages[0].mediabox
        sizes[name] = (round(float(box.width), 2), round(float(box.height), 2))
    assert sizes["fit"] == (round(scene.width * 0.75, 2), round(scene.height * 0.75, 2))
    assert sizes["a4"] == (841.89, 595.28)  # the board is wide: the paper turns
    assert sizes["letter"] == (792.0, 612.0)


def test_pdf_is_a_format_of_every_picture_product() -> None:
    from roads import formats

    for product in (formats.BOARD, formats.REPORT, formats.STUDY):
        assert "pdf" in formats.choices(product)
    assert formats.sniff(b"%PDF-1.7\n") is formats.FORMATS["pdf"]
    assert json.dumps(formats.FORMATS["pdf"].extensions) == '[".pdf"]'


def test_a_document_has_a_page_a_scene_each_its_size_and_each_font_once() -> None:
    from pypdf import PdfReader

    from roads.backends.pdf import to_pdf

    short = roads.Scoreboard.from_notation("BPPT").scene()
    long = roads.Scoreboard.from_notation("BPPT" * 30).scene(lang="zh")
    data = to_pdf([short, long, short], scale=2)
    pages = PdfReader(io.BytesIO(data)).pages
    # At scale 2 on a page that fits it, a board unit (1/96 inch) is 1.5 points (1/72 inch).
    assert [(float(page.mediabox.width), float(page.mediabox.height)) for page in pages] == [
        (pytest.approx(scene.width * 1.5), pytest.approx(scene.height * 1.5))
        for scene in (short, long, short)
    ]
    fonts = {short.drawn_font(), long.drawn_font()}
    assert data.count(b"/Type /Font /Subtype /Type0") == len(fonts)
    assert b"/Lang (en)" in data  # the first page's language is the document's
    assert to_pdf([short, long, short], scale=2) == data
    with pytest.raises(ValueError, match="at least one page"):
        to_pdf([])
