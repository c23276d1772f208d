"""Titles a user types draw in every script the text font covers (every Latin letter, Vietnamese
included, Greek, Cyrillic, every Han character of Noto Sans CJK, kana, Hangul, Thai, common
symbols), in PNG, SVG, PDF, walls and the live page; a character no shipped font holds (an
emoji, Arabic) is named in a warning.

The font checks read the fonts' own cmap with fontTools; the PNG checks compare the title's
pixels with those of the same title drawn as empty boxes.
"""

from __future__ import annotations

import base64
import io
import os
import re
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from chromium import CHROMIUM, CHROMIUM_FLAGS
from command_line import run, run_process
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops

from roads.backends.png import to_image
from roads.backends.svg import to_svg
from roads.drawing.board import BoardOptions
from roads.drawing.fonts import BOARD, TEXT, MissingGlyphWarning, covering, font_data_uri
from roads.drawing.scene import Scene, Text
from roads.live.page import Page
from roads.pictures import save_wall
from roads.scoreboard import Scoreboard

SVG = "{http://www.w3.org/2000/svg}"
ABSENT = "\U0010fffd"  # a private-use code point no font maps: drawn as .notdef
TITLES = {
    "latin": "Café São Paulo — Ñandú 5€ Zürich ½",
    "latin extended": "Łódź, Kraków, Český Krumlov, İstanbul, Șiret",
    "simplified": "第七桌 澳门 高额 晚场",
    "traditional": "第七桌 澳門 高額 晚場 臺灣",
    "greek": "Αθήνα, Ελλάδα · Θεσσαλονίκη",
    "cyrillic": "Москва · Київ · Ђорђе Београд",
    "kana": "ひらがな カタカナ 東京",
    "symbols": "€ £ ¥ ½ — – … • ° ± × ♠ ♥ ♦ ♣ ★",
    "vietnamese": "Bàn 7 — Hà Nội: ơ ư ẵ ợ ứ Đ ỹ",
    "thai": "โต๊ะ 7 กรุงเทพฯ ผู้เล่นที่นี่ น้ำ",
    "korean": "바카라 7번 테이블 서울 ㄱㅎ",
    "greek polytonic": "Ἀθῆναι ᾠδή",
    "rare han": "龘 㐀 䶵 鿕 𠀋 𠮷 﨑",  # Extension A, late additions, Extension B, compatibility
    "cyrillic supplement": "Ԁ ԑ Ꙁ",
}
BOARD_HANDS = "BPBBPTPB"


def _scene(title: str, lang: str = "en") -> Scene:
    board = Scoreboard.from_notation(BOARD_HANDS)
    return board.scene(title=title, lang=lang)


def _cmap(data: bytes) -> dict[int, str]:
    with TTFont(io.BytesIO(data)) as font:
        return dict(font.getBestCmap())


def _title_box(image: Image.Image, scene: Scene) -> tuple[int, int, int, int]:
    title = next(s for s in scene.shapes if isinstance(s, Text) and "title" in s.classes)
    return (0, 0, image.width, round(title.y + title.size * 0.4))


@pytest.mark.parametrize("script", TITLES)
def test_every_character_of_a_title_maps_to_a_glyph_of_the_font_it_is_drawn_in(
    script: str,
) -> None:
    scene = _scene(TITLES[script])
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingGlyphWarning)
        font = scene.drawn_font()
    cmap = _cmap(font_path_bytes(font.file_name))
    lacking = [c for c in TITLES[script] if not c.isspace() and ord(c) not in cmap]
    assert not lacking, f"{font.family} lacks {lacking}"


def font_path_bytes(name: str) -> bytes:
    return (Path(__file__).parents[2] / "fonts" / name).read_bytes()


@pytest.mark.filterwarnings("ignore::roads.drawing.fonts.MissingGlyphWarning")
@pytest.mark.parametrize("script", TITLES)
def test_a_png_title_differs_from_the_same_title_drawn_as_empty_boxes(script: str) -> None:
    title = TITLES[script]
    scene = _scene(title)
    boxes = _scene("".join(c if c.isspace() else ABSENT for c in title))
    drawn, tofu = to_image(scene), to_image(boxes)
    box = _title_box(drawn, scene)
    # Character by character: the title's pixels are not those of empty boxes anywhere.
    assert ImageChops.difference(drawn.crop(box), tofu.crop(box)).getbbox() is not None
    # And every character alone draws something other than an empty box.
    font = scene.drawn_font()
    for char in set(title) - {" "}:
        alone = to_image(_replace_title(scene, char, font))
        empty = to_image(_replace_title(scene, ABSENT, font))
        assert alone.tobytes() != empty.tobytes(), f"{char!r} draws as an empty box"


