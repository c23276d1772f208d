"""Options several commands share: where the hands come from, and how output is written."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

from roads.errors import RoadsError
from roads.grids.placement import TAILS

F = TypeVar("F", bound=Callable[..., Any])


def hands_input(function: F) -> F:
    """``INPUT`` (a file, ``-`` for stdin) or ``--hands TEXT``; ``--shoe N`` / ``--all`` for a
    journal. The command receives ``board``, a Scoreboard. A command with a ``--wall`` flag
    (``wall``) receives ``shoes`` instead of it: with --wall, a Scoreboard per shoe of INPUT
    (and ``board`` None); otherwise None."""

    @click.argument(
        "source",
        metavar="INPUT",
        required=False,
        type=click.Path(allow_dash=True, dir_okay=False, exists=True),
    )
    @click.option(
        "--hands",
        "hands_text",
        metavar="TEXT",
        help="Results in the notation, e.g. 'BPbTnP', instead of INPUT.",
    )
    @click.option(
        "--shoe",
        type=click.IntRange(min=1),
        help="Shoe N of a journal, or of a file whose rows name their shoe.",
    )
    @click.option(
        "--all", "every_shoe", is_flag=True, help="Every coup of every shoe, as one board."
    )
    @tails_option
    @functools.wraps(function)
    def wrapper(
        source: str | None,
        hands_text: str | None,
        shoe: int | None,
        every_shoe: bool,
        tails: str,
        **kwargs: Any,
    ) -> Any:
        from roads.scoreboard import Scoreboard

        if (source is None) == (hands_text is None):
            raise click.UsageError("give INPUT (a file, or - for standard input) or --hands TEXT")
        if "wall" in kwargs:
            kwargs["shoes"] = None
            if kwargs.pop("wall"):
                if shoe is not None or every_shoe:
                    raise click.UsageError("--wall draws every shoe: drop --shoe and --all")
                if hands_text is not None:
                    kwargs["shoes"] = [Scoreboard.from_notation(hands_text, tails=tails)]
                else:
                    kwargs["shoes"] = Scoreboard.read_shoes(source or "-", tails=tails)
                return function(board=None, **kwargs)
        if shoe is not None and every_shoe:
            raise click.UsageError("give --shoe N or --all, not both")
        if hands_text is not None:
            if shoe is not None or every_shoe:
                raise RoadsError("--shoe and --all apply to files, not to --hands")
            board = Scoreboard.from_notation(hands_text, tails=tails)
        else:
            board = Scoreboard.read(source or "-", shoe=shoe, every_shoe=every_shoe, tails=tails)
        return function(board=board, **kwargs)

    return wrapper  # type: ignore[return-value]


tails_option = click.option(
    "--tails",
    type=click.Choice(TAILS),
    default=TAILS[0],
    show_default=True,
    help="How a streak pushed up by an older tail goes on: straight along its row, or "
    "drop-back (down again once the cell below is free), for the big road and derived roads.",
)


def output_option(function: F) -> F:
    return click.option(
        "-o",
        "--output",
        default="-",
        show_default=True,
        type=click.Path(allow_dash=True, dir_okay=False),
        help="File to write ('-' for standard output); replaced only on success.",
    )(function)
