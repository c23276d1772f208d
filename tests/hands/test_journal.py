"""The journal: replay equals a plain list model, torn tails, refusals that leave files alone,
practice bets settled with GAME.md's paytable, a dozen writers at once, and a writer killed
mid-stream."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import warnings
from fractions import Fraction
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from strategies import hands
from tiers import size

from roads.errors import ParseError
from roads.game.coup import Coup, Outcome
from roads.game.paytable import BetOn
from roads.game.shoe import Shoe
from roads.hands import journal as journal_module
from roads.hands.hand import Hand
from roads.hands.journal import (
    Journal,
    JournalError,
    JournalWarning,
    amount,
    is_journal,
    read_journal,
    replay,
)

HEADER = b'{"roads": "journal", "version": 1}\n'


def quietly_read(path: Path) -> tuple[list[list[Hand]], list[str]]:
    """The hands of every shoe, and the warnings reading gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        session = read_journal(path)
    shoes = [session.hands(shoe=n) for n in range(1, len(session.shoes) + 1)]
    return shoes, [str(w.message) for w in caught if issubclass(w.category, JournalWarning)]


# -- replay against a plain list model -------------------------------------------------------


class JournalAgainstAList(RuleBasedStateMachine):
    """Two writers on one file, torn tails and reopening, against a list of lists of hands."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="roads-journal-"))
        self.path = self.folder / "game.jsonl"
        self.writers = [Journal(self.path), Journal(self.path)]
        self.model: list[list[Hand]] = [[]]
        self.torn = False

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def _write(self, writer: int, action: str, *args: Any) -> None:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            getattr(self.writers[writer], action)(*args)
        assert bool(caught) == self.torn  # a torn tail is cut, with a warning, before writing
        self.torn = False
        assert self.path.read_bytes().endswith(b"\n")
        assert self.writers[writer].session.hands(every_shoe=True) == list(
            chain.from_iterable(self.model)
        )

    @rule(writer=st.integers(0, 1), hand=hands)
    def add(self, writer: int, hand: Hand) -> None:
        self.model[-1].append(hand)
        self._write(writer, "add", hand)

    @precondition(lambda self: bool(self.model[-1]) or len(self.model) > 1)
    @rule(writer=st.integers(0, 1))
    def undo(self, writer: int) -> None:
        if self.model[-1]:
            self.model[-1].pop()
        else:
            self.model.pop()
        self._write(writer, "undo")

    @precondition(lambda self: not self.model[-1] and len(self.model) == 1)
    @rule(writer=st.integers(0, 1))
    def undo_with_nothing_to_undo(self, writer: int) -> None:
        before = self.path.read_bytes()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(JournalError, match="nothing to undo"):
                self.writers[writer].undo()
        self.torn = False  # the torn tail was cut before the undo was refused
        assert self.path.read_bytes() == before[: before.rfind(b"\n") + 1]

    @rule(writer=st.integers(0, 1))
    def new_shoe(self, writer: int) -> None:
        self.model.append([])
        self._write(writer, "new_shoe")

    @rule(tail=st.binary(min_size=1, max_size=60).filter(lambda data: b"\n" not in data))
    def crash_mid_write(self, tail: bytes) -> None:
        with self.path.open("ab") as file:
            file.write(tail)
        self.torn = True

    @rule(writer=st.integers(0, 1))
    def reopen(self, writer: int) -> None:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.writers[writer] = Journal(self.path)
        assert bool(caught) == self.torn
        self.torn = False
        assert self.writers[writer].session.hands(every_shoe=True) == list(
            chain.from_iterable(self.model)
        )

    @invariant()
    def replay_equals_the_model(self) -> None:
        shoes, warned = quietly_read(self.path)
        assert shoes == self.model
        assert bool(warned) == self.torn


# What is written is under test here, not its durability (test_hostile_files, and the fsync
# tests below, test that): without an fsync per batch the same steps run in a fraction of the time.
TestJournalAgainstAList = pytest.mark.usefixtures("no_fsync")(JournalAgainstAList.TestCase)
TestJournalAgainstAList.settings = settings(
    max_examples=size(30, 100), stateful_step_count=30, deadline=None
)


# -- practice bets against an independent model ------------------------------------------------

PAYS = {"banker": Fraction(95, 100), "player": Fraction(1), "tie": Fraction(8)}
PAIR_PAYS = Fraction(11)


def model_net(on: str, stake: Fraction, hand: Hand) -> Fraction:
    """GAME.md: Player 1:1, Banker 0.95:1, Tie 8:1, pairs 11:1; a tie pushes Player and Banker."""
    if on in ("banker", "player"):
        if hand.outcome is Outcome.TIE:
            return Fraction(0)
        return stake * PAYS[on] if hand.outcome.value == on[0].upper() else -stake
    if on == "tie":
        return stake * PAYS["tie"] if hand.outcome is Outcome.TIE else -stake
    won = hand.banker_pair if on == "banker_pair" else hand.player_pair
    return stake * PAIR_PAYS if won else -stake


stakes = st.integers(1, 5000).map(lambda cents: Fraction(cents, 100))
bet_ops = st.lists(
    st.one_of(
        st.tuples(st.just("bet"), st.sampled_from([b.value for b in BetOn]), stakes),
        st.tuples(st.just("add"), hands),
        st.tuples(st.just("undo")),
        st.tuples(st.just("bankroll"), st.integers(1, 200).map(Fraction)),
    ),
    max_size=25,
)


@given(ops=bet_ops)
@settings(max_examples=size(30, 100))
def test_practice_balance_equals_an_independent_model(ops: list[tuple[Any, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "j.jsonl")
        journal.set_bankroll(100)
        # model: the timeline of the one shoe, and the bankroll eras
        items: list[tuple[str, Any, Any]] = []
        bankroll, era = Fraction(100), 1
        for op in ops:
            open_bets: list[tuple[str, Fraction]] = []
            for item in items:
                open_bets = [] if item[0] == "coup" else [*open_bets, (item[1], item[2])]
            if op[0] == "bankroll":
                if open_bets:  # a new bankroll waits for the coup that settles open bets
                    with pytest.raises(JournalError, match="before a new bankroll"):
                        journal.set_bankroll(op[1])
                    continue
                journal.set_bankroll(op[1])
                bankroll, era = op[1], era + 1
                continue
            settled = [(i[1], i[2]) for i in items if i[0] == "coup" and i[2][1] == era]
            balance = bankroll + sum(
                (model_net(on, stake, coup) for coup, (bets, _) in settled for on, stake in bets),
                Fraction(0),
            )
            last = items[-1] if items else None
            if op[0] == "undo" and last and last[0] == "coup" and last[2][0] and last[2][1] != era:
                # A coup that settled bets of an earlier bankroll stays.
                with pytest.raises(JournalError, match="earlier bankroll"):
                    journal.undo()
                continue
            if op[0] == "bet":
                _, on, stake = op
                if stake > balance - sum((s for _, s in open_bets), Fraction(0)):
                    with pytest.raises(JournalError, match="more than"):
                        journal.bet(BetOn(on), stake)
                    continue
                journal.bet(BetOn(on), stake)
                items.append(("bet", on, stake))
            elif op[0] == "add":
                receipt = journal.add(op[1])
                expected = sum((model_net(on, s, op[1]) for on, s in open_bets), Fraction(0))
                assert receipt.settled == (expected if open_bets else None)
                items.append(("coup", op[1], (open_bets, era)))
            elif items:
                journal.undo()
                items.pop()
            else:
                with pytest.raises(JournalError):
                    journal.undo()
        settled = [(i[1], i[2]) for i in items if i[0] == "coup" and i[2][1] == era]
        expected_balance = bankroll + sum(
            (model_net(on, stake, coup) for coup, (bets, _) in settled for on, stake in bets),
            Fraction(0),
        )
        assert journal.session.balance == expected_balance
        assert read_journal(journal.path).balance == expected_balance


def test_a_settled_bet_writes_a_settle_line_and_a_tie_pushes(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    journal.set_bankroll(1000)
    journal.bet(BetOn.BANKER, 10)
    journal.bet(BetOn.PLAYER_PAIR, 5)
    receipt = journal.add(Hand(Outcome.BANKER, player_pair=True))
    assert receipt.settled == Fraction(19, 2) + 55 and receipt.balance == Fraction(2129, 2)
    journal.bet(BetOn.PLAYER, 20)
    assert journal.add(Hand(Outcome.TIE)).settled == 0
    events = [json.loads(line) for line in (tmp_path / "j.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events[1:]] == [
        "bankroll",
        "bet",
        "bet",
        "begin",  # a coup and its settlement are one batch, taken whole or not at all
        "coup",
        "settle",
        "commit",
        "bet",
        "begin",
        "coup",
        "settle",
        "commit",
    ]
    assert events[6] == {"event": "settle", "net": 64.5, "balance": 1064.5}
    assert read_journal(tmp_path / "j.jsonl").balance == Fraction(2129, 2)


def test_undoing_a_coup_reopens_its_bets_and_undo_takes_back_bets(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    journal.set_bankroll(100)
    journal.bet(BetOn.BANKER, 10)
    journal.add(Hand(Outcome.PLAYER))
    assert journal.session.balance == 90 and journal.session.open_bets == []
    assert journal.undo().results == (Hand(Outcome.PLAYER),)
    assert journal.session.balance == 100
    assert [b.stake for b in journal.session.open_bets] == [10]
    assert journal.add(Hand(Outcome.BANKER)).settled == Fraction(19, 2)
    journal.undo()
    taken = journal.undo().results[0]
    assert isinstance(taken, journal_module.Bet) and taken.on == BetOn.BANKER
    assert journal.session.open_bets == [] and journal.session.balance == 100


def test_bets_need_a_bankroll_and_play_money_left(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    with pytest.raises(JournalError, match="bankroll"):
        journal.bet(BetOn.TIE, 1)
    journal.set_bankroll(50)
    journal.bet(BetOn.TIE, 30)
    with pytest.raises(JournalError, match=r"more than the 20\.00 of play money left"):
        journal.bet(BetOn.BANKER, Fraction("20.01"))
    with pytest.raises(JournalError, match="practice bets are open"):
        journal.new_shoe()


def test_a_new_bankroll_starts_the_balance_over(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    journal.set_bankroll(100)
    journal.bet(BetOn.PLAYER, 40)
    journal.add(Hand(Outcome.BANKER))
    assert journal.session.balance == 60
    journal.set_bankroll(500)
    assert journal.session.balance == 500
    with pytest.raises(JournalError, match="earlier bankroll"):
        journal.undo()  # the coup settled bets of the old bankroll: it stays
    assert journal.session.balance == 500


@pytest.mark.parametrize(
    "value",
    [0, -5, "abc", "1/3", 0.001, "10.005", True, 10**13, "nan", "inf", "", None, "2,50", "1,00"],
)
def test_amounts_must_be_positive_whole_cents(value: Any) -> None:
    with pytest.raises(JournalError):
        amount(value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("1,000", Fraction(1000)),
        ("12,345.5", Fraction(24691, 2)),
        (10.5, Fraction(21, 2)),
        ("2.25", Fraction(9, 4)),
        (7, 7),
    ],
)
def test_amounts_people_write(value: Any, expected: Fraction) -> None:
    assert amount(value) == expected


# -- headers, refusals, torn tails -------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        b"BPBPT",  # the notation, no newline: must not be taken for a torn line and cut
        b"BPBPT\nPP\n",
        b"outcome\nB\n",
        b'{"outcome": "B"}\n{"outcome": "P"}',
        b'{"roads": "journal", "version": 2}\n{"event": "coup", "outc',
        b"\x89PNG\r\n\x1a\n\x00\x00",
    ],
)
def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    with pytest.raises(ParseError, match=r"not a roads journal|version 2") as error:
        Journal(path)
    assert str(error.value).startswith(f"{path}:1: ")
    assert path.read_bytes() == content
    with pytest.raises(ParseError):
        read_journal(path)


def test_a_torn_header_is_repaired_and_reads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    path.write_bytes(HEADER[:9])
    assert is_journal(path.read_text())
    shoes, warned = quietly_read(path)
    assert shoes == [[]] and len(warned) == 1
    with pytest.warns(JournalWarning, match="cutting off a torn last line"):
        journal = Journal(path)
    assert path.read_bytes() == HEADER
    journal.add(Hand(Outcome.TIE))
    assert quietly_read(path) == ([[Hand(Outcome.TIE)]], [])


def test_new_and_empty_files_become_journals(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    for name in ("fresh.jsonl", "empty.txt"):
        Journal(tmp_path / name)
        assert (tmp_path / name).read_bytes() == HEADER


def test_a_torn_line_is_ignored_with_a_warning_and_cut_by_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    journal.add(Hand(Outcome.BANKER))
    intact = path.read_bytes()
    path.write_bytes(intact + b'{"event": "coup", "outcome": "P", "bank')
    with pytest.warns(JournalWarning, match=r"j\.jsonl: ignoring a torn last line \(line 3\)"):
        assert read_journal(path).hands() == [Hand(Outcome.BANKER)]
    with pytest.warns(JournalWarning, match="cutting off"):
        journal.add(Hand(Outcome.PLAYER))
    assert path.read_bytes().startswith(intact)
    assert quietly_read(path) == ([[Hand(Outcome.BANKER), Hand(Outcome.PLAYER)]], [])


def test_a_bad_line_in_the_middle_is_an_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(HEADER + b'{"event": "coup", "outcome": "X"}\n{"event": "undo"}\n')
    with pytest.raises(ParseError, match=r"j\.jsonl:2: outcome 'X' is not B, P or T"):
        read_journal(path)
    with pytest.raises(ParseError, match=r":2: "):
        Journal(path)
    path.write_bytes(HEADER + b'{"event": "coup", "outcome": "\xff"}\n')
    with pytest.raises(ParseError, match=r":2: not UTF-8"):
        read_journal(path)


def test_replay_of_text_matches_the_file_reader(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    for hand in (Hand(Outcome.BANKER, natural=True), Hand(Outcome.TIE)):
        journal.add(hand)
    journal.new_shoe()
    journal.add(Hand(Outcome.PLAYER, banker_pair=True))
    text = path.read_text()
    assert replay(text).hands(every_shoe=True) == read_journal(path).hands(every_shoe=True)
    assert replay(text).hands(shoe=1) == [Hand(Outcome.BANKER, natural=True), Hand(Outcome.TIE)]
    with pytest.raises(JournalError, match="there is no shoe 3: the journal holds 2"):
        replay(text).hands(shoe=3)


def test_cards_are_kept_and_checked_on_replay(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    Journal(path).add(Hand.from_coup(Coup.parse("2h 3d 8c / Ks 3h")))
    (hand,) = read_journal(path).hands()
    assert hand.coup is not None and str(hand.coup) == "2h 3d 8c / Ks 3h"
    assert hand.outcome is Outcome.TIE
    tampered = path.read_text().replace('"outcome": "T"', '"outcome": "B"')
    with pytest.raises(ParseError, match="disagrees with the cards"):
        replay(tampered)


def test_a_failed_write_is_cut_off_and_not_acknowledged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    journal.add(Hand(Outcome.BANKER))
    before = path.read_bytes()

    def half_then_full_disk(fd: int, data: bytes) -> None:
        os.write(fd, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal_module, "_write_all", half_then_full_disk)
    with pytest.raises(OSError, match="No space"):
        journal.add(Hand(Outcome.PLAYER))
    assert path.read_bytes() == before
    monkeypatch.undo()

    calls: list[int] = []
    real_fsync = os.fsync

    def fsync_fails_once(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(5, "Input/output error")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync_fails_once)
    with pytest.raises(OSError, match="Input/output"):
        journal.add(Hand(Outcome.TIE))  # whole line written, flush failed: still cut off
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert journal.session.hands() == [Hand(Outcome.BANKER)]
    journal.add(Hand(Outcome.PLAYER))
    assert quietly_read(path) == ([[Hand(Outcome.BANKER), Hand(Outcome.PLAYER)]], [])


def test_a_writer_settles_with_the_bets_another_writer_placed(tmp_path: Path) -> None:
    first, second = Journal(tmp_path / "j.jsonl"), Journal(tmp_path / "j.jsonl")
    first.set_bankroll(100)
    first.bet(BetOn.BANKER, 10)
    receipt = second.add(Hand(Outcome.BANKER))
    assert receipt.settled == Fraction(19, 2) and receipt.balance == Fraction(219, 2)
    assert first.refresh() and first.session.balance == Fraction(219, 2)
    assert not first.refresh()


def test_a_replaced_journal_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    journal.add(Hand(Outcome.BANKER))
    other = tmp_path / "other.jsonl"
    Journal(other).add(Hand(Outcome.TIE))
    os.replace(other, path)
    journal.add(Hand(Outcome.PLAYER))
    assert journal.session.hands() == [Hand(Outcome.TIE), Hand(Outcome.PLAYER)]
    assert quietly_read(path)[0] == [[Hand(Outcome.TIE), Hand(Outcome.PLAYER)]]


# -- many processes ----------------------------------------------------------------------------


def distinct_coups(count: int) -> list[str]:
    """``count`` different coups, written as cards: each one marks who logged it."""
    seen: dict[str, None] = {}
    seed = 0
    while len(seen) < count:
        for coup in Shoe(8, 14).deal(seed, 0).coups:
            seen.setdefault(str(coup))
        seed += 1
    return list(seen)[:count]


WRITER = textwrap.dedent(
    """
    import json, sys
    from roads.game.coup import Coup
    from roads.hands.hand import Hand
    from roads.hands.journal import Journal

    path, coups = sys.argv[1], json.loads(sys.argv[2])
    journal = Journal(path)
    for text in coups:
        journal.add(Hand.from_coup(Coup.parse(text)))
    """
)


def logged_coups(path: Path) -> list[str]:
    return [str(hand.coup) for hand in quietly_read(path)[0][0]]


def test_a_dozen_writers_at_once_lose_and_repeat_nothing(tmp_path: Path) -> None:
    path = tmp_path / "shared.jsonl"
    writers, each = 12, 25
    coups = distinct_coups(writers * each)
    shares = [coups[n * each : (n + 1) * each] for n in range(writers)]
    processes = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), json.dumps(share)])
        for share in shares
    ]
    assert all(process.wait(timeout=120) == 0 for process in processes)
    logged = logged_coups(path)
    assert sorted(logged) == sorted(coups)  # every coup exactly once
    for share in shares:  # and each writer's in its own order
        assert [coup for coup in logged if coup in set(share)] == share
    assert path.read_bytes().count(HEADER) == 1


ACKNOWLEDGING_WRITER = textwrap.dedent(
    """
    import json, sys
    from roads.game.coup import Coup
    from roads.hands.hand import Hand
    from roads.hands import journal as journals

    path, coups, tear_at = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])

    def torn_write(fd, data):
        import os
        os.write(fd, data[: len(data) // 2])
        print("torn", flush=True)
        sys.stdin.read()  # held here until killed (or until the test's end closes stdin)

    journal = journals.Journal(path)
    for number, text in enumerate(coups):
        if number == tear_at:
            journals._write_all = torn_write
        journal.add(Hand.from_coup(Coup.parse(text)))
        print(number, flush=True)
    """
)


def run_until_killed(path: Path, coups: list[str], kill_after: int, tear_at: int) -> list[str]:
    """Start a writer, SIGKILL it once it has acknowledged ``kill_after`` coups (or printed
    'torn'); return every line it printed."""
    with subprocess.Popen(
        [sys.executable, "-c", ACKNOWLEDGING_WRITER, str(path), json.dumps(coups), str(tear_at)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None
        printed: list[str] = []
        for line in process.stdout:
            printed.append(line.strip())
            if len(printed) >= kill_after or printed[-1] == "torn":
                process.send_signal(signal.SIGKILL)
                break
        printed += [line.strip() for line in process.stdout]
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    return printed


@pytest.mark.parametrize("kill_after", [1, 17, 60])
def test_a_writer_killed_mid_stream_loses_no_acknowledged_coup(
    tmp_path: Path, kill_after: int
) -> None:
    path = tmp_path / "crash.jsonl"
    coups = distinct_coups(400)
    acknowledged = [coups[int(n)] for n in run_until_killed(path, coups, kill_after, -1)]
    assert len(acknowledged) >= kill_after
    logged = logged_coups(path)
    assert logged[: len(acknowledged)] == acknowledged
    assert len(logged) <= len(acknowledged) + 1
    assert logged == coups[: len(logged)]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        Journal(path).add(Hand(Outcome.TIE))
    assert logged_coups(path)[:-1] == logged


def test_a_write_torn_by_a_kill_is_ignored_then_cut(tmp_path: Path) -> None:
    path = tmp_path / "torn.jsonl"
    coups = distinct_coups(30)
    printed = run_until_killed(path, coups, 10_000, tear_at=20)
    assert printed[-1] == "torn" and len(printed) == 21
    assert not path.read_bytes().endswith(b"\n")
    shoes, warned = quietly_read(path)
    assert [str(h.coup) for h in shoes[0]] == coups[:20]
    assert len(warned) == 1 and "line 22" in warned[0]
    with pytest.warns(JournalWarning, match="cutting off"):
        journal = Journal(path)
    assert path.read_bytes().endswith(b"\n")
    journal.add(Hand.from_coup(Coup.parse(coups[20])))
    assert logged_coups(path) == coups[:21]


def test_a_new_bankroll_waits_for_open_bets_and_does_not_reopen_old_ones(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path / "j.jsonl")
    journal.set_bankroll(100)
    journal.bet(BetOn.BANKER, 100)
    with pytest.raises(JournalError, match="before a new bankroll"):
        journal.set_bankroll(50)
    journal.add(Hand(Outcome.PLAYER))
    journal.set_bankroll(50)
    assert journal.session.balance == 50
    with pytest.raises(JournalError, match="earlier bankroll"):
        journal.undo()
    assert read_journal(journal.path).balance == 50
