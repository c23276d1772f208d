"""The QR code a screen shows (``roads.live.qr``): drawn here from its SVG path alone, without
the code that made it, zbar reads back the link it holds; it keeps the quiet zone of four light
modules the standard asks for, and names what it is for a screen reader."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image, ImageDraw
from screens_served import read_qr

from roads.live.qr import QUIET_ZONE, qr_svg

SVG = "{http://www.w3.org/2000/svg}"
PIXELS = 8
"""Pixels a module when the code is drawn for zbar."""


def _modules(svg: str) -> tuple[int, list[tuple[int, int, int]]]:
    """The code's side in modules, and its dark runs (x, y, length) as its path draws them."""
    root = ET.fromstring(svg)
    size = int(root.get("viewBox", "").split()[2])
    path = root.find(f"{SVG}path")
    assert path is not None
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", path.get("d", ""))
    assert "".join(f"M{x} {y}h{n}v1h-{m}z" for x, y, n, m in runs) == path.get("d")
    assert all(n == m for _, _, n, m in runs)
    return size, [(int(x), int(y), int(n)) for x, y, n, _ in runs]


def test_the_code_drawn_from_its_path_reads_back_as_the_link(tmp_path: Path) -> None:
    link = "http://192.0.2.7:8000/seat/3?key=0123456789abcdef0123456789abcdef"
    svg = qr_svg(link, label="Scan for seat 3 <&>")
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "Scan for seat 3 <&>"
    size, runs = _modules(svg)
    assert all(
        x >= QUIET_ZONE and x + n <= size - QUIET_ZONE and QUIET_ZONE <= y < size - QUIET_ZONE
        for x, y, n in runs
    )
    picture = Image.new("L", (size * PIXELS, size * PIXELS), 255)
    draw = ImageDraw.Draw(picture)
    for x, y, n in runs:
        draw.rectangle((x * PIXELS, y * PIXELS, (x + n) * PIXELS - 1, (y + 1) * PIXELS - 1), fill=0)
    picture.save(tmp_path / "code.png")
    assert read_qr(tmp_path / "code.png") == [link]
