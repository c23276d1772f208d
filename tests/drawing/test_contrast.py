"""Text on the colour of a mark keeps 4.5:1 (WCAG AA): the live page's outcome buttons in
every theme, and the report's badges."""

from __future__ import annotations

import re

import pytest

from roads.drawing.board import BoardOptions
from roads.drawing.themes import THEMES
from roads.live.contrast import contrast, legible_fill
from roads.live.page import Page
from roads.live.page import data_file as live_file
from roads.pages.templates import data_text


def test_contrast_is_wcag_s() -> None:
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#1e8a3c", "#ffffff") == pytest.approx(4.42, abs=0.01)  # the Tie green
    assert contrast("#777", "#777") == 1.0


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_live_buttons_keep_their_words_legible(theme: str) -> None:
    css = Page("j", BoardOptions(theme=theme))._css()
    colours = dict(re.findall(r"--([a-z-]+):(#[0-9a-f]{3,6})", css))
    on_mark = colours["on-mark"]
    page_css = live_file("page.css")
    for name in ("banker", "player", "tie"):
        fill = colours[f"{name}-fill"]
        assert f".{name}{{background:var(--{name}-fill)}}" in page_css
        assert contrast(fill, on_mark) >= 4.5, (theme, name, fill)
        # the theme's own colour where that is legible already
        assert fill == colours[name] or contrast(colours[name], on_mark) < 4.5
    # every fill under on-mark words is one of those shades
    for rule in re.findall(r"\{[^}]*color:var\(--on-mark\)[^}]*\}", page_css):
        assert "background:var(--" not in rule or "-fill)" in rule, rule


def test_a_legible_fill_moves_away_from_the_text() -> None:
    assert legible_fill("#1e8a3c", "#ffffff") == "#1d873b"
    assert contrast(legible_fill("#1f5fbf", "#0d141c"), "#0d141c") >= 4.5  # lighter


def test_the_report_badges_keep_white_words_legible() -> None:
    css = data_text("roads.pages", "page.css")
    colours = dict(re.findall(r"--([a-z-]+):(#[0-9a-f]{3,6})", css))
    for kind, variable in re.findall(r"\.badge\.(\w+)\{background:var\(--([a-z-]+)\)\}", css):
        assert contrast(colours[variable], "#ffffff") >= 4.5, kind
