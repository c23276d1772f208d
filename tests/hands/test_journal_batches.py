"""The journal under crashes and long shoes: batches are all or nothing, a hand-edited last line
is kept, old journals still read, and taking an event does not depend on the shoe's length."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import time
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from roads.game.paytable import BetOn
from roads.hands import journal as journals
from roads.hands.hand import Hand, Outcome
from roads.hands.journal import Journal, JournalWarning, Session, read_journal, replay
from roads.hands.notation import parse_notation
from roads.hands.refusals import check_event

HEADER = '{"roads": "journal", "version": 1}\n'


def quietly(path: Path) -> tuple[Session, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        session = read_journal(path)
    return session, [str(warning.message) for warning in caught]


def notation(session: Session) -> str:
    return "".join(hand.notation for hand in session.hands(every_shoe=True))


# -- state kept, not searched for ------------------------------------------------------------------


class CountingList(list[Any]):
    """A list that counts how often it is walked through."""

    walks = 0

    def __iter__(self) -> Any:
        CountingList.walks += 1
        return super().__iter__()

    def __reversed__(self) -> Any:
        CountingList.walks += 1
        return super().__reversed__()


def test_taking_events_never_walks_the_shoe() -> None:
    session = Session()
    session.shoes = [CountingList()]
    session.apply({"event": "bankroll", "amount": 1000})
    CountingList.walks = 0
    for number in range(300):
        check_event(session, {"event": "bet", "on": "banker", "stake": 1})
        session.apply({"event": "bet", "on": "banker", "stake": 1})
        check_event(session, {"event": "coup", "outcome": "BP"[number % 2]})
        session.apply({"event": "coup", "outcome": "BP"[number % 2]})
        assert session.coups == number + 1 and session.open_bets == []
    session.apply({"event": "undo"})
    session.apply({"event": "undo"})
    assert CountingList.walks == 0
    assert session.coups == 299 and session.staked == 0
    # 150 banker wins at 0.95 to 1 and 149 losses: the last coup and its bet were undone
    assert session.balance == 1000 + 150 * Fraction(95, 100) - 149


def test_undo_gives_back_the_bets_and_balance_of_the_coup_it_takes_back(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    journal.set_bankroll(100)
    journal.bet(BetOn.PLAYER, 10)
    journal.bet(BetOn.TIE, 1)
    journal.add(Hand(Outcome.PLAYER))
    assert journal.session.balance == 109
    journal.undo()
    assert journal.session.balance == 100
    assert [bet.on for bet in journal.session.open_bets] == [BetOn.PLAYER, BetOn.TIE]
    journal.undo()
    assert [bet.on for bet in journal.session.open_bets] == [BetOn.PLAYER]
    assert read_journal(journal.path).open_bets == journal.session.open_bets


# -- batches ---------------------------------------------------------------------------------------


def test_a_batch_counts_only_with_its_commit_record(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    coup = '{"event": "coup", "outcome": "%s"}\n'
    unclosed = HEADER + coup % "B" + '{"event": "begin"}\n' + coup % "P" + coup % "T"
    path.write_text(unclosed)
    session, said = quietly(path)
    assert notation(session) == "B"
    assert said == [
        f"{path}: ignoring lines 3-5, a batch without its commit record, left by a write "
        "that did not finish"
    ]
    with pytest.warns(JournalWarning, match="lines 3-5"):
        assert notation(replay(unclosed)) == "B"
    path.write_text(unclosed + '{"event": "commit"}\n')
    assert notation(quietly(path)[0]) == "BPT"
    path.write_text(unclosed)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        Journal(path).add(parse_notation("B")[0])  # cuts the open batch off first
    assert notation(quietly(path)[0]) == "BB"
    assert path.read_text().startswith(HEADER + coup % "B" + '{"event": "coup", "outcome": "B",')


def test_journals_without_batch_records_still_read(tmp_path: Path) -> None:
    """A journal of the first version: a coup and its settlement as two plain lines."""
    path = tmp_path / "old.jsonl"
    path.write_text(
        HEADER
        + '{"event": "bankroll", "amount": 100}\n'
        + '{"event": "bet", "on": "banker", "stake": 20}\n'
        + '{"event": "coup", "outcome": "B"}\n'
        + '{"event": "settle", "net": 19, "balance": 119}\n'
    )
    session, said = quietly(path)
    assert notation(session) == "B" and session.balance == 119 and said == []
    Journal(path).add(parse_notation("P")[0])
    assert notation(quietly(path)[0]) == "BP"


def test_a_whole_last_line_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "edited.jsonl"
    path.write_text(HEADER + '{"event": "coup", "outcome": "B"}\n{"event": "coup", "outcome": "P"}')
    session, said = quietly(path)
    assert notation(session) == "BP" and said == []
    Journal(path).add(parse_notation("T")[0])
    assert [json.loads(line).get("outcome") for line in path.read_text().splitlines()[1:]] == [
        "B",
        "P",
        "T",
    ]


def _writer(path: Path, size: int, tear: float | None, report: int) -> None:
    """In a forked child: append one batch of ``size`` coups, torn at ``tear`` (a fraction of
    its bytes) if given, then say so on ``report`` and wait to be killed."""
    journal = Journal(path)

    def torn_write(fd: int, data: bytes) -> None:
        assert tear is not None
        os.write(fd, data[: max(1, int(len(data) * tear))])
        os.write(report, b"t")
        while True:  # held here until killed
            signal.pause()

    if tear is not None:
        journals._write_all = torn_write
    journal.append([{"event": "coup", "outcome": "BPT"[n % 3]} for n in range(size)])
    os.write(report, b"d")
    while True:
        signal.pause()


@pytest.mark.parametrize(
    ("torn", "large"), [(30, 4), pytest.param(120, 20, marks=pytest.mark.stress)]
)
def test_writers_killed_inside_large_batch_writes_leave_whole_batches(
    tmp_path: Path, torn: int, large: int
) -> None:
    """30 writers (120 with --stress) SIGKILLed inside the write of a batch (a part of it on
    disk) and 4 (20) killed at a random moment of a large one: every batch is wholly there or
    wholly absent, and every acknowledged one is there."""
    path = tmp_path / "crash.jsonl"
    Journal(path)
    rng = random.Random(15)
    expected = 0  # coups in acknowledged batches
    kills = 0
    deadline = time.monotonic() + 240
    plans = [(rng.randrange(2, 400), rng.random()) for _ in range(torn)]
    plans += [(rng.randrange(20_000, 40_000), None) for _ in range(large)]
    for size, tear in plans:
        assert time.monotonic() < deadline, "the crash test ran out of time"
        before = len(quietly(path)[0].hands())
        reading, report = os.pipe()
        with warnings.catch_warnings():  # the child only writes and waits to be killed
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                os.close(reading)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    _writer(path, size, tear, report)
            finally:
                os._exit(1)
        os.close(report)
        if tear is None:  # a kill at any moment of a large append
            select.select([reading], [], [], rng.uniform(0.0, 0.3))
        else:  # a kill while the batch is on disk in part
            assert select.select([reading], [], [], 30)[0], "the writer did not report"
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        said = os.read(reading, 1)
        os.close(reading)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        kills += 1
        after = len(quietly(path)[0].hands())
        if said == b"d":
            expected += size
            assert after == before + size
        else:
            assert after in (before, before + size), (size, tear, before, after)
            expected += after - before
        assert after == expected
    assert kills == torn + large
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JournalWarning)
        assert len(Journal(path).session.hands()) == expected


@pytest.mark.parametrize("depth", [100_000])
def test_deeply_nested_lines_are_a_clean_error_naming_the_line(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text(HEADER + "[" * depth + "\n")
    with pytest.raises(journals.ParseError, match=r"deep\.jsonl:2: .*nested too deeply"):
        read_journal(path)
