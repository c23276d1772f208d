"""Hands in the compact form an export needs: each hand as a shared value (its result, flags
and marks, one instance per spelling) and the JSON text of its card fields.

Reading a file's lines into that form is the ``reading`` concept (``roads.engines``): the
reference reads each line with the readers (``roads.hands.readers``), which check it and name
what is wrong and where, and makes its compact form; the fast engine's
(``roads.fast.reading``) reads lines in the form ``roads simulate`` writes by a pattern,
without a ``Hand``, a ``Coup`` or a dict per line. Either way the hands, and the errors, are
those of ``parse_hands``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Protocol, cast

from roads import engines
from roads.hands.hand import Hand
from roads.hands.notation import hand_spelled, notation_records
from roads.hands.readers import csv_records, jsonl_records
from roads.tables.deal import Deal, Totals
from roads.tables.marks import MARKS

Compact = tuple[Hand, str | None]
"""A hand without its cards (one shared instance per result, flags and marks) and the JSON text
of its card fields as the export writes them (``"player_cards": [...], ..., "banker_total": 7``),
or None for a hand without cards."""
CompactRecord = tuple[str | None, Hand, str | None]
"""A compact hand and the label of the shoe it belongs to (None where the input names none)."""

_dumps = json.JSONEncoder(ensure_ascii=False).encode


def compact(hand: Hand) -> Compact:
    """``hand`` in the compact form: the same export ``hands`` item, from fewer objects."""
    coup = hand.coup
    if coup is None:
        return hand, None
    fields = hand.as_dict(())
    cards = ", ".join(
        f"{_dumps(name)}: {_dumps(fields[name])}"
        for name in ("player_cards", "banker_cards", "player_total", "banker_total")
    )
    flags = (
        hand.outcome.value
        + ("b" if hand.banker_pair else "")
        + ("p" if hand.player_pair else "")
        + ("n" if hand.natural else "")
    )
    return hand_spelled(flags + marks_of(*_totals(hand))), cards


def _totals(hand: Hand) -> tuple[int, int, int, int]:
    coup = hand.coup
    assert coup is not None
    return (
        coup.player_total,
        coup.banker_total,
        len(coup.player_cards),
        len(coup.banker_cards),
    )


@cache
def marks_of(player_total: int, banker_total: int, player_cards: int, banker_cards: int) -> str:
    """The flags of the marks a coup with these totals and card counts carries."""
    deal = Deal(totals=Totals(player_total, banker_total, player_cards, banker_cards))
    return "".join(mark.flag for mark in MARKS if mark.on(deal))


KINDS = ("csv", "jsonl", "text")
"""The kinds of file read line by line: CSV, JSON Lines, the result notation."""


class ReadingEngine(Protocol):
    """What an engine does to read a file for an export (``roads.engines``, concept
    ``reading``): the records, and the errors, of the readers."""

    def records(self, kind: str, lines: Iterable[str], source: str) -> Iterator[CompactRecord]:
        """The compact records of the ``lines`` of a file of ``kind`` (``KINDS``), each line
        with its line end (the notation's text may come in pieces of any size instead);
        ``source`` names the file in errors."""
        ...


def reading_engine(name: str) -> ReadingEngine:
    """The reading of engine ``name`` (``roads.engines.choose`` gives one)."""
    return cast(ReadingEngine, engines.implementation("reading", name))


class _Reference:
    """The reference engine's reading: each line read by the readers, then made compact."""

    def records(self, kind: str, lines: Iterable[str], source: str) -> Iterator[CompactRecord]:
        if kind == "text":
            for label, hand in notation_records(lines, source):
                yield label, hand, None
            return
        read = csv_records if kind == "csv" else jsonl_records
        for label, hand in read(lines, source):
            yield (label, *compact(hand))


READING: ReadingEngine = _Reference()
"""The reference engine's reading (``roads.engines``, concept ``reading``)."""
