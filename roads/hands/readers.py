"""Reading hands from text: the result notation, CSV with a header, and JSON Lines.

Every reader reads the whole input before returning, so a bad line yields no hands at all, and
every error names the source, the line and what was expected there.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from roads.errors import ParseError, RoadsError
from roads.game.cards import Card, parse_cards
from roads.game.coup import Coup, Outcome
from roads.hands.hand import FLAG_FIELDS, Hand
from roads.hands.notation import parse_notation

_TRUE = {"true", "1", "yes", "y", "t"}
_FALSE = {"false", "0", "no", "n", "f", ""}


def hand_from_fields(fields: Mapping[str, Any], source: str, line: int) -> Hand:
    """Build a hand from the fields of one CSV row or JSON object, checking them against each
    other: the cards (when given) decide the outcome, flags and totals, and must agree with them.
    """

    def fail(reason: str) -> ParseError:
        return ParseError(reason, source=source, line=line)

    if "outcome" not in fields:
        raise fail("no 'outcome' (B, P or T)")
    outcome_text = str(fields["outcome"]).strip().upper()
    try:
        outcome = Outcome(outcome_text)
    except ValueError:
        raise fail(f"outcome {fields['outcome']!r} is not B, P or T") from None
    flags = {name: _flag(fields.get(name), name, fail) for name in FLAG_FIELDS}

    player_text, banker_text = fields.get("player_cards"), fields.get("banker_cards")
    if _blank(player_text) and _blank(banker_text):
        return Hand(
            outcome,
            banker_pair=bool(flags["banker_pair"]),
            player_pair=bool(flags["player_pair"]),
            natural=bool(flags["natural"]),
        )
    if _blank(player_text) or _blank(banker_text):
        raise fail("give both 'player_cards' and 'banker_cards', or neither")
    try:
        coup = Coup(_cards(player_text), _cards(banker_text))
    except RoadsError as error:
        raise fail(str(error)) from None
    hand = Hand.from_coup(coup)
    if hand.outcome is not outcome:
        raise fail(
            f"outcome {outcome.value} disagrees with the cards {coup}, "
            f"which give {hand.outcome.value}"
        )
    for name, given in flags.items():
        if given is not None and given != getattr(hand, name):
            raise fail(f"{name} {str(given).lower()} disagrees with the cards {coup}")
    for name, actual in (("player_total", coup.player_total), ("banker_total", coup.banker_total)):
        given_total = fields.get(name)
        if not _blank(given_total) and str(given_total).strip() != str(actual):
            raise fail(
                f"{name} {given_total} disagrees with the cards {coup}, which total {actual}"
            )
    return hand


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _cards(value: Any) -> tuple[Card, ...]:
    """Cards from a JSON list of cards or a text like "2h 3d 8c"."""
    if isinstance(value, list):
        return tuple(Card.parse(str(text)) for text in value)
    return parse_cards(str(value))


def _flag(value: Any, name: str, fail: Callable[[str], ParseError]) -> bool | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return None if not text else False
    raise fail(f"{name} {value!r} is not true or false")


def parse_csv(text: str, source: str = "") -> list[Hand]:
    """Hands from CSV with a header row naming at least ``outcome``."""
    import csv  # only CSV needs it: keep it out of every other command's start

    reader = csv.DictReader(io.StringIO(text, newline=""))
    if reader.fieldnames is None or "outcome" not in [f.strip() for f in reader.fieldnames]:
        raise ParseError(
            "the first row must be a header naming the 'outcome' column", source=source, line=1
        )
    hands = []
    for row in reader:
        fields = {key.strip(): value for key, value in row.items() if key is not None}
        if all(_blank(value) for value in fields.values()):
            continue
        hands.append(hand_from_fields(fields, source, reader.line_num))
    return hands


def parse_jsonl(text: str, source: str = "") -> list[Hand]:
    """Hands from JSON Lines: one object per line with the fields of the export's ``hands``."""
    hands = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            fields = json.loads(line)
        except json.JSONDecodeError as error:
            raise ParseError(
                f"not JSON: {error.msg}", source=source, line=number, column=error.colno
            ) from None
        if not isinstance(fields, dict):
            raise ParseError("expected a JSON object {...}", source=source, line=number)
        hands.append(hand_from_fields(fields, source, number))
    return hands


def sniff(text: str) -> Callable[[str, str], list[Hand]]:
    """The reader for text of unknown kind: JSON Lines, CSV with a header, or the notation."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("{"):
        return parse_jsonl
    if "outcome" in [field.strip().strip('"').lower() for field in first.split(",")]:
        return parse_csv
    return parse_notation


_BY_SUFFIX: dict[str, Callable[[str, str], list[Hand]]] = {
    ".csv": parse_csv,
    ".jsonl": parse_jsonl,
    ".ndjson": parse_jsonl,
    ".txt": parse_notation,
}


def parse_hands(text: str, source: str = "") -> list[Hand]:
    """Hands from text whose kind is known by the source's suffix, or sniffed from the text."""
    reader = _BY_SUFFIX.get(Path(source).suffix.lower()) if source else None
    return (reader or sniff(text))(text, source)
