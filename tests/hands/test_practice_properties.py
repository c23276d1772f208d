"""Properties of the practice table (issue 36), over random sessions: joins, bets within and
outside the limits, coups given by their cards at each rule set, undos, new shoes, plans and
leaves.

Every action goes to a real journal and to a reference written here from PRACTICE.md (seats
with Fraction balances; an undo is the state before the last action taken): the journal takes
exactly what the reference takes (a refusal names the rule the reference found broken, and
leaves the journal's bytes as they were), the seats' balances, boxes and statement figures are
the reference's, the seats' nets and the house's add up to zero, and replaying any prefix of
the journal gives the state the writer had after it. At a table that keeps the commission in a
box and at one that collects it, the same session ends every shoe at the same balances; and a
journal without seats is written byte for byte as before seats.
"""

from __future__ import annotations

import copy
import json
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.game.coup import Coup
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.hands.journal import (
    Journal,
    JournalError,
    Session,
    coup_event,
    join_event,
    leave_event,
    plan_event,
    replay,
    seat_bet_event,
    shoe_event,
    undo_event,
)
from roads.hands.statement import statement_of
from roads.tables import Table, make_table

# Coups with their cards: two dealt shoes, and the cases the tables mark or pay apart.
_MARKED = [
    "Kh 2d 3c / 4s 2h",  # Banker wins with a two-card 6
    "Ah Kd 2c / Qs Jh 6d",  # Banker wins with a three-card 6
    "2h 3d 5c / 4c Ks 3s",  # Dragon 7
    "Ah 2d 5c / Kc Qs 4h",  # Panda 8
    "8h Kd / 8c Qs",  # a natural tie
    "4h 4d / Kc Ks",  # both hands pairs
]
COUPS = [Hand.from_coup(Coup.parse(text)) for text in _MARKED] + [
    Hand.from_coup(coup) for seed in (3, 4) for coup in Shoe(8, 14).deal(seed=seed).coups
]
BETS = ("banker", "player", "tie", "player_pair", "banker_pair", "dragon_7", "super_6")
STAKES = (Fraction(1), Fraction(5), Fraction(10), Fraction(51, 2), Fraction(100), Fraction(600))
LIMITS = {"banker": (10, 500), "player": (10, 500), "tie": (5, 50)}
SIDE_BETS = ("player_pair", "banker_pair", "dragon_7", "super_6")


def table_of(rules: str, commission: str) -> Table:
    return make_table(
        rules=rules, side_bets=SIDE_BETS[:3], commission=commission, limits=LIMITS, seats=7
    )


TABLES = [table_of("standard", "box"), table_of("standard", "collect")] + [
    table_of(rules, "collect") for rules in ("no-commission", "ez")
]

seats = st.integers(1, 3) | st.integers(1, 8)  # mostly the seats taken at the start
names = st.sampled_from(["Ana", "陈", "Zoë"])
bankrolls = st.sampled_from([Fraction(50), Fraction(500), Fraction(1000)])
joins = st.tuples(names, bankrolls, names, bankrolls, names, bankrolls).map(
    lambda drawn: [("join", seat, drawn[2 * seat - 2], drawn[2 * seat - 1]) for seat in (1, 2, 3)]
)
stakes = st.sampled_from(STAKES[2:5]) | st.sampled_from(STAKES)  # mostly within the limits
offered = st.sampled_from(BETS[:4]) | st.sampled_from(BETS)  # mostly bets the table offers
bets = st.tuples(
    st.just("bet"), seats, st.lists(st.tuples(offered, stakes), min_size=1, max_size=3)
)
coups = st.tuples(st.just("coup"), st.integers(0, len(COUPS) - 1))
ACTIONS = {
    "bet": bets,
    "coup": coups,
    "undo": st.tuples(st.just("undo")),
    "shoe": st.tuples(st.just("shoe")),
    "leave": st.tuples(st.just("leave"), seats),
    "join": st.tuples(st.just("join"), seats, names, bankrolls),
    "plan": st.tuples(st.just("plan"), st.integers(4, 40)),
}
action = st.sampled_from(["bet"] * 5 + ["coup"] * 4 + list(ACTIONS)).flatmap(ACTIONS.__getitem__)
actions = st.tuples(joins, st.lists(action, min_size=6, max_size=40)).map(
    lambda parts: parts[0] + parts[1]
)
"""Sessions: a few players sit down, then bets (within the limits and not), coups, undos, new
shoes, seats left and taken, and plans."""


