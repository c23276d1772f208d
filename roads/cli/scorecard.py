"""``roads scorecard``: printable score cards, blank to mark by hand, or filled with the shoes
of a session."""

from __future__ import annotations

from dataclasses import replace

import click

from roads import formats
from roads.cli import look, warn
from roads.cli.options import optional_hands_input
from roads.cli.table_options import table_options
from roads.drawing.paper import SIZES, Paper
from roads.policy import Input
from roads.tables import Table


@click.command("scorecard")
@optional_hands_input
@table_options
@look.output("card.pdf: the score cards as a PDF ('-' for standard output).")
@look.paper_options(default="a4", sizes=tuple(SIZES))
@look.lang
@look.theme
@click.option(
    "--per-page",
    type=click.IntRange(1, 6),
    default=1,
    show_default=True,
    help="Cards a page holds, one under the other (each as large as the page allows, cells of "
    "5 mm at least).",
)
@click.option(
    "--roads",
    "which_roads",
    type=click.Choice(["main", "all"]),
    default="main",
    show_default=True,
    help="main: the bead plate and the big road; all: the derived roads' grids too.",
)
def command(
    hands_from: Input | None,
    table: Table | None,
    output: str,
    paper: Paper,
    lang: str,
    theme: str,
    per_page: int,
    which_roads: str,
) -> None:
    """Print score cards as a PDF: blank ones to mark by hand (no INPUT), or one for each shoe
    of INPUT (a journal, or a file whose rows name their shoe; --shoe N for one).

    A blank card has lines for the date, the table and the shoe, an empty bead plate and big
    road sized for an 8-deck shoe, and a legend of how to mark; a filled card carries its
    shoe's marks, its number ("shoe 3 of 7") and its counts. With --table FILE (or --rules,
    --tie-pays, --side-bets), every card posts the table: its name, rules, commission and
    limits; a journal with seats posts its own table and ends with a page of the statement
    (the session's, or the shoe's with --shoe N). Every card carries the notice: past results
    do not predict the next hand.
    """
    from roads.drawing.card_posts import table_posts
    from roads.drawing.scorecard import CardOptions
    from roads.errors import RoadsError
    from roads.pictures import save_scorecards

    look.output_format(output, "pdf", formats.SCORECARD, "score card")
    statement = None
    if hands_from is not None and not hands_from.every_shoe:
        statement = replace(hands_from, every_shoe=hands_from.shoe is None).statement()
    posted = table if table is not None else None if statement is None else statement.table
    try:
        options = CardOptions(
            lang=lang,
            theme=theme,
            per_page=per_page,
            derived=which_roads == "all",
            table=None if posted is None else table_posts(posted, lang),
        )
    except RoadsError as error:
        raise click.UsageError(str(error)) from None
    if hands_from is None:
        save_scorecards(output, paper=paper, options=options)
        return
    if hands_from.every_shoe:
        raise click.UsageError("a score card holds one shoe: drop --all")
    chosen = hands_from.shoe
    shoes = replace(hands_from, shoe=None).shoes(table=table)
    total = len(shoes)
    numbers = list(range(1, total + 1))
    if chosen is not None:
        if chosen > total:
            raise click.UsageError(
                f"--shoe {chosen}: the input holds {total} shoe{'' if total == 1 else 's'}"
            )
        shoes, numbers = [shoes[chosen - 1]], [chosen]
    if not any(len(shoe) for shoe in shoes):
        from roads.cli import EMPTY

        warn(EMPTY)
    from roads.hands.statement_files import statement_table

    save_scorecards(
        output,
        shoes=shoes,
        numbers=numbers,
        total=total,
        paper=paper,
        options=options,
        statement=None if statement is None else statement_table(statement, lang=lang),
    )
