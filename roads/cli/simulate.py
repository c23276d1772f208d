"""``roads simulate``: the coups of shoes shuffled from a seed and dealt by the rules."""

from __future__ import annotations

import json
from typing import IO

import click

from roads import engines, formats
from roads.atomic import open_atomic
from roads.cli.dealing import ShoesType, dealing_options
from roads.cli.engine_options import tell_engine
from roads.cli.options import output_format, output_option
from roads.cli.table_options import table_options
from roads.game.odds import odds_for_decks
from roads.game.shoe import Shoe, new_seed
from roads.game.shuffles import DEFAULT_SHUFFLE, check_seed, check_shuffle
from roads.game.simulation import tally as tally_shoes
from roads.hands.simulated import simulated_text
from roads.notice import NOTICE
from roads.parallel import Jobs
from roads.progress import job
from roads.tables import Table
from roads.translations import TALLY_WORDS, plural

_BAR_FROM = 20
"""Shoes from which dealing shows a progress bar (on a terminal); counting, 50 times more."""


@click.command("simulate")
@click.option(
    "--shoes",
    type=ShoesType(),
    default=1,
    show_default=True,
    help="How many shoes to deal, one after another from the seed.",
)
@dealing_options
@click.option(
    "--format",
    "format_",
    type=click.Choice(formats.choices(formats.SHOES), case_sensitive=False),
    help="text (or txt): the result notation; jsonl/csv: one coup per line with its cards "
    "(default: from the output's extension, text for standard output).",
)
@click.option("--tally", is_flag=True, help="Only count outcomes (fast); print a summary.")
@table_options
@output_option
def command(
    decks: int,
    seed: int | None,
    shuffle: str | None,
    shoes: int,
    cut_card: int,
    format_: str | None,
    tally: bool,
    engine: str | None,
    verbose: bool,
    jobs: Jobs,
    table: Table | None,
    output: str,
) -> None:
    """Deal SHOES shoes of DECKS decks and write their coups. With --tally and a table
    option, the summary names the table and the exact house edge of its main bets."""
    product = formats.TALLY if tally else formats.SHOES
    format_ = output_format(output, format_, product, "tally" if tally else "shoes").name
    shoe = Shoe(decks, cut_card, DEFAULT_SHUFFLE if shuffle is None else check_shuffle(shuffle))
    seed = new_seed() if seed is None else seed
    check_seed(seed, shoe.shuffle)
    pays_from = engines.COUNTS_PAY_FROM if tally else engines.DEALS_PAY_FROM
    chosen = engines.choose(engine, pays=shoes >= pays_from)
    tell_engine(chosen, verbose)
    with open_atomic(output) as file:
        if tally:
            _write_tally(file, shoe, shoes, seed, format_, chosen, jobs, table)
            return
        # The notation writes the marks the table posts (none at the standard table).
        marks = tuple(mark.name for mark in table.marks) if table is not None else ()
        pieces = simulated_text(
            shoe, seed, shoes, format_=format_, engine=chosen, jobs=jobs, marks=marks
        )
        with job("Dealing shoes", shoes, at_least=_BAR_FROM) as bar:
            for done, text in pieces:
                file.write(text)
                bar.advance(done)


def _write_tally(
    file: IO[bytes],
    shoe: Shoe,
    shoes: int,
    seed: int,
    format_: str,
    engine: str,
    jobs: Jobs,
    table: Table | None,
) -> None:
    with job("Counting shoes", shoes, at_least=50 * _BAR_FROM) as bar:
        counts = tally_shoes(shoe, shoes, seed, engine=engine, jobs=jobs, progress=bar.advance)
    exact = odds_for_decks(shoe.decks)
    observed = {"banker": counts.banker, "player": counts.player, "tie": counts.tie}
    if format_ == "jsonl":
        record: dict[str, object] = {
            "decks": shoe.decks,
            "seed": seed,
            "shuffle": shoe.shuffle,
            "shoes": shoes,
            "coups": counts.coups,
            **observed,
        }
        if table is not None:
            record["rules"] = table.rules
            record["house_edge"] = _edges(shoe.decks, table)
        file.write((json.dumps(record) + "\n").encode())
        return
    words = TALLY_WORDS
    heading = words.heading.format(
        shoes=plural(words.shoes, shoes),
        decks=plural(words.decks, shoe.decks),
        seed=seed,
        shuffle=shoe.shuffle,
        coups=plural(words.coups, counts.coups),
    )
    lines = [heading]
    for name, count in observed.items():
        share = count / counts.coups if counts.coups else 0.0
        expected = getattr(exact, f"p_{name}")
        lines.append(
            f"  {name.capitalize():7} {count:>12,}  {share:8.4%}   "
            f"(exact for a fresh shoe {expected:.4%})"
        )
    if table is not None:
        edges = ", ".join(f"{name} {edge:.4%}" for name, edge in _edges(shoe.decks, table).items())
        lines.append(
            f"  The {table.rules} table (Tie {table.tie_pays}:1), exact house edge: {edges}"
        )
    lines.append(NOTICE)
    file.write(("\n".join(lines) + "\n").encode())


def _edges(decks: int, table: Table) -> dict[str, float]:
    """The exact house edge of the table's main bets, fresh shoe."""
    from roads.game.odds import distribution_for_decks
    from roads.tables import price_table

    prices = price_table(table, distribution_for_decks(decks))
    return {name: float(f"{prices[name].house_edge:.15g}") for name in ("banker", "player", "tie")}
