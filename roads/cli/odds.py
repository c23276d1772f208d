"""``roads odds``: exact odds of the next coup, for full decks or the cards left."""

from __future__ import annotations

import json

import click

from roads.errors import RoadsError
from roads.game.odds import Odds, deck_counts, exact_odds
from roads.notice import NOTICE


def _counts(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.replace(" ", "").split(","))
    except ValueError:
        raise RoadsError(
            f"--remaining {text!r}: give ten whole numbers separated by commas, the cards left "
            "of each value 0-9 (tens and faces first)"
        ) from None


@click.command("odds")
@click.option("--decks", type=click.IntRange(1, 8), help="Full decks in the shoe (default 8).")
@click.option(
    "--remaining",
    metavar="C0,...,C9",
    help="Cards left of each value 0-9 (tens and faces first), e.g. from a live shoe.",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(["text", "txt", "json"], case_sensitive=False),
    default="text",
    show_default=True,
    help="text (or txt): a table; json: one object with the counts, probabilities and edges.",
)
def command(decks: int | None, remaining: str | None, format_: str) -> None:
    """Exact odds of the next coup by full enumeration (integer counts)."""
    if decks is not None and remaining is not None:
        raise click.UsageError("give --decks or --remaining, not both")
    counts = _counts(remaining) if remaining is not None else deck_counts(decks or 8)
    odds = exact_odds(counts)
    source: dict[str, object] = (
        {"remaining": list(counts)} if remaining is not None else {"decks": decks or 8}
    )
    if format_.lower() == "json":
        click.echo(json.dumps({**source, "cards": sum(counts), **_json(odds)}))
    else:
        click.echo(_table(odds, source, sum(counts)), nl=False)


def _json(odds: Odds) -> dict[str, object]:
    return {
        "total": odds.total,
        "banker": odds.banker,
        "player": odds.player,
        "tie": odds.tie,
        "probability": {"banker": odds.p_banker, "player": odds.p_player, "tie": odds.p_tie},
        "house_edge": {
            "banker": odds.banker_edge,
            "player": odds.player_edge,
            "tie": odds.tie_edge,
        },
    }


def _table(odds: Odds, source: dict[str, object], cards: int) -> str:
    what = f"{source['decks']} decks" if "decks" in source else "the cards left"
    rows = [
        ("Banker", odds.banker, odds.p_banker, odds.banker_edge, "pays 0.95:1"),
        ("Player", odds.player, odds.p_player, odds.player_edge, "pays 1:1"),
        ("Tie", odds.tie, odds.p_tie, odds.tie_edge, "pays 8:1"),
    ]
    width = len(f"{odds.total:,}")
    lines = [
        f"Exact odds of the next coup from {what} ({cards} cards)",
        f"{'':8}{'ways':>{width}}  {'probability':>11}  {'house edge':>10}",
    ]
    lines += [
        f"{name:8}{ways:>{width},}  {p:>11.6f}  {edge:>10.4%}  {note}"
        for name, ways, p, edge, note in rows
    ]
    lines.append(f"{'total':8}{odds.total:>{width},}")
    lines.append(f"Each coup is dealt from the cards alone. {NOTICE}")
    return "\n".join(lines) + "\n"
