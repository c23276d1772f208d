"""Totals without cards (issue 42.3): a hand given without its cards keeps its totals when they
are valid (both, 0 to 9, agreeing with the outcome, the natural flag and the marks; a Banker win
with 6 carries the Super 6 mark), and the JSON Lines and CSV readers refuse a line whole, naming
it and the field, when they are not. The rule is written here from GAME.md, not from the code:
the higher total wins, equal totals tie, a natural is an 8 or a 9 in two cards (so no card is
drawn after it)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.errors import ParseError
from roads.game.coup import Outcome
from roads.hands.readers import parse_hands
from roads.hands.writers import csv_header, csv_rows, jsonl_lines


def _valid(outcome: str, player: int, banker: int, natural: bool, marks: list[str]) -> bool:
    """Whether these totals can be the coup's, as GAME.md and the marks' definitions say."""
    winner = "B" if banker > player else "P" if player > banker else "T"
    if winner != outcome or (natural and max(player, banker) < 8):
        return False
    needs = {"super_6": ("B", banker, 6), "dragon_7": ("B", banker, 7), "panda_8": ("P", player, 8)}
    return all(needs[m][0] == outcome and needs[m][1] == needs[m][2] for m in marks)


def _jsonl(fields: dict[str, Any]) -> list[Any]:
    return parse_hands(json.dumps(fields) + "\n", "h.jsonl", format="jsonl")


@settings(max_examples=size(200, 2000), deadline=None)
@given(
    outcome=st.sampled_from("BPT"),
    player=st.integers(0, 9),
    banker=st.integers(0, 9),
    natural=st.booleans(),
    marks=st.lists(st.sampled_from(["dragon_7", "panda_8"]), max_size=1),
)
def test_totals_are_kept_when_valid_and_refused_whole_when_not(
    outcome: str, player: int, banker: int, natural: bool, marks: list[str]
) -> None:
    fields = {
        "outcome": outcome,
        "natural": natural,
        "player_total": player,
        "banker_total": banker,
    }
    if marks:
        fields["marks"] = marks
    if not _valid(outcome, player, banker, natural, marks):
        with pytest.raises(ParseError, match=r"h\.jsonl:1:"):
            _jsonl(fields)
        return
    (hand,) = _jsonl(fields)
    assert hand.totals == (player, banker)
    assert ("super_6" in hand.marks) == (outcome == "B" and banker == 6)
    record = hand.as_dict()
    assert (record["player_total"], record["banker_total"]) == (player, banker)
    # Both writers and readers keep them: JSON Lines and CSV read back to the same hand.
    assert parse_hands(jsonl_lines([hand]), "a.jsonl", format="jsonl") == [hand]
    csv = csv_header() + csv_rows([hand])  # (CSV has no column for the marks)
    assert [read.totals for read in parse_hands(csv, "a.csv", format="csv")] == [hand.totals]


@pytest.mark.parametrize(
    ("player", "banker", "said"),
    [
        (9, 0, "disagrees with the totals"),  # the attack's B with 9 to 0
        ('"abc"', 0, "player_total 'abc' is not a hand's total"),
        (42, 0, "not 42"),
        (-1, 3, "not -1"),
        (7.5, 3, "player_total 7.5 is not"),
        ("true", 3, "player_total True is not"),
        (8, None, "give both totals"),
    ],
)
def test_the_attacks_totals_are_refused_by_both_readers(
    player: Any, banker: Any, said: str
) -> None:
    line = f'{{"outcome": "B", "player_total": {player}'
    line += f', "banker_total": {banker}}}' if banker is not None else "}"
    with pytest.raises(ParseError, match=r"h\.jsonl:1:") as error:
        parse_hands(line + "\n", "h.jsonl", format="jsonl")
    assert said in str(error.value)
    cell = str(json.loads(f"[{player}]")[0]) if player != '"abc"' else "abc"
    csv = f"outcome,player_total,banker_total\nB,{cell},{'' if banker is None else banker}\n"
    with pytest.raises(ParseError, match=r"h\.csv:2:"):
        parse_hands(csv, "h.csv", format="csv")


def test_a_hand_without_totals_is_as_before() -> None:
    (hand,) = _jsonl({"outcome": "B"})
    assert hand.totals is None
    assert hand.as_dict() == {
        "outcome": "B",
        "banker_pair": False,
        "player_pair": False,
        "natural": False,
    }
    assert hand.outcome is Outcome.BANKER
