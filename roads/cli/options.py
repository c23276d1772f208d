"""Options several commands share: where the hands come from, and how output is written."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from roads import formats
from roads.cli.paths import FilePath, InputPath
from roads.errors import ArgumentError
from roads.grids.placement import TAILS
from roads.translations.tags import LanguageError, language

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    _ParamType = click.ParamType[str]
else:  # click 8.1 has no generic ParamType: it cannot be subscripted when the program runs
    _ParamType = click.ParamType

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


class LanguageTag(_ParamType):
    """A language tag (``--lang``), read by ``roads.translations.tags.language``: any case,
    ``zh-TW`` and ``zh-HK`` as traditional Chinese, ``zh-CN`` and ``zh-SG`` as simplified."""

    name = "TAG"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return language(str(value))
        except LanguageError as error:
            self.fail(str(error), param, ctx)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        from roads.translations import LANGUAGES

        return [CompletionItem(tag) for tag in LANGUAGES if tag.startswith(incomplete.lower())]


LANGUAGE = LanguageTag()
"""The type of every ``--lang`` option."""


INPUT_WORDS = {
    "source": "INPUT",
    "hands_text": "--hands TEXT",
    "hands": "--hands",
    "shoe": "--shoe",
    "shoe_n": "--shoe N",
    "every_shoe": "--all",
    "wall": "--wall",
}
"""The options the library's reading arguments are (``roads.errors.ArgumentError.worded``)."""


def hands_input(function: F) -> F:
    """``INPUT`` (a file, ``-`` for stdin) or ``--hands TEXT``; ``--shoe N`` / ``--all`` for a
    journal; ``--tails`` (``tails_option``). The command receives ``hands_from``, a
    ``roads.policy.Input``, and reads its hands with the one call that suits it
    (``board``, ``drawable``, ``compact``, ``hands`` or ``shoes``). The usage line shows
    ``[INPUT]``: ``--hands`` replaces it. Arguments that do not go together are usage errors
    naming these options."""
    return _hands_input(function, optional=False)


def optional_hands_input(function: F) -> F:
    """``hands_input`` for a command that also works on no hands at all (``roads scorecard``
    prints blank cards): given neither INPUT nor ``--hands``, it receives ``hands_from=None``
    (and ``--shoe`` or ``--all`` alone is a usage error)."""
    return _hands_input(function, optional=True)


def _hands_input(function: F, *, optional: bool) -> F:

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
        from roads.policy import Input

        if optional and source is None and hands_text is None:
            if shoe is not None or every_shoe:
                raise click.UsageError("--shoe and --all choose among the shoes of INPUT: give it")
            return function(hands_from=None, **kwargs)
        try:
            given = Input(
                source=source, text=hands_text, shoe=shoe, every_shoe=every_shoe, tails=tails
            )
            return function(hands_from=given, **kwargs)
        except ArgumentError as error:
            raise click.UsageError(error.worded(INPUT_WORDS)) from None

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
        raise click.UsageError(error.worded("--format", has_option=format_option)) from None
    if output_path in (None, "-") and chosen.binary and _terminal(sys.stdout):
        raise click.UsageError(
            f"will not write {chosen.title} to a terminal: give -o FILE, or pipe the output "
            "into a program that reads it"
        )
    return chosen


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
