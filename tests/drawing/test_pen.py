"""The charts' pen (``roads.drawing.pen``): shapes drawn relative to its origin, in its theme's
colours, and the card and notice blocks charts are made of."""

from __future__ import annotations

from roads.drawing.pen import Pen
from roads.drawing.scene import Circle, Line, Rect, Text
from roads.drawing.themes import THEMES
from roads.game.coup import Outcome


def test_shapes_are_drawn_from_the_origin() -> None:
    pen = Pen(THEMES["casino"], x=100, y=50)
    pen.rect(1, 2, 3, 4, fill="#fff")
    pen.circle(5, 6, 2, fill="#000")
    pen.line(0, 0, 10, 0, "#000", 1.0)
    pen.text(7, 8, "hi", size=12, fill="#000")
    rect, circle, line, text = pen.shapes
    assert isinstance(rect, Rect) and (rect.x, rect.y) == (101, 52)
    assert isinstance(circle, Circle) and (circle.cx, circle.cy) == (105, 56)
    assert isinstance(line, Line) and (line.x1, line.y1, line.x2) == (100, 50, 110)
    assert isinstance(text, Text) and (text.x, text.y, text.text) == (107, 58, "hi")


def test_dashes_are_short_lines() -> None:
    pen = Pen(THEMES["casino"])
    pen.dashes(0, 20, 5, "#000", 1.0)
    assert [(s.x1, s.x2) for s in pen.shapes if isinstance(s, Line)] == [(0, 5), (9, 14), (18, 20)]


def test_outcomes_take_the_theme_s_colours() -> None:
    theme = THEMES["dark"]
    pen = Pen(theme)
    assert [pen.colour(o) for o in Outcome] == [theme.banker, theme.player, theme.tie]


def test_a_card_frames_what_it_draws_and_says_how_tall_it_is() -> None:
    pen = Pen(THEMES["casino"])
    bottom = pen.card(10, 20, 300, "Heading", lambda inner: 40.0, pad=12)
    assert bottom > 20 + 40
    assert any(isinstance(s, Text) and s.text == "Heading" for s in pen.shapes)
    below = pen.notice_band(10, bottom, 300, "Past results do not predict the next hand.")
    assert below == bottom + 32
