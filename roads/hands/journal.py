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
from dataclasses import dataclass
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
    BEGIN,
    COMMIT,
    Event,
    bankroll_event,
    bet_event,
    coup_event,
    encode_line,
    shoe_event,
    table_event,
    undo_event,
)
from roads.hands.journal_format import (
    apply_lines,
    check_start,
    decode,
    read_journal,
    replay,
    split_tail,
    warn_torn,
    warn_unclosed,
)
from roads.hands.journal_lock import cut, fsync_folder, locked
from roads.hands.journal_lock import write_all as _write_all  # tests replace it here
from roads.hands.money import MAX_AMOUNT, amount, json_amount, money
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
    "Session",
    "amount",
    "bankroll_event",
    "bet_event",
    "coup_event",
    "is_journal",
    "money",
    "read_journal",
    "replay",
    "shoe_event",
    "table_event",
    "undo_event",
]


@dataclass(frozen=True, slots=True)
class Reopened:
    """The practice bets an undo of a coup left open again, and the net that coup had settled
    them at (play money)."""

    bets: tuple[Bet, ...]
    net: Fraction


@dataclass(frozen=True, slots=True)
class Receipt:
    """What an append did. Per event: the hand or bet it added or took back (``None`` for a new
    shoe, a bankroll, or an undo that removed an empty shoe), and where the session stood after
    it (shoe number, coups in that shoe). Then the net of the practice bets its coups settled
    (``None`` when no bet was open) and the practice balance after it."""

    results: tuple[Hand | Bet | None, ...]
    places: tuple[tuple[int, int], ...]
    settled: Fraction | None
    balance: Fraction | None
    reopened: tuple[Reopened | None, ...] = ()
    """Per event: the bets an undo of a coup opened again (None for every other event)."""


def _reopened(session: Session, hand: Hand) -> Reopened | None:
    """The bets an undo of the coup ``hand`` left open in ``session``, if any."""
    bets = session.open_bets
    return Reopened(tuple(bets), session.settle(bets, hand)) if bets else None


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
        data = os.pread(fd, status.st_size - self._offset, self._offset)
        if self._offset == 0:
            check_start(data, str(self.path))
        whole, torn = split_tail(data)
        if repair and torn:
            warn_torn(str(self.path), self._lines + data.count(b"\n") + 1, "cutting off")
            cut(fd, self._offset + len(whole))
        if repair and len(whole) > len(data):  # a whole last line without its newline
            _write_all(fd, b"\n")
            os.fsync(fd)
        unwritten = not repair and len(whole) > len(data)
        if unwritten:  # a whole last line without its newline: taken, and read again next time
            self._identity = None
        if repair and self._offset + len(whole) == 0:
            _write_all(fd, HEADER_LINE)
            os.fsync(fd)
            fsync_folder(self.path)
            whole = HEADER_LINE
        lines = decode(whole, str(self.path), self._lines).split("\n")[:-1]
        try:
            done, done_bytes = apply_lines(self._session, lines, str(self.path), 1 + self._lines)
        except BaseException:
            self._identity = None  # the lines before the bad one were taken: start over next time
            raise
        if repair and done < len(lines):
            warn_unclosed(
                str(self.path), self._lines + done + 1, self._lines + len(lines), "cutting off"
            )
            cut(fd, self._offset + done_bytes)
        self._lines += done
        self._offset += min(done_bytes, len(data)) if unwritten else done_bytes
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
            lines: list[Event] = []
            results: list[Hand | Bet | None] = []
            places: list[tuple[int, int]] = []
            settled: Fraction | None = None
            reopened: list[Reopened | None] = []
            try:
                for event in events:
                    session.check(event)
                    bets = session.open_bets if event["event"] == "coup" else []
                    results.append(session.apply(event))
                    places.append((len(session.shoes), session.coups))
                    lines.append(event)
                    hand = results[-1]
                    undid = hand if event["event"] == "undo" else None
                    reopened.append(_reopened(session, undid) if isinstance(undid, Hand) else None)
                    if bets and isinstance(hand, Hand):
                        net = session.settle(bets, hand)
                        settled = (settled or Fraction(0)) + net
                        balance = session.balance or Fraction(0)
                        lines.append(
                            {
                                "event": "settle",
                                "net": json_amount(net),
                                "balance": json_amount(balance),
                            }
                        )
                if len(lines) > 1:
                    lines = [{"event": BEGIN}, *lines, {"event": COMMIT}]
                data = b"".join(encode_line(line) for line in lines)
                try:
                    _write_all(fd, data)
                    os.fsync(fd)
                except BaseException:
                    with suppress(OSError):
                        cut(fd, self._offset)
                    raise
            except BaseException:
                if results:  # events were taken: read the file again as it stands
                    self._identity = None
                    with suppress(Exception):
                        self._sync(fd, repair=False)
                raise
            self._offset += len(data)
            self._lines += len(lines)
            self._keep_checkpoint(fd, session)
        return Receipt(tuple(results), tuple(places), settled, session.balance, tuple(reopened))

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
        """Play at ``table``: recorded while the journal holds no coup or bet yet (a journal
        that records none is ``standard``); after that, JournalError unless it is the
        journal's table already."""
        session = self.session
        if table == session.table:
            return None
        if all(not shoe for shoe in session.shoes):
            return self.append([table_event(table)])
        raise JournalError(
            f"{self.path} is played at the {_table_words(session.table)}; it cannot change to "
            f"the {_table_words(table)} once a coup is logged: start another journal for it"
        )

    def bet(self, on: str, stake: Fraction | int) -> Receipt:
        """Stake play money on ``on`` for the next coup."""
        return self.append([bet_event(on, stake)])


def _table_words(table: Table) -> str:
    return f"{table.rules} table (Tie {table.tie_pays}:1)"
