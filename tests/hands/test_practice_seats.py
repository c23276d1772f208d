"""Seats, the commission box, the plan and the table file (issue 36): what a table takes and
refuses, what undo takes back, what a reader does with a line the writer would have refused,
and journals written before seats, byte for byte."""

from __future__ import annotations

import warnings
from fractions import Fraction
from pathlib import Path

import pytest
from command_line import is_one_error, run

from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.journal import Journal, JournalError, JournalWarning, read_journal, replay
from roads.hands.notation import parse_notation
from roads.hands.statement import statement_of
from roads.tables import make_table, read_table

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "examples" / "home-table.toml"
HEADER = '{"roads": "journal", "version": 1}\n'


def B() -> Hand:  # noqa: N802 - the result's letter
    return parse_notation("B")[0]


def home(path: Path) -> Journal:
    """A journal at the home table with Ana at seat 1 (1,000) and Ben at seat 2 (500)."""
    journal = Journal(path)
    journal.use_table(read_table(HOME).table)
    journal.join(1, "Ana", 1000)
    journal.join(2, "Ben", 500)
    return journal


# -- seats ---------------------------------------------------------------------------------


def test_a_taken_seat_cannot_be_joined_and_open_bets_keep_a_seat(tmp_path: Path) -> None:
    journal = home(tmp_path / "j.jsonl")
    with pytest.raises(JournalError, match="seat 2: Ben sits there already"):
        journal.join(2, "Cleo", 100)
    journal.bets(2, [("player", 50)])
    with pytest.raises(JournalError, match=r"seat 2: its bets of 50\.00 are open"):
        journal.leave(2)
    with pytest.raises(JournalError, match="seat 4: nobody sits there"):
        journal.leave(4)


def test_leaving_collects_the_box_and_a_new_player_opens_a_new_line(tmp_path: Path) -> None:
    journal = home(tmp_path / "j.jsonl")
    journal.bets(2, [("banker", 40)])
    journal.add(B())  # Ben wins 40 and owes 2
    receipt = journal.leave(2)
    change = receipt.results[0]
    assert change is not None and getattr(change, "collected", None) == 2
    journal.join(2, "陈", 300)  # any script
    statement = statement_of(read_journal(journal.path))
    assert [(line.seat, line.name, line.balance, line.box) for line in statement.lines] == [
        (1, "Ana", Fraction(1000), Fraction(0)),
        (2, "Ben", Fraction(538), Fraction(0)),
        (2, "陈", Fraction(300), Fraction(0)),
    ]
    assert statement.house == -38
    assert statement_of(read_journal(journal.path), seat=2).house == -38


