"""Options several commands share: where the hands come from, and how output is written."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from roads import formats
from roads.cli.paths import FilePath, InputPath
from roads.grids.placement import TAILS
from roads.hands.notation import parse_notation

F = TypeVar("F", bound=Callable[..., Any])


tails_option = click.option(
    "--tails",
    type=click.Choice(TAILS),
    default=TAILS[0],
    show_default=True,
    help="How a streak pushed up by an older tail goes on: straight along its row, or "
    "drop-back (down again once the cell below is free), for the big road and derived roads.",
)
"""``--tails``, defined once: every command that lays out roads has it (``hands_input`` adds
it; ``serve`` and ``log`` take it for their journal). The command receives ``tails``."""


def hands_input(function: F) -> F:
    """``INPUT`` (a file, ``-`` for stdin) or ``--hands TEXT``; ``--shoe N`` / ``--all`` for a
    journal. The command receives ``board``, a Scoreboard. The usage line shows ``[INPUT]``:
    ``--hands`` replaces it. ``--tails`` lays the roads out (``tails_option``). A command with
    a ``--wall`` flag (``wall``) receives ``shoes`` instead of it: with --wall, a Scoreboard
    per shoe of INPUT (and ``board`` None); otherwise None."""

    @click.argument(
        "source",
        metavar="[INPUT]",
        required=False,
        type=InputPath(),
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
        if (source is None) == (hands_text is None):
            raise click.UsageError("give INPUT (a file, or - for standard input) or --hands TEXT")
        if "wall" in kwargs:
            kwargs["shoes"] = None
            if kwargs.pop("wall"):
                from roads.scoreboard import Scoreboard

                if shoe is not None or every_shoe:
                    raise click.UsageError("--wall draws every shoe: drop --shoe and --all")
                if hands_text is not None:
                    kwargs["shoes"] = [Scoreboard.from_notation(hands_text, tails=tails)]
                else:
                    kwargs["shoes"] = Scoreboard.read_shoes(source or "-", tails=tails)
                return function(board=None, **kwargs)
        if shoe is not None and every_shoe:
            raise click.UsageError("give --shoe N or --all, not both")
        streams = getattr(function, STREAMS_HANDS, False)
        if hands_text is not None:
            if shoe is not None or every_shoe:
                raise click.UsageError("--shoe and --all apply to files, not to --hands")
            if streams:  # the hands alone: no board is built for a command that streams them
                return function(
                    hands=parse_notation(hands_text, comments=False),
                    tails=tails,
                    read_table=None,
                    **kwargs,
                )
        elif streams:
            # A command that reads its hands once, in order: a long file comes as a stream.
            from roads.hands.streaming import stream_hands

            hands = stream_hands(source or "-", shoe=shoe, every_shoe=every_shoe)
            if hands is not None:
                return function(hands=hands, tails=tails, read_table=None, **kwargs)
        from roads.scoreboard import Scoreboard

        refuses = getattr(function, REFUSES_LARGE, False) and kwargs.get("layout") != "lobby"
        compact = getattr(function, COMPACT_BOARD, False)
        if (refuses or compact) and hands_text is None:
            from roads.hands.streaming import stream_hands

            # A file of fewer bytes than a picture's most marks holds fewer hands than that.
            smallest = None if compact and not refuses else _most_marks()
            hands = stream_hands(source or "-", shoe=shoe, every_shoe=every_shoe, smallest=smallest)
            if hands is not None and refuses:
                # A board too large to draw is refused as soon as that much has been read.
                board = Scoreboard.drawable(
                    hands, road=kwargs.get("road"), columns=kwargs.get("columns"), tails=tails
                )
                return function(board=board, **kwargs)
            if hands is not None:
                board = Scoreboard(hands, tails=tails, keep_hands=False)
                return function(board=board, **kwargs)
        if hands_text is not None:
            board = Scoreboard.from_notation(hands_text, tails=tails)
        else:
            board = Scoreboard.read(source or "-", shoe=shoe, every_shoe=every_shoe, tails=tails)
        if streams:
            return function(hands=board.hands, tails=tails, read_table=board.table, **kwargs)
        return function(board=board, **kwargs)

    return wrapper  # type: ignore[return-value]


def colour_option(function: F) -> F:
    """``--color/--no-color`` (also spelt ``--colour/--no-colour``); the command receives
    ``colour``: True, False, or None to decide with ``use_colour``."""
    return click.option(
        "--color/--no-color",
        "--colour/--no-colour",
        "colour",
        default=None,
        help="Colours (default: when standard output is a terminal, unless NO_COLOR is set; "
        "FORCE_COLOR turns them on).",
    )(function)


def use_colour(asked: bool | None, stream: Any) -> bool:
    """Whether to colour ``stream``: as asked, else NO_COLOR (set and not empty) turns colour
    off, FORCE_COLOR (set and not empty or "0") turns it on, else only on a terminal."""
    if asked is not None:
        return asked
    if os.environ.get("NO_COLOR"):
        return False
    force = os.environ.get("FORCE_COLOR")
    if force is not None and force not in ("", "0"):
        return True
    return _terminal(stream)


STREAMS_HANDS = "_roads_streams_hands"


def streams_hands(function: F) -> F:
    """Under ``hands_input``: the command receives ``hands`` (an iterable of Hand, read as a
    stream from a long file where it can be) and ``tails`` instead of ``board``, and
    ``read_table``: the table of a journal read whole, else None (``table_options`` takes it)."""
    setattr(function, STREAMS_HANDS, True)
    return function


REFUSES_LARGE = "_roads_refuses_large_boards"


def _most_marks() -> int:
    from roads.drawing.board import MOST_MARKS

    return MOST_MARKS


def refuses_large_boards(function: F) -> F:
    """Under ``hands_input`` of a command that draws ``board`` (taking ``road`` and ``columns``
    options): a long file is read as a stream and a board too large to draw refused as soon as
    that is known, not after the whole file."""
    setattr(function, REFUSES_LARGE, True)
    return function


COMPACT_BOARD = "_roads_compact_board"


def compact_board(function: F) -> F:
    """Under ``hands_input`` of a command that uses the roads of ``board`` but not its hands
    (``board.hands`` is unavailable): a long file is read as a stream and each hand kept as
    one byte, so memory does not grow with the file."""
    setattr(function, COMPACT_BOARD, True)
    return function


def output_option(function: F) -> F:
    return click.option(
        "-o",
        "--output",
        default="-",
        show_default=True,
        type=FilePath(allow_dash=True),
        help="File to write ('-' for standard output); replaced only on success.",
    )(function)


def output_format(
    output_path: str | None,
    format_name: str | None,
    product: Sequence[str],
    noun: str,
    *,
    stream: bool = True,
    format_option: bool = True,
) -> formats.Format:
    """The format to write: ``--format`` and the output's extension must agree (a usage error
    otherwise). Binary data is not written to a terminal; ``stream=False`` refuses ``-``.
    ``format_option=False``: the command has no ``--format`` (``log --render``), so an
    extension it cannot write is refused naming only the extensions it can."""
    if output_path == "-" and not stream:
        raise click.UsageError(f"the {noun} must be a file: '-' (standard output) cannot be kept")
    try:
        chosen = formats.for_output(output_path, format_name, product, noun=noun)
    except formats.FormatError as error:
        message = str(error)
        if not format_option:
            message = _without_format(message)
        message = message.replace("give the format", "give --format")
        message = message.replace("drop the format", "drop --format")
        raise click.UsageError(message.replace("the format asked for", "--format")) from None
    if output_path in (None, "-") and chosen.binary and _terminal(sys.stdout):
        raise click.UsageError(
            f"will not write {chosen.title} to a terminal: give -o FILE, or pipe the output "
            "into a program that reads it"
        )
    return chosen


def _without_format(message: str) -> str:
    """``message`` without its advice to give the format: "name it .svg or .png"."""
    head, sep, tail = message.partition(": name it ")
    advice = ", or give the format"
    if not (sep and tail.endswith(advice)):
        return message
    names = tail.removesuffix(advice).split(", ")
    shown = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"{head}: name it {shown}"


def _terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def journal_path(path: str) -> None:
    """A journal is a real file, appended to and read again: ``-`` is refused."""
    if path == "-":
        raise click.UsageError(
            "a journal must be a file (it is appended to and read again): '-' cannot be one; "
            "give a path such as game.jsonl"
        )
