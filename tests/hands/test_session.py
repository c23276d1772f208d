"""The session model (``roads.hands.session``): what a journal's events add up to (shoes, coups,
practice bets), and the summary a writer checkpoints it by."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.journal import Journal
from roads.hands.session import Bet, Session
from roads.hands.session_summary import session_of, summary


def test_a_new_session_is_one_empty_shoe() -> None:
    session = Session()
    assert session.hands() == [] and session.coups == 0 and session.balance is None


def test_events_add_up_to_shoes_coups_and_bets(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "game.jsonl")
    journal.set_bankroll(100)
    journal.bet("banker", 10)
    journal.add(Hand.from_coup(Coup.parse("2h 3d / 9c Ks")))  # Banker 9
    journal.new_shoe()
    journal.bet("player", 5)
    session = journal.session
    assert len(session.shoes) == 2 and session.coups == 0
    assert len(session.hands(shoe=1)) == 1
    assert session.open_bets == [Bet("player", Fraction(5))]
    assert session.staked == 5  # open: not yet in the balance
    assert session.balance == 100 + Fraction(95, 10)


def test_a_summary_takes_the_next_events_as_the_whole_would(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "game.jsonl")
    journal.set_bankroll(50)
    journal.bet("tie", 2)
    whole = journal.session
    again = session_of(summary(whole))
    assert summary(again) == summary(whole)
    assert again.open_bets == whole.open_bets and again.balance == whole.balance
    with pytest.raises(ValueError, match="not a summary"):
        session_of({**summary(whole), "counts": []})
