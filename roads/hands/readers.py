"""Reading hands from text: the result notation, CSV with a header, JSON Lines, and JSON (roads'
export, by its ``hands``, or a list of hands).

Every reader reads the whole input before returning, so a bad line yields no hands at all, and
every error names the source, the line and what was expected there.
"""

from __future__ import annotations

import io
import json
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from itertools import chain
from typing import Any

from roads.errors import ParseError, RoadsError
from roads.game.cards import Card, parse_cards
from roads.game.coup import Coup, Outcome
from roads.hands.hand import FIELDS, FLAG_FIELDS, Hand
from roads.hands.notation import notation_records, parse_notation
from roads.progress import steps
from roads.tables.deal import Deal
from roads.tables.marks import MARK_BY_NAME, MARKS, SUPER_6, Mark

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
    outcome = _outcome(fields["outcome"])
    if outcome is None:
        words = ", ".join(_outcome_words())
        raise fail(f"outcome {fields['outcome']!r} is not B, P or T (nor {words}, in any case)")
    flags = {name: _flag(fields.get(name), name, fail) for name in FLAG_FIELDS}

    marks = _marks(fields.get("marks"), fail)
    player_text, banker_text = fields.get("player_cards"), fields.get("banker_cards")
    if _blank(player_text) and _blank(banker_text):
        player_total = banker_total = None
        if "player_total" in fields or "banker_total" in fields:
            player_total, banker_total = (_total(fields, name, fail) for name in TOTAL_FIELDS)
        if outcome is Outcome.BANKER and banker_total == SUPER_6.total:
            marks = tuple(mark.name for mark in MARKS if mark in (SUPER_6, *_named(marks)))
        try:
            return Hand(
                outcome,
                banker_pair=bool(flags["banker_pair"]),
                player_pair=bool(flags["player_pair"]),
                natural=bool(flags["natural"]),
                marks=marks,
                player_total=player_total,
                banker_total=banker_total,
            )
        except RoadsError as error:
            raise fail(str(error)) from None
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
    _agrees_with_cards(fields, coup, hand, flags, marks, fail)
    return hand


def _outcome(value: Any) -> Outcome | None:
    """The outcome a cell names: its letter, or its word in any language of roads (any case),
    such as ``Banker``, ``tie``, ``庄``, ``閒``; None for anything else."""
    text = str(value).strip()
    if text.upper() in _LETTERS:
        return Outcome(text.upper())
    return _outcome_by_word().get(text.casefold())


_LETTERS = {outcome.value for outcome in Outcome}


@cache
def _outcome_words() -> dict[str, str]:
    """The outcome letter of each outcome's name in every language (``roads.translations``),
    case-folded, with the name as written."""
    from roads.translations import LANGUAGES

    return {
        word: outcome.value
        for words in LANGUAGES.values()
        for outcome, word in (
            (Outcome.BANKER, words.banker_name),
            (Outcome.PLAYER, words.player_name),
            (Outcome.TIE, words.tie_name),
        )
    }


@cache
def _outcome_by_word() -> dict[str, Outcome]:
    return {word.casefold(): Outcome(letter) for word, letter in _outcome_words().items()}


def _agrees_with_cards(
    fields: Mapping[str, Any],
    coup: Coup,
    hand: Hand,
    flags: Mapping[str, bool | None],
    marks: tuple[str, ...],
    fail: Callable[[str], ParseError],
) -> None:
    """Raise ``fail(...)`` where a flag, mark or total given beside the cards disagrees."""
    for name, given in flags.items():
        if given is not None and given != getattr(hand, name):
            raise fail(f"{name} {str(given).lower()} disagrees with the cards {coup}")
    if marks:
        deal = Deal.of_coup(coup)
        held = {mark.name for mark in MARKS if mark.on(deal)}
        for name in marks:
            if name not in held:
                raise fail(f"the mark {name} disagrees with the cards {coup}")
    for name, actual in (("player_total", coup.player_total), ("banker_total", coup.banker_total)):
        given_total = fields.get(name)
        if not _blank(given_total) and str(given_total).strip() != str(actual):
            raise fail(
                f"{name} {given_total} disagrees with the cards {coup}, which total {actual}"
            )


TOTAL_FIELDS = ("player_total", "banker_total")


