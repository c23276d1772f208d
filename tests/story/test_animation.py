"""The replay animation: one frame per coup, all of one size, the last one the rendered board."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from boards import board, cell_centre
from command_line import is_one_error
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat
from progress_recorder import Recorder
from strategies import hands
from tiers import size

from roads.backends.png import to_image
from roads.backends.svg import to_svg
from roads.cli import main
from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.scene import Circle, Scene, Text
from roads.drawing.themes import CASINO
from roads.errors import RoadsError
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard
from roads.story.animation import durations, frames, timeline, to_animated_svg

SVG = "{http://www.w3.org/2000/svg}"
FPS = 4.0


@pytest.fixture(scope="module")
def shoe() -> Scoreboard:
    """An 8-deck shoe: its first 45 coups in README's ``pytest``, all of them with --stress
    (every frame of an animation is a whole board drawn and compared)."""
    whole = Scoreboard.simulate(seed=11)
    return Scoreboard(whole.hands[: size(45, len(whole.hands))])


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out, err


def bead_marks(scene: Scene) -> list[Circle]:
    return [
        shape
        for shape in scene.shapes
        if isinstance(shape, Circle) and shape.classes[:2] == ("mark", "bead-plate")
    ]


def read_frames(data: bytes) -> tuple[list[Image.Image], list[int]]:
    image = Image.open(io.BytesIO(data))
    shown, times = [], []
    for index in range(image.n_frames):
        image.seek(index)
        shown.append(image.convert("RGB"))
        times.append(int(image.info["duration"]))
    return shown, times


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


# -- frames ------------------------------------------------------------------------------------


@settings(max_examples=size(6, 25), deadline=None)
@given(st.lists(hands, min_size=1, max_size=60), st.sampled_from([{}, {"lang": "zh"}]))
def test_every_frame_has_the_last_ones_size_and_the_last_is_the_board(
    shoe_hands: list[Any], options: dict[str, str]
) -> None:
    scoreboard = Scoreboard(shoe_hands)
    scenes = frames(scoreboard.roads, BoardOptions(**options))
    assert len(scenes) == len(shoe_hands)
    assert {(s.width, s.height) for s in scenes} == {(scenes[-1].width, scenes[-1].height)}
    assert scenes[-1] == draw_board(scoreboard.roads, BoardOptions(**options))


def test_frame_k_shows_the_first_k_coups(shoe: Scoreboard) -> None:
    scenes = frames(shoe.roads)
    final = {(c.cx, c.cy): c for c in bead_marks(scenes[-1])}
    for count, scene in enumerate(scenes, start=1):
        cells = [cell_centre(scene, "bead-plate", i // 6, i % 6) for i in range(count)]
        assert {(c.cx, c.cy): c for c in bead_marks(scene)} == {xy: final[xy] for xy in cells}
        stats = [s.text for s in scene.shapes if isinstance(s, Text) and "stat" in s.classes]
        assert stats[0].endswith(f" {count}")
        notice = [s.text for s in scene.shapes if isinstance(s, Text) and "notice" in s.classes]
        assert notice == [NOTICE]


def test_frames_keep_the_last_columns_when_asked(shoe: Scoreboard) -> None:
    scenes = frames(shoe.roads, BoardOptions(columns=10))
    assert len({(s.width, s.height) for s in scenes}) == 1
    assert scenes[-1] == draw_board(shoe.roads, BoardOptions(columns=10))


def test_frames_can_label_the_bead_plate_with_totals(shoe: Scoreboard) -> None:
    options = BoardOptions(label="total")
    scenes = frames(shoe.roads, options)
    assert scenes[-1] == draw_board(shoe.roads, options)
    labels = [
        s.text for s in scenes[2].shapes if isinstance(s, Text) and s.classes[:1] == ("label",)
    ]
    totals = []
    for hand in shoe.hands[:3]:
        assert hand.coup is not None
        coup = hand.coup
        won = coup.player_total if hand.outcome.value == "P" else coup.banker_total
        totals.append(str(won))
    assert labels == totals


def test_animate_takes_label_total(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shoe = tmp_path / "shoe.jsonl"
    assert run(["simulate", "--seed", "5", "-o", str(shoe)], capsys)[0] == 0
    svg = tmp_path / "a.svg"
    code, _, err = run(["animate", str(shoe), "-o", str(svg), "--label", "total"], capsys)
    assert code == 0, err
    labels = {e.text for e in ET.parse(svg).iter(f"{SVG}text") if "label" in e.get("class", "")}
    assert labels and labels <= {str(n) for n in range(10)}


@pytest.mark.parametrize(
    "kind",
    [
        "svg",
        pytest.param("gif", marks=pytest.mark.stress),
        pytest.param("png", marks=pytest.mark.stress),
    ],
)
def test_drawing_the_frames_reports_its_progress(kind: str) -> None:
    from roads.progress import reporting
    from roads.story.animation import FRAMES_WORTH_A_BAR, animation

    long = Scoreboard.from_notation("BPPBT" * (FRAMES_WORTH_A_BAR // 5 + 1))
    recorder = Recorder()
    with reporting(recorder):
        animation(long.roads, kind)
        animation(Scoreboard.from_notation("BPB").roads, kind)  # over too soon for a bar
    assert recorder.events[0] == ("start", ("Drawing the frames", len(long)))
    assert recorder.events[-1] == ("finish", None)
    assert [e for e in recorder.events if e[0] == "start"] == [recorder.events[0]]
    assert sum(int(step) for what, step in recorder.events if what == "advance") == len(long)


def test_there_is_no_animation_of_nothing() -> None:
    with pytest.raises(RoadsError, match="no coup"):
        frames(Scoreboard().roads)


def test_the_last_frame_is_held() -> None:
    assert durations(3, fps=4, hold=3) == [250, 250, 3000]
    assert durations(2, fps=2, hold=0.1) == [500, 500]
    with pytest.raises(RoadsError, match="fps"):
        durations(2, fps=0)


# -- GIF and animated PNG ----------------------------------------------------------------------


def test_gif_has_a_frame_per_coup_and_ends_on_the_rendered_board(
    shoe: Scoreboard, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "shoe.txt"
    source.write_text("".join(hand.notation for hand in shoe.hands))
    target = tmp_path / "shoe.gif"
    code, _, err = run(["animate", str(source), "-o", str(target), "--fps", "5"], capsys)
    assert code == 0, err
    shown, times = read_frames(target.read_bytes())
    assert len(shown) == len(shoe.hands)
    assert times == [200] * (len(shown) - 1) + [3000]

    rendered = Image.open(io.BytesIO(shoe.png())).convert("RGB")
    assert shown[-1].size == rendered.size
    assert mean_difference(shown[-1], rendered) < 0.2
    # Every frame is its own board, not a shade of the last: no ghost of marks to come.
    scenes = frames(shoe.roads)
    for k in (0, 5, 40):
        assert mean_difference(shown[k], to_image(scenes[k])) < 0.2

    # Coup k (0-based) is an empty cell in frame k - 1 and a bead of its colour in frame k.
    scene = draw_board(shoe.roads)
    colours = {"B": CASINO.banker, "P": CASINO.player, "T": CASINO.tie}
    for k in (1, 2, 7, 30, len(shoe.hands) - 1):
        bead = shoe.bead_plate[k]
        x, y = cell_centre(scene, "bead-plate", bead.col, bead.row)
        point = (round(x - 7), round(y))
        assert _near(shown[k - 1].getpixel(point), CASINO.panel)
        assert _near(shown[k].getpixel(point), colours[bead.outcome.value])


def _near(pixel: Any, colour: str, tolerance: int = 24) -> bool:
    expected = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return max(abs(a - b) for a, b in zip(pixel, expected, strict=True)) <= tolerance


@pytest.mark.stress
def test_a_full_shoe_gif_is_small(tmp_path: Path) -> None:
    target = tmp_path / "shoe.gif"
    from roads.story.animation import save_animation

    save_animation(Scoreboard.simulate(seed=11).roads, target)
    assert target.stat().st_size < 1_000_000


def test_animated_png_frames_are_the_boards_exactly(shoe: Scoreboard) -> None:
    from roads.story.animation import animation

    data = animation(shoe.roads, "png", fps=2, hold=1)
    assert isinstance(data, bytes)
    shown, times = read_frames(data)
    assert len(shown) == len(shoe.hands)
    assert times == [500] * (len(shown) - 1) + [1000]
    scenes = frames(shoe.roads)
    for k in (0, 1, 40, len(scenes) - 1):
        assert ImageChops.difference(shown[k], to_image(scenes[k])).getbbox() is None
    rendered = Image.open(io.BytesIO(shoe.png())).convert("RGB")
    assert ImageChops.difference(shown[-1], rendered).getbbox() is None


# -- SVG animation -----------------------------------------------------------------------------


def _seconds(text: str) -> float:
    return float(text.removesuffix("s"))


_NOT_DRAWN = {SVG + name for name in ("title", "desc", "defs", "style", "set", "g")}


def visible_at(svg: str, time: float | None) -> list[tuple[str, list[tuple[str, str]], str]]:
    """The drawn elements of an SVG that show at ``time`` as SMIL sets them (None: in a viewer
    that does not animate), each with the attributes its group gives it."""
    shown = []

    def walk(element: ET.Element, inherited: dict[str, str]) -> None:
        attributes = {**inherited, **element.attrib}
        if element.tag == SVG + "g":
            for child in element:
                walk(child, attributes)
            return
        if element.tag in _NOT_DRAWN:
            return
        visible = element.get("visibility") != "hidden"
        for change in element.findall(SVG + "set") if time is not None else []:
            if _seconds(change.get("begin", "0s")) <= time < _seconds(change.get("end", "1e9s")):
                visible = change.get("to") == "visible"
        if visible:
            attributes.pop("visibility", None)
            if "class" in attributes:  # a replaced mark is drawn as the mark it was
                attributes["class"] = attributes["class"].replace("replaced-mark", "mark")
            shown.append((element.tag, sorted(attributes.items()), element.text or ""))

    for child in ET.fromstring(svg):
        walk(child, {})
    return shown


def test_svg_shows_each_frame_in_turn_and_rests_on_the_board() -> None:
    scoreboard = board("TTBPnBBbTPPPPPPPPTBTPBpBBBT")
    scenes = frames(scoreboard.roads)
    svg = to_animated_svg(scenes, fps=FPS)
    for k in (0, 1, 2, 5, 9, 17, len(scenes) - 1):
        drawn = visible_at(svg, k / FPS + 0.01)
        assert sorted(map(repr, drawn)) == sorted(map(repr, visible_at(to_svg(scenes[k]), None)))
    # At the end, and in a viewer that does not animate, it is the rendered board, in order.
    assert visible_at(svg, 1e6) == visible_at(scoreboard.svg(), None)
    assert visible_at(svg, None) == visible_at(scoreboard.svg(), None)


def _as_drawn(shape: Any) -> Any:
    """The shape as its frame drew it: a mark later replaced was a plain mark then."""
    classes = tuple("mark" if c == "replaced-mark" else c for c in shape.classes)
    return replace(shape, classes=classes)


def test_at_rest_only_the_final_boards_cells_are_marks() -> None:
    scoreboard = board("TTBPTT")
    svg = to_animated_svg(frames(scoreboard.roads), fps=FPS)
    assert svg.count('class="mark big-road') == len(scoreboard.big_road) == 2
    assert svg.count('class="replaced-mark big-road tie"') == 1


@settings(max_examples=size(6, 25), deadline=None)
@given(st.lists(hands, min_size=1, max_size=50))
def test_each_moment_of_the_timeline_paints_its_frame(shoe_hands: list[Any]) -> None:
    scenes = frames(Scoreboard(shoe_hands).roads)
    merged, shown = timeline(scenes, FPS)
    assert len(shown) == len(merged.shapes)
    for k in sorted({0, len(scenes) // 2, len(scenes) - 1}):
        t = k / FPS + 0.01
        moment = [
            _as_drawn(shape)
            for shape, (start, end) in zip(merged.shapes, shown, strict=True)
            if (start or 0.0) <= t < (end if end is not None else math.inf)
        ]
        assert sorted(map(repr, moment)) == sorted(map(repr, scenes[k].shapes))
        picture = replace(merged, shapes=tuple(moment))
        assert ImageChops.difference(to_image(picture), to_image(scenes[k])).getbbox() is None
    still = [shape for shape, (_, end) in zip(merged.shapes, shown, strict=True) if end is None]
    assert tuple(still) == scenes[-1].shapes


def test_svg_marks_of_coup_k_appear_at_k_over_fps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "shoe.svg"
    code, _, err = run(["animate", "--hands", "BPTBBPB", "-o", str(target), "--fps", "2"], capsys)
    assert code == 0, err
    scene = draw_board(board("BPTBBPB").roads)
    coup_at = {cell_centre(scene, "bead-plate", i // 6, i % 6): i for i in range(7)}
    starts = {}
    for bead in ET.fromstring(target.read_text()).iter(SVG + "circle"):
        if bead.get("class", "").startswith("mark bead-plate"):
            hide = bead.find(SVG + "set")
            start = 0.0 if hide is None else _seconds(hide.get("end", ""))
            starts[coup_at[float(bead.get("cx", "")), float(bead.get("cy", ""))]] = start
    assert starts == {i: i / 2 for i in range(7)}


@pytest.mark.browser
def test_chromium_plays_the_svg(browser: Any, tmp_path: Path) -> None:
    scoreboard = board()
    scenes = frames(scoreboard.roads)
    path = tmp_path / "shoe.svg"
    path.write_text(to_animated_svg(scenes, fps=FPS), encoding="utf-8")
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(path.as_uri())
        counts = []
        for k in (0, 3, 20, len(scenes) - 1):
            counts.append(
                page.evaluate(
                    """(t) => {
                        const svg = document.documentElement;
                        svg.pauseAnimations();
                        svg.setCurrentTime(t);
                        return [...document.querySelectorAll('circle.mark.bead-plate')]
                            .filter((e) => getComputedStyle(e).visibility === 'visible').length;
                    }""",
                    k / FPS + 0.05,
                )
            )
    finally:
        page.close()
    assert counts == [1, 4, 21, len(scenes)]
    assert errors == []


# -- command line ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["animate", "--hands", "BP", "-o", "x.mp4"], "cannot write the animation"),
        (["animate", "--hands", "", "-o", "x.gif"], "no coup"),
        (["animate", "--hands", "BP", "-o", "x.gif", "--fps", "0"], "--fps"),
    ],
)
def test_bad_animate_arguments_fail_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and out == ""
    assert is_one_error(err) and message in err, err


def test_animation_is_deterministic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for name in ("a.gif", "b.gif", "a.svg", "b.svg"):
        target = tmp_path / name
        run(["animate", "--hands", "BPPTBbBPn", "-o", str(target), "--theme", "dark"], capsys)
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1] and outputs[2] == outputs[3]
    assert re.search(rb"<set ", outputs[2])
