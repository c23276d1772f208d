"""``--engine`` and ``--verbose``, defined once for every command whose work an engine does
(``simulate``, ``study``, ``odds``, ``export``): the engine is named here and
chosen by ``roads.engines``, nowhere else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from roads.cli import tell
from roads.engines import BUILT_IN, ENGINE_VARIABLE, engine_named

F = TypeVar("F", bound=Callable[..., Any])


def engine_options(function: F) -> F:
    """``--engine NAME --verbose``; the command receives ``engine`` (None: let
    ``roads.engines.choose`` pick) and ``verbose``, and calls ``tell_engine`` once chosen."""
    names = ", ".join(engine.name for engine in BUILT_IN)
    function = click.option(
        "--verbose",
        is_flag=True,
        help="Say on standard error which engine did the work.",
    )(function)
    return click.option(
        "--engine",
        metavar="NAME",
        help=f"Who does the heavy work: {names}, or an engine installed as a plugin; every "
        f"engine gives the same bytes. Default: {ENGINE_VARIABLE}, else numpy when the job "
        "is large enough to pay for its import, else python (the reference).",
    )(function)


def tell_engine(name: str, verbose: bool) -> None:
    """With ``verbose``, say on standard error which engine the command runs with.

    Parameters:
        name: the engine's name (``roads.engines.choose`` gives it).
        verbose: whether ``--verbose`` was given.
    """
    if verbose:
        tell(f"engine {name} ({engine_named(name).summary})")
