"""The accessible theme: Banker and Player marks, and red and blue derived marks, stay apart for
readers with protanopia or deuteranopia, in shape as well as in colour. The PNG is passed
through Machado, Oliveira and Fernandes' (2009) simulation of each deficiency at full
severity, then the marks of each kind are compared: their ink (where they differ from the
panel), and their colour."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from colour_vision import SIMULATIONS, to_linear, to_srgb
from PIL import Image
from svg_marks import expected_marks, marks

from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.scene import Grid, Scene
from roads.drawing.themes import THEMES
from roads.game.coup import Outcome
from roads.grids.cells import Colour
from roads.scoreboard import Scoreboard

# Machado et al. 2009, severity 1.0, on linear RGB.
# Flag-free coups, so every cell holds its mark alone; streaks of every length, with chops.
SHOE = "BPPBBBPBPPPPBBPBPPBBBBBPPBPBPPPBBPPPPPBBPBBPPPBPBBBPPPBBBBPPPPBPBPBB"
SCALE = 2.0


def simulate(image: Image.Image, matrix: tuple[tuple[float, ...], ...]) -> Image.Image:
    """``image`` as a reader with that deficiency sees it (a lookup per distinct colour)."""
    data = image.convert("RGB").tobytes()
    seen: dict[bytes, bytes] = {}
    converted = bytearray()
    for start in range(0, len(data), 3):
        pixel = data[start : start + 3]
        found = seen.get(pixel)
        if found is None:
            linear = [to_linear(v) for v in pixel]
            found = bytes(
                to_srgb(sum(m * v for m, v in zip(row, linear, strict=True))) for row in matrix
            )
            seen[pixel] = found
        converted += found
    return Image.frombytes("RGB", image.size, bytes(converted))


def pixels(patch: Image.Image) -> list[tuple[int, ...]]:
    data = patch.convert("RGB").tobytes()
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


def grid_of(scene: Scene, road: str) -> Grid:
    (found,) = [s for s in scene.shapes if isinstance(s, Grid) and s.classes == ("grid", road)]
    return found


def patches(
    image: Image.Image, scene: Scene, road: str, cells: list[tuple[int, int]]
) -> list[Image.Image]:
    grid = grid_of(scene, road)
    size = grid.cell_width * SCALE
    out = []
    for col, row in cells:
        left, top = (
            (grid.x + col * grid.cell_width) * SCALE,
            (grid.y + row * grid.cell_height) * SCALE,
        )
        out.append(
            image.crop(
                (round(left) + 2, round(top) + 2, round(left + size) - 1, round(top + size) - 1)
            )
        )
    return out


Pixel = tuple[int, ...]


def ink(patch: Image.Image, panel: Pixel) -> list[bool]:
    return [sum(abs(a - b) for a, b in zip(p, panel, strict=True)) > 90 for p in pixels(patch)]


def shape_difference(a: list[Image.Image], b: list[Image.Image], panel: Pixel) -> float:
    """The share of a cell where one kind of mark is inked (in most of its cells) and the other
    is not: 0 when the two kinds have the same shape."""

    def usual(group: list[Image.Image]) -> list[bool]:
        masks = [ink(p, panel) for p in group]
        return [sum(column) * 2 > len(masks) for column in zip(*masks, strict=True)]

    first, second = usual(a), usual(b)
    return sum(x != y for x, y in zip(first, second, strict=True)) / len(first)


def mean_ink_colour(group: list[Image.Image], panel: Pixel) -> tuple[float, ...]:
    inked = [
        p
        for patch in group
        for p in pixels(patch)
        if sum(abs(a - b) for a, b in zip(p, panel, strict=True)) > 90
    ]
    return tuple(sum(p[i] for p in inked) / len(inked) for i in range(3))


@cache  # each theme and deficiency is measured once, for the tests that compare them
def measure(theme: str, deficiency: str) -> dict[str, tuple[float, float]]:
    """Per road: (shape difference, colour distance) between its two kinds of mark."""
    board = Scoreboard.from_notation(SHOE)
    scene = draw_board(board.roads, BoardOptions(theme=theme))
    image = Image.open(io.BytesIO(board.png(theme=theme, scale=SCALE)))
    matrix = SIMULATIONS[deficiency]
    panel = pixels(simulate(Image.new("RGB", (1, 1), THEMES[theme].panel), matrix))[0]
    result = {}
    kinds = {
        "big-road": [
            [(c.col, c.row) for c in board.big_road if c.outcome is Outcome.BANKER],
            [(c.col, c.row) for c in board.big_road if c.outcome is Outcome.PLAYER],
        ]
    }
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        cells = getattr(board, road)
        kinds[road.replace("_", "-")] = [
            [(c.col, c.row) for c in cells if c.colour is Colour.RED],
            [(c.col, c.row) for c in cells if c.colour is Colour.BLUE],
        ]
    for road, (first, second) in kinds.items():
        assert first and second, road
        # Each measured cell is seen as the reader sees it (the simulation is pixel by pixel).
        a = [simulate(patch, matrix) for patch in patches(image, scene, road, first)]
        b = [simulate(patch, matrix) for patch in patches(image, scene, road, second)]
        colour_a, colour_b = mean_ink_colour(a, panel), mean_ink_colour(b, panel)
        distance = sum((x - y) ** 2 for x, y in zip(colour_a, colour_b, strict=True)) ** 0.5
        result[road] = (shape_difference(a, b, panel), distance)
    return result


DEFICIENCIES = [
    pytest.param(name, marks=[] if name == "deuteranopia" else [pytest.mark.stress])
    for name in SIMULATIONS
]
"""Deuteranopia, the commonest, in README's ``pytest``; every deficiency in CI (``--stress``):
each simulation redraws and measures both themes' boards (2-5 s here)."""


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_accessible_marks_differ_in_shape_and_colour_for_colour_blind_readers(
    deficiency: str,
) -> None:
    # A centre dot covers about 7% of a cell (a hole 10%, a slash leaning the other way 40%);
    # the colours stay at least as far apart as the casino theme's.
    accessible, casino = measure("accessible", deficiency), measure("casino", deficiency)
    for road, (shape, colour) in accessible.items():
        assert shape >= 0.05, (road, shape)
        assert colour >= 120 and colour >= casino[road][1] - 5, (road, colour)


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_the_casino_theme_tells_them_apart_by_colour_alone(deficiency: str) -> None:
    # What the accessible theme adds: the same measure finds no difference of shape here.
    for road, (shape, _) in measure("casino", deficiency).items():
        assert shape < 0.03, (road, shape)


def test_shape_marks_are_not_counted_as_marks() -> None:
    board = Scoreboard.from_notation(SHOE)
    assert marks(ET.fromstring(board.svg(theme="accessible"))) == expected_marks(board)