def _total(fields: Mapping[str, Any], name: str, fail: Callable[[str], ParseError]) -> int | None:
    """A hand's total given without its cards: a whole number 0 to 9, as a JSON number or as
    text (a CSV cell); None when blank. Anything else is refused, naming the field."""
    value = fields.get(name)
    if _blank(value):
        return None
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
        return int(value)
    raise fail(f"{name} {value!r} is not a hand's total, a whole number from 0 to 9")


def _named(names: tuple[str, ...]) -> tuple[Mark, ...]:
    return tuple(MARK_BY_NAME[name] for name in names)


def _marks(value: Any, fail: Callable[[str], ParseError]) -> tuple[str, ...]:
    """Mark names from a JSON list or a text like "dragon_7" (blank: none), in table order."""
    if _blank(value):
        return ()
    names = (
        [str(v) for v in value] if isinstance(value, list) else str(value).replace(",", " ").split()
    )
    for name in names:
        if name not in MARK_BY_NAME:
            known = ", ".join(mark.name for mark in MARKS)
            raise fail(f"mark {name!r} is not one of {known}")
    return tuple(mark.name for mark in MARKS if mark.name in names)


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


Record = tuple[str | None, Hand]
"""A hand and the label of the shoe it belongs to (None where the input names no shoe)."""


def csv_records(lines: Iterable[str], source: str) -> Iterator[Record]:
    """The records of CSV ``lines`` (each with its line end), read one row at a time: a header
    row naming at least ``outcome`` (any case), then one coup per row."""
    import csv  # only CSV needs it: keep it out of every other command's start

    lines = iter(lines)
    first = next(lines, "")
    rows = csv.reader(chain((first,), lines), delimiter=_delimiter(first), strict=True)
    try:
        header = [name.strip().lower() for name in next(rows, [])]
        if "outcome" not in header:
            raise ParseError(
                "the first row must be a header naming the 'outcome' column", source=source, line=1
            )
        if "road" in header:
            raise ParseError(
                "this is the CSV export of board cells, not a CSV of hands: "
                "give a file with one coup per row",
                source=source,
                line=1,
            )
        _warn_ignored(header, source)
        counts = Counter(header)
        repeated = sorted(name for name, count in counts.items() if name and count > 1)
        if repeated:
            raise ParseError(
                f"the header names {', '.join(map(repr, repeated))} more than once",
                source=source,
                line=1,
            )
        for row in rows:
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header):
                raise ParseError(
                    f"{len(row)} cells where the header names {len(header)}",
                    source=source,
                    line=rows.line_num,
                )
            fields = dict(zip(header, row, strict=False))
            yield _shoe_label(fields), hand_from_fields(fields, source, rows.line_num)
    except csv.Error as error:
        raise ParseError(f"not CSV: {error}", source=source, line=rows.line_num) from None


class IgnoredColumnWarning(UserWarning):
    """A CSV of hands has columns roads does not read."""


READ_COLUMNS = ("shoe", *FIELDS, "marks")
"""The columns a CSV of hands is read by; any other is ignored, with a warning."""


def _delimiter(header: str) -> str:
    """The delimiter of a CSV whose header row is ``header``: the first of
    ``roads.formats.CSV_DELIMITERS`` that splits it at an ``outcome`` cell (``,`` if none)."""
    from roads.formats import CSV_DELIMITERS

    for delimiter in CSV_DELIMITERS:
        cells = header.split(delimiter)
        if any(cell.strip().strip('"').lower() == "outcome" for cell in cells):
            return delimiter
    return ","


_NAMED = 5
"""The most ignored columns a warning names (it counts the others)."""


def _warn_ignored(header: list[str], source: str) -> None:
    """One warning naming the columns of ``header`` that no field of a hand reads (the first
    ``_NAMED`` of them, and how many more)."""
    read = frozenset(READ_COLUMNS)
    ignored = [name for name in dict.fromkeys(header) if name and name not in read]
    if ignored:
        names = ", ".join(repr(name) for name in ignored[:_NAMED])
        if len(ignored) > _NAMED:
            names += f" and {len(ignored) - _NAMED:,} more"
        columns = "the column" if len(ignored) == 1 else "the columns"
        warnings.warn(
            f"{source or 'CSV'}: ignoring {columns} {names}: roads reads "
            + ", ".join(READ_COLUMNS),
            IgnoredColumnWarning,
            stacklevel=4,
        )


