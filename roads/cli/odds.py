"""``roads odds``: exact odds of the next coup, and of every bet of a table, for full decks or
the cards left."""

from __future__ import annotations

import json

import click

from roads import engines
from roads.cli.engine_options import engine_options, tell_engine
from roads.cli.table_options import table_options
from roads.errors import RoadsError
from roads.game.odds import (
    Odds,
    deck_counts,
    exact_distributions,
    pair_counts,
    rank_counts,
    values_of_ranks,
)
from roads.notice import NOTICE
from roads.tables import STANDARD, Price, Table, price_table


def _counts(text: str, option: str, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.replace(" ", "").split(","))
    except ValueError:
        raise RoadsError(
            f"{option} {text!r}: give whole numbers separated by commas, the cards left {what}"
        ) from None


@click.command("odds")
@click.option("--decks", type=click.IntRange(1, 8), help="Full decks in the shoe (default 8).")
@click.option(
    "--remaining",
    metavar="C0,...,C9",
    help="Cards left of each value 0-9 (tens and faces first), e.g. from a live shoe. Pair "
    "bets need ranks: they are left out.",
)
@click.option(
    "--remaining-ranks",
    metavar="A,2,...,K",
    help="Cards left of each rank A 2 3 ... 10 J Q K (13 counts): every bet, pairs included.",
)
@table_options
@click.option(
    "--format",
    "format_",
    type=click.Choice(["text", "txt", "json"], case_sensitive=False),
    default="text",
    show_default=True,
    help="text (or txt): a table; json: one object with the counts, probabilities and edges "
    "(with a table option, every bet's exact returns too).",
)
@engine_options
def command(
    decks: int | None,
    remaining: str | None,
    remaining_ranks: str | None,
    table: Table | None,
    format_: str,
    engine: str | None,
    verbose: bool,
) -> None:
    """Exact odds of the next coup and of every bet of the table, by full enumeration
    (integer counts)."""
    if sum(given is not None for given in (decks, remaining, remaining_ranks)) > 1:
        raise click.UsageError("give one of --decks, --remaining and --remaining-ranks")
    source: dict[str, object]
    if remaining_ranks is not None:
        ranks = _counts(remaining_ranks, "--remaining-ranks", "of each rank A 2 3 ... 10 J Q K")
        pairs = pair_counts(ranks)
        counts = values_of_ranks(ranks)
        source = {"remaining_ranks": list(ranks)}
    elif remaining is not None:
        counts = _counts(remaining, "--remaining", "of each value 0-9 (tens and faces first)")
        pairs = None
        source = {"remaining": list(counts)}
    else:
        ranks = rank_counts(decks or 8)
        counts, pairs = deck_counts(decks or 8), pair_counts(ranks)
        source = {"decks": decks or 8}
    chosen = engines.choose(engine, pays=False)  # one count: the import of numpy would not pay
    tell_engine(chosen, verbose)
    distribution = exact_distributions([counts], engine=chosen)[0].with_pairs(pairs)
    odds = distribution.odds()
    prices = price_table(table or STANDARD, distribution)
    if format_.lower() == "json":
        data: dict[str, object] = {**source, "cards": sum(counts), **_json(odds, prices)}
        if table is not None:
            data["rules"] = table.rules
            data["bets"] = {name: price.as_dict() for name, price in prices.items()}
        click.echo(json.dumps(data))
    else:
        click.echo(_table(odds, source, sum(counts), table or STANDARD, prices), nl=False)


def _json(odds: Odds, prices: dict[str, Price]) -> dict[str, object]:
    return {
        "total": odds.total,
        "banker": odds.banker,
        "player": odds.player,
        "tie": odds.tie,
        "probability": {"banker": odds.p_banker, "player": odds.p_player, "tie": odds.p_tie},
        "house_edge": {name: prices[name].house_edge for name in ("banker", "player", "tie")},
    }


def _pays(price: Price) -> str:
    """What a bet pays when it wins, and whether it can push: ``19/20``, ``12 / 20, push``."""
    wins = [str(r) for r, _ in price.returns if r > 0]
    pushes = any(r == 0 for r, _ in price.returns)
    return " / ".join(wins or ["-"]) + (", push" if pushes else "")


def _table(
    odds: Odds, source: dict[str, object], cards: int, table: Table, prices: dict[str, Price]
) -> str:
    what = f"{source['decks']} decks" if "decks" in source else "the cards left"
    width = len(f"{odds.total:,}")
    lines = [
        f"Exact odds of the next coup from {what} ({cards} cards)",
        f"{'':8}{'ways':>{width}}  {'probability':>11}  {'house edge':>10}",
    ]
    for name, ways, p in (
        ("Banker", odds.banker, odds.p_banker),
        ("Player", odds.player, odds.p_player),
        ("Tie", odds.tie, odds.p_tie),
    ):
        edge = prices[name.lower()].house_edge
        lines.append(f"{name:8}{ways:>{width},}  {p:>11.6f}  {edge:>10.4%}")
    lines.append(f"{'total':8}{odds.total:>{width},}")
    lines.append("")
    lines.append(f"Every bet of the {table.rules} table (Tie {table.tie_pays}:1)")
    wide = max(len(name) for name in prices)
    lines.append(f"{'bet':{wide}}  {'wins':>{width}}  {'house edge':>10}  pays (to 1)")
    for name, price in prices.items():
        won = sum(ways for r, ways in price.returns if r > 0)
        lines.append(f"{name:{wide}}  {won:>{width},}  {price.house_edge:>10.4%}  {_pays(price)}")
    if "remaining" in source:
        lines.append("Pair bets need the cards left by rank (--remaining-ranks).")
    lines.append(f"Each coup is dealt from the cards alone. {NOTICE}")
    return "\n".join(lines) + "\n"
