"""The seams a maintainer extends roads through (docs/development.md, "Extending roads"): each
recipe followed with a toy, to prove it touches the one module it names."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_line import is_one_error, run

import roads
from roads import backends, formats
from roads.drawing.scene import Circle, Scene
from roads.formats import FormatError

ROOT = Path(__file__).resolve().parents[2]


def _marks(scene: Scene, *, scale: float, dpi: float | None, text_as_paths: bool) -> str:
    """A toy format: one line per circle of the scene (its marks), then the scale."""
    circles = sum(isinstance(shape, Circle) for shape in scene.shapes)
    return json.dumps({"circles": circles, "scale": scale, "title": scene.title}) + "\n"


@pytest.fixture
def toy_format() -> Iterator[str]:
    backends.register(formats.Format("marks", (".marks",), "a count of marks"), _marks)
    try:
        yield "marks"
    finally:
        backends.unregister("marks")


# -- adding a format -------------------------------------------------------------------------


def test_a_writer_registered_from_a_test_writes_a_board_through_save(
    toy_format: str, tmp_path: Path
) -> None:
    board = roads.Scoreboard.from_notation("BPPT")
    board.save(tmp_path / "b.marks", scale=2)
    written = json.loads((tmp_path / "b.marks").read_text())
    assert written["scale"] == 2
    # the bead plate alone draws one disc per coup, whatever else the board has
    board.save(tmp_path / "bead.marks", road="bead-plate")
    assert json.loads((tmp_path / "bead.marks").read_text())["circles"] >= 4


def test_roads_render_writes_a_registered_format(
    toy_format: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.marks"
    code, _, err = run(["render", "--hands", "BPPT", "-o", str(out), "--title", "Toy"], capsys)
    assert code == 0, err
    assert json.loads(out.read_text())["title"] == "Toy"


def test_the_report_and_the_wall_take_a_registered_format(toy_format: str, tmp_path: Path) -> None:
    from roads.pictures import save_wall
    from roads.story.report import save_report

    board = roads.Scoreboard.from_notation("BPPTBBPB")
    save_report(board.roads, tmp_path / "charts.marks")
    assert json.loads((tmp_path / "charts.marks").read_text())["circles"] >= 0
    save_wall([board, board], tmp_path / "wall.marks")
    assert json.loads((tmp_path / "wall.marks").read_text())["scale"] == 1


def test_an_unregistered_format_is_gone_again(tmp_path: Path) -> None:
    backends.register(formats.Format("gone", (".gone",), "a toy"), _marks)
    backends.unregister("gone")
    assert "gone" not in backends.WRITERS and "gone" not in formats.FORMATS
    with pytest.raises(FormatError, match=r"'\.gone'"):
        roads.Scoreboard.from_notation("BP").save(tmp_path / "b.gone")
    assert not (tmp_path / "b.gone").exists()


def test_a_format_taken_already_is_refused() -> None:
    with pytest.raises(FormatError, match=r"\.svg taken"):
        backends.register(formats.Format("vector", (".svg",), "a toy"), _marks)
    with pytest.raises(FormatError, match="built in"):
        backends.unregister("svg")


def test_an_unknown_format_is_an_error_naming_the_choices_never_a_png() -> None:
    scene = roads.Scoreboard.from_notation("BP").scene()
    with pytest.raises(FormatError, match=r"'webp'.*svg, png"):
        backends.render(scene, "webp")
    with pytest.raises(FormatError, match=r"no format 'webp'"):
        roads.Scoreboard.from_notation("BP").save("b.png", format="webp")


def test_a_name_without_an_extension_needs_a_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "noext"
    code, _, err = run(["render", "--hands", "BP", "-o", str(target)], capsys)
    assert code == 2 and is_one_error(err), err
    assert "noext" in err and "has no extension" in err
    assert "name it .svg, .png, .pdf, or give --format" in err
    assert not target.exists()
    with pytest.raises(FormatError, match=r"name it \.svg, \.png, \.pdf, or give the format"):
        roads.Scoreboard.from_notation("BP").save(target)
    code, _, err = run(["render", "--hands", "BP", "-o", str(target), "--format", "png"], capsys)
    assert code == 0 and target.read_bytes().startswith(b"\x89PNG"), err


def test_format_advice_is_structured_and_worded_by_the_caller() -> None:
    with pytest.raises(FormatError) as caught:
        formats.for_output("x.svg", "png", formats.BOARD)
    error = caught.value
    assert error.extensions == (".png",) and error.option == "drop"
    assert str(error) == (
        "'x.svg' is named as an SVG image but the format asked for is png: "
        "name it .png, or drop the format"
    )
    assert error.worded("--format") == (
        "'x.svg' is named as an SVG image but --format is png: name it .png, or drop --format"
    )
    with pytest.raises(FormatError) as caught:
        formats.for_output("x.gif", None, formats.BOARD, noun="image")
    assert caught.value.worded("--format", has_option=False).endswith("name it .svg, .png or .pdf")


def _format_branches(path: Path) -> list[int]:
    """Lines of ``path`` that compare something with a picture format's name."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, ast.Eq | ast.NotEq) for op in node.ops
        ):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in backends.WRITERS:
                    lines.append(node.lineno)
    return lines


