"""A practice session kept in one append-only JSON Lines file, the *journal*.

The first line identifies the file (``{"roads": "journal", "version": 1}``); every other line is
one event: a coup, an undo, a new shoe, a practice bankroll, a practice bet, or the settlement
of bets (written for people and other tools; replay settles bets itself). Replaying the lines
gives the state. Each change is written whole and flushed to disk under an exclusive lock before
it counts as logged, so a crash can only leave a torn last line, which readers ignore (with a
warning) and the next writer cuts off. Nothing before the last newline is ever rewritten.

Undo takes back the last coup or bet of the current shoe (a coup taken back leaves the bets it
settled open again, to be settled by the coup logged in its place), or a new shoe that has
nothing in it yet. A bankroll event starts the practice balance over at its amount.
"""

import os
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from fractions import Fraction
from pathlib import Path

from roads.atomic import mark_input
from roads.errors import ParseError, RoadsError
from roads.formats import JOURNAL_HEADER as HEADER
from roads.formats import JOURNAL_HEADER_LINE as HEADER_LINE
from roads.formats import JOURNAL_VERSION as VERSION
from roads.formats import is_journal
from roads.hands import journal_checkpoint as checkpoint
from roads.hands.hand import Hand
from roads.hands.journal_errors import JournalBusyError, JournalError, JournalWarning
from roads.hands.journal_events import (
    Event,
    bankroll_event,
    bet_event,
    close_event,
    coup_event,
    join_event,
    leave_event,
    plan_event,
    seat_bet_event,
    shoe_event,
    table_event,
    undo_event,
)
from roads.hands.journal_format import (
    apply_lines,
    check_start,
    read_journal,
    replay,
    warn_torn,
    warn_unclosed,
)
from roads.hands.journal_lock import cut, fsync_folder, locked
from roads.hands.journal_lock import write_all as _write_all  # tests replace it here
from roads.hands.journal_receipts import Receipt, Reopened, SeatSettled, Taken
from roads.hands.journal_stream import LineStream, check_cut, fd_reader
from roads.hands.money import MAX_AMOUNT, amount, money
from roads.hands.seats import SeatChange
from roads.hands.session import Bet, Session
from roads.tables import Table

__all__ = [
    "HEADER",
    "MAX_AMOUNT",
    "VERSION",
    "Bet",
    "Event",
    "Journal",
    "JournalBusyError",
    "JournalError",
    "JournalWarning",
    "ParseError",
    "Receipt",
    "Reopened",
    "SeatChange",
    "SeatSettled",
    "Session",
    "amount",
    "bankroll_event",
    "bet_event",
    "close_event",
    "coup_event",
    "is_journal",
    "join_event",
    "leave_event",
    "money",
    "plan_event",
    "read_journal",
    "replay",
    "seat_bet_event",
    "shoe_event",
    "table_event",
    "undo_event",
]


