"""``roads study``: do the roads predict anything? Every betting signal, measured."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from roads import formats
from roads.backends import picture_formats
from roads.cli import look
from roads.cli.dealing import ShoesType, dealing_options
from roads.cli.engine_options import tell_engine
from roads.cli.paths import InputPath
from roads.cli.table_options import table_options
from roads.drawing.paper import Paper
from roads.game.shoe import Shoe, new_seed
from roads.game.shuffles import DEFAULT_SHUFFLE, check_shuffle
from roads.parallel import Jobs
from roads.tables import Table

_PROGRESS_FROM = 2
DEFAULT_EXACT_SHOES = 5
"""Shoes with exact odds after every coup unless told: about 400 coups, a fraction of a second
with numpy (some 0.5 ms a coup) and about 1.5 s without (some 3 ms a coup)."""


if TYPE_CHECKING:
    _ParamType = click.ParamType[int]
else:  # click 8.1 has no generic ParamType: it cannot be subscripted when the program runs
    _ParamType = click.ParamType


class _ShoesOrAll(_ParamType):
    """A number of shoes, 0 or more, or ``all`` (-1)."""

    name = "K|all"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip().lower()
        if text == "all":
            return -1
        if not text.isdigit():
            self.fail(f"{value!r} is not a number of shoes (0 or more) or 'all'", param, ctx)
        return int(text)


@click.command("study")
@click.argument(
    "sources",
    metavar="[INPUT]...",
    nargs=-1,
    type=InputPath(),
)
@click.option(
    "--shoes",
    type=ShoesType(),
    help="Deal this many shoes from --seed (those 'roads simulate' deals), instead of INPUT.",
)
@dealing_options
@click.option(
    "--exact-shoes",
    type=_ShoesOrAll(),
    default=str(DEFAULT_EXACT_SHOES),
    show_default=True,
    metavar="K|all",
    help="Count the exact odds after every coup of the first K shoes, or of all of them "
    "(card removal and perfect play); 0 for none.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Run on the Dask cluster of this scheduler (roads[dask]), e.g. tcp://host:8786.",
)
@click.option(
    "--keep-going",
    is_flag=True,
    help="Set aside recorded shoes the cards of --decks decks cannot give (counted on the "
    "first line) instead of refusing the records.",
)
@table_options
@click.option("--title", help="Title of the page.")
@look.output(
    "study.json (every figure), study.html, or study.svg / study.png / study.pdf for the charts."
)
@look.format_(formats.STUDY, "study")
@look.paper_options()
def command(
    sources: tuple[str, ...],
    shoes: int | None,
    seed: int | None,
    shuffle: str | None,
    decks: int,
    cut_card: int,
    jobs: Jobs,
    engine: str | None,
    verbose: bool,
    exact_shoes: int,
    scheduler: str | None,
    keep_going: bool,
    table: Table | None,
    title: str | None,
    output: str,
    format_: str | None,
    paper: Paper,
) -> None:
    """Measure whether the roads predict the next coup: follow-last, chop, streaks and the
    derived roads' red and blue, over simulated shoes (--shoes, --seed) or recorded INPUT files
    (journals, notation, CSV, JSONL), against the exact odds."""
    from roads.study import read_shoes, run_study, simulated, study_engine
    from roads.study.output import save_study

    kind = look.output_format(output, format_, picture_formats(formats.STUDY), "study").name
    if sources and shoes is not None:
        raise click.UsageError("give INPUT files or --shoes N, not both")
    if not sources and shoes is None:
        raise click.UsageError("give INPUT files (recorded shoes) or --shoes N (simulated)")
    if sources and seed is not None:
        raise click.UsageError("--seed applies to simulated shoes (--shoes)")
    if keep_going and not sources:
        raise click.UsageError("--keep-going applies to recorded shoes (INPUT)")
    if sources and shuffle is not None:
        raise click.UsageError("--shuffle applies to simulated shoes (--shoes)")
    for source in sources:
        if output != "-" and source != "-" and _same_file(source, output):
            raise click.UsageError(f"-o {output} would write over the input {source}")
    if shoes is not None:
        shoe = Shoe(decks, cut_card, DEFAULT_SHUFFLE if shuffle is None else check_shuffle(shuffle))
        data = simulated(shoe, new_seed() if seed is None else seed, shoes)
    else:
        data = read_shoes(sources, decks=decks, keep_going=keep_going, deals=table is not None)
    exact = data.shoes if exact_shoes < 0 else exact_shoes
    chosen = study_engine(data, engine, exact)
    tell_engine(chosen, verbose)
    document = run_study(
        data,
        decks=decks,
        engine=chosen,
        jobs=jobs,
        exact_shoes=exact,
        scheduler=scheduler,
        table=table,
    )
    save_study(document, output, format=kind, title=title, paper=paper)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
