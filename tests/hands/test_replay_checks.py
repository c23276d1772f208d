"""One validation for both directions (issue 42.2): what the journal's writer refuses, a reader
refuses naming the line, or skips with a warning naming the line and the field; it never
settles it. The cases of the attack, each by name, and a property: for random journals written
by the writer and a random corruption of one line, the reader's state is the one the writer
reaches taking the same lines one by one, refusing what it refuses."""

from __future__ import annotations

import json
import warnings
from contextlib import suppress
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import size

from roads.errors import ParseError, RoadsError
from roads.game.coup import Outcome
from roads.hands.hand import Hand
from roads.hands.journal import (
    Journal,
    JournalWarning,
    Session,
    bankroll_event,
    bet_event,
    coup_event,
    join_event,
    leave_event,
    plan_event,
    read_journal,
    replay,
    seat_bet_event,
    shoe_event,
    undo_event,
)
from roads.hands.journal_receipts import Taken
from roads.hands.readers import hand_from_fields

HEADER = '{"roads": "journal", "version": 1}'
COUP = (
    '{"event": "coup", "outcome": "B", "banker_pair": false, "player_pair": false, '
    '"natural": false}'
)


def _read(*lines: str) -> tuple[Session, list[str]]:
    """The state of a journal of ``lines`` and the warnings its reader gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        session = replay("\n".join([HEADER, *lines]) + "\n", source="j.jsonl")
    return session, [str(warning.message) for warning in caught]


def test_a_bet_beyond_the_bankroll_is_skipped_and_not_settled() -> None:
    session, said = _read(
        '{"event": "bankroll", "amount": 10}',
        '{"event": "bet", "on": "banker", "stake": 1000}',
        COUP,
    )
    assert session.balance == 10
    assert any("j.jsonl:3:" in text and "'stake'" in text for text in said)


def test_a_table_after_a_coup_is_skipped() -> None:
    session, said = _read(COUP, '{"event": "table", "rules": "standard", "tie_pays": 9}')
    assert session.table.tie_pays == 8
    assert any("j.jsonl:3:" in text and "'rules'" in text for text in said)


def test_an_unknown_kind_is_said_once_per_kind_naming_its_first_line() -> None:
    typo = COUP.replace('"coup"', '"Coup"')
    session, said = _read(typo, typo, COUP, '{"event": "later_kind"}', typo)
    assert session.coups == 1
    about = [text for text in said if "does not know" in text]
    assert len(about) == 2
    assert "j.jsonl:2:" in about[0] and "'Coup'" in about[0]
    assert "j.jsonl:5:" in about[1] and "'later_kind'" in about[1]
    assert "newer roads' kinds change nothing" in about[0]


def test_a_commit_without_begin_is_said() -> None:
    session, said = _read('{"event": "commit"}', COUP)
    assert session.coups == 1
    assert said == ["j.jsonl:2: skipping a commit record without its begin"]


@pytest.mark.parametrize("kind", ["5", "null", "[]", '"BEGIN"'])
def test_an_event_that_is_not_a_kind_is_skipped_naming_its_field(kind: str) -> None:
    session, said = _read(f'{{"event": {kind}, "outcome": "B"}}', COUP)
    assert session.coups == 1
    assert len(said) == 1 and "j.jsonl:2:" in said[0]
    assert "'event'" in said[0] or "does not know" in said[0]


def test_an_event_without_a_kind_is_skipped() -> None:
    session, said = _read('{"outcome": "B"}', COUP)
    assert session.coups == 1
    assert "j.jsonl:2:" in said[0] and "'event'" in said[0]


@pytest.mark.parametrize("value", ['"10"', "true", "null", "-5", "1e13"])
def test_an_amount_that_is_not_a_number_of_play_money_is_skipped(value: str) -> None:
    session, said = _read(f'{{"event": "bankroll", "amount": {value}}}', COUP)
    assert session.bankroll is None
    assert "j.jsonl:2:" in said[0] and "'amount'" in said[0]


def test_the_writer_refuses_a_text_amount_too(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    with pytest.raises(RoadsError, match="not a number"):
        journal.append([{"event": "bankroll", "amount": "10"}])
    assert journal.append([bankroll_event("10")]).kinds == ("bankroll",)  # a user's text, read


def test_undo_with_nothing_to_undo_and_a_shoe_over_open_bets_are_skipped() -> None:
    session, said = _read(
        '{"event": "undo"}',
        '{"event": "bankroll", "amount": 100}',
        '{"event": "bet", "on": "banker", "stake": 10}',
        '{"event": "shoe"}',
        COUP,
    )
    assert len(session.shoes) == 1
    assert session.balance == Fraction(1095, 10)
    assert ["j.jsonl:2:" in said[0], "j.jsonl:5:" in said[1]] == [True, True]


# -- the property ------------------------------------------------------------------------------

_ACTIONS = st.lists(
    st.one_of(
        st.sampled_from(Outcome).map(lambda outcome: coup_event(Hand(outcome))),
        st.integers(1, 200).map(bankroll_event),
        st.tuples(st.sampled_from(["banker", "player", "tie"]), st.integers(1, 80)).map(
            lambda bet: bet_event(*bet)
        ),
        st.just(undo_event()),
        st.just(shoe_event()),
        st.tuples(st.integers(1, 3), st.integers(1, 300)).map(
            lambda join: join_event(join[0], f"P{join[0]}", join[1])
        ),
        st.tuples(st.integers(1, 3), st.sampled_from(["banker", "tie"]), st.integers(1, 90)).map(
            lambda bet: seat_bet_event(*bet)
        ),
        st.integers(1, 3).map(leave_event),
        st.integers(1, 12).map(plan_event),
    ),
    min_size=1,
    max_size=14,
)
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**13), 10**13),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["10", "B", "Coup", "banker", "", "x" * 3]),
    st.lists(st.integers(0, 9), max_size=2),
)
_KEYS = st.sampled_from(
    [
        "event",
        "amount",
        "stake",
        "on",
        "outcome",
        "banker_pair",
        "seat",
        "bankroll",
        "hands",
        "name",
    ]
)


_KINDS = (
    "coup",
    "undo",
    "shoe",
    "bankroll",
    "bet",
    "seat_bet",
    "join",
    "leave",
    "plan",
    "settle",
    "Coup",
    5,
)
"""The kinds a corrupted line is given: every kind written here, a misspelt one, not a name."""


@st.composite
def _corruption(draw: st.DrawFn, line: dict[str, Any]) -> dict[str, Any] | str:
    """``line`` with one field changed, dropped or added, or its kind changed; or not JSON."""
    how = draw(st.sampled_from(["change", "drop", "kind", "text"]))
    changed = dict(line)
    if how == "text":
        return draw(st.sampled_from(["{", "[1]", '{"event": "coup"', "5"]))
    if how == "kind":
        changed["event"] = draw(st.sampled_from(_KINDS))
    elif how == "drop" and len(changed) > 1:
        del changed[draw(st.sampled_from(sorted(changed)))]
    else:
        changed[draw(_KEYS)] = draw(_VALUES)
    return changed


def _written(tmp_path: Path, actions: list[dict[str, Any]]) -> list[str]:
    """The lines the writer wrote for ``actions``, each logged alone (refused ones left out)."""
    path = tmp_path / "j.jsonl"
    path.unlink(missing_ok=True)
    journal = Journal(path)
    for action in actions:
        with suppress(RoadsError):  # refused: nothing written
            journal.append([action])
    return path.read_text().splitlines()


def _writer_takes(lines: list[str]) -> Session:
    """The state the writer reaches logging each event of ``lines`` alone (batches whole once
    their commit is there), refusing what it refuses; ``settle`` lines are its own output."""
    session = Session()
    batch: list[Any] | None = None
    for text in lines[1:]:
        try:
            event = json.loads(text)
        except ValueError:
            continue
        if not isinstance(event, dict):
            continue
        if event.get("event") == "begin":
            batch = []
            continue
        if event.get("event") == "commit":
            for queued in batch or []:
                _take(session, queued)
            batch = None
            continue
        if batch is not None:
            batch.append(event)
        else:
            _take(session, event)
    return session


def _take(session: Session, event: dict[str, Any]) -> None:
    if event.get("event") == "settle":
        return
    with suppress(RoadsError):  # refused by the writer: nothing taken
        Taken().take(session, event)


def _state(session: Session) -> Any:
    seats = [session.seat(number) for number in session.seat_numbers()]
    return (
        [[hand.notation for hand in session.hands(shoe=n + 1)] for n in range(len(session.shoes))],
        session.bankroll,
        session.balance,
        [(bet.seat, bet.on, bet.stake) for bet in session.open_bets],
        session.era,
        session.plan,
        [(seat.number, seat.name, seat.balance) for seat in seats if seat is not None],
    )


@settings(
    max_examples=size(80, 600),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(actions=_ACTIONS, data=st.data())
def test_what_the_writer_refuses_a_reader_never_settles(
    tmp_path: Path, actions: list[dict[str, Any]], data: st.DataObject
) -> None:
    lines = _written(tmp_path, actions)
    at = 0
    original = lines[0]
    if len(lines) > 1:
        at = data.draw(st.integers(1, len(lines) - 1))
        original = lines[at]
        corrupted = data.draw(_corruption(json.loads(lines[at])))
        lines[at] = corrupted if isinstance(corrupted, str) else json.dumps(corrupted)
    path = tmp_path / "j.jsonl"
    path.write_text("\n".join(lines) + "\n")
    refusal: ParseError | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        try:
            read = read_journal(path)
        except ParseError as error:
            refusal = error
    if refusal is None:
        assert _state(read) == _state(_writer_takes(lines))
        return
    if json.loads(original).get("event") == "commit" and "no commit record" in refusal.reason:
        # A commit record made into another event cannot be told from one: the batch it closed
        # is found open at the next begin, which is named with the line the open one began at.
        begins = [n for n, line in enumerate(lines) if '"event": "begin"' in line]
        assert refusal.line == min(n for n in begins if n >= at) + 1
        assert f"begun at line {max(n for n in begins if n < at) + 1}," in refusal.reason
        return
    assert refusal.line == at + 1  # the line corrupted, named
    try:
        event = json.loads(lines[refusal.line - 1])
    except ValueError:
        return  # not JSON: refused, naming its line
    if isinstance(event, dict) and event.get("event") == "coup":
        with pytest.raises(RoadsError):
            hand_from_fields(event, "", 0)  # the writer refuses it too


def test_a_commit_made_into_another_event_is_found_at_the_next_begin(tmp_path: Path) -> None:
    """What hypothesis once found: a batch's commit record edited into a coup leaves the batch
    open; the reader cannot tell that line from a coup, and refuses the next batch's begin,
    naming the line the open batch began at."""
    journal = Journal(tmp_path / "j.jsonl")
    journal.add(Hand(Outcome.BANKER))
    journal.set_bankroll(Fraction(10))
    for _ in range(2):
        journal.append([bet_event("banker", 1)])
        journal.add(Hand(Outcome.BANKER))  # the coup and its settlement: one batch each
    lines = journal.path.read_text().splitlines()
    kinds = [json.loads(line).get("event") for line in lines]
    first, second = [n + 1 for n, kind in enumerate(kinds) if kind == "begin"]
    commit = kinds.index("commit")
    lines[commit] = json.dumps({"event": "coup"})
    journal.path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ParseError) as refused:
        read_journal(journal.path)
    assert refused.value.line == second
    assert f"begun at line {first}, which has no commit record" in str(refused.value)