def json_reason(error: ValueError) -> str:
    """Why a line is not JSON, as one whole sentence (Python's messages stop at "starting at",
    or name a setting of Python's)."""
    if isinstance(error, json.JSONDecodeError):
        where = "column" if error.msg.endswith(" at") else "at column"
        reason = f"{error.msg[:1].lower()}{error.msg[1:]} {where} {error.colno}"
        if error.msg.startswith("Unterminated string"):
            reason += ": the line may be cut short, as a write that did not finish leaves it"
        return reason
    if "digits" in str(error):
        return f"a number longer than {sys.get_int_max_str_digits():,} digits"
    return str(error)


def jsonl_records(lines: Iterable[str], source: str) -> Iterator[Record]:
    """The records of JSON Lines ``lines``, one JSON object a line (blank lines skipped)."""
    for number, line in enumerate(lines, start=1):
        record = jsonl_record(line, source, number)
        if record is not None:
            yield record


def jsonl_record(line: str, source: str, number: int) -> Record | None:
    """The record of line ``number`` of JSON Lines (None for a blank line)."""
    if not line.strip():
        return None
    try:
        fields = json.loads(line)
    except json.JSONDecodeError as error:
        raise ParseError(
            f"not JSON: {json_reason(error)}", source=source, line=number, column=error.colno
        ) from None
    except ValueError as error:  # a number too long to convert
        raise ParseError(f"not JSON: {json_reason(error)}", source=source, line=number) from None
    except RecursionError:
        raise ParseError("not a coup: nested too deeply", source=source, line=number) from None
    if not isinstance(fields, dict):
        raise ParseError("expected a JSON object {...}", source=source, line=number)
    return _shoe_label(fields), hand_from_fields(fields, source, number)


def _csv_records(text: str, source: str) -> list[Record]:
    lines = io.StringIO(text, newline="")
    label = f"Reading {source or 'CSV'}"
    return list(csv_records(steps(lines, total=text.count("\n"), label=label), source))


def _jsonl_records(text: str, source: str) -> list[Record]:
    # Lines end at "\n" alone: JSON strings may hold other line breaks (U+2028, form feeds).
    lines = text.split("\n")
    label = f"Reading {source or 'JSON Lines'}"
    return list(jsonl_records(steps(lines, total=len(lines), label=label), source))


def _json_records(text: str, source: str) -> list[Record]:
    """The hands of a JSON document: roads' export (its ``hands``) or a list of hands."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        reason = f"not JSON: {json_reason(error)}"
        if error.msg == "Extra data":
            reason = (
                "more than one JSON value: one object a line is JSON Lines, which a name "
                "ending .jsonl says"
            )
        raise ParseError(reason, source=source, line=error.lineno, column=error.colno) from None
    except ValueError as error:
        raise ParseError(f"not JSON: {json_reason(error)}", source=source) from None
    except RecursionError:
        raise ParseError("not hands: JSON nested too deeply", source=source) from None
    where = "the list"
    if isinstance(document, dict):
        where = "'hands'"
        items = document.get("hands")
        if not isinstance(items, list):
            raise ParseError(_not_an_export(document), source=source)
    elif isinstance(document, list):
        items = document
    else:
        raise ParseError(
            f"JSON holding {_json_kind(document)}, not hands: give roads' JSON export (its "
            "'hands') or a JSON list of hands",
            source=source,
        )
    records = []
    for index, fields in enumerate(items):
        if not isinstance(fields, dict):
            raise ParseError(
                f"item {index} of {where} is {_json_kind(fields)}, not a hand "
                '({"outcome": "B", ...})',
                source=source,
            )
        try:
            records.append((_shoe_label(fields), hand_from_fields(fields, source, 0)))
        except ParseError as error:
            raise ParseError(f"item {index} of {where}: {error.reason}", source=source) from None
    return records


def _not_an_export(document: Mapping[str, Any]) -> str:
    """Why a JSON object holds no hands, naming what it looks like."""
    keys = ", ".join(repr(key) for key in list(document)[:6]) or "none"
    if "hands" in document:
        return (
            f"'hands' is {_json_kind(document['hands'])}, not a list of hands "
            "(roads' JSON export has one)"
        )
    schema = document.get("schema")
    if isinstance(schema, str) and schema.startswith("roads/"):
        return f"a {schema!r} document without 'hands' (its fields: {keys}): no coup to read"
    return (
        f"JSON, but not roads' export: it has no 'hands' list (its fields: {keys}); give the "
        "export of roads export --format json, or a JSON list of hands"
    )


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def _notation_records(text: str, source: str) -> list[Record]:
    if not source and "\n" not in text:  # one string: its errors name a position in it
        return [(None, hand) for hand in parse_notation(text)]
    return list(notation_records((text,), source))


def _shoe_label(fields: Mapping[str, Any]) -> str | None:
    label = fields.get("shoe")
    return None if _blank(label) else str(label).strip()


def parse_csv(text: str, source: str = "") -> list[Hand]:
    """Hands from CSV with a header row naming at least ``outcome`` (any case)."""
    return [hand for _, hand in _csv_records(text, source)]


def parse_jsonl(text: str, source: str = "") -> list[Hand]:
    """Hands from JSON Lines: one object per line with the fields of the export's ``hands``."""
    return [hand for _, hand in _jsonl_records(text, source)]


