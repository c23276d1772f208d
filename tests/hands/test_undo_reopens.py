"""An undo of a coup that had settled practice bets says which bets it opened again and what the
coup had settled them at, so that a script knows why the next ``--new-shoe`` would be refused."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from command_line import is_one_error, run

from roads.hands.journal import Bet, Journal, Reopened
from roads.hands.notation import parse_notation
from roads.live.actions import describe


def test_undo_after_a_settled_bet_says_what_it_reopened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "game.jsonl")
    code, _, err = run(
        ["log", path, "--bankroll", "100", "--bet", "banker:10", "--add", "B"], capsys
    )
    assert code == 0 and "Practice bets settled: +9.50" in err, err
    code, _, err = run(["log", path, "--undo"], capsys)
    assert code == 0, err
    assert err.splitlines() == [
        "Took back coup 1 of shoe 1: Banker",
        "Practice bets open again: 10.00 on Banker (that coup had settled +9.50); the next coup "
        "settles them, or undo takes them back",
    ], err
    code, _, err = run(["log", path, "--new-shoe"], capsys)
    assert code == 2 and is_one_error(err) and "practice bets are open" in err, err
    code, _, err = run(["log", path, "--undo", "--new-shoe"], capsys)
    assert code == 0 and "Took back the practice bet of 10.00 on Banker" in err, err


def test_the_receipt_names_every_reopened_bet_and_their_net(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "game.jsonl")
    journal.set_bankroll(100)
    journal.bet("player", 5)
    journal.bet("tie", 1)
    (hand,) = parse_notation("P")
    journal.add(hand)
    receipt = journal.undo()
    bets = (Bet("player", Fraction(5)), Bet("tie", Fraction(1)))
    assert receipt.reopened == (Reopened(bets, Fraction(4)),)
    said = describe([{"event": "undo"}], receipt, lang="zh")
    assert said[-1].startswith("练习下注重新开放：") and "+4.00" in said[-1], said
    assert journal.undo().reopened == (None,)  # a bet taken back reopens nothing