def test_the_box_counts_against_what_a_seat_can_cover(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    journal.use_table(make_table(commission="box"))
    journal.join(1, "Ana", 100)
    journal.bets(1, [("banker", 100)])
    journal.add(B())  # 200, of which 5 is owed
    journal.bets(1, [("tie", 195)])
    with pytest.raises(JournalError, match=r"a player bet of 0.01 is more than the 0.00"):
        journal.bets(1, [("player", Fraction(1, 100))])


def test_undo_takes_back_the_last_action_whichever_seat_it_was(tmp_path: Path) -> None:
    journal = home(tmp_path / "j.jsonl")
    journal.bets(1, [("banker", 100)])
    journal.bets(2, [("player", 50), ("tie", 10)])
    journal.add(B())
    journal.new_shoe()
    assert journal.session.seat(1).balance == 1095  # type: ignore[union-attr]
    journal.undo()  # the empty shoe: Ana's box owes again
    seat = journal.session.seat(1)
    assert seat is not None and (seat.balance, seat.box) == (Fraction(1100), Fraction(5))
    journal.undo()  # the coup: every bet is open again
    assert [(bet.seat, bet.on) for bet in journal.session.open_bets] == [
        (1, "banker"),
        (2, "player"),
        (2, "tie"),
    ]
    for _ in range(3):
        journal.undo()
    assert journal.session.open_bets == []
    journal.leave(1)
    journal.undo()  # Ana sits again, as she was
    assert journal.session.seat(1) is not None
    journal.undo()
    journal.undo()  # both joins taken back
    assert journal.session.seat_numbers() == []
    assert statement_of(read_journal(journal.path)).lines == ()


def test_the_plan_refuses_a_coup_beyond_it_until_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    assert run(["log", str(path), "--hands", "2", "--add", "BP"], capsys)[0] == 0
    before = path.read_bytes()
    code, _, err = run(["log", str(path), "--add", "T"], capsys)
    assert code == 2 and is_one_error(err), err
    assert "plan of 2 hands is played: raise it (--hands N)" in err
    assert path.read_bytes() == before
    code, _, err = run(["log", str(path), "--hands", "3", "--add", "T"], capsys)
    assert code == 0 and "Hands left: 0 of 3" in err
    code, _, err = run(["log", str(path), "--hands", "2"], capsys)
    assert code == 2 and "fewer than the 3 coups logged" in err


def test_a_new_shoe_may_start_at_another_table_but_not_one_with_fewer_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    small = tmp_path / "small.toml"
    small.write_text('name = "Small"\nseats = 2\n')
    tiny = tmp_path / "tiny.toml"
    tiny.write_text("seats = 1\n")
    assert run(["log", str(path), "--table", str(HOME), "--add", "B"], capsys)[0] == 0
    assert (
        run(["log", str(path), "--seat", "2", "--join", "Ben", "--bankroll", "50"], capsys)[0] == 0
    )
    code, _, err = run(["log", str(path), "--table", str(small), "--add", "P"], capsys)
    assert code == 2 and "cannot change to the 'Small', the standard table" in err
    code, _, err = run(["log", str(path), "--new-shoe", "--table", str(small)], capsys)
    assert code == 0, err
    session = read_journal(path)
    assert [table.name for table in session.tables] == ["Home table", "Small"]
    before = path.read_bytes()
    code, _, err = run(["log", str(path), "--new-shoe", "--table", str(tiny)], capsys)
    assert code == 2 and "seat 2 is taken, and the table has 1 seats" in err
    assert path.read_bytes() == before


# -- the table file ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("seats = 16", "seats: a table has 1 to 15 seats, not 16"),
        ('commission = "kept"', "commission: 'kept' is not a commission: choose collect or box"),
        ('rules = "ez"\ncommission = "box"', "commission: the ez rules take no commission"),
        ("[limits]\nbanker = [500, 10]", "limits.banker: the minimum 500.00 is more than"),
        ("[limits]\ntie = [5]", "limits.tie: give the least and most stakes, e.g. [10, 500]"),
        ("[limits]\nbanker = [0.001, 10]", "limits.banker: 0.001 is not a positive amount"),
        ('side_bets = ["player_pair"]\n[limits]\ndragon_7 = [1, 5]', "limits.dragon_7: this table"),
        ("colour = 1", "colour: a table posts name, rules"),
        ('name = ""', "name: a table's name cannot be empty"),
        ("tie_pays = 7", "tie_pays: a Tie pays 8 or 9 to 1, not 7"),
        ("hands = 0", "hands: a plan is 1 to 100,000 coups, not 0"),
        ("seats = [", "not a table file (TOML)"),
    ],
)
def test_a_bad_table_file_is_one_line_naming_the_file_the_key_and_what_is_wrong(
    text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "bad.toml"
    table.write_text(text + "\n")
    code, _, err = run(
        ["log", str(tmp_path / "j.jsonl"), "--table", str(table), "--add", "B"], capsys
    )
    assert code == 2 and is_one_error(err), err
    assert f"{table}: {said}" in err
    assert not (tmp_path / "j.jsonl").exists() or read_journal(tmp_path / "j.jsonl").hands() == []


def test_table_and_rules_options_do_not_go_together_and_every_table_command_takes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["odds", "--table", str(HOME), "--rules", "ez"], capsys)
    assert code == 2 and "give --table FILE or --rules" in err
    code, out, err = run(["odds", "--table", str(HOME), "--format", "json"], capsys)
    assert code == 0, err
    assert '"player_pair"' in out and '"dragon_7"' not in out  # the side bets it posts
    path = tmp_path / "j.jsonl"
    assert run(["log", str(path), "--table", str(HOME), "--add", "BPB"], capsys)[0] == 0
    for command in (["show"], ["export"], ["render", "-o", str(tmp_path / "b.svg")]):
        code, _, err = run([*command, str(path), "--table", str(HOME)], capsys)
        assert code == 0, (command, err)


