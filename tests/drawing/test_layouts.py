"""The casino and lobby layouts and the wall of shoes: marks counted in the SVG, the casino
geometry (derived grids under the big road, on its grid), PNG pixels at cell centres, the
notice on a line of its own, and what a screen reader gets."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from boards import DRAGON, REALISTIC, board
from PIL import Image
from svg_marks import expected_marks, marks

from roads.backends.svg import to_svg
from roads.drawing.board import CELL, BoardOptions, draw_board
from roads.drawing.scene import Grid, Rect, Scene, Text
from roads.drawing.sizes import LOBBY_COLUMNS
from roads.drawing.themes import THEMES
from roads.drawing.wall import draw_wall
from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.cells import Colour
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard

SVG = "{http://www.w3.org/2000/svg}"
DERIVED = ("big-eye-boy", "small-road", "cockroach-pig")


def panel_of(scene: Scene, road: str) -> Rect:
    (found,) = [s for s in scene.shapes if isinstance(s, Rect) and s.classes == ("panel", road)]
    return found


def grid_of(scene: Scene, road: str) -> Grid:
    (found,) = [s for s in scene.shapes if isinstance(s, Grid) and s.classes == ("grid", road)]
    return found


def centre(scene: Scene, road: str, col: int, row: int) -> tuple[float, float]:
    grid = grid_of(scene, road)
    return grid.x + (col + 0.5) * grid.cell_width, grid.y + (row + 0.5) * grid.cell_height


def svg_panels(svg: str) -> dict[str, tuple[float, float, float, float]]:
    """x, y, width, height of every road's panel, as the SVG says."""
    found = {}
    for element in ET.fromstring(svg).iter(f"{SVG}rect"):
        names = element.get("class", "").split()
        if names[:1] == ["panel"]:
            found[names[1]] = tuple(float(element.get(k, 0)) for k in ("x", "y", "width", "height"))
    return found  # type: ignore[return-value]


# -- marks per road and layout -------------------------------------------------------------------


@pytest.mark.parametrize("notation", [REALISTIC, DRAGON, "TTT", "", "BbPpnTbpBbpnPnT"])
def test_casino_draws_one_mark_per_cell_of_every_road(notation: str) -> None:
    scoreboard = board(notation)
    assert marks(ET.fromstring(scoreboard.svg(layout="casino"))) == expected_marks(scoreboard)


@pytest.mark.parametrize("notation", [REALISTIC, DRAGON, "TTT", ""])
@pytest.mark.parametrize("with_bead_plate", [False, True])
def test_lobby_draws_the_big_road_and_the_bead_plate_if_asked(
    notation: str, with_bead_plate: bool
) -> None:
    scoreboard = board(notation)
    svg = scoreboard.svg(layout="lobby", with_bead_plate=with_bead_plate)
    roads = {"big-road", "bead-plate"} if with_bead_plate else {"big-road"}
    expected = Counter({k: v for k, v in expected_marks(scoreboard).items() if k[0] in roads})
    assert marks(ET.fromstring(svg)) == expected
    assert set(svg_panels(svg)) == roads


def test_casino_with_columns_keeps_the_last_columns_of_each_road() -> None:
    scoreboard = board()
    scene = draw_board(scoreboard.roads, BoardOptions(layout="casino", columns=9))
    big = grid_of(scene, "big-road")
    # At least 9, even (the two lower roads meet on a grid line), stretched to the header.
    assert big.cols >= 10 and big.cols % 2 == 0
    assert grid_of(scene, "big-eye-boy").cols == 2 * big.cols
    assert grid_of(scene, "small-road").cols == grid_of(scene, "cockroach-pig").cols == big.cols
    used = max(cell.col for cell in scoreboard.big_road) + 1
    shown = Counter(marks(ET.fromstring(scoreboard.svg(layout="casino", columns=9))))
    kept = [c for c in scoreboard.big_road if c.col >= used - 10]
    assert sum(v for (road, _), v in shown.items() if road == "big-road") == len(kept)


