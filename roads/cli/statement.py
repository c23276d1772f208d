"""``roads statement``: a practice session's statement, per seat and the house, exact."""

from __future__ import annotations

import click

from roads import formats
from roads.atomic import open_atomic
from roads.cli.options import LANGUAGE, output_format, output_option
from roads.cli.paths import InputPath


@click.command("statement")
@click.argument("source", metavar="JOURNAL", type=InputPath())
@click.option(
    "--seat",
    type=click.IntRange(1, 15),
    metavar="N",
    help="Only seat N's lines (everyone who sat there, in turn).",
)
@click.option(
    "--shoe",
    type=click.IntRange(min=1),
    metavar="N",
    help="Only shoe N: each bankroll is then what the player had when the shoe started.",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(formats.choices(formats.STATEMENT), case_sensitive=False),
    help="text: a table for people, amounts to the cent; json or csv: every amount exact "
    "(default: from the output's extension, text for standard output).",
)
@output_option
@click.option(
    "--lang",
    type=LANGUAGE,
    default="en",
    show_default=True,
    help="The words of the text: en (English), zh (simplified Chinese) or zh-hant "
    "(traditional); any case, and zh-TW, zh-HK, zh-CN, zh-SG as their scripts.",
)
def command(
    source: str, seat: int | None, shoe: int | None, format_: str | None, output: str, lang: str
) -> None:
    """Print the statement of a practice session in JOURNAL: each seat's stakes, wins,
    losses, commission and balance, and the house's net.

    One line per player's time at a seat: bankroll, staked (the stakes settled), won (before
    the commission), lost, pushed, commission (taken at once, collected from the box or still
    in it), box (still owed), net (won less lost less commission) and balance (bankroll plus
    net); the house's net is minus the seats'. Play money, for practice: past results do not
    predict the next hand.
    """
    from roads.hands.statement import statement_of
    from roads.inputs import read_session

    kind = output_format(output, format_, formats.STATEMENT, "statement").name
    statement = statement_of(read_session(source), seat=seat, shoe=shoe)
    text = {
        "json": statement.to_json,
        "csv": statement.to_csv,
    }.get(kind, lambda: statement.to_text(lang=lang))()
    if output == "-":
        click.echo(text, nl=False)
        return
    with open_atomic(output) as file:
        file.write(text.encode("utf-8"))
