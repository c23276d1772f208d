"""The drawing options as values (``roads.drawing.options``): every choice an enum member made
once from its value or name, any other refused when the options are made."""

from __future__ import annotations

import pytest

from roads.drawing.options import (
    DEFAULT_OPTIONS,
    LABEL_KINDS,
    LAYOUTS,
    BoardOptions,
    LabelKind,
    Layout,
)
from roads.drawing.themes import THEMES, ThemeName
from roads.errors import RoadsError
from roads.grids.road import Road


def test_the_names_list_the_default_first() -> None:
    assert LAYOUTS == ("standard", "casino", "lobby")
    assert LABEL_KINDS == ("outcome", "total")
    assert (DEFAULT_OPTIONS.layout, DEFAULT_OPTIONS.label) == (Layout.STANDARD, LabelKind.OUTCOME)
    assert DEFAULT_OPTIONS.theme is ThemeName.CASINO and DEFAULT_OPTIONS.alone is None


def test_a_choice_given_by_name_is_held_as_its_member() -> None:
    options = BoardOptions(layout="casino", theme="dark", label="total")
    assert options.layout is Layout.CASINO
    assert options.theme is ThemeName.DARK
    assert options.label is LabelKind.TOTAL
    assert options == BoardOptions(layout=Layout.CASINO, theme=ThemeName.DARK, label="total")


def test_a_road_alone_by_slug() -> None:
    options = BoardOptions(road="big-road")
    assert options.road is Road.BIG_ROAD and options.alone is Road.BIG_ROAD


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"layout": "grid"}, "layout"),
        ({"theme": "neon"}, "theme"),
        ({"label": "colour"}, "label kind"),
        ({"road": "big-road", "layout": "casino"}, "drawn alone"),
        ({"with_bead_plate": True}, "lobby layout only"),
        ({"columns": 0}, "from 1 to 1000"),
        ({"lang": "fr"}, "no language 'fr'"),
        ({"title": "a\x07b"}, "control character"),
        ({"min_columns": (1, 2)}, "min_columns"),
    ],
)
def test_other_choices_are_refused(options: dict[str, object], says: str) -> None:
    with pytest.raises(RoadsError, match=says):
        BoardOptions(**options)  # type: ignore[arg-type]


def test_the_palette_is_the_theme_s() -> None:
    assert BoardOptions(theme="print").palette == THEMES["print"] != THEMES["casino"]