# -- casino geometry -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "notation", [REALISTIC, DRAGON, "", "BPBPBPBPBPBPBPBPBPBPBPBPBPBPBPBPBP" * 3]
)
def test_casino_derived_grids_sit_under_the_big_road_on_its_grid(notation: str) -> None:
    scoreboard = board(notation)
    scene = draw_board(scoreboard.roads, BoardOptions(layout="casino"))
    big, beb = panel_of(scene, "big-road"), panel_of(scene, "big-eye-boy")
    small, pig = panel_of(scene, "small-road"), panel_of(scene, "cockroach-pig")
    bead = panel_of(scene, "bead-plate")
    assert bead.x + bead.width < big.x  # bead plate on the left
    # Big Eye Boy: the big road's left edge and whole width; the other two half of it each.
    assert (beb.x, beb.width) == (big.x, big.width)
    assert (small.x, small.width) == (big.x, big.width / 2)
    assert (pig.x, pig.width) == (big.x + big.width / 2, big.width / 2)
    assert small.y == pig.y and small.height == pig.height
    # Under the big road, in that order, every edge on a line of the big road's grid.
    assert big.y + big.height <= beb.y and beb.y + beb.height <= small.y
    for rect in (beb, small, pig):
        for edge in (rect.x - big.x, rect.y - big.y, rect.width, rect.height):
            assert edge % CELL == 0, (rect, edge)
    # Half-size cells: two derived columns and two derived rows to one big-road cell.
    big_grid = grid_of(scene, "big-road")
    for road in DERIVED:
        grid = grid_of(scene, road)
        assert grid.cell_width == grid.cell_height == big_grid.cell_width / 2
    assert grid_of(scene, "big-eye-boy").cols == 2 * big_grid.cols
    assert grid_of(scene, "small-road").cols == big_grid.cols
    # Everything fits: nothing is cut off without --columns.
    for road in ("big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        grid = grid_of(scene, road.replace("_", "-"))
        assert all(cell.col < grid.cols for cell in getattr(scoreboard, road))
    # The SVG says the same.
    svg = svg_panels(scoreboard.svg(layout="casino"))
    assert svg["big-eye-boy"][0] == svg["big-road"][0] == svg["small-road"][0]
    assert svg["big-eye-boy"][2] == svg["big-road"][2] == 2 * svg["small-road"][2]
    assert svg["cockroach-pig"][0] == svg["big-road"][0] + svg["small-road"][2]


def test_casino_png_has_the_right_colour_at_every_cell_centre() -> None:
    scoreboard = board()
    scene = draw_board(scoreboard.roads, BoardOptions(layout="casino"))
    image = Image.open(io.BytesIO(scoreboard.png(layout="casino"))).convert("RGB")
    theme = THEMES["casino"]
    paint = {Outcome.BANKER: theme.banker, Outcome.PLAYER: theme.player, Outcome.TIE: theme.tie}
    for bead in scoreboard.bead_plate:
        x, y = centre(scene, "bead-plate", bead.col, bead.row)
        side = grid_of(scene, "bead-plate").cell_width  # bottom left: clear of label and dots
        assert close(
            image.getpixel((round(x - side / 4), round(y + side / 4))), paint[bead.outcome]
        )
    for entry in scoreboard.big_road:
        if entry.ties:
            continue
        x, y = centre(scene, "big-road", entry.col, entry.row)
        assert close(image.getpixel((round(x), round(y))), theme.panel)
        assert close(image.getpixel((round(x - 8), round(y))), paint[entry.outcome], 40)
    taken = {(c.col, c.row) for c in scoreboard.small_road}
    for cell in scoreboard.small_road:
        x, y = centre(scene, "small-road", cell.col, cell.row)
        colour = theme.banker if cell.colour is Colour.RED else theme.player
        assert close(image.getpixel((int(x), int(y))), colour)
    for col in range(grid_of(scene, "small-road").cols):
        if (col, 5) not in taken:
            x, y = centre(scene, "small-road", col, 5)
            assert close(image.getpixel((int(x), int(y))), theme.panel)


def close(pixel: Any, colour: str, tolerance: int = 24) -> bool:
    want = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], want, strict=True))