# -- the reference, from PRACTICE.md ---------------------------------------------------------


@dataclass
class Line:
    """A player's time at a seat, as the statement reports it."""

    seat: int
    name: str
    bankroll: Fraction
    figures: dict[str, Fraction] = field(
        default_factory=lambda: dict.fromkeys(
            ("staked", "won", "lost", "pushed", "commission"), Fraction(0)
        )
    )


@dataclass
class Sitting:
    line: Line
    balance: Fraction
    box: Fraction = Fraction(0)
    open: list[tuple[str, Fraction]] = field(default_factory=list)


@dataclass
class State:
    seats: dict[int, Sitting] = field(default_factory=dict)
    lines: list[Line] = field(default_factory=list)
    shoes: int = 1
    coups: int = 0


class Reference:
    """The practice table as PRACTICE.md describes it; ``take`` returns None when it takes an
    action, else the words of the rule the action breaks. An undo takes back the last bet,
    coup, seat taken or left, or new shoe (several bets placed together are one action, taken
    or refused whole, and taken back one by one, as the journal's undo always has)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = State()
        self.before: list[State] = []  # the state before each action undo can take back
        self.plan: int | None = None  # a setting, not an action: undo leaves it

    def take(self, action: tuple[Any, ...]) -> str | None:
        kind, *args = action
        if kind == "undo":
            if not self.before:
                return "nothing to undo"
            self.state = self.before.pop()
            return None
        if kind == "plan":
            if args[0] < self.state.coups:
                return "fewer than"
            self.plan = args[0]
            return None
        problem: str | None = getattr(self, f"_check_{kind}")(*args)
        if problem is None:
            if kind == "bet":  # several bets are one action, but undo takes back one bet
                for bet in args[1]:
                    self.before.append(copy.deepcopy(self.state))
                    self._bet(args[0], [bet])
            else:
                self.before.append(copy.deepcopy(self.state))
                getattr(self, f"_{kind}")(*args)
        return problem

    def _check_join(self, seat: int, name: str, bankroll: Fraction) -> str | None:
        if seat > self.table.seats:
            return "this table has seats 1 to 7"
        return "there already" if seat in self.state.seats else None

    def _join(self, seat: int, name: str, bankroll: Fraction) -> None:
        line = Line(seat, name, bankroll)
        self.state.lines.append(line)
        self.state.seats[seat] = Sitting(line, bankroll)

    def _check_leave(self, seat: int) -> str | None:
        if seat > self.table.seats:
            return "this table has seats 1 to 7"
        if seat not in self.state.seats:
            return "nobody sits there"
        return "are open" if self.state.seats[seat].open else None

    def _leave(self, seat: int) -> None:
        del self.state.seats[seat]  # the box is paid: the line's balance counts it

    def _check_bet(self, seat: int, bets: list[tuple[str, Fraction]]) -> str | None:
        if seat > self.table.seats:
            return "this table has seats 1 to 7"
        sitting = self.state.seats.get(seat)
        left = None
        if sitting is not None:
            left = sitting.balance - sitting.box - sum(stake for _, stake in sitting.open)
        for on, stake in bets:  # the rules in PRACTICE.md's order, bet by bet
            if sitting is None or left is None:
                return "nobody sits"
            if on not in ("banker", "player", "tie") and on not in SIDE_BETS[:3]:
                return "does not offer it"
            low, high = LIMITS.get(on, (0, 10**12))
            if stake < low:
                return "below this table's minimum"
            if stake > high:
                return "above this table's maximum"
            if stake > left:
                return "of play money left"
            left -= stake
        return None

    def _bet(self, seat: int, bets: list[tuple[str, Fraction]]) -> None:
        self.state.seats[seat].open += bets

    def _check_coup(self, index: int) -> str | None:
        if self.plan is not None and self.state.coups >= self.plan:
            return "plan of"
        return None

    def _coup(self, index: int) -> None:
        hand = COUPS[index]
        deal = hand.deal(frozenset(mark.name for mark in self.table.marks))
        box = self.table.commission == "box"
        for sitting in self.state.seats.values():
            for on, stake in sitting.open:
                result = self.table.result(on, deal)  # what a bet pays: TABLES.md's, tested apart
                commission = (
                    Fraction(1, 20)
                    if on == "banker" and result > 0 and (self.table.rules == "standard")
                    else Fraction(0)
                )
                figures = sitting.line.figures
                figures["staked"] += stake
                if result > 0:
                    figures["won"] += stake * (result + commission)
                    figures["commission"] += stake * commission
                elif result < 0:
                    figures["lost"] += stake
                else:
                    figures["pushed"] += stake
                sitting.balance += stake * (result + commission if box else result)
                sitting.box += stake * commission if box else 0
            sitting.open = []
        self.state.coups += 1

    def _check_shoe(self) -> str | None:
        if any(sitting.open for sitting in self.state.seats.values()):
            return "practice bets are open"
        return None

    def _shoe(self) -> None:
        for sitting in self.state.seats.values():
            sitting.balance -= sitting.box
            sitting.box = Fraction(0)
        self.state.shoes += 1

    def balances(self) -> dict[int, tuple[Fraction, Fraction]]:
        return {seat: (s.balance, s.box) for seat, s in sorted(self.state.seats.items())}

    def statement(self) -> list[tuple[object, ...]]:
        rows = []
        for line in self.state.lines:
            sitting = self.state.seats.get(line.seat)
            box = sitting.box if sitting is not None and sitting.line is line else Fraction(0)
            f = line.figures
            rows.append((line.seat, line.name, line.bankroll, *f.values(), box))
        return rows


# -- the journal ---------------------------------------------------------------------------------


def event_of(action: tuple[Any, ...]) -> list[dict[str, Any]]:
    kind, *args = action
    if kind == "join":
        return [join_event(args[0], args[1], args[2])]
    if kind == "bet":
        return [seat_bet_event(args[0], on, stake) for on, stake in args[1]]
    if kind == "coup":
        return [coup_event(COUPS[args[0]])]
    if kind == "leave":
        return [leave_event(args[0])]
    if kind == "plan":
        return [plan_event(args[0])]
    return [undo_event() if kind == "undo" else shoe_event()]


def balances(session: Session) -> dict[int, tuple[Fraction, Fraction]]:
    found = {}
    for number in session.seat_numbers():
        seat = session.seat(number)
        assert seat is not None
        found[number] = (seat.balance, seat.box)
    return found


def snapshot(session: Session) -> tuple[object, ...]:
    """Everything a reader can ask of a session's seats and coups."""
    lines = statement_of(session).lines
    return (
        balances(session),
        [(bet.seat, bet.on, bet.stake) for bet in session.open_bets],
        len(session.shoes),
        session.coups_logged,
        session.plan,
        session.hands(every_shoe=True),
        [(line.seat, line.name, *line.amounts().values()) for line in lines],
    )


