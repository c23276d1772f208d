from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hands

from roads.errors import ParseError
from roads.game.coup import Outcome
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.hands.readers import parse_csv, parse_hands, parse_jsonl
from roads.hands.writers import csv_header, csv_rows, jsonl_lines
from roads.inputs import read_hands


def test_csv_with_only_outcomes() -> None:
    assert parse_csv("outcome\nB\nP\n\nT\n") == [
        Hand(Outcome.BANKER),
        Hand(Outcome.PLAYER),
        Hand(Outcome.TIE),
    ]


def test_csv_flags_accept_common_spellings() -> None:
    text = "outcome,banker_pair,player_pair,natural\nB,true,0,yes\nP,,1,FALSE\n"
    assert parse_csv(text) == [
        Hand(Outcome.BANKER, banker_pair=True, natural=True),
        Hand(Outcome.PLAYER, player_pair=True),
    ]


def test_csv_cards_are_checked_and_decide_the_flags() -> None:
    text = "outcome,player_cards,banker_cards\nT,2h 3d 8c,Ks 3h\nP,9s 9d,4h 3c\n"
    tie, pair = parse_csv(text)
    assert tie.coup is not None and str(tie.coup) == "2h 3d 8c / Ks 3h"
    assert pair.player_pair and pair.natural


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("result\nB\n", "header naming the 'outcome'"),
        ("outcome\nB\nX\n", r"^g\.csv:3: outcome 'X' is not B, P or T"),
        ("outcome,natural\nB,maybe\n", r"^g\.csv:2: natural 'maybe' is not true or false"),
        (
            "outcome,player_cards,banker_cards\nT,2h 3d 8c,Ks 3h 4c\n",
            r"^g\.csv:2: Banker on 3 must stand when the Player's third card is an 8",
        ),
        ("outcome,player_cards,banker_cards\nB,2h 3d 8c,Ks 3h\n", "disagrees with the cards"),
        ("outcome,player_cards\nB,2h 3d\n", "both 'player_cards' and 'banker_cards'"),
        (
            "outcome,player_cards,banker_cards,natural\nP,9s 9d,4h 3c,false\n",
            "natural false disagrees",
        ),
    ],
)
def test_csv_errors_name_file_line_and_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_csv(text, "g.csv")


def test_jsonl_reads_the_fields_of_the_export() -> None:
    lines = [
        {"outcome": "B", "banker_pair": True, "player_pair": False, "natural": False},
        {
            "outcome": "P",
            "player_cards": ["9s", "9d"],
            "banker_cards": ["4h", "3c"],
            "player_total": 8,
            "banker_total": 7,
            "future_field": 1,
        },
    ]
    first, second = parse_jsonl("\n".join(json.dumps(line) for line in lines))
    assert first == Hand(Outcome.BANKER, banker_pair=True)
    assert second.player_pair and second.natural and second.coup is not None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"outcome": "B"}\n{"outcome": "P"\n', r"^s\.jsonl:2:\d+: not JSON"),
        ('["B"]\n', r"^s\.jsonl:1: expected a JSON object"),
        (
            '{"outcome": "P", "player_cards": ["9s", "9d"], "banker_cards": ["4h", "3c"], '
            '"player_total": 7}\n',
            "player_total 7 disagrees",
        ),
    ],
)
def test_jsonl_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_jsonl(text, "s.jsonl")


@given(st.lists(hands, max_size=30))
def test_written_csv_and_jsonl_read_back(shoe: list[Hand]) -> None:
    assert parse_csv(csv_header() + csv_rows(shoe)) == shoe
    assert parse_jsonl(jsonl_lines(shoe)) == shoe


def test_kind_comes_from_the_suffix_or_the_text() -> None:
    assert (
        parse_hands("BP", "x.txt")
        == parse_hands("outcome\nB\nP\n")
        == parse_hands('{"outcome":"B"}\n{"outcome":"P"}\n')
    )


def test_files_and_stdin(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shoe.csv"
    path.write_text("outcome\nB\nT\n")
    assert len(read_hands(str(path))) == 2
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"BP\xff")
    with pytest.raises(ParseError, match="not UTF-8"):
        read_hands(str(bad))


def test_files_with_several_shoes_need_a_choice(tmp_path: Path) -> None:
    rows = "shoe,outcome\n1,B\n1,P\n2,T\n2,B\n2,B\n"
    with pytest.raises(ParseError, match=r"holds 2 shoes: choose one \(shoe 1 to 2\)"):
        parse_hands(rows, "s.csv")
    assert parse_hands(rows, "s.csv", shoe=2) == parse_notation("TBB")
    assert parse_hands(rows, "s.csv", every_shoe=True) == parse_notation("BPTBB")
    lines = "".join(
        json.dumps({"shoe": n, "outcome": o}) + "\n" for n, o in ((1, "P"), (2, "B"), (2, "T"))
    )
    assert parse_hands(lines, "s.jsonl", shoe=1) == parse_notation("P")
    with pytest.raises(ParseError, match="there is no shoe 3: it holds 2"):
        parse_hands(lines, "s.jsonl", shoe=3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("outcome\nB,P,P\nT\n", r"^g\.csv:2: 3 cells where the header names 1"),
        ("outcome,natural,natural\nB,1,0\n", r"names 'natural' more than once"),
        ("road,col,row,outcome\nbead_plate,0,0,B\n", "^g\\.csv:1: this is the CSV export of board"),
        ('outcome\n"P\n', r"^g\.csv:\d+: not CSV"),
    ],
)
def test_csv_that_would_be_misread_is_refused(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_csv(text, "g.csv")


def test_csv_header_names_any_case() -> None:
    assert parse_csv("Outcome,NATURAL\nP,yes\n") == [Hand(Outcome.PLAYER, natural=True)]


def test_jsonl_strings_may_hold_other_line_breaks() -> None:
    text = json.dumps({"outcome": "B", "note": "a\u2028b\x0cc"}, ensure_ascii=False)
    assert parse_jsonl(text + "\n" + '{"outcome": "P"}\n') == parse_notation("BP")
    with pytest.raises(ParseError, match=r"^s\.jsonl:3:"):
        parse_jsonl(text + "\n\n{bad\n", "s.jsonl")