# -- notice, title and words ---------------------------------------------------------------------


def notice_texts(scene: Scene) -> list[Text]:
    return [s for s in scene.shapes if isinstance(s, Text) and "notice" in s.classes]


def scenes_to_check() -> list[Scene]:
    boards = [board(), board(DRAGON), board("")]
    return [
        draw_board(board().roads, BoardOptions(layout="casino")),
        draw_board(board().roads, BoardOptions(layout="lobby")),
        draw_board(board().roads, BoardOptions(layout="lobby", with_bead_plate=True, lang="zh")),
        draw_wall([b.roads for b in boards]),
    ]


@pytest.mark.parametrize("index", range(4))
def test_every_layout_says_the_notice_on_a_line_of_its_own(index: int) -> None:
    scene = scenes_to_check()[index]
    (notice,) = notice_texts(scene)
    assert NOTICE in notice.text and notice.size >= 12
    others = [s for s in scene.shapes if isinstance(s, Text) and s is not notice]
    assert all(abs(s.y - notice.y) > notice.size for s in others)  # nothing else on its line
    band = [s for s in scene.shapes if isinstance(s, Rect) and "notice-band" in s.classes]
    assert len(band) == 1 and band[0].y < notice.y < band[0].y + band[0].height


@pytest.mark.parametrize(
    "options",
    [{"layout": "casino"}, {"layout": "lobby"}, {"layout": "lobby", "with_bead_plate": True}],
)
def test_new_layouts_keep_role_title_and_the_roads_in_words(options: dict[str, Any]) -> None:
    root = ET.fromstring(board().svg(title="Table 3", **options))
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == "Table 3"
    assert desc is not None and desc.text is not None
    for words in ("Big road", "Big Eye Boy", "Cockroach Pig", NOTICE):
        assert words in desc.text
    assert root.get("aria-describedby") == desc.get("id")
    name = root.get("aria-label", "")
    assert name.startswith(f"{title.text} · ") and len(name) <= 150


def test_the_wall_keeps_role_title_and_every_shoe_in_words() -> None:
    boards = [board(), board(DRAGON)]
    root = ET.fromstring(
        to_svg(draw_wall([b.roads for b in boards], BoardOptions(title="Session")))
    )
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == "Session"
    assert desc is not None and desc.text is not None
    assert desc.text.count("Big road") == 2 and "Shoe 2" in desc.text


def test_bad_layout_combinations_are_refused() -> None:
    with pytest.raises(RoadsError, match="no layout"):
        BoardOptions(layout="round")
    with pytest.raises(RoadsError, match="drop the road"):
        BoardOptions(layout="casino", road="big-road")
    with pytest.raises(RoadsError, match="lobby"):
        BoardOptions(with_bead_plate=True)


# -- the wall ------------------------------------------------------------------------------------


def shoes(count: int) -> list[Scoreboard]:
    # Seed 12: three of its first eight shoes have more big-road columns than a lobby shows.
    return [Scoreboard.simulate(seed=12, index=i) for i in range(count)]