def _sniff(text: str) -> Callable[[str, str], list[Record]]:
    """The reader for text of unknown kind, as ``roads.formats.sniff`` recognises it (the
    notation's when it looks like none of the forms)."""
    from roads.formats import sniff

    seen = sniff(text[:4096].encode("utf-8", "replace"))
    if seen is None:
        return _notation_records
    reader = _READERS.get(seen.name)
    if reader is None:

        def refuse(text: str, source: str) -> list[Record]:
            raise ParseError(
                f"looks like {seen.title}, which holds no hands to read", source=source
            )

        return refuse
    return reader


_READERS: dict[str, Callable[[str, str], list[Record]]] = {
    "csv": _csv_records,
    "json": _json_records,
    "jsonl": _jsonl_records,
    "text": _notation_records,
}
"""The reader of each hands format of ``roads.formats``."""


def parse_hands(
    text: str,
    source: str = "",
    *,
    shoe: int | None = None,
    every_shoe: bool = False,
    format: str | None = None,
) -> list[Hand]:
    """Hands from text in ``format`` (``"text"``, ``"csv"``, ``"jsonl"`` or ``"json"``: roads'
    JSON export, or a JSON list of hands; None: as the
    source's extension says in ``roads.formats``, or sniffed from the text).

    Rows that name their ``shoe`` (as ``roads simulate --shoes K`` writes them) are never drawn
    as one board by accident: ``shoe`` picks the N-th shoe (1-based), ``every_shoe`` takes all,
    and input holding several shoes needs one of the two.
    """
    records = _records(text, source, format)
    labels = list(dict.fromkeys(label for label, _ in records))
    check_shoe_choice(len(labels), shoe, every_shoe, source)
    if every_shoe or shoe is None:
        return [hand for _, hand in records]
    chosen = labels[shoe - 1] if labels else None
    return [hand for label, hand in records if label == chosen]


def check_shoe_choice(shoes: int, shoe: int | None, every_shoe: bool, source: str) -> None:
    """Refuse a choice of shoe that input holding ``shoes`` shoes cannot meet: none made
    among several, or a shoe number past the last (one shoe when the rows name none).

    Raises:
        ParseError: naming ``source``, and the choice (``shoe``, ``every_shoe``) it is about.
    """
    if every_shoe:
        return
    if shoe is None:
        if shoes > 1:
            raise ParseError(
                f"holds {shoes} shoes: choose one (shoe 1 to {shoes}), "
                "or take every coup of every shoe",
                source=source,
                about=("shoe", "every_shoe"),
            )
        return
    if not 1 <= shoe <= max(shoes, 1):
        raise ParseError(f"there is no shoe {shoe}: it holds {max(shoes, 1)}", source=source)


def parse_shoes(text: str, source: str = "", *, format: str | None = None) -> list[list[Hand]]:
    """The hands of every shoe the text holds, in the order the shoes first appear (one shoe
    when the rows name none); ``format`` as in ``parse_hands``."""
    shoes: dict[str | None, list[Hand]] = {}
    for label, hand in _records(text, source, format):
        shoes.setdefault(label, []).append(hand)
    return list(shoes.values()) or [[]]


def _records(text: str, source: str, format: str | None) -> list[Record]:
    """Every (shoe label, hand) of text in ``format`` (None: from the source's extension in
    ``roads.formats``, or sniffed from the text)."""
    if format is None and source:
        from roads.formats import of_path

        named = of_path(source)
        format = named.name if named is not None else None
    reader = _READERS.get(format) if format is not None else None
    return (reader or _sniff(text))(text, source)
