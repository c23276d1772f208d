"""Writing hands: the result notation, JSON Lines and CSV (the columns of the export's hands)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from roads.hands.hand import FIELDS, Hand
from roads.hands.notation import format_notation

CSV_COLUMNS = FIELDS


def hand_record(hand: Hand, **extra: Any) -> dict[str, Any]:
    """The hand's export fields, after any ``extra`` ones (such as ``shoe``)."""
    return {**extra, **hand.as_dict()}


def jsonl_lines(hands: Iterable[Hand], **extra: Any) -> str:
    return "".join(json.dumps(hand_record(hand, **extra)) + "\n" for hand in hands)


def csv_header(*extra: str) -> str:
    return ",".join((*extra, *CSV_COLUMNS)) + "\n"


def csv_rows(hands: Iterable[Hand], **extra: Any) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for hand in hands:
        record = hand_record(hand, **extra)
        row = []
        for column in (*extra, *CSV_COLUMNS):
            value = record.get(column, "")
            if isinstance(value, bool):
                value = str(value).lower()
            elif isinstance(value, list):
                value = " ".join(value)
            row.append(value)
        writer.writerow(row)
    return out.getvalue()


def notation_line(hands: Iterable[Hand]) -> str:
    return format_notation(hands) + "\n"