def test_the_wall_numbers_every_shoe_in_reading_order_with_a_summary() -> None:
    boards = shoes(8)
    scene = draw_wall([b.roads for b in boards], per_row=3)
    cards = [s for s in scene.shapes if isinstance(s, Rect) and "thumbnail" in s.classes]
    assert [c.classes[1] for c in cards] == [f"shoe-{n}" for n in range(1, 9)]
    # Reading order: left to right, then the next row; every thumbnail the same size.
    positions = [(c.y, c.x) for c in cards]
    assert positions == sorted(positions)
    assert len({c.y for c in cards}) == 3 and len({(c.width, c.height) for c in cards}) == 1
    titles = [s for s in scene.shapes if isinstance(s, Text) and s.text.startswith("Shoe ")]
    assert [t.text for t in titles] == [f"Shoe {n}" for n in range(1, 9)]
    for card, title in zip(cards, titles, strict=True):
        assert card.x < title.x < card.x + card.width and card.y < title.y < card.y + card.height
    # The summary adds up every shoe.
    stats = [s.text for s in scene.shapes if isinstance(s, Text) and "stat" in s.classes]
    total = sum(len(b) for b in boards)
    banker = sum(b.stats.banker for b in boards)
    assert "8 shoes" in stats and f"Coups {total}" in stats and f"Banker {banker}" in stats
    # Every big-road entry of every shoe is drawn once (a whole shoe fits in LOBBY_COLUMNS), and
    # nothing else is marked.
    svg = ET.fromstring(to_svg(scene))
    drawn = marks(svg)
    assert {road for road, _ in drawn} == {"big-road"}
    assert all(b.roads.width("big-road") <= LOBBY_COLUMNS for b in boards)
    assert sum(drawn.values()) == sum(len(b.big_road) for b in boards)
    assert scene.description.count("Big road") == 8


def test_render_wall_reads_every_shoe_of_a_journal_and_of_a_multi_shoe_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from command_line import run

    journal = tmp_path / "j.jsonl"
    for text in ("BPB", "PPPT", "BBBBBBBB"):
        assert run(["log", str(journal), "--add", text, "-q"], capsys)[0] == 0
        assert run(["log", str(journal), "--new-shoe", "-q"], capsys)[0] == 0
    code, _, err = run(["render", str(journal), "--wall", "-o", str(tmp_path / "w.svg")], capsys)
    assert code == 0, err
    root = ET.fromstring((tmp_path / "w.svg").read_text())
    cards = [e for e in root.iter(f"{SVG}rect") if "thumbnail" in e.get("class", "")]
    assert len(cards) == 4  # three shoes and the new, empty one
    assert sum(marks(root).values()) == 3 + 3 + 8  # BPB, PPP (the tie on the last), B x8
    code, out, _ = run(["simulate", "--shoes", "3", "--seed", "5", "--format", "csv"], capsys)
    (tmp_path / "s.csv").write_text(out)
    code, _, err = run(
        ["render", str(tmp_path / "s.csv"), "--wall", "-o", str(tmp_path / "w.png")], capsys
    )
    assert code == 0, err
    with Image.open(tmp_path / "w.png") as picture:
        assert picture.size[0] > 300
    code, _, err = run(["render", str(journal), "--wall", "--shoe", "1", "-o", "x.svg"], capsys)
    assert code == 2 and "--wall" in err


def test_render_takes_layout_and_bead_plate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from command_line import run

    for args, roads in (
        (["--layout", "casino"], {"bead-plate", "big-road", *DERIVED}),
        (["--layout", "lobby"], {"big-road"}),
        (["--layout", "lobby", "--bead-plate"], {"bead-plate", "big-road"}),
    ):
        target = tmp_path / "board.svg"
        code, _, err = run(["render", "--hands", REALISTIC, *args, "-o", str(target)], capsys)
        assert code == 0, err
        assert set(svg_panels(target.read_text())) == roads
    code, _, err = run(["render", "--hands", "B", "--bead-plate", "-o", "x.svg"], capsys)
    assert code == 2 and "lobby" in err


def test_wall_thumbnails_with_bead_plates_line_up() -> None:
    boards = [board("BPB"), board(), board(DRAGON)]
    scene = draw_wall(
        [b.roads for b in boards], BoardOptions(with_bead_plate=True, layout="lobby"), per_row=1
    )
    cards = [s for s in scene.shapes if isinstance(s, Rect) and "thumbnail" in s.classes]
    for road in ("bead-plate", "big-road"):
        panels = [s for s in scene.shapes if isinstance(s, Rect) and s.classes == ("panel", road)]
        assert len(panels) == 3
        assert len({(p.x - c.x, p.width) for p, c in zip(panels, cards, strict=True)}) == 1
    assert len(marks(ET.fromstring(to_svg(scene)))) > 0
