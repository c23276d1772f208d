"""On a phone 390 px wide, in Chromium: every page and a board's SVG opened alone fit the screen
(nothing scrolls the page sideways) with the notice in view, and pictures that keep a legible
width scroll in their own frame."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from command_line import run_process

from roads.hands.journal import Journal
from roads.scoreboard import Scoreboard

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "eight-decks.jsonl"
NOTICE = "Past results do not predict the next hand."


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def _width(page: Any) -> float:
    """The width the page is laid out in: the screen's, or for a document that cannot say it
    fits a phone (an SVG opened alone) the 980 px a phone lays it out in and zooms to fit."""
    width: float = page.evaluate("document.documentElement.clientWidth")
    return width


def _fits(page: Any) -> None:
    """The page is no wider than it is laid out in: nothing scrolls it sideways."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= _width(page), (scroll, _width(page))


def _in_view(page: Any, selector: str) -> None:
    """The element is shown (once the page has drawn it) and lies within the page's width. Its
    box is read in the same script that finds it: a live page redraws its board, and a box
    asked for after a separate wait may belong to an element already replaced."""
    shown = page.wait_for_function(
        """selector => {
            const element = document.querySelector(selector);
            const box = element && element.getBoundingClientRect();
            return box && box.width > 0 && box.height > 0 ? {x: box.left, width: box.width} : null;
        }""",
        arg=selector,
    )
    box = shown.json_value()
    assert box["x"] >= 0 and box["x"] + box["width"] <= _width(page) + 0.5, (selector, box)


def test_a_board_svg_opened_alone_fits_the_screen_with_its_notice(
    tmp_path: Path, phone: Any
) -> None:
    svg = tmp_path / "board.svg"
    assert run_process("render", str(EXAMPLE), "-o", str(svg)).returncode == 0
    phone.goto(svg.as_uri())
    _fits(phone)
    _in_view(phone, "text.notice")
    assert NOTICE in (phone.locator("text.notice").first.text_content() or "")
    # In a window 390 px wide (no phone's zoom), it fits that width.
    window = phone.context.browser.new_page(viewport=PHONE)
    try:
        window.goto(svg.as_uri())
        assert _width(window) == PHONE["width"]
        _fits(window)
        _in_view(window, "text.notice")
    finally:
        window.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_report_fits_and_says_the_notice_under_its_board(
    lang: str, tmp_path: Path, phone: Any
) -> None:
    page = tmp_path / "report.html"
    assert run_process("report", str(EXAMPLE), "--lang", lang, "-o", str(page)).returncode == 0
    phone.goto(page.as_uri())
    _fits(phone)
    _in_view(phone, ".notice")  # the page's own, at the top
    # The board keeps a legible width and scrolls in its frame; its band would show empty (its
    # text centred out of sight), so the notice is said under it, in view.
    _in_view(phone, ".picture-notice")
    assert NOTICE in (phone.locator(".picture-notice").text_content() or "")
    band = phone.locator(".board svg .notice-band")
    assert band.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    # Charts keep a legible width (their 13-unit text at 9.5 px or more), in a frame that
    # scrolls.
    for chart in phone.locator(".chart svg").all():
        assert chart.evaluate("e => e.getBoundingClientRect().width") >= 0.73 * 760


def test_the_study_page_fits_with_its_notice(tmp_path: Path, phone: Any) -> None:
    page = tmp_path / "study.html"
    result = run_process("study", "--shoes", "5", "--seed", "1", "-o", str(page))
    assert result.returncode == 0, result.stderr
    phone.goto(page.as_uri())
    _fits(phone)
    _in_view(phone, ".notice")


def test_the_live_pages_fit_with_their_notice(tmp_path: Path, phone: Any) -> None:
    from roads.live.server import LiveServer

    journal = tmp_path / "game.jsonl"
    for hand in Scoreboard.from_notation("BPPBTBPBBPPBPTBBPPBP").hands:
        Journal(journal).add(hand)
    with LiveServer(journal, port=0, log=[].append, timeout=2.0).start() as live:
        for path in ("/", "/wall", "/overlay"):
            phone.goto(f"http://127.0.0.1:{live.port}{path}")
            _fits(phone)
            _in_view(phone, "text.notice" if path != "/" else ".notice")
            assert _width(phone) == PHONE["width"], path


def test_the_blog_cookbooks_image_shrinks_with_the_screen(tmp_path: Path, phone: Any) -> None:
    """The cookbook's HTML, as a blog would paste it, with the SVG it renders."""
    page = (ROOT / "docs" / "cookbook" / "blog-board.md").read_text(encoding="utf-8")
    figure = page.split("```html\n", 1)[1].split("```", 1)[0]
    assert run_process("render", str(EXAMPLE), "-o", str(tmp_path / "shoe.svg")).returncode == 0
    html = tmp_path / "post.html"
    html.write_text(
        '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width">'
        f"<body>{figure}</body></html>",
        encoding="utf-8",
    )
    phone.goto(html.as_uri())
    phone.wait_for_function("document.querySelector('img').complete")
    _fits(phone)
    width = phone.evaluate("document.querySelector('img').getBoundingClientRect().width")
    assert width <= PHONE["width"]