class Journal:
    """A journal file opened for logging. Every change is appended under an exclusive lock,
    after catching up with lines other writers added, and is on disk when the method returns.

    Opening a file that is not a journal raises ParseError and leaves the file as it was; a new
    or empty file becomes a journal.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        lock_wait: float | None = None,
        read_only: bool = False,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        """``lock_wait``: the most seconds a change waits for another writer's lock before
        raising JournalBusyError (None: as long as it takes). ``read_only``: follow an existing
        journal with ``refresh()`` without ever writing to it or waiting for its lock.
        ``on_wait``: called at once when a change must wait for another process's lock (to say
        so); the attribute of that name may be set later too."""
        self.path = Path(path)
        self.lock_wait = lock_wait
        self.on_wait = on_wait
        self.read_only = read_only
        self._session = Session()
        self._partial = False  # whether _session is a checkpoint's summary, not the whole
        self._crc: tuple[int, int] | None = None  # (bytes, their CRC) of the last checkpoint
        self._offset = 0  # bytes of the file replayed into ``session``, always at a line end
        self._lines = 0
        self._identity: tuple[int, int] | None = None
        if not read_only and os.path.exists(self.path):
            # Replay what is committed without the lock, so that only what other writers add
            # meanwhile is read while every other writer waits.
            with self._locked(write=False) as fd:
                self._resume(fd)
                self._sync(fd, repair=False)
        with self._locked(write=not read_only) as fd:
            self._sync(fd, repair=not read_only)
        mark_input(self.path)  # no output of this process may replace it

    @property
    def session(self) -> Session:
        """The state the journal's committed events add up to (replayed whole the first time
        it is asked for, if a checkpoint spared the replay so far)."""
        if self._partial:
            self._partial, self._identity = False, None  # replay from the top
            self.refresh()
        return self._session

    def _resume(self, fd: int) -> None:
        """Start from the journal's checkpoint, if one holds: only what follows is replayed."""
        status = os.fstat(fd)
        identity = (status.st_dev, status.st_ino)
        found = checkpoint.load(fd, identity)
        if found is not None:
            self._session, self._offset, self._lines = found.session, found.offset, found.lines
            self._identity, self._partial = identity, True
            self._crc = (found.offset, found.crc)

    @contextmanager
    def _locked(self, *, write: bool) -> Iterator[int]:
        """The journal open for appending under the exclusive lock, or open for reading
        without any lock (readers take only what is committed, so they never wait)."""
        with locked(self.path, write=write, lock_wait=self.lock_wait, on_wait=self.on_wait) as fd:
            yield fd

    def _sync(self, fd: int, *, repair: bool) -> bool:
        """Replay what was appended since we last looked; whether anything was. With
        ``repair`` (under the exclusive lock), cut off a torn last line or a batch without its
        commit record, end a whole last line that lacks its newline, and write the header of
        a new journal."""
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise RoadsError(f"{self.path}: not a regular file, so not a journal")
        identity = (status.st_dev, status.st_ino)
        reset = identity != self._identity or status.st_size < self._offset
        if reset:  # first look, or the file was replaced or cut short by someone else
            self._identity = identity
            self._session, self._offset, self._lines = Session(), 0, 0
            self._partial, self._crc = False, None
        source = str(self.path)
        read = fd_reader(fd, self._offset, status.st_size)
        stream = LineStream(
            read, source, offset=self._offset, first_line=1 + self._lines, check_start=check_start
        )
        try:
            done, done_bytes, count = apply_lines(
                self._session, stream.lines(), source, 1 + self._lines
            )
        except BaseException:
            self._identity = None  # the lines before the bad one were taken: start over next time
            raise
        if repair and stream.tail:
            warn_torn(source, self._lines + count + 1, "cutting off")
            cut(fd, self._offset + stream.whole_bytes)
        if repair and stream.unended:  # a whole last line without its newline
            _write_all(fd, b"\n")
            os.fsync(fd)
        if not repair and stream.unended:  # taken, and read again next time
            self._identity = None
            done_bytes = min(done_bytes, status.st_size - self._offset)
        if repair and self._offset == 0 and count == 0:
            _write_all(fd, HEADER_LINE)
            os.fsync(fd)
            fsync_folder(self.path)
            header = [HEADER_LINE.decode("ascii").rstrip("\n")]
            done, done_bytes, count = apply_lines(self._session, header, source, 1)
        if repair and done < count:
            warn_unclosed(source, self._lines + done + 1, self._lines + count, "cutting off")
            check_cut(source, stream.whole_bytes - done_bytes)
            cut(fd, self._offset + done_bytes)
        self._lines += done
        self._offset += done_bytes
        return reset or done > 0

    def refresh(self) -> bool:
        """Catch up with what other writers committed (changing nothing, waiting for no lock);
        whether anything was."""
        with self._locked(write=False) as fd:
            return self._sync(fd, repair=False)

    def append(self, events: Sequence[Event]) -> Receipt:
        """Log ``events`` all together or not at all: each is checked against the state after
        the ones before it, bets open at a coup are settled with it (a ``settle`` line is
        added), and the lines are written in one go and flushed to disk. If the write or the
        flush fails, the lines are cut off again before the error is raised."""
        if self.read_only:
            raise JournalError(f"{self.path} is open read-only")
        if any(event.get("event") == "undo" for event in events):
            self.session  # noqa: B018 -- an undo needs the whole state: replay it now
        with self._locked(write=True) as fd:
            self._sync(fd, repair=True)
            session = self._session  # changed in place, and read again if anything fails
            taken = Taken()
            try:
                for event in events:
                    taken.take(session, event)
                data = taken.data()
                try:
                    _write_all(fd, data)
                    os.fsync(fd)
                except BaseException:
                    with suppress(OSError):
                        cut(fd, self._offset)
                    raise
            except BaseException:
                if taken.results:  # events were taken: read the file again as it stands
                    self._identity = None
                    with suppress(Exception):
                        self._sync(fd, repair=False)
                raise
            self._offset += len(data)
            self._lines += data.count(b"\n")
            self._keep_checkpoint(fd, session)
        return taken.receipt(session)

    def _keep_checkpoint(self, fd: int, session: Session) -> None:
        """Leave the next writer a checkpoint of ``session``, replayed up to ``_offset``."""
        if self._identity is not None:
            self._crc = checkpoint.save(
                self._identity, fd, session, self._offset, self._lines, self._crc
            )

    def add(self, hand: Hand) -> Receipt:
        """Log a coup, settling any open practice bets with it."""
        return self.append([coup_event(hand)])

    def undo(self) -> Receipt:
        """Take back the last coup or bet of the current shoe, or an empty new shoe."""
        return self.append([undo_event()])

    def new_shoe(self) -> Receipt:
        return self.append([shoe_event()])

    def set_bankroll(self, value: Fraction | int) -> Receipt:
        """Start the practice balance (play money) over at ``value``."""
        return self.append([bankroll_event(value)])

    def use_table(self, table: Table) -> Receipt | None:
        """Play at ``table``: recorded while the current shoe holds no coup or bet yet (a
        journal that records none is ``standard``); after that, JournalError unless it is the
        shoe's table already."""
        events = self.table_events(table)
        return self.append(events) if events else None

    def table_events(self, table: Table) -> list[Event]:
        """The events that put the current shoe at ``table``: none if it is there already,
        else its ``table`` event; JournalError if the shoe has a coup or a bet already."""
        session = self._session  # a checkpoint's summary knows the table, coups and bets
        if table == session.table:
            return []
        if not session.coups and not session.open_bets:
            return [table_event(table)]
        raise JournalError(
            f"{self.path} is played at the {_table_words(session.table)}; it cannot change to "
            f"the {_table_words(table)} once a coup is logged: start a new shoe (--new-shoe) "
            "or another journal for it"
        )

    def setup_events(
        self, *, table: Table | None, hands: int | None, after_new_shoe: bool = False
    ) -> list[Event]:
        """The events that set the session up as asked, to log before (or with) an action:
        the table's, unless the shoe is at ``table`` already (``after_new_shoe``: the table
        is the next shoe's, checked when it is logged), and a plan of ``hands`` coups unless
        that is the plan already. None for either leaves it as it is."""
        events: list[Event] = []
        if table is not None:
            if not after_new_shoe:
                events += self.table_events(table)
            elif table != self._session.table:
                events.append(table_event(table))
        if hands is not None and hands != self._session.plan:
            events.append(plan_event(hands))
        return events

    def bet(self, on: str, stake: Fraction | int, *, seat: int | None = None) -> Receipt:
        """Stake play money on ``on`` for the next coup: seat 1's (as before seats), or seat
        number ``seat``'s."""
        event = bet_event(on, stake) if seat is None else seat_bet_event(seat, on, stake)
        return self.append([event])

    def bets(self, seat: int, bets: Sequence[tuple[str, Fraction | int]]) -> Receipt:
        """Stake play money for seat number ``seat`` on each ``(on, stake)`` of ``bets``, as
        one action: every bet is taken, or none (the first that breaks a rule refuses it)."""
        return self.append([seat_bet_event(seat, on, stake) for on, stake in bets])

    def join(self, seat: int, name: str, bankroll: Fraction | int) -> Receipt:
        """``name`` (any script) takes seat number ``seat`` with ``bankroll`` of play money."""
        return self.append([join_event(seat, name, bankroll)])

    def leave(self, seat: int) -> Receipt:
        """Seat number ``seat`` is given up, its commission box collected (its bets settled
        first)."""
        return self.append([leave_event(seat)])

    def set_plan(self, hands: int) -> Receipt:
        """Plan the session to last ``hands`` coups in all: a further coup is refused until the
        plan is raised."""
        return self.append([plan_event(hands)])


def _table_words(table: Table) -> str:
    named = f"{table.name!r}, the " if table.name else ""
    return f"{named}{table.rules} table (Tie {table.tie_pays}:1)"
