"""Options of the commands that deal shoes (``simulate``, ``study``), defined once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from roads.cli.engine_options import engine_options
from roads.game.shoe import MAX_SHOES, MIN_CUT_CARD, too_many_shoes
from roads.game.shuffles import DEFAULT_SHUFFLE, SHUFFLES
from roads.parallel import AUTO, MAX_JOBS, Jobs

F = TypeVar("F", bound=Callable[..., Any])


if TYPE_CHECKING:
    _ParamType = click.ParamType[Jobs]
else:  # click 8.1 has no generic ParamType: it cannot be subscripted when the program runs
    _ParamType = click.ParamType


class JobsType(_ParamType):
    """``--jobs``: a number of processes from 1, or ``auto``."""

    name = "N|auto"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Jobs:
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_JOBS:
            return value
        text = str(value).strip().lower()
        if text == AUTO:
            return AUTO
        if not (text.isdigit() and len(text) <= 4 and 1 <= int(text) <= MAX_JOBS):
            self.fail(
                f"{value!r} is not a number of processes from 1 to {MAX_JOBS}, nor {AUTO}",
                param,
                ctx,
            )
        return int(text)


if TYPE_CHECKING:
    _CountType = click.ParamType[int]
else:
    _CountType = click.ParamType


class ShoesType(_CountType):
    """``--shoes``: a number of shoes from 1 to MAX_SHOES; a larger one is refused at once,
    with the limit named."""

    name = "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value).strip().replace("_", "")
        if not text.lstrip("-").isdigit():
            self.fail(f"{value!r} is not a number of shoes", param, ctx)
        if len(text) > len(str(MAX_SHOES)) or not 1 <= int(text) <= MAX_SHOES:
            self.fail(too_many_shoes(text), param, ctx)
        return int(text)


_OPTIONS = (
    click.option(
        "--decks",
        type=click.IntRange(1, 8),
        default=8,
        show_default=True,
        help="Decks in each shoe (and in the fresh shoe the exact odds are for).",
    ),
    click.option(
        "--seed",
        type=click.IntRange(min=0),
        help="Shuffle from this seed: same seed, same shoes, on every machine "
        "(default: a random one).",
    ),
    click.option(
        "--shuffle",
        type=click.Choice(SHUFFLES),
        help=f"How the seed orders the cards (default: {DEFAULT_SHUFFLE}); shake-sort deals "
        "the shoes seeds dealt before philox became the default.",
    ),
    click.option(
        "--cut-card",
        type=int,
        default=14,
        show_default=True,
        help=f"Cards behind the cut card ({MIN_CUT_CARD} or more, and fewer than a shoe holds).",
    ),
    click.option(
        "--jobs",
        type=JobsType(),
        default=AUTO,
        show_default=True,
        help="Processes to share the shoes (the same output for any number); auto: one per "
        "core, but only as many as the work pays for (small jobs run in one process).",
    ),
)


def dealing_options(function: F) -> F:
    """``--decks --seed --shuffle --cut-card --jobs`` and the engine's options
    (``engine_options``); the command receives ``decks``, ``seed``, ``shuffle`` (None: the
    default), ``cut_card``, ``jobs``, ``engine`` (None: let ``roads.engines.choose`` pick) and
    ``verbose``."""
    function = engine_options(function)
    for option in reversed(_OPTIONS):
        function = option(function)
    return function
