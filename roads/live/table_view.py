"""What the table's screens show besides the live page's board and texts (``/display``, each
seat's page and the croupier's console): the posted rules, payouts and limits, the last coup's
cards, the counts, the cards left by rank, the round (open, or "no more bets"), each seat's
last results and statement line, and the roads as grids alone for the display. Every value is
JSON, every amount also written as people read it; each update carries it all."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from roads.backends.svg import to_svg
from roads.drawing.board import draw_grid
from roads.drawing.options import BoardOptions
from roads.game.cards import RANKS, Card
from roads.grids.road import DERIVED, Road
from roads.hands.cards_left import CardsLeft, OddsPoint
from roads.hands.hand import Hand
from roads.hands.journal import Session, money
from roads.hands.prices import prices_now
from roads.hands.session import CoupRecord
from roads.hands.statement import FIGURES, statement_of
from roads.scoreboard import Scoreboard
from roads.tables import Table
from roads.tables.money import amount_text
from roads.translations import LANGUAGES, SCREEN_WORDS, STATEMENT_WORDS, bet_word

BEAD_COLUMNS = 14
"""The bead plate's columns on the display: it holds an eight-deck shoe (84 coups)."""
BIG_ROAD_COLUMNS = 22
DERIVED_COLUMNS = 25
GRID_COLUMNS = {
    Road.BEAD_PLATE.slug: BEAD_COLUMNS,
    Road.BIG_ROAD.slug: BIG_ROAD_COLUMNS,
    **{road.slug: DERIVED_COLUMNS for road in DERIVED},
}
"""The columns each road shows on the display, in the order of the roads: the others than the
bead plate show their last columns, as a casino's display scrolls; every derived road (a new
one too) as many as the others."""
LAST_RESULTS = 5
"""How many of a seat's last results its page shows."""
_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def ratio(value: Fraction) -> str:
    """A win's payout as a table posts it: ``8:1``, ``19:20``, ``1:2``."""
    return f"{value.numerator}:{value.denominator}"


@cache
def posted(table: Table, lang: str) -> dict[str, Any]:
    """What ``table`` posts, in ``lang``: its name, its rules in a line, and each bet it
    offers with what it pays (from the table's own pricing: every positive return of a
    one-unit stake) and its limits."""
    words, statement = SCREEN_WORDS[lang], STATEMENT_WORDS[lang]
    prices, _ = prices_now((), table)
    commission = statement.commission_box if table.box else statement.commission_collect
    bets = []
    for name, price in prices.items():
        limit = table.limit(name)
        bets.append(
            {
                "on": name,
                "name": bet_word(name, lang),
                "pays": " / ".join(ratio(r) for r, _ in price.returns if r > 0),
                "limit": words.any_stake
                if limit is None
                else words.limit.format(low=amount_text(limit.low), high=amount_text(limit.high)),
                "low": None if limit is None else float(limit.low),
                "high": None if limit is None else float(limit.high),
            }
        )
    return {
        "name": table.name or words.practice_table,
        "rules": statement.rules.format(
            rules=table.rules, tie=table.tie_pays, commission=commission
        ),
        "bets": bets,
        "seats": table.seats,
    }


def card_faces(cards: tuple[Card, ...]) -> list[dict[str, Any]]:
    """Cards as a display draws them: the rank (``10`` for a ten), the suit's sign, and
    whether it is red."""
    return [
        {
            "rank": "10" if card.rank == "T" else card.rank,
            "suit": _SUITS.get(card.suit or "", ""),
            "red": card.suit in ("h", "d"),
        }
        for card in cards
    ]


