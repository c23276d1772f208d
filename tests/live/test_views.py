"""The overlay (``/overlay``) and the wall (``/wall``, ``/wall.svg``) of ``roads serve``: what
they serve, their policy, and in headless Chromium: a transparent overlay that scales to the
window and follows the journal, and a wall of every shoe."""

from __future__ import annotations

import base64
import hashlib
import io
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import SHOE, SVG, embedded_svg, logged, request, start
from PIL import Image, ImageChops

from roads.drawing.themes import THEMES
from roads.hands.journal import Journal
from roads.hands.notation import parse_notation
from roads.live.server import LiveServer
from roads.notice import NOTICE


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "session.jsonl"


@pytest.fixture
def server(path: Path) -> Iterator[LiveServer]:
    journal = logged(path, SHOE)
    journal.new_shoe()
    for hand in parse_notation("BBBPPT"):
        journal.add(hand)
    with start(path, keepalive=0.3) as live:
        yield live


def thumbnails(root: ET.Element) -> list[str]:
    return [
        element.get("class", "").split()[1]
        for element in root.iter(f"{SVG}rect")
        if element.get("class", "").startswith("thumbnail ")
    ]


def script_policy(html: str, policy: str) -> None:
    (script,) = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in policy
    assert "frame-ancestors 'none'" in policy


def test_the_overlay_serves_the_board_alone_with_its_notice(server: LiveServer) -> None:
    status, headers, body = request(server, "GET", "/overlay")
    html = body.decode()
    assert status == 200 and headers.get_content_type() == "text/html"
    script_policy(html, headers["Content-Security-Policy"])
    assert "<button" not in html and "background: transparent" in html
    root = embedded_svg(html)
    assert root.get("role") == "img" and NOTICE in ET.tostring(root, encoding="unicode")
    assert sum(1 for e in root.iter() if "mark" in e.get("class", "").split()) > 0


def test_the_wall_shows_every_shoe_numbered(server: LiveServer, path: Path) -> None:
    status, headers, body = request(server, "GET", "/wall.svg")
    assert status == 200 and headers.get_content_type() == "image/svg+xml"
    assert thumbnails(ET.fromstring(body)) == ["shoe-1", "shoe-2"]
    Journal(path).new_shoe()
    status, headers, body = request(server, "GET", "/wall")
    html = body.decode()
    script_policy(html, headers["Content-Security-Policy"])
    assert thumbnails(embedded_svg(html)) == ["shoe-1", "shoe-2", "shoe-3"]
    assert "Shoe 3" in html and NOTICE in html
    assert request(server, "POST", "/wall")[0] == 405


def test_the_wall_says_what_is_wrong_with_a_broken_journal(server: LiveServer, path: Path) -> None:
    with path.open("a") as file:
        file.write('{"event": "coup", "outcome": "X"}\n')
    status, _, body = request(server, "GET", "/wall.svg")
    assert status == 409 and b"cannot read the journal" in body


def test_the_wall_is_drawn_once_per_change_of_the_journal(
    server: LiveServer, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from roads.live import views

    drawn: list[int] = []
    real = views.wall_svg

    def counting(session: Any, *args: Any) -> str:
        drawn.append(len(session.shoes))
        return real(session, *args)

    monkeypatch.setattr(views, "wall_svg", counting)
    bodies = {request(server, "GET", "/wall.svg")[2] for _ in range(3)}
    request(server, "GET", "/wall")
    assert drawn == [2] and len(bodies) == 1
    Journal(path).new_shoe()
    after = [request(server, "GET", "/wall.svg")[2] for _ in range(2)]
    assert drawn == [2, 3] and after[0] == after[1]
    assert thumbnails(ET.fromstring(after[0])) == ["shoe-1", "shoe-2", "shoe-3"]


# -- in the browser ------------------------------------------------------------------------------

MAGENTA = (255, 0, 255)


def shot(page: Any) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot())).convert("RGB")


def board_box(page: Any) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        "(() => { const r = document.querySelector('#board svg').getBoundingClientRect();"
        " const v = document.querySelector('#board svg').viewBox.baseVal;"
        " return {x: r.x, y: r.y, w: r.width, h: r.height, vw: v.width, vh: v.height}; })()"
    )
    return box