def play(table: Table, steps: list[tuple[Any, ...]], folder: Path) -> tuple[Journal, Reference]:
    """Every step to a journal at ``table`` and to the reference, checked step by step."""
    path = folder / f"{table.rules}-{table.commission}.jsonl"
    journal = Journal(path)
    journal.use_table(table)
    reference = Reference(table)
    kept: list[tuple[int, tuple[object, ...]]] = [(path.stat().st_size, snapshot(journal.session))]
    for step in steps:
        before = path.read_bytes()
        problem = reference.take(step)
        refused: str | None = None
        try:
            journal.append(event_of(step))
        except JournalError as error:
            refused = str(error)
        if refused is not None:
            assert problem is not None and problem in refused, (step, problem, refused)
            assert path.read_bytes() == before, step
            continue
        assert problem is None, (step, problem)
        session = journal.session
        assert balances(session) == reference.balances(), step
        kept.append((path.stat().st_size, snapshot(session)))
    data = path.read_bytes()
    for end, state in kept:  # replaying any prefix gives the state the writer had after it
        assert snapshot(replay(data[:end].decode())) == state
    return journal, reference


@settings(max_examples=size(25, 400), deadline=None)
@given(st.sampled_from(TABLES), actions)
def test_the_journal_takes_and_settles_what_the_reference_does(
    table: Table, steps: list[tuple[Any, ...]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        journal, reference = play(table, steps, Path(folder))
        statement = statement_of(journal.session)
        rows = [
            (
                line.seat,
                line.name,
                line.bankroll,
                line.staked,
                line.won,
                line.lost,
                line.pushed,
                line.commission,
                line.box,
            )
            for line in statement.lines
        ]
        assert rows == reference.statement()
        assert sum(line.net for line in statement.lines) + statement.house == 0
        for line in statement.lines:
            assert line.net == line.won - line.lost - line.commission
            assert line.balance == line.bankroll + line.net
        for seat, (balance, box) in reference.balances().items():
            line = next(line for line in reversed(statement.lines) if line.seat == seat)
            assert line.balance == balance - box  # the balance once the box is paid


rich = st.lists(
    st.one_of(
        st.tuples(st.just("join"), st.integers(1, 7), st.just("Ana"), st.just(Fraction(10**6))),
        st.tuples(
            st.just("bet"),
            st.integers(1, 7),
            st.lists(
                st.tuples(st.sampled_from(BETS[:5]), st.sampled_from(STAKES[1:5])),
                max_size=3,
                min_size=1,
            ),
        ),
        st.tuples(st.just("coup"), st.integers(0, len(COUPS) - 1)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("shoe")),
        st.tuples(st.just("leave"), st.integers(1, 7)),
    ),
    max_size=40,
)


@settings(max_examples=size(20, 300), deadline=None)
@given(rich)
def test_box_and_collect_agree_at_the_end_of_every_shoe(steps: list[tuple[Any, ...]]) -> None:
    """Seats that can always cover their bets take the same actions at both tables: whenever a
    shoe ends (or a seat leaves), every balance is the same."""
    with tempfile.TemporaryDirectory() as folder:
        boxed, _ = play(table_of("standard", "box"), steps, Path(folder))
        collected, _ = play(table_of("standard", "collect"), steps, Path(folder))
        box_states = [balances(s) for s in _shoe_ends(boxed)]
        collect_states = [balances(s) for s in _shoe_ends(collected)]
        assert box_states == collect_states
        assert statement_of(boxed.session).house == statement_of(collected.session).house


def _shoe_ends(journal: Journal) -> list[Session]:
    """The session just after each new shoe of ``journal`` (every box collected)."""
    lines = journal.path.read_text().splitlines(keepends=True)
    ends = []
    for number, line in enumerate(lines):
        if json.loads(line).get("event") == "shoe":
            ends.append(replay("".join(lines[: number + 1])))
    return ends


legacy = st.lists(
    st.one_of(
        st.tuples(st.just("bankroll"), st.sampled_from([Fraction(100), Fraction(1000)])),
        st.tuples(st.just("bet"), st.sampled_from(BETS[:5]), st.sampled_from(STAKES[:5])),
        st.tuples(st.just("coup"), st.integers(0, len(COUPS) - 1)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("shoe")),
    ),
    max_size=30,
)


@settings(max_examples=size(25, 400), deadline=None)
@given(legacy)
def test_a_journal_without_seats_is_written_byte_for_byte_as_before(
    steps: list[tuple[Any, ...]],
) -> None:
    """The lines a journal without seats had before seats (docs/journal.md): each action's
    lines, a coup that settled bets in a batch with its ``settle`` line (the net at once, and
    the balance), and nothing for an action refused."""
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "old.jsonl")
        expected = '{"roads": "journal", "version": 1}\n'
        for step in steps:
            kind = step[0]
            event: dict[str, Any] = (
                {"event": "bankroll", "amount": _number(step[1])}
                if kind == "bankroll"
                else {"event": "bet", "on": step[1], "stake": _number(step[2])}
                if kind == "bet"
                else coup_event(COUPS[step[1]])
                if kind == "coup"
                else {"event": kind}
            )
            open_bets = journal.session.open_bets
            try:
                receipt = journal.append([event])
            except JournalError:
                continue
            line = json.dumps(event) + "\n"
            if kind == "coup" and open_bets:
                settle = {
                    "event": "settle",
                    "net": _number(receipt.settled),
                    "balance": _number(receipt.balance),
                }
                deal = COUPS[step[1]].deal()
                net = sum(
                    (bet.stake * journal.session.table.result(bet.on, deal) for bet in open_bets),
                    Fraction(0),
                )
                assert receipt.settled == net
                line = (
                    '{"event": "begin"}\n'
                    + line
                    + json.dumps(settle)
                    + "\n"
                    + ('{"event": "commit"}\n')
                )
            expected += line
        assert journal.path.read_text() == expected
        assert not journal.session.seated


def _number(value: Fraction | None) -> int | float:
    assert value is not None
    return int(value) if value.denominator == 1 else float(value)
