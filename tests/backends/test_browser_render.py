"""What a browser shows: the SVG in headless Chromium against our PNG of the same board."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from boards import board, cell_centre
from PIL import Image, ImageOps
from screens import mean_difference, screenshot

from roads.drawing.board import BoardOptions, draw_board

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"lang": "zh", "theme": "dark"},
        pytest.param({"theme": "print"}, marks=pytest.mark.stress),
    ],
)
def test_chromium_draws_what_our_png_draws(
    browser: Any, tmp_path: Path, options: dict[str, str]
) -> None:
    scoreboard = board()
    png = Image.open(io.BytesIO(scoreboard.png(**options))).convert("RGB")
    shot = screenshot(browser, scoreboard.svg(**options), png.size, tmp_path)
    assert shot.size == png.size
    assert mean_difference(shot, png) < 2.0


def test_chinese_labels_are_drawn_not_boxes(browser: Any, tmp_path: Path) -> None:
    # Each label Chromium draws must look most like our PNG's drawing of the same character:
    # boxes (missing glyphs) would look alike for every character.
    scoreboard = board("BPT")
    scene = draw_board(scoreboard.roads, BoardOptions(lang="zh"))
    png = Image.open(io.BytesIO(scoreboard.png(lang="zh"))).convert("L")
    shot = screenshot(browser, scoreboard.svg(lang="zh"), png.size, tmp_path).convert("L")
    boxes = []
    for bead in scoreboard.bead_plate:
        x, y = cell_centre(scene, "bead-plate", bead.col, bead.row)
        boxes.append((round(x - 5), round(y - 5), round(x + 5), round(y + 5)))
    ours = [ImageOps.autocontrast(png.crop(box)) for box in boxes]
    theirs = [ImageOps.autocontrast(shot.crop(box)) for box in boxes]
    for index, drawn in enumerate(theirs):
        distances = [mean_difference(drawn.convert("RGB"), o.convert("RGB")) for o in ours]
        assert distances.index(min(distances)) == index, distances
        for other in theirs[index + 1 :]:
            assert mean_difference(drawn.convert("RGB"), other.convert("RGB")) > 30
