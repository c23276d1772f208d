"""Glyphs from a shipped font (``roads.drawing.subset``): a subset holding only the characters
drawn, the same bytes for the same characters, and text as outlines."""

from __future__ import annotations

import io

from fontTools.ttLib import TTFont

from roads.drawing.fonts import TEXT
from roads.drawing.subset import characters, outline, subset_bytes


def test_the_characters_are_distinct_and_sorted() -> None:
    assert characters(["Banker", "Player"]) == "BPaeklnry"


def test_a_subset_holds_only_what_is_drawn_and_is_the_same_every_time() -> None:
    data = subset_bytes(TEXT, "AB")
    assert data == subset_bytes.__wrapped__(TEXT, "AB")
    cmap = TTFont(io.BytesIO(data)).getBestCmap()
    assert set(cmap) == {ord("A"), ord("B"), ord(" ")}


def test_an_outline_is_path_data_placed_by_its_anchor() -> None:
    start = outline(TEXT, "B", x=0, y=20, size=20, anchor="start")
    end = outline(TEXT, "B", x=0, y=20, size=20, anchor="end")
    assert start.startswith("M") and start != end
    assert outline(TEXT, "", x=0, y=0, size=10, anchor="middle") == ""
