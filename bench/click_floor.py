"""The start-up floor of any click command line, for ``scale.py start``: a group and one command
with ``roads export``'s options that writes a small JSON document, and nothing of roads.

python bench/click_floor.py export --hands BPPTB -o /dev/null
"""

from __future__ import annotations

import json

import click


@click.group()
@click.version_option(version="0", message="floor %(version)s")
def cli() -> None:
    """A group, as ``roads`` is one."""


@cli.command("export")
@click.argument("source", required=False, type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--hands", "hands_text", help="Results in the notation.")
@click.option("--shoe", type=click.IntRange(min=1), help="Shoe N.")
@click.option("--all", "every_shoe", is_flag=True, help="Every shoe.")
@click.option("--tails", type=click.Choice(["straight", "drop-back"]), default="straight")
@click.option("--format", "format_", type=click.Choice(["json", "csv"]), help="The format.")
@click.option("-o", "--output", default="-", type=click.Path(allow_dash=True, dir_okay=False))
def export(
    source: str | None,
    hands_text: str | None,
    shoe: int | None,
    every_shoe: bool,
    tails: str,
    format_: str | None,
    output: str,
) -> None:
    """Write the hands as JSON."""
    with click.open_file(output, "w") as file:
        file.write(json.dumps({"hands": list(hands_text or "")}) + "\n")


if __name__ == "__main__":
    cli()