def _replace_title(scene: Scene, text: str, font: object) -> Scene:
    from dataclasses import replace

    shapes = tuple(
        replace(s, text=text) if isinstance(s, Text) and "title" in s.classes else s
        for s in scene.shapes
    )
    return replace(scene, shapes=shapes, font=font)  # type: ignore[arg-type]


def _embedded_font(svg: str) -> bytes:
    found = re.search(r"url\(data:font/otf;base64,([A-Za-z0-9+/=]+)\)", svg)
    assert found, "the SVG embeds no font"
    return base64.b64decode(found.group(1))


@pytest.mark.parametrize("script", TITLES)
def test_the_svg_embeds_a_font_covering_every_character_it_draws(script: str) -> None:
    svg = to_svg(_scene(TITLES[script]))
    root = ET.fromstring(svg)
    texts = [element.text or "" for element in root.iter(f"{SVG}text")]
    assert TITLES[script] in texts
    cmap = _cmap(_embedded_font(svg))
    lacking = sorted({c for text in texts for c in text if not c.isspace()} - set(map(chr, cmap)))
    assert not lacking
    # The text font is never embedded whole: only the glyphs drawn (and the empty box).
    assert len(cmap) < 200
    assert re.match(
        r"'Roads Sans Text [0-9a-f]{10}', 'Roads Sans Text'", root.get("font-family", "")
    )


def test_two_svgs_holding_different_subsets_name_them_apart() -> None:
    # On one HTML page (a notebook, the live page) a face hides any other of the same name.
    first, second = (ET.fromstring(to_svg(_scene(TITLES[k]))) for k in ("greek", "cyrillic"))
    assert first.get("font-family") != second.get("font-family")
    again = ET.fromstring(to_svg(_scene(TITLES["greek"])))
    assert again.get("font-family") == first.get("font-family")


def test_a_chinese_board_with_a_chinese_title_embeds_a_small_subset() -> None:
    svg = to_svg(_scene(TITLES["simplified"], lang="zh"))
    assert len(_embedded_font(svg)) < 30_000
    assert set(TITLES["simplified"]) - {" "} <= set(map(chr, _cmap(_embedded_font(svg))))


def test_a_board_its_own_font_draws_keeps_that_font_whole() -> None:
    # Boards without such text keep the board font, and so their bytes.
    scene = _scene("8-deck shoe, seed 2026")
    assert scene.drawn_font() is BOARD
    svg = to_svg(scene)
    assert font_data_uri(BOARD) in svg
    assert "Roads Sans Text" not in svg


def test_text_as_paths_draws_outlines_and_embeds_no_font() -> None:
    scene = _scene(TITLES["simplified"], lang="zh")
    svg = to_svg(scene, text_as_paths=True)
    root = ET.fromstring(svg)
    assert not list(root.iter(f"{SVG}text"))
    assert "@font-face" not in svg
    paths = {p.get("aria-label"): p for p in root.iter(f"{SVG}path") if p.get("aria-label")}
    title = paths[TITLES["simplified"]]
    assert "title" in (title.get("class") or "")
    # Every Text shape became a path with outlines: one closed contour or more per glyph.
    texts = [s for s in scene.shapes if isinstance(s, Text)]
    assert len(paths) == len({s.text for s in texts})
    assert title.get("d", "").count("Z") >= len(TITLES["simplified"].replace(" ", ""))
    # The outline starts where the text does and is as wide as the font's advances say.
    xs = [float(v) for v in re.findall(r"[ML](-?[\d.]+) ", title.get("d", ""))]
    start = next(s for s in texts if "title" in s.classes)
    assert start.x <= min(xs) < start.x + start.size


def test_a_character_no_font_holds_is_named_in_a_warning() -> None:
    scene = _scene("第七桌 😀 ش")  # an emoji, and Arabic (a script drawn only when shaped)
    with pytest.warns(MissingGlyphWarning, match=r"ش \(U\+0634\), 😀 \(U\+1F600\)"):
        to_image(scene)
    font, lacking = covering(["第七桌 😀"])
    assert font is TEXT and lacking == "😀"


