"""The drawing options (``roads.cli.look``): a command receives them as one BoardOptions and a
scale; ``--wall`` draws lobby thumbnails."""

from __future__ import annotations

from typing import Any

import click
from click.testing import CliRunner

from roads import formats
from roads.cli import look
from roads.drawing.options import DEFAULT_OPTIONS, BoardOptions, Layout


def _command() -> tuple[click.Command, list[dict[str, Any]]]:
    seen: list[dict[str, Any]] = []

    @click.command()
    @click.option("--wall", is_flag=True)
    @look.format_(formats.BOARD, "picture")
    @look.drawing_options
    def draw(**received: Any) -> None:
        seen.append(received)

    return draw, seen


def test_no_option_is_the_default_board_at_natural_size() -> None:
    draw, seen = _command()
    assert CliRunner().invoke(draw, []).exit_code == 0
    assert seen == [{"options": DEFAULT_OPTIONS, "scale": 1.0, "wall": False, "format_": None}]


def test_the_options_become_one_value() -> None:
    draw, seen = _command()
    args = ["--theme", "dark", "--layout", "casino", "--background", "none", "--scale", "2"]
    assert CliRunner().invoke(draw, args).exit_code == 0
    options = seen[0]["options"]
    assert isinstance(options, BoardOptions)
    assert (options.theme, options.layout, options.transparent) == ("dark", Layout.CASINO, True)
    assert seen[0]["scale"] == 2.0


def test_a_wall_is_lobby_thumbnails() -> None:
    draw, seen = _command()
    assert CliRunner().invoke(draw, ["--wall"]).exit_code == 0
    assert seen[0]["options"].layout == Layout.LOBBY
    refused = CliRunner().invoke(draw, ["--wall", "--layout", "casino"])
    assert refused.exit_code == 2 and "drop --layout" in refused.output