# -- readers -----------------------------------------------------------------------------------


def test_a_reader_skips_with_a_warning_a_line_the_writer_would_have_refused() -> None:
    table = '{"event": "table", "rules": "standard", "limits": {"banker": [10, 500]}}\n'
    text = (
        HEADER
        + table
        + '{"event": "join", "seat": 2, "name": "Ben", "bankroll": 500}\n'
        + '{"event": "seat_bet", "seat": 2, "on": "banker", "stake": 5}\n'
        + '{"event": "seat_bet", "seat": 3, "on": "banker", "stake": 10}\n'
        + '{"event": "join", "seat": 2, "name": "Cleo", "bankroll": 1}\n'
        + '{"event": "coup", "outcome": "P"}\n'
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        session = replay(text, source="edited.jsonl")
    said = [str(warning.message) for warning in caught if warning.category is JournalWarning]
    assert said == [
        "edited.jsonl:4: skipping a seat_bet event the journal's writer would have refused "
        "(field 'stake'): seat 2: a banker bet of 5 is below this table's minimum of 10",
        "edited.jsonl:5: skipping a seat_bet event the journal's writer would have refused "
        "(field 'seat'): seat 3: a banker bet of 10: nobody sits at seat 3: a player joins first",
        "edited.jsonl:6: skipping a join event the journal's writer would have refused (field "
        "'seat'): seat 2: Ben sits there already: leave it first",
    ]
    seat = session.seat(2)
    assert seat is not None and (seat.name, seat.balance) == ("Ben", Fraction(500))  # no bet


def test_an_older_journal_settles_and_is_written_byte_for_byte_as_before(tmp_path: Path) -> None:
    """tests/data/legacy-practice.jsonl was written by roads before seats, by these calls."""
    path = tmp_path / "legacy.jsonl"
    journal = Journal(path)
    journal.use_table(make_table(rules="standard", tie_pays=9))
    journal.set_bankroll(1000)
    journal.bet("banker", 25)
    journal.bet("player_pair", 5)
    journal.add(Hand.from_coup(Coup.parse("Kh 2d 3c / 4s 2h")))
    journal.bet("tie", 10)
    journal.add(Hand.from_coup(Coup.parse("8h Kd / 8c Qs")))
    journal.bet("banker", Fraction(31, 2))
    coup = Hand.from_coup(Coup.parse("Kh Qd Jc / Ks 2h 7d"))
    journal.append(
        [
            {"event": "bet", "on": "dragon_bonus_banker", "stake": 2},
            {"event": "coup", **coup.as_dict()},
        ]
    )
    journal.undo()
    journal.add(parse_notation("P")[0])
    journal.new_shoe()
    journal.set_bankroll(500)
    journal.bet("player", 100)
    journal.add(parse_notation("Pn")[0])
    written = (ROOT / "tests" / "data" / "legacy-practice.jsonl").read_bytes()
    assert path.read_bytes() == written
    session = read_journal(path)
    assert session.balance == 600 and not session.seated
    statement = statement_of(session)
    assert [(line.seat, line.name, line.bankroll, line.net) for line in statement.lines] == [
        (1, None, Fraction(1000), Fraction(365, 4)),  # 18.75 + 90 - 17.5, then a new bankroll
        (1, None, Fraction(500), Fraction(100)),
    ]