@pytest.mark.browser
@pytest.mark.parametrize(
    "viewport", [(1280, 720), pytest.param((640, 600), marks=pytest.mark.stress)]
)
def test_the_overlay_is_transparent_and_fills_its_window(
    browser: Any, server: LiveServer, path: Path, viewport: tuple[int, int]
) -> None:
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.goto(server.url + "overlay")
    # The page a stream puts it over: magenta, wherever the overlay draws nothing.
    page.evaluate("document.documentElement.style.background = 'rgb(255, 0, 255)'")
    image = shot(page)
    box = board_box(page)
    scale = min(viewport[0] / box["vw"], viewport[1] / box["vh"])
    drawn_w, drawn_h = box["vw"] * scale, box["vh"] * scale
    assert abs(drawn_w - viewport[0]) < 1 or abs(drawn_h - viewport[1]) < 1  # scaled to fit
    left = (viewport[0] - drawn_w) / 2
    top = (viewport[1] - drawn_h) / 2
    # The corners and the margin around the panels show the page behind.
    assert image.getpixel((2, 2)) == MAGENTA
    assert image.getpixel((round(left + 5 * scale), round(top + 5 * scale))) == MAGENTA
    # The panels do not: an empty big-road cell is the theme's panel colour.
    svg = ET.fromstring(page.evaluate("document.querySelector('#board svg').outerHTML"))
    (panel,) = [
        e for e in svg.iter(f"{SVG}rect") if e.get("class", "").split() == ["panel", "big-road"]
    ]
    x = float(panel.get("x", 0)) + float(panel.get("width", 0)) - 12
    y = float(panel.get("y", 0)) + float(panel.get("height", 0)) - 12
    pixel = image.getpixel((round(left + x * scale), round(top + y * scale)))
    panel_colour = tuple(int(THEMES["casino"].panel[i : i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 8 for a, b in zip(pixel, panel_colour, strict=True)), pixel
    behind = ImageChops.difference(image, Image.new("RGB", image.size, MAGENTA)).convert("L")
    magenta = behind.histogram()[0] / (viewport[0] * viewport[1])
    assert 0.05 < magenta < 0.9  # some of the window is the page behind, some is the board
    page.close()


@pytest.mark.browser
def test_the_overlay_and_the_wall_follow_the_journal(
    browser: Any, server: LiveServer, path: Path
) -> None:
    overlay = browser.new_page(viewport={"width": 960, "height": 540})
    problems: list[str] = []
    overlay.on("console", lambda message: problems.append(message.text))
    overlay.on("pageerror", lambda error: problems.append(str(error)))
    overlay.goto(server.url + "overlay")
    count = "document.querySelectorAll('#board .mark.bead-plate').length"
    shown = overlay.evaluate(count)
    wall = browser.new_page(viewport={"width": 1200, "height": 800})
    wall.on("pageerror", lambda error: problems.append(str(error)))
    wall.goto(server.url + "wall")
    cards = "document.querySelectorAll('#board rect.thumbnail').length"
    assert wall.evaluate(cards) == 2
    deadline = time.monotonic() + 10
    while server.streams < 2:  # both pages have their event streams
        assert time.monotonic() < deadline, server.streams
        time.sleep(0.02)
    journal = Journal(path)
    journal.add(parse_notation("B")[0])
    overlay.wait_for_function(f"() => {count} === {shown + 1}", timeout=10_000)
    journal.new_shoe()
    wall.wait_for_function(f"() => {cards} === 3", timeout=10_000)
    assert problems == []
    overlay.close()
    wall.close()


def test_serve_draws_the_layout_it_is_given(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from roads.drawing.board import BoardOptions

    logged(path, SHOE)
    with start(path, options=BoardOptions(layout="casino"), tails="drop-back") as live:
        html = request(live, "GET", "/overlay")[2].decode()
    panels = {
        element.get("class", "").split()[1]: float(element.get("x", 0))
        for element in embedded_svg(html).iter(f"{SVG}rect")
        if element.get("class", "").startswith("panel ")
    }
    assert panels["big-eye-boy"] == panels["small-road"] == panels["big-road"]
    assert panels["bead-plate"] < panels["big-road"]


def test_animate_and_log_render_take_a_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from command_line import run

    target = tmp_path / "a.svg"
    code, _, err = run(
        ["animate", "--hands", "BBPPT", "--layout", "lobby", "-o", str(target)], capsys
    )
    assert code == 0, err
    assert "big-eye-boy" not in target.read_text()
    picture = tmp_path / "live.svg"
    code, _, err = run(
        [
            "log",
            str(tmp_path / "j.jsonl"),
            "--add",
            "BPB",
            "--render",
            str(picture),
            "--layout",
            "casino",
            "-q",
        ],
        capsys,
    )
    assert code == 0, err
    assert "grid-major" in picture.read_text()
