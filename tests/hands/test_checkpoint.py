"""One append costs the same however long the journal is: a writer starts from the checkpoint
of the replayed state and parses only the lines after it. The journal stays the only source of
truth: a checkpoint that no longer matches the journal (edited, replaced, cut short, or itself
corrupt) is ignored, and every state equals a replay from the top."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.hands import journal_checkpoint, journal_format
from roads.hands.journal import Journal, JournalError, read_journal
from roads.hands.notation import parse_notation
from roads.hands.session_summary import summary


def _long(path: Path, coups: int) -> None:
    lines = ['{"roads": "journal", "version": 1}']
    lines += [json.dumps({"event": "coup", "outcome": "BPT"[i % 3]}) for i in range(coups)]
    path.write_text("\n".join(lines) + "\n")


def _parsed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the journal lines parsed from now on."""
    seen: list[int] = []
    parse = journal_format._parse_line

    def counting(line: str, source: str, number: int) -> object:
        seen.append(number)
        return parse(line, source, number)

    monkeypatch.setattr(journal_format, "_parse_line", counting)
    return seen


def _state(journal: Journal) -> tuple[object, ...]:
    session = journal.session
    return (
        [[hand.notation for hand in session.hands(shoe=n + 1)] for n in range(len(session.shoes))],
        session.open_bets,
        session.bankroll,
        session.balance,
    )


def test_an_append_parses_only_the_lines_after_the_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.jsonl"
    _long(path, 10_000)
    Journal(path).add(*parse_notation("B"))  # replays the whole, then leaves a checkpoint
    seen = _parsed(monkeypatch)
    receipt = Journal(path).add(*parse_notation("P"))
    assert receipt.places == ((1, 10_002),)
    assert len(seen) <= 2, seen[:10]
    assert [hand.notation for hand in read_journal(path).hands()][-3:] == ["B", "B", "P"]


def test_lines_of_other_writers_after_the_checkpoint_are_taken(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    Journal(path).add(*parse_notation("B"))
    with path.open("a") as file:  # another writer, which leaves no checkpoint
        file.write('{"event": "coup", "outcome": "T"}\n')
    journal = Journal(path)
    journal.add(*parse_notation("P"))
    assert _state(journal) == _state(Journal(path, read_only=True))
    assert [hand.notation for hand in journal.session.hands()] == ["B", "T", "P"]


@pytest.mark.parametrize("damage", ["edited", "replaced", "cut", "corrupt", "foreign"])
def test_a_checkpoint_that_no_longer_holds_is_ignored(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    for hand in parse_notation("BBPB"):
        journal.add(hand)
    data = path.read_bytes()
    status = path.stat()
    kept = journal_checkpoint.folder() / f"journal-{status.st_dev}-{status.st_ino}.json"
    assert kept.exists()
    if damage == "edited":  # same file, same length, one coup changed in place
        with path.open("r+b") as file:
            at = data.index(b'"outcome": "P"')
            file.seek(at + len('"outcome": "'))
            file.write(b"T")
    elif damage == "replaced":  # a new file of the same name, with other coups
        path.unlink()
        Journal(path).add(*parse_notation("T"))
        os.replace(kept, kept.with_name(f"journal-{status.st_dev}-{path.stat().st_ino}.json"))
    elif damage == "cut":
        os.truncate(path, data.index(b"\n", 40) + 1)
    elif damage == "corrupt":
        kept.write_text('{"version": 1, "file": [1, 2], "offset": "x"')
    else:  # a checkpoint of the right file whose state was tampered with
        record = json.loads(kept.read_text())
        record["state"]["counts"] = [-5]
        kept.write_text(json.dumps(record))
    after = Journal(path)
    after.add(*parse_notation("P"))
    expected = [hand.notation for hand in read_journal(path).hands()]
    assert [hand.notation for hand in after.session.hands()] == expected
    assert _state(after) == _state(Journal(path, read_only=True))


events = st.lists(
    st.sampled_from(["coup", "undo", "shoe", "bet", "bankroll"]), min_size=1, max_size=25
)


@settings(max_examples=size(10, 40), deadline=None)
@given(events)
def test_a_state_resumed_from_checkpoints_is_the_replayed_state(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    path = tmp_path_factory.mktemp("resume") / "j.jsonl"
    saved = False
    for index, step in enumerate(steps):
        journal = Journal(path)  # a new process each time: resumes from the checkpoint
        assert journal._partial == saved  # an append before this one left a checkpoint
        try:
            if step == "coup":
                journal.add(*parse_notation("BPT"[index % 3]))
            elif step == "undo":
                journal.undo()
            elif step == "shoe":
                journal.new_shoe()
            elif step == "bet":
                journal.bet("banker", 1)
            else:
                journal.set_bankroll(50 + index)
            saved = True
        except JournalError:  # refused (nothing to undo, bets open): nothing logged
            pass
        replayed = Journal(path, read_only=True)
        # The summary the writer kept (from a checkpoint, not replayed) is the replayed one's.
        assert summary(journal._session) == summary(replayed.session)
        assert _state(journal) == _state(replayed)
