"""The new layouts in a browser: headless Chromium draws each SVG as our PNG of it."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from boards import board
from PIL import Image, ImageFilter
from screens import mean_difference, screenshot

from roads.backends.png import to_png
from roads.backends.svg import to_svg
from roads.drawing.wall import draw_wall
from roads.scoreboard import Scoreboard

pytestmark = pytest.mark.browser

SOFTEN = ImageFilter.GaussianBlur(1.5)


def soft_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference once both are blurred by 1.5 px: thumbnails' small cells are mostly
    anti-aliased edges, which Chromium and Pillow smooth a little differently; a mark moved by
    3 px still scores 7 to 9 on these boards, the same pictures about 1."""
    return mean_difference(a.filter(SOFTEN), b.filter(SOFTEN))


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"layout": "casino"}, marks=pytest.mark.stress),
        {"layout": "casino", "theme": "dark", "lang": "zh", "columns": 12},
        pytest.param({"layout": "lobby"}, marks=pytest.mark.stress),
        pytest.param(
            {"layout": "lobby", "with_bead_plate": True, "theme": "print"}, marks=pytest.mark.stress
        ),
        pytest.param({"theme": "accessible"}, marks=pytest.mark.stress),
        pytest.param(
            {"layout": "casino", "theme": "accessible", "lang": "zh-hant"},
            marks=pytest.mark.stress,
        ),
    ],
)
def test_chromium_draws_each_layout_as_our_png(
    browser: Any, tmp_path: Path, options: dict[str, Any]
) -> None:
    scoreboard = board()
    png = Image.open(io.BytesIO(scoreboard.png(**options))).convert("RGB")
    shot = screenshot(browser, scoreboard.svg(**options), png.size, tmp_path)
    assert shot.size == png.size
    assert soft_difference(shot, png) < 2.0


@pytest.mark.stress  # one more layout in Chromium: CI runs it
def test_chromium_draws_the_wall_as_our_png(browser: Any, tmp_path: Path) -> None:
    scene = draw_wall([Scoreboard.simulate(seed=3, index=i).roads for i in range(8)])
    png = Image.open(io.BytesIO(to_png(scene))).convert("RGB")
    shot = screenshot(browser, to_svg(scene), png.size, tmp_path)
    assert soft_difference(shot, png) < 2.0
