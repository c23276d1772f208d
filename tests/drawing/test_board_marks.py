"""The table marks on the boards (Super 6 under the no-commission rules, Dragon 7 and Panda 8
under EZ): a badge in the text colour holding the mark's figure in a corner of each bead-plate
and big-road cell that carries one, in every theme and layout, SVG and PNG alike, explained by
the legend; and, in the accessible theme, the marks that colour-blind readers confuse differ
in shape."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from boards import MarkedRoads
from colour_vision import SIMULATIONS, to_linear, to_srgb
from PIL import Image
from svg_marks import classes

from roads.backends.png import to_png
from roads.backends.svg import to_svg
from roads.drawing.board import LAYOUTS, BoardOptions, draw_board
from roads.drawing.marks import BADGES
from roads.drawing.scene import Circle, Rect, Scene, Text
from roads.drawing.themes import THEMES
from roads.drawing.wall import draw_wall
from roads.grids.cells import BeadCell, BigRoadCell
from roads.grids.roads import Roads
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES

# B B T B B P P B P T P: coups 0, 3, 6 and 9 carry marks; 9 is a tie, merged into the big
# road's Player entry of coup 8, which carries none of its own.
NOTATION = "BBTBBPPBPTP"
MARKED = {0: ("super_6",), 3: ("dragon_7",), 6: ("panda_8",), 9: ("super_6",)}


def badges(root: ET.Element) -> Counter[tuple[str, str]]:
    """(road, mark) of every badge drawn in a cell of the SVG."""
    found: Counter[tuple[str, str]] = Counter()
    for element in root.iter():
        names = classes(element)
        if "badge" in names and "legend" not in names:
            (road,) = names & {"bead-plate", "big-road"}
            (mark,) = names & set(BADGES)
            found[(road, mark)] += 1
    return found


def expected(board: Roads, shown: dict[str, list[BeadCell | BigRoadCell]]) -> Counter:
    found: Counter[tuple[str, str]] = Counter()
    for road, cells in shown.items():
        for cell in cells:
            for mark in cell.marks:
                found[(road, mark)] += 1
    return found


def legend_words(scene: Scene) -> list[str]:
    """The words of the legend of the table marks, in order."""
    return [
        s.text
        for s in scene.shapes
        if isinstance(s, Text) and "legend" in s.classes and "badge-figure" not in s.classes
    ]


def test_the_cells_carry_marks_as_the_last_field() -> None:
    board = MarkedRoads.of(NOTATION, MARKED)
    assert board.bead_plate[3].marks == ("dragon_7",)
    assert board.big_road[0].marks == ("super_6",)  # the entry of coup 0; coup 2's tie merged
    # A big-road entry carries its own coup's marks only, not those of the ties merged in.
    (entry,) = [cell for cell in board.big_road if 9 in cell.hands]
    assert entry.hands[0] == 8 and entry.marks == ()
    assert Scoreboard.from_notation("BP").bead_plate[0].marks == ()


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_marked_cell_has_its_badge_in_svg(theme: str, layout: str) -> None:
    board = MarkedRoads.of(NOTATION, MARKED)
    lobby = {"with_bead_plate": True} if layout == "lobby" else {}
    options = BoardOptions(theme=theme, layout=layout, **lobby)
    root = ET.fromstring(to_svg(draw_board(board, options)))
    shown = {"bead-plate": list(board.bead_plate), "big-road": list(board.big_road)}
    assert badges(root) == expected(board, shown)
    assert sum(badges(root).values()) == 7  # 4 on the bead plate, 3 on the big road
    figures = [e.text for e in root.iter() if "badge-figure" in classes(e)]
    cells, legend = ["6", "7", "8", "6", "6", "7", "8"], ["6", "7", "8"]
    assert sorted(figures) == sorted([*cells, *legend])


@pytest.mark.parametrize("road", ["bead-plate", "big-road"])
def test_one_road_alone_shows_its_badges_and_a_window_only_those_it_keeps(road: str) -> None:
    board = MarkedRoads.of("PPPPPPB" * 6 + NOTATION, {42 + k: v for k, v in MARKED.items()})
    root = ET.fromstring(Scoreboard.of(board).svg(options=BoardOptions(road=road)))
    cells = list(getattr(board, road.replace("-", "_")))
    assert badges(root) == expected(board, {road: cells})
    kept = board.last_columns(road, 2)
    root = ET.fromstring(Scoreboard.of(board).svg(options=BoardOptions(road=road, columns=2)))
    assert badges(root) == expected(board, {road: list(kept)})  # type: ignore[dict-item]


def _badge_circles(scene: Scene, road: str) -> list[Circle]:
    return [s for s in scene.shapes if isinstance(s, Circle) and {"badge", road} <= set(s.classes)]


@pytest.mark.parametrize("theme", list(THEMES))
def test_badges_are_painted_in_png_dark_disc_light_figure(theme: str) -> None:
    board = MarkedRoads.of(NOTATION, MARKED)
    scene = draw_board(board, BoardOptions(theme=theme))
    image = Image.open(io.BytesIO(to_png(scene, scale=2))).convert("RGB")
    colours = THEMES[theme]
    text = tuple(bytes.fromhex(colours.text[1:]))
    panel = tuple(bytes.fromhex(colours.panel[1:]))
    for road in ("bead-plate", "big-road"):
        discs = _badge_circles(scene, road)
        assert len(discs) == (4 if road == "bead-plate" else 3)
        for disc in discs:
            box = [round(2 * v) for v in (disc.cx - disc.r, disc.cy - disc.r)]
            box += [box[0] + round(4 * disc.r), box[1] + round(4 * disc.r)]
            data = image.crop(tuple(box)).tobytes()  # type: ignore[arg-type]
            seen = {data[i : i + 3] for i in range(0, len(data), 3)}
            # The disc in the text colour, the figure in the panel colour inside it.
            assert bytes(text) in seen and bytes(panel) in seen, (theme, road)
            near = sum(1 for i in range(0, len(data), 3) if data[i : i + 3] == bytes(text))
            assert near > len(data) / 3 * 0.25


def test_a_board_without_marks_draws_no_badge_and_no_legend() -> None:
    board = Scoreboard.from_notation(NOTATION)
    scene = draw_board(board.roads)
    assert not [s for s in scene.shapes if "badge" in s.classes]
    assert not legend_words(scene)


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_legend_explains_each_mark_shown_and_the_notice_stays(lang: str, layout: str) -> None:
    labels = LANGUAGES[lang]
    lobby = {"with_bead_plate": True} if layout == "lobby" else {}
    options = BoardOptions(lang=lang, layout=layout, **lobby)
    only_six = MarkedRoads.of(NOTATION, {0: ("super_6",)})
    for board, marks in ((MarkedRoads.of(NOTATION, MARKED), BADGES), (only_six, ["super_6"])):
        scene = draw_board(board, options)
        assert legend_words(scene) == [getattr(labels, mark) for mark in marks]
        legend = [s for s in scene.shapes if isinstance(s, Circle) and "legend" in s.classes]
        assert [c.classes[-1] for c in legend if "badge" in c.classes] == list(marks)
        texts = [s.text for s in scene.shapes if isinstance(s, Text)]
        assert NOTICE in " ".join(texts)
        # The legend fits the board, above the notice.
        band = next(s for s in scene.shapes if isinstance(s, Rect) and "notice-band" in s.classes)
        legend_texts = [s for s in scene.shapes if isinstance(s, Text) and "legend" in s.classes]
        assert len(legend_texts) == 2 * len(marks)  # a figure and its words
        assert all(t.y < band.y for t in legend_texts)
        assert all(c.cx + c.r <= scene.width for c in legend)


def test_a_wall_explains_the_marks_of_all_its_shoes_once() -> None:
    boards = [MarkedRoads.of(NOTATION, {0: ("super_6",)}), MarkedRoads.of("PPB", {1: ("panda_8",)})]
    options = BoardOptions(layout="lobby", lang="zh-hant")
    scene = draw_wall(boards, options)
    assert legend_words(scene) == [LANGUAGES["zh-hant"].super_6, LANGUAGES["zh-hant"].panda_8]
    assert Counter(badges(ET.fromstring(to_svg(scene)))) == {
        ("big-road", "super_6"): 1,
        ("big-road", "panda_8"): 1,
    }


def test_a_mark_the_drawing_does_not_know_is_not_drawn() -> None:
    board = MarkedRoads.of("BPB", {0: ("lucky_7",)})
    scene = draw_board(board)
    assert not [s for s in scene.shapes if "badge" in s.classes]
    assert not legend_words(scene)


# -- the accessible theme: what colour-blind readers confuse differs in shape --------------------

# Machado, Oliveira and Fernandes (2009), tritanopia at severity 1.0, on linear RGB.
TRITANOPIA = (
    (1.255528, -0.076749, -0.178779),
    (-0.078411, 0.930809, 0.147602),
    (0.004733, 0.691367, 0.303900),
)


def simulated(colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[int, ...]:
    linear = [to_linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]
    return tuple(to_srgb(sum(m * v for m, v in zip(row, linear, strict=True))) for row in matrix)


def lab(rgb: tuple[int, ...]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (to_linear(v) for v in rgb)
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        (0.2126 * r + 0.7152 * g + 0.0722 * b) / 1.0,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    f = [t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29 for t in xyz]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: str, b: str, matrix: tuple[tuple[float, ...], ...]) -> float:
    """CIE76 distance between ``a`` and ``b`` as a reader with that deficiency sees them."""
    la, lb = lab(simulated(a, matrix)), lab(simulated(b, matrix))
    return sum((x - y) ** 2 for x, y in zip(la, lb, strict=True)) ** 0.5


DEFICIENCIES = {**SIMULATIONS, "tritanopia": TRITANOPIA}


def test_issue_21_measures_the_accessible_colours_close_under_colour_blindness() -> None:
    theme = THEMES["accessible"]
    assert delta_e(theme.banker, theme.natural, DEFICIENCIES["deuteranopia"]) < 25
    assert delta_e(theme.player, theme.tie, TRITANOPIA) < 25


def _shape_kinds(scene: Scene, kind: str) -> set[str]:
    return {type(s).__name__ for s in scene.shapes if kind in s.classes}


def test_accessible_naturals_are_squares_where_banker_pairs_are_dots() -> None:
    """Banker and Natural are close under deuteranopia: the natural mark is a square in cells
    and in the legend, a pair a round dot; in the other themes both are dots."""
    board = Scoreboard.from_notation("BbnPpnTnbBn")
    accessible = draw_board(board.roads, BoardOptions(theme="accessible"))
    assert _shape_kinds(accessible, "natural") == {"Rect"}
    assert _shape_kinds(accessible, "banker-pair") == {"Circle"}
    legend = [s for s in accessible.shapes if "legend" in s.classes]
    assert any(isinstance(s, Rect) for s in legend)
    for name in ("casino", "dark", "print"):
        scene = draw_board(board.roads, BoardOptions(theme=name))
        assert _shape_kinds(scene, "natural") == {"Circle"}
    # The SVG draws them so too.
    root = ET.fromstring(to_svg(accessible))
    tags = Counter(
        (element.tag.rsplit("}", 1)[-1], kind)
        for element in root.iter()
        for kind in ("natural", "banker-pair")
        if kind in classes(element)
    )
    assert set(tags) == {("rect", "natural"), ("circle", "banker-pair")}


@pytest.mark.parametrize("deficiency", list(DEFICIENCIES))
def test_accessible_marks_close_in_colour_differ_in_shape_or_letter(deficiency: str) -> None:
    """Every two kinds of mark whose colours fall within ΔE 40 of each other for that reader
    are drawn in different shapes (or carry different letters, as beads do)."""
    theme = THEMES["accessible"]
    board = Scoreboard.from_notation("BbnPpnTnbBnTTPB")
    scene = draw_board(board.roads, BoardOptions(theme="accessible"))
    kinds = {
        "banker": theme.banker,
        "player": theme.player,
        "tie": theme.tie,
        "natural": theme.natural,
        "banker-pair": theme.banker,
        "player-pair": theme.player,
    }

    def looks(kind: str) -> set[tuple[str, ...]]:
        """How the marks of ``kind`` look on the big road and the bead plate, colour aside."""
        found: set[tuple[str, ...]] = set()
        for index, shape in enumerate(scene.shapes):
            if kind not in shape.classes or not {"bead-plate", "big-road"} & set(shape.classes):
                continue
            letter = ""
            if {"mark", "bead-plate"} <= set(shape.classes) and isinstance(shape, Circle):
                after = scene.shapes[index + 1 :]
                letter = next(
                    s.text
                    for s in after
                    if isinstance(s, Text) and s.x == shape.cx and "label" in s.classes
                )
            hollow = isinstance(shape, Circle) and shape.fill is None
            found.add((type(shape).__name__, str(hollow), letter))
        return found

    matrix = DEFICIENCIES[deficiency]
    tie_looks = {("Line", "False", "")} | {
        ("Circle", "False", s.text) for s in scene.shapes if isinstance(s, Text) and s.text == "T"
    }
    names = list(kinds)
    for first in names:
        for second in names[names.index(first) + 1 :]:
            same_colour = kinds[first] == kinds[second]
            if same_colour or delta_e(kinds[first], kinds[second], matrix) >= 40:
                continue
            a = tie_looks if first == "tie" else looks(first)
            b = tie_looks if second == "tie" else looks(second)
            assert a and b and not (a & b), (deficiency, first, second, a & b)