def test_the_command_line_warns_naming_the_character(tmp_path: Path) -> None:
    out = tmp_path / "x.png"
    result = run_process("render", "--hands", "BPB", "--title", "Café 😀", "-o", str(out))
    assert result.returncode == 0 and out.stat().st_size
    assert result.stderr == (
        "roads render: warning: no shipped font can draw 😀 (U+1F600): drawn as empty boxes\n"
    )
    result = run_process("render", "--hands", "BPB", "--title", "Café", "-o", str(out))
    assert result.returncode == 0 and result.stderr == ""


def test_text_as_paths_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.svg"
    args = ["render", "--hands", "BPB", "--lang", "zh", "--title", "第七桌", "-o", str(out)]
    code, _, _ = run([*args, "--text-as-paths"], capsys)
    assert code == 0
    svg = out.read_text()
    assert "<text" not in svg and 'aria-label="第七桌"' in svg


def test_a_wall_title_draws_in_png(tmp_path: Path) -> None:
    boards = [Scoreboard.from_notation(BOARD_HANDS)] * 2
    pictures = {}
    for name, title in (("drawn", TITLES["traditional"]), ("boxes", ABSENT * 5)):
        out = tmp_path / f"{name}.png"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MissingGlyphWarning)
            save_wall(boards, out, options=BoardOptions(title=title))
        pictures[name] = Image.open(out).convert("RGB")
    top = (0, 0, pictures["drawn"].width, 40)
    differ = ImageChops.difference(pictures["drawn"].crop(top), pictures["boxes"].crop(top))
    assert differ.getbbox() is not None


def _page_face(html: str) -> dict[int, str]:
    found = re.search(
        r"@font-face\{font-family:'Roads Sans Page';src:url\(data:font/otf;base64,([^)]+)\)", html
    )
    assert found, "the page embeds no font of its own"
    return _cmap(base64.b64decode(found.group(1)))


def test_the_chinese_live_page_carries_the_glyphs_of_its_words() -> None:
    page = Page("session.jsonl", BoardOptions(lang="zh-hant", title=TITLES["traditional"]))
    html = page.html(page.empty_state(""), "token")
    covered = set(map(chr, _page_face(html)))
    assert '"Roads Sans Page",system-ui' in html  # the style sheet names it first
    outside = re.sub(r"<svg.*?</svg>|<script.*?</script>|<style.*?</style>", "", html, flags=re.S)
    visible = re.sub(r"<[^>]+>", "", outside) + "".join(re.findall(r'placeholder="([^"]+)"', html))
    beyond = {c for c in visible if not c.isspace() and ord(c) >= 0x100}
    assert set(TITLES["traditional"]) - {" "} <= beyond
    assert beyond - {"…", "·", "—", "–"} <= covered
    # It holds no Latin: that falls through to the system's fonts.
    assert not covered & set("ABCabc0123")


def test_the_chinese_live_page_draws_in_chromium_without_cjk_fonts(
    tmp_path: Path, browser: Any
) -> None:
    """A tablet or kiosk without CJK fonts: fontconfig knows DejaVu Sans alone. The
    heading, in the page's own font, differs from the same count of unmapped characters (boxes
    in whatever font the browser falls back to)."""
    from roads.hands.journal import Journal
    from roads.live.server import LiveServer

    journal = tmp_path / "s.jsonl"
    Journal(journal).add(Scoreboard.from_notation("B").hands[0])
    options = BoardOptions(lang="zh-hant", title=TITLES["traditional"])
    with LiveServer(journal, port=0, options=options, log=[].append, timeout=2.0).start() as live:
        drawn, boxes = _heading_and_boxes(f"http://127.0.0.1:{live.port}/", tmp_path, browser)
    assert drawn != boxes


@pytest.mark.parametrize("lang", ["zh", "zh-hant"])
def test_the_chinese_report_draws_in_chromium_without_cjk_fonts(
    lang: str, tmp_path: Path, browser: Any
) -> None:
    """The report's own words (its heading, notice and sections, not only its pictures) are
    set in the glyphs the page carries: without CJK fonts they are not empty boxes."""
    page = tmp_path / "report.html"
    code = run_process("report", "--hands", BOARD_HANDS, "--lang", lang, "-o", str(page))
    assert code.returncode == 0, code.stderr
    drawn, boxes = _heading_and_boxes(page.as_uri(), tmp_path, browser)
    assert drawn != boxes


