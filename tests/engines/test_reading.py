"""The ``reading`` concept over every engine: the records of a file's lines, and the error a bad
line raises, are the readers' (``roads.hands.readers``) in the compact form, for the lines
``roads simulate`` writes and for lines written any other way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.errors import RoadsError
from roads.game.shoe import Shoe
from roads.hands.compact import CompactRecord, reading_engine
from roads.hands.simulated import DEALING

CSV_HEADER = (
    "outcome,banker_pair,player_pair,natural,player_cards,banker_cards,player_total,banker_total\n"
)
"""The header ``roads simulate`` writes (without a shoe column)."""


def _read(engine: str, kind: str, text: str) -> list[CompactRecord] | str:
    """The records of ``text``, or the message of the error reading it raises."""
    try:
        return list(reading_engine(engine).records(kind, text.splitlines(keepends=True), "f"))
    except RoadsError as error:
        return f"{type(error).__name__}: {error}"


@settings(max_examples=size(10, 60), deadline=None)
@given(
    st.integers(0, 2**64),
    st.integers(1, 8),
    st.sampled_from(["jsonl", "csv", "text"]),
    st.booleans(),
)
def test_what_simulate_writes_is_read_as_the_readers_read_it(
    engine: str, seed: int, decks: int, kind: str, numbered: bool
) -> None:
    shoe = Shoe(decks, 14 * decks // 8 + 6)
    text = DEALING.text(shoe, seed, 0, 2, format_=kind, numbered=numbered)
    if kind == "csv":
        header = "shoe," if numbered else ""
        text = header + CSV_HEADER + text
    read = _read(engine, kind, text)
    assert read == _read("python", kind, text)
    coups = sum(len(one.coups) for one in DEALING.dealt(shoe, seed, 0, 2))
    assert isinstance(read, list) and len(read) == coups


LINES = {
    "jsonl": [
        '{"outcome": "B", "banker_pair": false, "player_pair": false, "natural": true}\n',
        '{"outcome": "P", "banker_pair": false, "player_pair": true, "natural": false, '
        '"player_cards": ["2h", "2c", "5d"], "banker_cards": ["Kh", "3s", "Qd"], '
        '"player_total": 9, "banker_total": 3}\n',
        '{"natural": false, "outcome": "T", "banker_pair": false, "player_pair": false}\n',
        '{"outcome": "B", "banker_pair": false, "player_pair": false, "natural": false, '
        '"player_cards": ["2h", "3c"], "banker_cards": ["Kh", "3s"], '
        '"player_total": 5, "banker_total": 3}\n',
        '{"outcome": "X"}\n',
        "\n",
        '{"shoe": 2, "outcome": "P", "banker_pair": false, "player_pair": false, '
        '"natural": false}\r\n',
    ],
    "csv": [
        "P,false,false,false,7h 2c,Kh 3s 4d,9,7\n",
        "B,false,false,true,7h Kc,8h Ks,7,8\n",
        'B,false,false,true,"7h Kc","8h Ks",7,8\n',
        "T,false,false,false,2h 3c 9d,Kh 4s,4,4\n",
        "B,true,false,true,7h Kc,8h Ks,7,8\n",
        "\n",
    ],
    "text": ["BPT Bn P8\n", "# a comment\n", "B6 Tbp\n", "BX\n", "\n"],
}


@pytest.mark.parametrize("kind", sorted(LINES))
@settings(max_examples=size(25, 200), deadline=None)
@given(data=st.data())
def test_any_lines_are_read_as_the_readers_read_them(
    engine: str, kind: str, data: st.DataObject
) -> None:
    lines = data.draw(st.lists(st.sampled_from(LINES[kind]), max_size=8))
    text = (CSV_HEADER if kind == "csv" else "") + "".join(lines)
    assert _read(engine, kind, text) == _read("python", kind, text)
