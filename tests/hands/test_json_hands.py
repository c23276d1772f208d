"""JSON read back (issue 40.3): roads' own export by its ``hands``, a JSON list of hands, and
an honest message for any other JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from command_line import is_one_error, run
from hypothesis import given, settings
from strategies import shoes
from tiers import size

from roads.errors import ParseError
from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.notation import format_notation, parse_notation
from roads.hands.readers import parse_hands, parse_shoes
from roads.scoreboard import Scoreboard
from roads.tables import Table


@settings(max_examples=size(40, 400))
@given(hands=shoes)
def test_the_export_reads_back_to_its_hands(hands: list[Hand]) -> None:
    exported = Scoreboard(hands).to_json()
    assert parse_hands(exported, "cells.json") == hands


@pytest.mark.parametrize(
    ("rules", "notation"), [("standard", "B P Tn"), ("no-commission", "B6 P"), ("ez", "B7 P8 T")]
)
def test_hands_with_cards_and_marks_read_back(rules: str, notation: str) -> None:
    """The hands of an export at each rule set, with the marks it posts, read back whole."""
    hands = [Hand.from_coup(Coup.parse("Kh 2d 4c / 2s 3h 2d")), *parse_notation(notation)]
    exported = Scoreboard(hands, table=Table(rules=rules)).to_json()
    assert parse_hands(exported, "b.json") == hands


def test_a_list_of_hands_with_shoes() -> None:
    rows = [{"shoe": 1, "outcome": "B"}, {"shoe": 1, "outcome": "p"}, {"shoe": 2, "outcome": "T"}]
    text = json.dumps(rows)
    assert [format_notation(shoe) for shoe in parse_shoes(text, "l.json")] == ["BP", "T"]
    with pytest.raises(ParseError, match="holds 2 shoes"):
        parse_hands(text, "l.json")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"a": 1}', "not roads' export: it has no 'hands' list (its fields: 'a')"),
        ('{"hands": 3}', "'hands' is a number, not a list of hands"),
        ('{"schema": "roads/1"}', "a 'roads/1' document without 'hands'"),
        ("5", "JSON holding a number, not hands"),
        ('[{"outcome": "B"}, "P"]', "item 1 of the list is a string, not a hand"),
        ('{"hands": [{"outcome": "X"}]}', "item 0 of 'hands': outcome 'X' is not B, P or T"),
        ('{"outcome": "B"}\n{"outcome": "P"}\n', "more than one JSON value"),
        ('[{"outcome": "B"}', "not JSON"),
    ],
)
def test_other_json_is_named_for_what_it_is(text: str, said: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse_hands(text, "x.json", format="json")
    assert said in str(refused.value)
    assert "roads export)" not in str(refused.value)


def test_roads_show_reads_its_own_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cells = tmp_path / "cells.json"
    assert run(["export", "--hands", "BPPbTB", "-o", str(cells)], capsys)[0] == 0
    code, out, _ = run(["show", str(cells)], capsys)
    assert code == 0
    assert out.startswith("Coups 5 · Banker 2 · Player 2 · Tie 1 · Banker pairs 1")
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps(json.loads(cells.read_text())["hands"]))
    assert run(["show", str(listed)], capsys)[1] == out
    study = tmp_path / "study.json"
    study.write_text('{"version": 1, "notice": "x"}')
    code, _, err = run(["show", str(study)], capsys)
    assert code != 0 and is_one_error(err)
    assert "no 'hands' list" in err and "holds no hands to read" not in err