def test_the_chinese_report_carries_the_glyphs_of_its_words(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = run_process("report", "--hands", BOARD_HANDS, "--lang", "zh", "-o", str(page))
    assert result.returncode == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    covered = set(map(chr, _page_face(html)))
    assert '"Roads Sans Page",system-ui' in html  # the style sheet names it first
    outside = re.sub(r"<svg.*?</svg>|<script.*?</script>|<style.*?</style>", "", html, flags=re.S)
    visible = re.sub(r"<[^>]+>", "", outside)
    beyond = {c for c in visible if not c.isspace() and ord(c) >= 0x100}
    assert "牌" in beyond and beyond - {"…", "·", "—", "–", "−", "’"} <= covered
    assert not covered & set("ABCabc0123")


def test_an_english_report_needs_no_font_of_its_own(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    assert run_process("report", "--hands", BOARD_HANDS, "-o", str(page)).returncode == 0
    assert "font-family:'Roads Sans Page'" not in page.read_text(encoding="utf-8")


def _heading_and_boxes(url: str, tmp_path: Path, browser: Any) -> tuple[bytes, bytes]:
    """Screenshots of the page's first heading, as drawn and with its text replaced by as many
    unmapped characters (boxes in whatever font the browser falls back to), in a Chromium whose
    fontconfig knows DejaVu Sans alone (a tablet or kiosk without CJK fonts)."""
    latin = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # fontconfig's own
    if not latin.is_file():
        pytest.skip("DejaVu Sans is not installed (apt-get install fonts-dejavu-core)")
    (tmp_path / "fonts").mkdir(exist_ok=True)
    if not (tmp_path / "fonts" / latin.name).exists():
        (tmp_path / "fonts" / latin.name).symlink_to(latin)
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>{tmp_path / 'fonts'}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    # Another Chromium than the session's, from the same Playwright, with its own fonts.
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_FLAGS,
        env={**os.environ, "FONTCONFIG_FILE": str(config)},
    )
    try:
        tab = chromium.new_page()
        tab.goto(url)
        tab.evaluate("document.fonts.ready.then(() => true)")
        heading = tab.locator("h1")
        drawn = heading.screenshot()
        text = heading.text_content() or ""
        boxes = "".join(c if c.isspace() else ABSENT for c in text)
        tab.evaluate("t => { document.querySelector('h1').textContent = t }", boxes)
        tab.evaluate("document.fonts.ready.then(() => true)")
        return drawn, heading.screenshot()
    finally:
        chromium.close()


def test_an_english_live_page_needs_no_font_of_its_own() -> None:
    page = Page("session.jsonl", BoardOptions())
    html = page.html(page.empty_state(""), "token")
    assert "font-family:'Roads Sans Page'" not in html
    assert "@font-face" not in html.split("<svg", 1)[0]


def test_a_report_of_several_pictures_warns_once(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "eight-decks.jsonl"
    out = tmp_path / "r.html"
    result = run_process("report", str(example), "--title", "Table ✓", "-o", str(out))
    assert result.returncode == 0 and out.stat().st_size
    assert result.stderr == (
        "roads report: warning: no shipped font can draw ✓ (U+2713): drawn as empty boxes\n"
    )


@pytest.mark.parametrize("script", TITLES)
def test_a_pdf_title_draws_its_glyphs_and_reads_back_as_its_text(
    script: str, tmp_path: Path
) -> None:
    """The PDF embeds the glyphs of the title (not empty boxes: the page's ink differs from the
    same title's boxes) and maps them back to the title's characters."""
    from pdf_readers import fonts_of, poppler, rasterised, text_of

    poppler()
    title = TITLES[script]
    board = Scoreboard.from_notation(BOARD_HANDS)
    drawn, boxes = tmp_path / "title.pdf", tmp_path / "boxes.pdf"
    board.save(drawn, title=title)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingGlyphWarning)
        board.save(boxes, title="".join(c if c.isspace() else ABSENT for c in title))
    assert "".join(title.split()) in "".join(text_of(drawn).split())
    assert all(font["emb"] == "yes" for font in fonts_of(drawn))
    assert drawn.stat().st_size < 40_000  # the glyphs drawn, not the font's 46,000
    first, second = rasterised(drawn, 72), rasterised(boxes, 72)
    band = (0, 0, first.width, 40)
    assert ImageChops.difference(first.crop(band), second.crop(band)).getbbox() is not None


def test_an_svg_of_thai_sara_am_carries_what_browsers_draw_it_as() -> None:
    """HarfBuzz (Chromium, Firefox) draws sara am (U+0E33) as nikhahit and sara aa: without
    them in the subset the SVG showed น้ำ with an empty box."""
    cmap = _cmap(_embedded_font(to_svg(_scene("น้ำ"))))
    assert {0x0E33, 0x0E4D, 0x0E32} <= cmap.keys()
