"""``roads export``: the JSON export (docs/export.md), or every cell as CSV."""

from __future__ import annotations

import itertools

import click

from roads import engines, formats
from roads.atomic import open_output
from roads.cli import EMPTY_EXPORT, warn
from roads.cli.engine_options import engine_options, tell_engine
from roads.cli.options import hands_input, output_format, output_option
from roads.cli.table_options import table_options
from roads.grids.export import write_compact_csv, write_compact_json
from roads.policy import Input
from roads.tables import STANDARD, Table


@click.command("export")
@hands_input
@table_options
@click.option(
    "--format",
    "format_",
    type=click.Choice(formats.choices(formats.EXPORT), case_sensitive=False),
    help="json: the roads/1 export (docs/export.md); csv: one row per cell, with a road "
    "column (default: from the output's extension, json for standard output).",
)
@engine_options
@output_option
def command(
    hands_from: Input,
    table: Table | None,
    format_: str | None,
    engine: str | None,
    verbose: bool,
    output: str,
) -> None:
    """Export the roads of INPUT (or --hands) as JSON or CSV."""
    chosen = engines.choose(engine)
    tell_engine(chosen, verbose)
    hands, read_table = hands_from.compact_hands(table=table, engine=chosen)
    kind = output_format(output, format_, formats.EXPORT, "export").name
    # Written as it is made, from hands read as a stream: memory stays flat for long files.
    stream = iter(hands)
    first = next(stream, None)
    if first is None:
        warn(EMPTY_EXPORT)
    else:
        hands = itertools.chain((first,), stream)
    with open_output(output) as file:

        def write(text: str) -> None:
            file.write(text.encode())

        (write_compact_json if kind == "json" else write_compact_csv)(
            write, hands, tails=hands_from.tails, table=read_table or STANDARD, engine=chosen
        )
