"""Options of the commands that draw a board: how it looks, and where the picture goes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from roads.drawing.board import LABEL_KINDS
from roads.drawing.labels import LANGUAGES
from roads.drawing.themes import THEMES
from roads.errors import RoadsError

F = TypeVar("F", bound=Callable[..., Any])

columns = click.option(
    "--columns",
    type=click.IntRange(min=1),
    help="Keep the last N columns of each road, as a table display scrolls.",
)
lang = click.option(
    "--lang",
    type=click.Choice(list(LANGUAGES)),
    default="en",
    show_default=True,
    help="Labels and road names: English, simplified or traditional Chinese.",
)
theme = click.option(
    "--theme",
    type=click.Choice(list(THEMES)),
    default="casino",
    show_default=True,
    help="casino (light), dark, print (readable in grey-scale), or accessible (colours "
    "for colour-blind readers, and Banker, Player, red and blue marks differ in shape too).",
)
label = click.option(
    "--label",
    type=click.Choice(LABEL_KINDS),
    default="outcome",
    show_default=True,
    help="Bead-plate labels: the outcome, or the winning total when cards are known.",
)


def output(help: str) -> Callable[[F], F]:
    return click.option(
        "-o",
        "--output",
        required=True,
        type=click.Path(allow_dash=True, dir_okay=False),
        help=help,
    )


def format_(choices: Sequence[str], noun: str) -> Callable[[F], F]:
    return click.option(
        "--format",
        "format_",
        type=click.Choice(list(choices)),
        help=f"{noun.capitalize()} format (default: from the output's extension).",
    )


def kind_of(output_path: str, format_name: str | None, choices: Sequence[str], noun: str) -> str:
    """The format to write: ``--format``, or the output's extension."""
    kind = format_name or Path(output_path).suffix.lower().lstrip(".")
    if kind not in choices:
        names = ", ".join(f".{choice}" for choice in choices)
        raise RoadsError(
            f"cannot tell the {noun} format of {output_path!r}: name it {names}, or give --format"
        )
    return kind
