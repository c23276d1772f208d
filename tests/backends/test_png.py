"""PNG pixels: the right colour at every cell, crisp grids, metadata, determinism."""

from __future__ import annotations

import io

import pytest
from boards import board, cell_centre, panel
from PIL import Image

from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.themes import THEMES
from roads.game.coup import Outcome
from roads.grids.cells import Colour

Pixel = tuple[int, ...]


def rgb(colour: str) -> Pixel:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def close(pixel: Pixel, colour: str, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], rgb(colour), strict=True))


def render(scale: float = 1.0, **options: object) -> tuple[Image.Image, object]:
    scoreboard = board()
    scene = draw_board(scoreboard, BoardOptions(**options))  # type: ignore[arg-type]
    image = Image.open(io.BytesIO(scoreboard.png(scale=scale, **options)))
    return image, scene


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_bead_plate_discs_have_the_outcome_colour(scale: float) -> None:
    scoreboard = board()
    image, scene = render(scale)
    theme = THEMES["casino"]
    colour = {Outcome.BANKER: theme.banker, Outcome.PLAYER: theme.player, Outcome.TIE: theme.tie}
    for bead in scoreboard.bead_plate:
        x, y = cell_centre(scene, "bead-plate", bead.col, bead.row)  # type: ignore[arg-type]
        below_label = image.getpixel((round(x * scale), round((y + 7) * scale)))
        assert close(below_label, colour[bead.outcome]), bead


def test_big_road_rings_have_a_hollow_centre_and_a_coloured_rim() -> None:
    scoreboard = board()
    image, scene = render()
    theme = THEMES["casino"]
    for entry in scoreboard.big_road:
        if entry.ties:
            continue  # the tie slash crosses the centre
        x, y = cell_centre(scene, "big-road", entry.col, entry.row)  # type: ignore[arg-type]
        colour = theme.banker if entry.outcome is Outcome.BANKER else theme.player
        assert close(image.getpixel((round(x), round(y))), theme.panel)
        assert close(image.getpixel((round(x - 8), round(y))), colour, tolerance=40)


def test_small_road_dots_are_red_or_blue_and_empty_cells_are_panel() -> None:
    scoreboard = board()
    image, scene = render()
    theme = THEMES["casino"]
    taken = set()
    for cell in scoreboard.small_road:
        taken.add((cell.col, cell.row))
        x, y = cell_centre(scene, "small-road", cell.col, cell.row)  # type: ignore[arg-type]
        colour = theme.banker if cell.colour is Colour.RED else theme.player
        assert close(image.getpixel((int(x), int(y))), colour)
    x, y = cell_centre(scene, "small-road", 0, 5)  # type: ignore[arg-type]
    assert (0, 5) not in taken
    assert close(image.getpixel((int(x), int(y))), theme.panel)


def test_grid_lines_are_crisp_one_pixel() -> None:
    image, scene = render()
    box = panel(scene, "big-road")  # type: ignore[arg-type]
    y = round(box.y + 24 * 3.5)
    line_x = round(box.x + 24 * 20)
    grid = rgb(THEMES["casino"].grid)
    row = [image.getpixel((x, y))[:3] for x in range(line_x - 3, line_x + 3)]
    assert row.count(grid) == 1  # one exact grid-coloured pixel, no blur around it
    assert row.count(rgb(THEMES["casino"].panel)) == 5


def test_same_board_same_bytes() -> None:
    assert board().png() == board().png()


def test_dpi_is_written() -> None:
    image = Image.open(io.BytesIO(board("BP").png(dpi=300)))
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    image = Image.open(io.BytesIO(board("BP").png(scale=2)))
    assert image.info["dpi"] == pytest.approx((192, 192), abs=0.01)


def test_transparent_background() -> None:
    image = Image.open(io.BytesIO(board("BP").png(transparent=True)))
    assert image.mode == "RGBA"
    assert image.getpixel((1, 1))[3] == 0


def test_print_theme_keeps_banker_and_player_apart_in_grey() -> None:
    scoreboard = board("BP")
    scene = draw_board(scoreboard.roads, BoardOptions(theme="print"))
    grey = Image.open(io.BytesIO(scoreboard.png(theme="print"))).convert("L")
    values = []
    for bead in scoreboard.bead_plate:
        x, y = cell_centre(scene, "bead-plate", bead.col, bead.row)
        values.append(grey.getpixel((round(x), round(y + 7))))
    assert abs(values[0] - values[1]) > 80


def test_size_follows_scale() -> None:
    one = Image.open(io.BytesIO(board().png()))
    two = Image.open(io.BytesIO(board().png(scale=2)))
    assert two.size == (one.size[0] * 2, one.size[1] * 2)


def test_a_zero_width_bar_is_no_error() -> None:
    from roads.backends.png import to_png
    from roads.drawing.scene import Rect, Scene

    scene = Scene(40, 20, "#ffffff", (Rect(10, 5, 0, 10, fill="#000000"),), "t", "d")
    image = Image.open(io.BytesIO(to_png(scene)))
    assert image.getpixel((10, 10)) == (255, 255, 255)