def test_picture_formats_are_chosen_only_inside_the_registry() -> None:
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "roads").rglob("*.py"))
        if path.parent.name != "backends" and (lines := _format_branches(path))
    }
    assert found == {}


# -- adding a road ---------------------------------------------------------------------------


def test_every_road_is_a_choice_a_name_a_grid_and_an_export_key() -> None:
    from roads.drawing.board import ROADS
    from roads.grids.road import Road
    from roads.translations import LANGUAGES

    board = roads.Scoreboard.from_notation("BPPBBBPBPPBBPPPBPB")
    exported = json.loads(board.to_json())
    for road in Road:
        assert road.slug in ROADS
        for lang, labels in LANGUAGES.items():
            assert getattr(labels, road.label_key), (road, lang)
        assert board.width(road.slug) >= 1
        assert road.attribute in exported
    assert set(ROADS) == {road.slug for road in Road}


# -- adding a language -----------------------------------------------------------------------

TABLES = (
    "LANGUAGES",
    "TEXT_WORDS",
    "REPORT_WORDS",
    "CHART_WORDS",
    "PAGE_WORDS",
    "LOGGER_WORDS",
    "CARD_WORDS",
    "STATEMENT_WORDS",
)


def test_every_table_of_words_has_the_same_languages() -> None:
    from roads import translations

    codes = [set(getattr(translations, table)) for table in TABLES]
    assert all(each == codes[0] for each in codes), dict(zip(TABLES, codes, strict=True))


def test_a_toy_language_added_to_every_table_is_drawn_written_and_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dataclasses import replace

    from roads import translations
    from roads.story.report import report_html

    for table in TABLES:
        monkeypatch.setitem(getattr(translations, table), "toy", getattr(translations, table)["en"])
    toy = replace(translations.ENGLISH, bead_plate="Toy beads", big_road="Toy road")
    monkeypatch.setitem(translations.LANGUAGES, "toy", toy)
    board = roads.Scoreboard.from_notation("BPPTBBPB")
    svg = board.svg(lang="toy")
    assert "Toy beads" in svg and "Toy road" in svg and "Bead Plate" not in svg
    assert "Toy road" in board.to_text(lang="toy")
    assert "Toy beads" in report_html(board.roads, options=roads.BoardOptions(lang="toy"))


# -- drawing options, defined once -----------------------------------------------------------


def test_the_drawing_keywords_are_board_options_fields_given_once(tmp_path: Path) -> None:
    from dataclasses import fields
    from typing import get_type_hints

    from roads.drawing.board import BoardOptions
    from roads.scoreboard import Drawing

    assert set(get_type_hints(Drawing)) <= {field.name for field in fields(BoardOptions)}
    board = roads.Scoreboard.from_notation("BPPTBBPB")
    given: Drawing = {"road": "big-road", "lang": "zh", "theme": "dark", "title": "T"}
    expected = BoardOptions(road="big-road", lang="zh", theme="dark", title="T")
    assert board.options(**given) == expected
    assert board.options(options=expected, road=None) == expected  # None keeps the field
    assert board.svg(**given) == board.svg(options=expected)
    board.save(tmp_path / "a.svg", **given)
    board.save(tmp_path / "b.svg", options=expected)
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


def test_theme_names_are_looked_up_in_one_place() -> None:
    # BoardOptions.palette resolves the name once; the Theme value flows down from there.
    looked_up = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "roads").rglob("*.py")
        if "theme_named(" in path.read_text(encoding="utf-8") or "THEMES[" in path.read_text()
    )
    assert looked_up == ["roads/drawing/options.py", "roads/drawing/themes.py"]
