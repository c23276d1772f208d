"""``roads simulate``: the coups of shoes shuffled from a seed and dealt by the rules."""

from __future__ import annotations

import json
from typing import IO

import click

from roads import formats
from roads.atomic import open_atomic
from roads.cli.options import output_format, output_option
from roads.game.odds import odds_for_decks
from roads.game.shoe import DealtShoe, Shoe, new_seed
from roads.hands import writers
from roads.hands.hand import Hand
from roads.notice import NOTICE
from roads.progress import job, steps

_BAR_FROM = 20
"""Shoes from which dealing shows a progress bar (on a terminal); counting, 50 times more."""


@click.command("simulate")
@click.option(
    "--decks",
    type=click.IntRange(1, 8),
    default=8,
    show_default=True,
    help="Decks in each shoe.",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    help="Shuffle from this seed (same seed, same shoes, on every machine).",
)
@click.option(
    "--shoes",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many shoes to deal, one after another from the seed.",
)
@click.option(
    "--cut-card", type=int, default=14, show_default=True, help="Cards behind the cut card."
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(formats.choices(formats.SHOES), case_sensitive=False),
    help="text (or txt): the result notation; jsonl/csv: one coup per line with its cards "
    "(default: from the output's extension, text for standard output).",
)
@click.option("--tally", is_flag=True, help="Only count outcomes (fast); print a summary.")
@output_option
def command(
    decks: int,
    seed: int | None,
    shoes: int,
    cut_card: int,
    format_: str | None,
    tally: bool,
    output: str,
) -> None:
    """Deal SHOES shoes of DECKS decks and write their coups."""
    product = formats.TALLY if tally else formats.SHOES
    format_ = output_format(output, format_, product, "tally" if tally else "shoes").name
    shoe = Shoe(decks, cut_card)
    seed = new_seed() if seed is None else seed
    with open_atomic(output) as file:
        if tally:
            _write_tally(file, shoe, shoes, seed, format_)
            return
        if format_ == "csv":
            file.write(writers.csv_header(*(["shoe"] if shoes > 1 else [])).encode())
        dealt_shoes = shoe.deal_many(shoes, seed)
        for dealt in steps(dealt_shoes, total=shoes, label="Dealing shoes", at_least=_BAR_FROM):
            file.write(_format(dealt, format_, shoes > 1).encode())


def _format(dealt: DealtShoe, format_: str, numbered: bool) -> str:
    hands = [Hand.from_coup(coup) for coup in dealt.coups]
    extra = {"shoe": dealt.index + 1} if numbered else {}
    if format_ == "jsonl":
        return writers.jsonl_lines(hands, **extra)
    if format_ == "csv":
        return writers.csv_rows(hands, **extra)
    header = (
        f"# shoe {dealt.index + 1}: {dealt.decks} decks, seed {dealt.seed}, {len(hands)} coups\n"
    )
    return header + writers.notation_line(hands)


def _write_tally(file: IO[bytes], shoe: Shoe, shoes: int, seed: int, format_: str) -> None:
    with job("Counting shoes", shoes, at_least=50 * _BAR_FROM) as bar:
        counts = shoe.tally(shoes, seed, progress=bar.advance)
    exact = odds_for_decks(shoe.decks)
    observed = {"banker": counts.banker, "player": counts.player, "tie": counts.tie}
    if format_ == "jsonl":
        record = {
            "decks": shoe.decks,
            "seed": seed,
            "shoes": shoes,
            "coups": counts.coups,
            **observed,
        }
        file.write((json.dumps(record) + "\n").encode())
        return
    lines = [f"{shoes} shoes of {shoe.decks} decks (seed {seed}): {counts.coups} coups"]
    for name, count in observed.items():
        share = count / counts.coups if counts.coups else 0.0
        expected = getattr(exact, f"p_{name}")
        lines.append(
            f"  {name.capitalize():7} {count:>12,}  {share:8.4%}   "
            f"(exact for a fresh shoe {expected:.4%})"
        )
    lines.append(NOTICE)
    file.write(("\n".join(lines) + "\n").encode())
