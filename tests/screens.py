"""Pictures of pages in headless Chromium, and how far two pictures differ."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageStat


def screenshot(browser: Any, svg: str, size: tuple[int, int], tmp_path: Path) -> Image.Image:
    path = tmp_path / "board.svg"
    path.write_text(svg, encoding="utf-8")
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(path.as_uri())
        page.wait_for_timeout(100)
        shot = page.screenshot()
    finally:
        page.close()
    return Image.open(io.BytesIO(shot)).convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3