def last_coup(hand: Hand, number: int, lang: str) -> dict[str, Any]:
    """Coup number ``number`` (``hand``) as the display shows it, large: its result in words,
    the totals and the cards when known, and the words spoken for it."""
    labels, words = LANGUAGES[lang], SCREEN_WORDS[lang]
    name = {"B": labels.banker_name, "P": labels.player_name}.get(hand.outcome.value)
    result = labels.tie_name if name is None else words.wins.format(name=name)
    shown: dict[str, Any] = {"coup": number, "outcome": hand.outcome.value, "result": result}
    shown["flags"] = [
        word
        for present, word in (
            (hand.banker_pair, labels.banker_pairs.removesuffix("s")),
            (hand.player_pair, labels.player_pairs.removesuffix("s")),
            (hand.natural, labels.naturals.removesuffix("s")),
        )
        if present
    ]
    spoken = result
    coup = hand.coup
    if coup is not None:
        player, banker = coup.player_total, coup.banker_total
        shown["player"] = {"total": player, "cards": card_faces(coup.player_cards)}
        shown["banker"] = {"total": banker, "cards": card_faces(coup.banker_cards)}
        if name is None:
            spoken = words.spoken_tie.format(total=player)
        else:
            spoken = words.spoken_wins.format(
                name=name, high=max(player, banker), low=min(player, banker)
            )
    shown["spoken"] = spoken
    return shown


def odds_shown(point: OddsPoint | None, cards: CardsLeft) -> dict[str, Any] | None:
    """The exact odds of the next coup and the cards left by rank, while they are known."""
    ranks = cards.by_rank()
    if point is None or ranks is None:
        return None
    odds = point.odds
    return {
        "left": point.cards_left,
        "banker": f"{odds.p_banker:.2%}",
        "player": f"{odds.p_player:.2%}",
        "tie": f"{odds.p_tie:.2%}",
        "ranks": [["10" if r == "T" else r, n] for r, n in zip(RANKS, ranks, strict=True)],
    }


def counts(board: Scoreboard, lang: str) -> list[list[Any]]:
    """The shoe's counts as (label, number) pairs."""
    labels, stats = LANGUAGES[lang], board.stats
    return [
        [labels.banker_name, stats.banker],
        [labels.player_name, stats.player],
        [labels.tie_name, stats.tie],
        [labels.banker_pairs, stats.banker_pair],
        [labels.player_pairs, stats.player_pair],
        [labels.naturals, stats.natural],
    ]


def grids(board: Scoreboard, options: BoardOptions) -> dict[str, str]:
    """Each road's grid alone, as the display shows it (SVGs without a font: the display
    embeds the board's once)."""
    return {
        road: to_svg(
            draw_grid(board.roads, road, columns=columns, options=options), embed_font=False
        )
        for road, columns in GRID_COLUMNS.items()
    }


def seat_extras(session: Session, lang: str) -> dict[int, dict[str, Any]]:
    """Each taken seat's money as people read it, its last results in the current shoe and
    its statement line (its player's time at the seat), by seat number."""
    labels = LANGUAGES[lang]
    words = SCREEN_WORDS[lang]
    names = {"B": labels.banker_name, "P": labels.player_name, "T": labels.tie_name}
    extras: dict[int, dict[str, Any]] = {}
    lines = dict(zip((id(a) for a in session.accounts), statement_of(session).lines, strict=True))
    wanted = set(session.seat_numbers())
    results: dict[int, list[dict[str, Any]]] = {number: [] for number in wanted}
    items = session.shoes[-1]
    coup = session.coups
    for item in reversed(items):
        if not wanted:
            break
        if not isinstance(item, CoupRecord):
            continue
        nets: dict[int, Fraction] = {}
        for bet, (result, _) in zip(item.settled, item.payouts, strict=True):
            nets[bet.seat] = nets.get(bet.seat, Fraction(0)) + bet.stake * result
        for number, net in nets.items():
            if number in wanted:
                said = words.result_line.format(
                    coup=coup, result=names[item.hand.outcome.value], net=money(net, sign=True)
                )
                results[number].append({"coup": coup, "text": said})
                if len(results[number]) == LAST_RESULTS:
                    wanted.discard(number)
        coup -= 1
    for number in session.seat_numbers():
        seat = session.seat(number)
        if seat is None:
            continue
        statement_line = lines.get(id(seat.account))
        extras[number] = {
            "shown": {
                "balance": money(seat.balance),
                "box": money(seat.box),
                "left": money(seat.left),
                "staked": money(seat.staked),
            },
            "last": results[number],
            "statement": []
            if statement_line is None
            else [
                [getattr(STATEMENT_WORDS[lang], name), money(value, sign=name == "net")]
                for name, value in statement_line.amounts().items()
                if name in FIGURES
            ],
        }
    return extras
