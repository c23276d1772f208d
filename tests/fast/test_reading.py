"""The fast engine's reading (``roads.fast.reading``): the lines ``roads simulate`` writes read
by one pattern, any other by the readers, with the reference's records and errors."""

from __future__ import annotations

import pytest

from roads.errors import RoadsError
from roads.fast.reading import csv_compact, jsonl_compact, notation_compact
from roads.game.shoe import Shoe
from roads.hands.compact import READING
from roads.hands.simulated import DEALING

CSV_HEADER = (
    "shoe,outcome,banker_pair,player_pair,natural,player_cards,banker_cards,player_total,"
    "banker_total"
)


def _lines(format_: str) -> list[str]:
    text = DEALING.text(Shoe(decks=8), 5, 0, 2, format_=format_, numbered=True)
    if format_ == "csv":  # roads simulate writes the header first
        text = f"{CSV_HEADER}\n{text}"
    return text.splitlines(keepends=True)


@pytest.mark.parametrize(
    ("kind", "format_", "read"),
    [
        ("jsonl", "jsonl", jsonl_compact),
        ("csv", "csv", csv_compact),
        ("text", "text", notation_compact),
    ],
)
def test_a_simulated_file_reads_as_the_reference_reads_it(
    kind: str, format_: str, read: object
) -> None:
    lines = _lines(format_)
    assert list(read(lines, "s")) == list(READING.records(kind, lines, "s"))  # type: ignore[operator]


def test_a_line_against_the_rules_is_refused_as_the_reference_refuses_it() -> None:
    line = (  # Banker's 9 and K total 9, not 8
        '{"outcome": "B", "player_cards": ["Kh", "Qd"], "banker_cards": ["9h", "Kd"], '
        '"player_total": 0, "banker_total": 8}\n'
    )
    errors = []
    for read in (jsonl_compact, lambda lines, source: READING.records("jsonl", lines, source)):
        with pytest.raises(RoadsError) as error:
            list(read([line], "bad.jsonl"))
        errors.append(str(error.value))
    assert errors[0] == errors[1]
