"""The fast engine's reading (``roads.engines``, concept ``reading``): a line written as ``roads
simulate`` (and the export's own ``hands``) writes it is read by one pattern and checked against
the third-card rules without building objects; any other line goes through the readers
(``roads.hands.readers``), which check it as they always do and name what is wrong and where.
Either way the hands, and the errors, are those of the reference (``roads.hands.compact``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import chain, repeat

from roads.errors import RoadsError
from roads.game import rules
from roads.game.cards import Card
from roads.game.coup import outcome_of
from roads.hands.compact import CompactRecord, ReadingEngine, compact, marks_of
from roads.hands.hand import Hand
from roads.hands.notation import hand_spelled, notation_records
from roads.hands.readers import csv_records, jsonl_record

_dumps = json.JSONEncoder(ensure_ascii=False).encode


@cache
def _side(first: str, second: str, third: str | None) -> tuple[int, tuple[Card, ...]]:
    """One hand's cards from their ranks (the suits decide nothing but the text), and a number
    that says all the rules read of them: the first two cards' total, the third card's value
    (or none), and whether the first two are a pair."""
    cards = tuple(Card.parse(rank) for rank in (first, second, third) if rank is not None)
    two = (cards[0].value + cards[1].value) % 10
    drawn = cards[2].value + 1 if len(cards) == 3 else 0
    return (two * 11 + drawn) * 2 + (first == second), cards


_Verdict = tuple[tuple[str, str, str, str, str, str], Hand] | None
_VERDICTS: dict[int, _Verdict] = {}
"""What the cards of each pair of side numbers (``_side``) say: the outcome, the flags and the
totals as their text, and the shared hand; None when they break the third-card rules. A few
thousand pairs, each judged once, from the first cards that have it."""


def _judge(player_cards: tuple[Card, ...], banker_cards: tuple[Card, ...]) -> _Verdict:
    try:
        rules.check_coup(player_cards, banker_cards)
    except RoadsError:
        return None
    player_total, banker_total = rules.total(player_cards), rules.total(banker_cards)
    banker_pair = banker_cards[0].rank == banker_cards[1].rank
    player_pair = player_cards[0].rank == player_cards[1].rank
    natural = rules.is_natural((player_cards[0].value + player_cards[1].value) % 10) or (
        rules.is_natural((banker_cards[0].value + banker_cards[1].value) % 10)
    )
    won = outcome_of(player_total, banker_total).value
    spelling = won + ("b" if banker_pair else "") + ("p" if player_pair else "")
    spelling += "n" if natural else ""
    marks = marks_of(player_total, banker_total, len(player_cards), len(banker_cards))
    given = (
        won,
        _TEXT[banker_pair],
        _TEXT[player_pair],
        _TEXT[natural],
        str(player_total),
        str(banker_total),
    )
    return given, hand_spelled(spelling + marks)


_TEXT = ("false", "true")


def _checked(
    fields: tuple[str, str, str, str, str, str],
    player: tuple[str, str, str | None],
    banker: tuple[str, str, str | None],
) -> Hand | None:
    """The shared hand of a coup whose cards have these ranks, when the cards follow the rules
    and every field given (outcome, banker pair, player pair, natural, the totals, as text)
    agrees with them; None when anything disagrees (the reader then names it)."""
    player_side, player_cards = _side(*player)
    banker_side, banker_cards = _side(*banker)
    key = player_side << 8 | banker_side
    try:
        verdict = _VERDICTS[key]
    except KeyError:
        verdict = _VERDICTS[key] = _judge(player_cards, banker_cards)
    if verdict is None or verdict[0] != fields:
        return None
    return verdict[1]


def _plain(outcome: str, banker_pair: str, player_pair: str, natural: str) -> Hand:
    spelling = (
        outcome
        + ("b" if banker_pair == "true" else "")
        + ("p" if player_pair == "true" else "")
        + ("n" if natural == "true" else "")
    )
    return hand_spelled(spelling)


_CARD = r'"([2-9TJQKA])[cdhs]"'
_SIDE = rf"{_CARD}, {_CARD}(?:, {_CARD})?"


@cache
def _json_line() -> re.Pattern[str]:
    """A JSON line in the form ``roads simulate`` writes (the export's hands, maybe after a
    ``shoe``): the card fields, when present, as the export writes them. Compiled when first
    read (a few milliseconds: a command that reads no compact records, such as ``roads
    render``, does not pay them)."""
    return re.compile(
        r'\{(?:"shoe": (0|[1-9][0-9]{0,14}), )?"outcome": "([BPT])", '
        r'"banker_pair": (true|false), "player_pair": (true|false), "natural": (true|false)'
        rf'(?:, ("player_cards": \[{_SIDE}\], "banker_cards": \[{_SIDE}\], '
        r'"player_total": ([0-9]), "banker_total": ([0-9])))?\}[ \t\r\n]*'
    )


def jsonl_compact(lines: Iterable[str], source: str) -> Iterator[CompactRecord]:
    """The compact records of JSON Lines ``lines``, as ``readers.jsonl_records`` reads them."""
    match = _json_line().fullmatch
    for number, line in enumerate(lines, start=1):
        found = match(line)
        if found is not None:
            shoe, outcome, bp, pp, nat, cards, p1, p2, p3, b1, b2, b3, pt, bt = found.groups()
            if cards is None:
                yield shoe, _plain(outcome, bp, pp, nat), None
                continue
            hand = _checked((outcome, bp, pp, nat, pt, bt), (p1, p2, p3), (b1, b2, b3))
            if hand is not None:
                yield shoe, hand, cards
                continue
        record = jsonl_record(line, source, number)
        if record is not None:
            label, full = record
            yield (label, *compact(full))


_CSV_CARD = r"([2-9TJQKA])([cdhs])"
_CSV_SIDE = rf"{_CSV_CARD} {_CSV_CARD}(?: {_CSV_CARD})?"


@cache
def _csv_row() -> re.Pattern[str]:
    """A CSV row in the form ``roads simulate`` writes, compiled when first read."""
    return re.compile(
        r"(?:(0|[1-9][0-9]{0,14}),)?([BPT]),(true|false),(true|false),(true|false),"
        rf"{_CSV_SIDE},{_CSV_SIDE},([0-9]),([0-9])\r?\n?"
    )


_CSV_HEADERS = {
    "outcome,banker_pair,player_pair,natural,player_cards,banker_cards,player_total,"
    "banker_total": False,
    "shoe,outcome,banker_pair,player_pair,natural,player_cards,banker_cards,player_total,"
    "banker_total": True,
}
"""The headers ``roads simulate`` writes, and whether they name the shoe."""


def _csv_cards(found: re.Match[str]) -> str:
    g = found.groups()
    player = [g[i] + g[i + 1] for i in (5, 7, 9) if g[i] is not None]
    banker = [g[i] + g[i + 1] for i in (11, 13, 15) if g[i] is not None]
    return (
        f'"player_cards": {_dumps(player)}, "banker_cards": {_dumps(banker)}, '
        f'"player_total": {g[17]}, "banker_total": {g[18]}'
    )


def csv_compact(lines: Iterable[str], source: str) -> Iterator[CompactRecord]:
    """The compact records of CSV ``lines``, as ``readers.csv_records`` reads them: rows in the
    form ``roads simulate`` writes are read by a pattern; from the first other row on, the CSV
    reader reads the rest (a quoted cell may span lines)."""
    lines = iter(lines)
    header = next(lines, None)
    if header is None:
        return
    shoe_named = _CSV_HEADERS.get(header.rstrip("\r\n"))
    if shoe_named is None:
        for label, full in csv_records(chain((header,), lines), source):
            yield (label, *compact(full))
        return
    match = _csv_row().fullmatch
    for number, line in enumerate(lines, start=2):
        found = match(line)
        if found is not None and (found.group(1) is not None) is shoe_named:
            g = found.groups()
            hand = _checked(
                (g[1], g[2], g[3], g[4], g[17], g[18]), (g[5], g[7], g[9]), (g[11], g[13], g[15])
            )
            if hand is not None:
                yield g[0], hand, _csv_cards(found)
                continue
        # The CSV reader reads the rest, its line numbers kept by empty lines in place of the
        # rows already read (it skips empty rows).
        rest = chain((header,), repeat("\n", number - 2), (line,), lines)
        for label, full in csv_records(rest, source):
            yield (label, *compact(full))
        return


def notation_compact(lines: Iterable[str], source: str) -> Iterator[CompactRecord]:
    """The compact records of the result notation, given as lines or pieces of any size
    (each hand a shared value, with the shoe its ``# shoe`` line names)."""
    for label, hand in notation_records(lines, source):
        yield label, hand, None


class _Fast:
    """The fast engine's reading."""

    def records(self, kind: str, lines: Iterable[str], source: str) -> Iterator[CompactRecord]:
        read = {"csv": csv_compact, "jsonl": jsonl_compact}.get(kind, notation_compact)
        return read(lines, source)


READING: ReadingEngine = _Fast()
"""The fast engine's reading (``roads.engines``, concept ``reading``)."""
