"""Options of the commands that draw a board (render, animate, report, serve, log --render),
defined once: how it looks, and in which format the picture goes where.

``drawing_options`` adds ``--lang --theme --label --scale --columns --title --background
--layout --bead-plate`` and hands the command ``options`` (a ``BoardOptions``) and ``scale``;
``paper_options`` adds ``--paper --margin`` (the page a PDF prints on: render, report, study,
scorecard) and hands it ``paper`` (a ``Paper``). A new drawing option goes here, once, and
every drawing command has it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from roads import formats
from roads.cli import flags
from roads.cli import options as shared
from roads.cli.paths import FilePath
from roads.drawing.options import LABEL_KINDS, LAYOUTS, MAX_COLUMNS, BoardOptions
from roads.drawing.paper import FIT, PAPERS, Paper
from roads.drawing.themes import ThemeName
from roads.errors import RoadsError
from roads.pictures import MAX_SCALE

F = TypeVar("F", bound=Callable[..., Any])

MIN_SCALE = 0.25

columns = click.option(
    "--columns",
    type=click.IntRange(min=1, max=MAX_COLUMNS),
    help=f"Keep the last N columns of each road, as a table display scrolls (at most "
    f"{MAX_COLUMNS}).",
)

lang = click.option(
    "--lang",
    type=shared.LANGUAGE,
    default="en",
    show_default=True,
    help="Labels and road names: en (English), zh (simplified Chinese) or zh-hant (traditional); "
    "any case, and zh-TW, zh-HK, zh-CN, zh-SG as their scripts.",
)
theme = click.option(
    "--theme",
    type=click.Choice([theme.value for theme in ThemeName]),
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
    help="Bead-plate labels: the outcome, or the winning total when known (from the cards, or "
    "the totals given without them).",
)
scale = click.option(
    "--scale",
    type=click.FloatRange(MIN_SCALE, MAX_SCALE),
    default=1.0,
    show_default=True,
    help="Size of the picture, times its natural size.",
)
title = click.option(
    "--title", help="Title drawn at the top (and of the page, where there is one)."
)
background = click.option(
    "--background",
    type=click.Choice(["theme", "none"]),
    default="theme",
    show_default=True,
    help="'none' for a transparent background.",
)
layout = click.option(
    "--layout",
    type=click.Choice(LAYOUTS),
    default=LAYOUTS[0],
    show_default=True,
    help="standard; casino: bead plate left, derived roads under the big road on its grid "
    "(--columns N keeps N big-road columns, N/3 of the bead plate); lobby: a compact "
    "thumbnail of the big road.",
)
bead_plate = click.option(
    "--bead-plate",
    is_flag=True,
    help="With --layout lobby (or render --wall): add the bead plate.",
)


def drawing_options(function: F) -> F:
    """The shared drawing options; the command receives ``options`` (BoardOptions) and
    ``scale`` instead of them. With ``render --wall`` (the command receives ``wall``) every
    shoe is a lobby thumbnail: the layout is the lobby's."""

    @lang
    @theme
    @label
    @scale
    @columns
    @title
    @background
    @layout
    @bead_plate
    @functools.wraps(function)
    def wrapper(
        lang: str,
        theme: str,
        label: str,
        scale: float,
        columns: int | None,
        title: str | None,
        background: str,
        layout: str,
        bead_plate: bool,
        **kwargs: Any,
    ) -> Any:
        if kwargs.get("wall"):
            if layout not in ("standard", "lobby"):
                raise click.UsageError("--wall draws lobby thumbnails: drop --layout")
            layout = "lobby"
        try:
            options = BoardOptions(
                lang=lang,
                theme=theme,
                label=label,
                columns=columns,
                title=title,
                transparent=background == "none",
                layout=layout,
                with_bead_plate=bead_plate,
            )
        except RoadsError as error:
            raise click.UsageError(f"{error}{flags(error)}") from None
        return function(options=options, scale=scale, **kwargs)

    return wrapper  # type: ignore[return-value]


def paper_options(*, default: str = FIT, sizes: Sequence[str] = PAPERS) -> Callable[[F], F]:
    """``--paper`` (one of ``sizes``, ``default`` unless given) and ``--margin MM``; the
    command receives ``paper`` (a ``roads.drawing.paper.Paper``) instead of them. Only a PDF
    has pages: other formats ignore it."""
    fit = " (the page is the picture)" if FIT in sizes else ""

    def decorate(function: F) -> F:
        @click.option(
            "--paper",
            "paper_size",
            type=click.Choice(list(sizes), case_sensitive=False),
            default=default,
            show_default=True,
            help=f"The page a PDF prints on: {', '.join(sizes)}{fit}; on A4 or Letter, "
            "turned to whichever way fits it larger.",
        )
        @click.option(
            "--margin",
            metavar="MM",
            type=click.FloatRange(0, 50),
            help="The margin around a PDF's page, in millimetres (default: 10 on paper, none "
            "with fit).",
        )
        @functools.wraps(function)
        def wrapper(paper_size: str, margin: float | None, **kwargs: Any) -> Any:
            paper = Paper(size=paper_size.lower(), margin=margin)
            return function(paper=paper, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def output(help: str) -> Callable[[F], F]:
    return click.option(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        type=FilePath(allow_dash=True),
        help=help,
    )


def format_(product: Sequence[str], noun: str, *, default: str | None = None) -> Callable[[F], F]:
    """``--format`` for ``product`` (e.g. ``formats.BOARD``): default from the extension."""
    aliases = [f"{alias} for {name}" for name in product for alias in formats.FORMATS[name].aliases]
    also = f"; {', '.join(aliases)}" if aliases else ""
    return click.option(
        "--format",
        "format_",
        type=click.Choice(formats.choices(product), case_sensitive=False),
        help=f"{noun.capitalize()} format (default: from the output's extension, "
        f"{default or product[0]} for standard output{also}).",
    )


# Kept here too for the drawing commands: defined in roads.cli.options.
output_format = shared.output_format
journal_path = shared.journal_path
