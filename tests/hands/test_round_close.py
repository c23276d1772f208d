""" "No more bets" in the journal (issue 37): a ``close`` event closes the round of the next coup,
a bet placed after it waits (refused with the coup it waits for, nothing logged) until that
coup is logged, an undo of the close is a ``reopen``, and a reader that knows neither kind
(an older roads) settles every bet exactly as this one does."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.hands.journal import Journal, JournalWarning, read_journal, replay
from roads.hands.journal_events import close_event, coup_event, seat_bet_event
from roads.hands.notation import parse_notation
from roads.hands.refusals import RefusedError, RoundClosedError
from roads.hands.statement import statement_of
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[2]
TABLE = read_table(ROOT / "examples" / "home-table.toml").table


def table_journal(path: Path) -> Journal:
    journal = Journal(path)
    journal.use_table(TABLE)
    journal.join(1, "Ana", 1000)
    journal.join(2, "Ben", 500)
    return journal


def kinds(path: Path) -> list[str]:
    return [json.loads(line).get("event") for line in path.read_text().splitlines()[1:]]


def test_a_bet_after_no_more_bets_waits_for_the_coup(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = table_journal(path)
    journal.bets(1, [("banker", 100)])
    receipt = journal.append([close_event()])
    assert receipt.places[-1] == (1, 0) and journal.session.round_closed
    before = path.read_bytes()
    with pytest.raises(RoundClosedError, match="no more bets for coup 1") as refused:
        journal.bets(2, [("player", 50)])
    assert refused.value.coup == 1 and refused.value.field == "round"
    assert path.read_bytes() == before  # nothing of it logged
    with pytest.raises(RefusedError, match="called already for coup 1"):
        journal.append([close_event()])
    journal.add(parse_notation("B")[0])  # settles Ana's bet alone, and opens the next round
    session = read_journal(path)
    assert not session.round_closed
    assert [(bet.seat, bet.on) for _, _, bet, _, _ in session.settlements()] == [(1, "banker")]
    receipt = journal.bets(2, [("player", 50)])  # the waiting bet, placed again: coup 2's
    assert receipt.places[-1] == (1, 1)
    assert [bet.seat for bet in read_journal(path).open_bets] == [2]


def test_undo_takes_back_the_close_and_an_undone_coup_closes_the_round_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.jsonl"
    journal = table_journal(path)
    journal.bets(2, [("banker", 40)])
    journal.append([close_event()])
    journal.add(parse_notation("P")[0])
    assert not journal.session.round_closed
    journal.undo()  # the coup: Ben's bet open again, and no more bets again
    assert journal.session.round_closed and journal.session.open_bets
    receipt = journal.undo()  # the close, written as a reopen that older readers ignore
    assert receipt.kinds == ("reopen",) and not journal.session.round_closed
    receipt = journal.undo()  # then Ben's bet
    assert receipt.kinds == ("undo",) and not journal.session.open_bets
    assert kinds(path)[-4:] == ["commit", "undo", "reopen", "undo"]
    session = read_journal(path)
    assert not session.round_closed and session.open_bets == [] and session.coups == 0


def test_seats_join_while_the_round_is_closed_and_undo_takes_back_the_join_first(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.jsonl"
    journal = table_journal(path)
    journal.append([close_event()])
    journal.join(3, "Cleo", 200)
    assert journal.undo().kinds == ("undo",) and journal.session.seat(3) is None
    assert journal.session.round_closed
    assert journal.undo().kinds == ("reopen",)


def test_the_closed_round_is_kept_by_the_checkpoint_and_by_a_new_writer(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = table_journal(path)
    journal.append([close_event()])
    again = Journal(path)  # from the checkpoint the first writer left
    with pytest.raises(RoundClosedError):
        again.bets(1, [("tie", 5)])
    again.add(parse_notation("T")[0])
    Journal(path).bets(1, [("tie", 5)])
    assert [bet.on for bet in read_journal(path).open_bets] == ["tie"]


def test_a_bet_written_after_a_close_by_hand_is_skipped_when_read(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    table_journal(path).append([close_event()])
    with path.open("a") as file:
        file.write(json.dumps(seat_bet_event(1, "banker", 10)) + "\n")
        file.write(json.dumps(coup_event(parse_notation("B")[0])) + "\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        session = read_journal(path)
    said = [str(warning.message) for warning in caught if warning.category is JournalWarning]
    assert len(said) == 1 and "(field 'round')" in said[0] and ":6:" in said[0]
    assert list(session.settlements()) == [] and session.coups == 1


ACTIONS = st.lists(
    st.one_of(
        st.tuples(
            st.just("bet"),
            st.sampled_from([1, 2]),
            st.sampled_from(["banker", "player", "tie"]),
            st.sampled_from([5, 10, 40, 100]),
        ),
        st.tuples(st.just("coup"), st.sampled_from(["B", "P", "T", "Bp", "Pb"])),
        st.just(("close",)),
        st.just(("undo",)),
        st.just(("shoe",)),
    ),
    max_size=40,
)


def older_reader(text: str) -> str:
    """The journal as a roads that knows no ``close`` or ``reopen`` reads it: without them."""
    lines = text.splitlines(keepends=True)
    return "".join(line for line in lines if json.loads(line).get("event") not in KNOWN_LATER)


KNOWN_LATER = ("close", "reopen")


@settings(deadline=None)
@given(actions=ACTIONS)
def test_an_older_reader_settles_every_bet_as_this_one_does(
    tmp_path_factory: pytest.TempPathFactory, actions: list[tuple[object, ...]]
) -> None:
    path = tmp_path_factory.mktemp("older") / "j.jsonl"
    journal = table_journal(path)
    for action in actions:
        try:
            if action[0] == "bet":
                journal.bets(int(str(action[1])), [(str(action[2]), int(str(action[3])))])
            elif action[0] == "coup":
                journal.add(parse_notation(str(action[1]))[0])
            elif action[0] == "close":
                journal.append([close_event()])
            elif action[0] == "undo":
                journal.undo()
            else:
                journal.new_shoe()
        except RefusedError:
            pass
    text = path.read_text()
    ours, theirs = replay(text), replay(older_reader(text))
    assert statement_of(ours) == statement_of(theirs)
    assert [(b.seat, b.on, b.stake) for b in ours.open_bets] == [
        (b.seat, b.on, b.stake) for b in theirs.open_bets
    ]
    assert ours.hands(every_shoe=True) == theirs.hands(every_shoe=True)
