"""How each shape is written as SVG (``roads.backends.svg_shapes``): numbers to 1/100 of a
unit, values escaped as ElementTree escapes them, and shapes that look alike grouped under one
style."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from roads.backends.svg_shapes import (
    escaped,
    escaped_text,
    number,
    style_of,
    write_still,
    written_attributes,
)
from roads.drawing.scene import Circle, Rect, Text


def test_numbers_to_a_hundredth() -> None:
    assert [number(v) for v in (1.0, 2.5, 3.14159, -0.004)] == ["1", "2.5", "3.14", "-0"]


def test_escaped_as_elementtree_escapes() -> None:
    value = 'a & b < "c" >\n\t'
    element = ET.Element("x", v=value)
    element.text = "1 < 2 & 3 > 0"
    expected = ET.tostring(element, encoding="unicode")
    assert expected == f'<x v="{escaped(value)}">{escaped_text(element.text)}</x>'
    assert written_attributes({"fill": "#fff", "class": "a&b"}) == ' fill="#fff" class="a&amp;b"'


def test_shapes_that_look_alike_share_one_group_and_style() -> None:
    dots = [Circle(x, 5, 2, fill="#c00") for x in (1, 2, 3)]
    alone = Rect(0, 0, 10, 10, fill="#00f")
    assert style_of(dots[0]) is style_of(dots[1])
    parts: list[str] = []
    write_still([*dots, alone, Text(1, 2, "B & P", 12, "#000")], parts)
    assert parts[0].startswith("<g") and parts[4] == "</g>"
    assert sum(part.startswith("<circle") for part in parts) == 3
    assert any(">B &amp; P</text>" in part for part in parts)
    ET.fromstring("<svg>" + "".join(parts) + "</svg>")  # well-formed
