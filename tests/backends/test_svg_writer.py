"""The SVG writer writes text straight from the Scene; svgwrite's build of the same document is
its reference, byte for byte, and the hot path never imports svgwrite (issue 24)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from boards import DRAGON, REALISTIC, board
from hypothesis import given
from hypothesis import strategies as st
from svg_marks import expected_marks, marks

from roads.backends.svg import svgwrite_document, to_svg
from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Text
from roads.drawing.wall import draw_wall
from roads.scoreboard import Scoreboard
from roads.story.animation import frames, timeline

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
OPTIONS = [
    BoardOptions(),
    BoardOptions(theme="dark", lang="zh", label="total"),
    BoardOptions(lang="zh-hant", theme="accessible"),
    BoardOptions(layout="casino", columns=24),
    BoardOptions(layout="lobby", with_bead_plate=True),
    BoardOptions(transparent=True),
    BoardOptions(road="big-road"),
    BoardOptions(title="A & B <c> \"d\" 'e' ]]>"),
    BoardOptions(title="第七桌 澳门"),
    BoardOptions(title=""),
]


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
@pytest.mark.parametrize("notation", [REALISTIC, DRAGON, "", "TTBbPpn"])
def test_the_text_writer_writes_svgwrites_document_byte_for_byte(
    notation: str, options: BoardOptions
) -> None:
    scoreboard = board(notation)
    scene = draw_board(scoreboard.roads, options)
    svg = to_svg(scene)
    assert svg == svgwrite_document(scene)
    if options.road is None and options.layout == BoardOptions().layout and not options.columns:
        assert marks(ET.fromstring(svg)) == expected_marks(scoreboard)


@pytest.mark.parametrize(
    "keywords",
    [{"text_as_paths": True}, {"embed_font": False}, {"scale": 2.5}],
    ids=["text-as-paths", "no-font", "scale"],
)
def test_every_way_of_writing_is_the_same_document(keywords: dict[str, object]) -> None:
    scene = draw_board(board(REALISTIC).roads, BoardOptions(title="Café São Paulo"))
    assert to_svg(scene, **keywords) == svgwrite_document(scene, **keywords)  # type: ignore[arg-type]


def test_an_animation_and_a_wall_are_the_same_document() -> None:
    scene, shown = timeline(frames(Scoreboard.read(str(EXAMPLES / "short.txt")).roads))
    animated = to_svg(scene, shown=shown)
    assert animated == svgwrite_document(scene, shown=shown)
    sets = ET.fromstring(animated).iter("{http://www.w3.org/2000/svg}set")
    assert len(list(sets)) == sum(1 for start, end in shown if start or end is not None)
    wall = draw_wall([Scoreboard.simulate(seed=7, index=index).roads for index in range(3)])
    assert to_svg(wall) == svgwrite_document(wall)


_TEXT = st.text(
    st.characters(min_codepoint=32, max_codepoint=126) | st.sampled_from("&<>\"'\t\n\r")
)
_DRAWN = st.text(st.characters(min_codepoint=32, max_codepoint=126))
"""The text of a Text shape: what the board's font holds (a title, a description: anything)."""
_NUMBER = st.floats(-1e4, 1e4, allow_nan=False)
_COLOUR = st.sampled_from(["#000000", "#d0212b", "red", 'a"b&c<d>'])
_CLASSES = st.lists(st.sampled_from(["mark", "a&b", 'q"', "x<y"]), max_size=3).map(tuple)
_SHAPE = st.one_of(
    st.builds(Circle, _NUMBER, _NUMBER, _NUMBER, st.none() | _COLOUR, st.none() | _COLOUR),
    st.builds(Line, _NUMBER, _NUMBER, _NUMBER, _NUMBER, _COLOUR, _NUMBER, classes=_CLASSES),
    st.builds(
        Rect,
        _NUMBER,
        _NUMBER,
        _NUMBER,
        _NUMBER,
        st.none() | _COLOUR,
        st.none() | _COLOUR,
        _NUMBER,
        _NUMBER,
        classes=_CLASSES,
    ),
    st.builds(
        Grid,
        _NUMBER,
        _NUMBER,
        st.integers(0, 4),
        st.integers(0, 4),
        _NUMBER,
        _NUMBER,
        _COLOUR,
        _NUMBER,
    ),
    st.builds(
        Text,
        _NUMBER,
        _NUMBER,
        _DRAWN,
        _NUMBER,
        _COLOUR,
        st.sampled_from(["start", "middle", "end"]),
        st.none() | _COLOUR,
        _CLASSES,
    ),
)


@given(
    shapes=st.lists(_SHAPE, max_size=12),
    title=_TEXT,
    description=_TEXT,
    background=st.none() | _COLOUR,
    times=st.lists(st.tuples(st.none() | st.floats(0, 9), st.none() | st.floats(0, 9))),
)
def test_any_scene_is_escaped_as_svgwrite_escapes_it(
    shapes: list[Circle | Line | Rect | Grid | Text],
    title: str,
    description: str,
    background: str | None,
    times: list[tuple[float | None, float | None]],
) -> None:
    scene = Scene(100.0, 50.0, background, tuple(shapes), title, description)
    svg = to_svg(scene, embed_font=False)
    assert svg == svgwrite_document(scene, embed_font=False)
    ET.fromstring(svg)  # well-formed, whatever the text
    shown = (times * len(shapes))[: len(shapes)] if times else None
    if shown is not None and len(shown) == len(shapes):
        assert to_svg(scene, shown=shown, embed_font=False) == svgwrite_document(
            scene, shown=shown, embed_font=False
        )


def test_writing_an_svg_imports_neither_svgwrite_nor_pillow() -> None:
    probe = (
        "import sys\n"
        "from roads.scoreboard import Scoreboard\n"
        "Scoreboard.from_notation('BPPBT').svg()\n"
        "sys.stdout.write(repr(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PIL', 'svgwrite', 'numpy'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[]"


def test_a_scene_changed_in_place_of_its_title_changes_its_ids() -> None:
    scene = draw_board(board("BPB").roads)
    first, second = to_svg(scene), to_svg(replace(scene, title="Another"))
    assert ET.fromstring(first).get("id") != ET.fromstring(second).get("id")
