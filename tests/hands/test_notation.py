from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hands

from roads.errors import ParseError
from roads.game.coup import Outcome
from roads.hands.hand import Hand
from roads.hands.notation import format_notation, parse_notation


def test_example_from_export_md() -> None:
    assert parse_notation("BPbTnPpbB") == [
        Hand(Outcome.BANKER),
        Hand(Outcome.PLAYER, banker_pair=True),
        Hand(Outcome.TIE, natural=True),
        Hand(Outcome.PLAYER, banker_pair=True, player_pair=True),
        Hand(Outcome.BANKER),
    ]


def test_separators_and_comments_are_ignored() -> None:
    text = "B P,T|Pn  # a comment with B and x\n\tBbp\r\n"
    assert format_notation(parse_notation(text)) == "BPTPnBbp"


def test_flags_come_in_any_order() -> None:
    assert parse_notation("Pnpb") == parse_notation("Pbpn")


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("BPx", "position 3", "'x'"),
        ("bB", "position 1", "flag 'b'"),
        ("B pB", "position 3", "flag 'p'"),
        ("BP\nPPq", "line 2, column 3", "'q'"),
        ("Bbb", "position 3", "given twice"),
        ("tie", "position 1", "upper-case"),
    ],
)
def test_errors_name_the_character_and_where_it_is(text: str, where: str, what: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_notation(text)
    assert str(caught.value).startswith(where)
    assert what in str(caught.value)


def test_file_errors_name_file_line_and_column() -> None:
    with pytest.raises(ParseError, match=r"^shoe\.txt:3:2: "):
        parse_notation("BP\n# fine\nB?", source="shoe.txt")
    with pytest.raises(ParseError, match=r"^one\.txt:1:3: "):
        parse_notation("BPX", source="one.txt")


@given(st.lists(hands, max_size=50))
def test_notation_round_trips(shoe: list[Hand]) -> None:
    assert parse_notation(format_notation(shoe)) == shoe


@given(st.text(max_size=80))
def test_any_text_reads_or_raises_only_the_parse_error(text: str) -> None:
    try:
        parsed = parse_notation(text)
    except ParseError as error:
        columns = error.column
        parsed = []
    else:
        columns = 1
    assert columns >= 1
    assert all(isinstance(hand, Hand) for hand in parsed)


@given(st.text(alphabet="BPTbpnx ,|#\n\t", max_size=80))
def test_near_miss_text_reads_or_raises_only_the_parse_error(text: str) -> None:
    with contextlib.suppress(ParseError):
        parse_notation(text)
