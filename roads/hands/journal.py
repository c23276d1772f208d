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

from __future__ import annotations

import fcntl
import json
import os
import re
import stat
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from roads.atomic import mark_input
from roads.errors import ParseError, RoadsError
from roads.formats import JOURNAL_HEADER as HEADER
from roads.formats import JOURNAL_HEADER_LINE as HEADER_LINE
from roads.formats import JOURNAL_VERSION as VERSION
from roads.formats import is_journal
from roads.game.paytable import PRACTICE, BetOn, Paytable, parse_bet_on
from roads.hands.hand import Hand
from roads.hands.readers import hand_from_fields

__all__ = [
    "HEADER",
    "VERSION",
    "Bet",
    "Journal",
    "JournalBusyError",
    "JournalError",
    "JournalWarning",
    "Receipt",
    "Session",
    "is_journal",
    "read_journal",
    "replay",
]

KINDS = ("coup", "undo", "shoe", "bankroll", "bet", "settle")
BEGIN, COMMIT = "begin", "commit"
"""The records around the lines of one append of several lines: readers take the lines only
once the commit record is there, so a batch cut short by a crash is left out whole."""
MAX_AMOUNT = Fraction(10**12)
"""The most play money an amount may hold: every whole-cent amount below it is exact as a JSON
number."""

Event = dict[str, Any]
_THOUSANDS = re.compile(r"[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")
_PLAIN_AMOUNT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


class JournalWarning(UserWarning):
    """Something in a journal was skipped, such as a torn last line."""


class JournalError(RoadsError):
    """An action the journal cannot take, such as undo with nothing to undo."""


class JournalBusyError(JournalError):
    """Another process held the journal's lock for longer than the wait allowed."""


def _line(event: Event) -> bytes:
    return (json.dumps(event) + "\n").encode("ascii")


@dataclass(frozen=True, slots=True)
class Bet:
    """A practice bet with play money."""

    on: BetOn
    stake: Fraction


@dataclass(frozen=True, slots=True)
class _Coup:
    hand: Hand
    settled: tuple[Bet, ...]
    era: int  # which bankroll the settled bets count towards


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


@dataclass(slots=True)
class Session:
    """The state a journal's events add up to.

    Besides the shoes it keeps what each event needs to know (the open bets, the coups of the
    current shoe, the net of the bets settled since the latest bankroll), so taking an event
    costs the same however long the shoe is.
    """

    shoes: list[list[_Coup | Bet]] = field(default_factory=lambda: [[]])
    bankroll: Fraction | None = None
    paytable: Paytable = PRACTICE
    era: int = 0
    _open: list[Bet] = field(default_factory=list)  # bets since the current shoe's last coup
    _counts: list[int] = field(default_factory=lambda: [0])  # coups of each shoe
    _net: Fraction = Fraction(0)  # of the bets settled by coups of the current era

    # -- reading ---------------------------------------------------------------------------

    def hands(self, shoe: int | None = None, every_shoe: bool = False) -> list[Hand]:
        """The hands of the current shoe, of shoe number ``shoe`` (1-based), or of all shoes."""
        if every_shoe:
            chosen = self.shoes
        elif shoe is None:
            chosen = self.shoes[-1:]
        elif 1 <= shoe <= len(self.shoes):
            chosen = [self.shoes[shoe - 1]]
        else:
            raise JournalError(f"there is no shoe {shoe}: the journal holds {len(self.shoes)}")
        return [item.hand for items in chosen for item in items if isinstance(item, _Coup)]

    @property
    def coups(self) -> int:
        """How many coups the current shoe holds."""
        return self._counts[-1]

    @property
    def open_bets(self) -> list[Bet]:
        """Bets placed since the last coup of the current shoe."""
        return list(self._open)

    @property
    def staked(self) -> Fraction:
        """The play money on the table: the stakes of the open bets."""
        return sum((bet.stake for bet in self._open), Fraction(0))

    @property
    def balance(self) -> Fraction | None:
        """The latest bankroll plus the net of every bet settled since (open bets not counted)."""
        if self.bankroll is None:
            return None
        return self.bankroll + self._net

    def _settled_net(self, coup: _Coup) -> Fraction:
        return sum(
            (self.paytable.net(bet.on, bet.stake, coup.hand) for bet in coup.settled),
            Fraction(0),
        )

    # -- changing --------------------------------------------------------------------------

    def check(self, event: Event) -> None:
        """Raise JournalError if ``event`` cannot be taken now (``apply`` then raises nothing
        for it)."""
        kind = event.get("event")
        if kind not in KINDS:
            raise JournalError(f"{kind!r} is not a journal event: use one of {', '.join(KINDS)}")
        if kind == "undo":
            self._check_undo()
        if kind in ("shoe", "bankroll") and self.open_bets:
            what = "a new shoe" if kind == "shoe" else "a new bankroll"
            raise JournalError(
                "practice bets are open: log the coup that settles them, or undo them, "
                f"before {what}"
            )
        if kind == "coup":
            hand_from_fields(event, "", 0)
        if kind == "bankroll":
            amount(event.get("amount"))
        if kind == "bet":
            if self.bankroll is None:
                raise JournalError(
                    "set a practice bankroll before placing bets", about=("bankroll",)
                )
            parse_bet_on(str(event.get("on", "")))
            stake = amount(event.get("stake"))
            left = (self.balance or Fraction(0)) - self.staked
            if stake > left:
                raise JournalError(
                    f"a stake of {money(stake)} is more than the {money(max(left, Fraction(0)))} "
                    "of play money left"
                )

    def _check_undo(self) -> None:
        current = self.shoes[-1]
        if not current and len(self.shoes) == 1:
            raise JournalError("nothing to undo: no coup or bet has been logged")
        last = current[-1] if current else None
        if isinstance(last, _Coup) and last.settled and last.era != self.era:
            raise JournalError(
                "the last coup settled practice bets of an earlier bankroll, so it can no "
                "longer be undone"
            )

    def apply(self, event: Event) -> Bet | Hand | None:
        """Take one event; return the hand or bet it added or took back, if any. Replay is
        lenient: an undo with nothing to undo, and kinds from newer versions, change nothing."""
        kind = event.get("event")
        current = self.shoes[-1]
        if kind == "coup":
            hand = hand_from_fields(event, "", 0)
            coup = _Coup(hand, tuple(self._open), self.era)
            current.append(coup)
            self._counts[-1] += 1
            self._open = []
            if coup.settled:
                self._net += self._settled_net(coup)
            return hand
        if kind == "undo":
            if current:
                item = current.pop()
                if isinstance(item, Bet):
                    self._open.pop()
                    return item
                self._counts[-1] -= 1
                self._open = list(item.settled)
                if item.settled and item.era == self.era:
                    self._net -= self._settled_net(item)
                return item.hand
            if len(self.shoes) > 1:
                self.shoes.pop()
                self._counts.pop()
                self._open = self._trailing_bets()
            return None
        if kind == "shoe":
            self.shoes.append([])
            self._counts.append(0)
            self._open = []
            return None
        if kind == "bankroll":
            self.bankroll = amount(event.get("amount"))
            self.era += 1
            self._net = Fraction(0)
            return None
        if kind == "bet":
            bet = Bet(parse_bet_on(str(event.get("on", ""))), amount(event.get("stake")))
            current.append(bet)
            self._open.append(bet)
            return bet
        return None  # "settle", and kinds from newer versions: nothing to replay

    def _trailing_bets(self) -> list[Bet]:
        """The bets after the current shoe's last coup (a lenient replay may leave some)."""
        bets: list[Bet] = []
        for item in reversed(self.shoes[-1]):
            if isinstance(item, _Coup):
                break
            bets.append(item)
        return bets[::-1]


def amount(value: Any) -> Fraction:
    """A positive amount of play money in whole cents, from a number or its text."""
    if isinstance(value, bool):
        raise JournalError(f"{value!r} is not an amount of play money")
    text = str(value).strip()
    if "," in text:  # thousands separators only: "2,50" is not 250
        if not _THOUSANDS.fullmatch(text):
            raise JournalError(
                f"{value!r} is not an amount of play money: write 1000.50 or 1,000.50"
            )
        text = text.replace(",", "")
    numeric = isinstance(value, int | Fraction)
    if not numeric and not _PLAIN_AMOUNT.fullmatch(text):  # not "١٠", "1_000" or "1e3"
        raise JournalError(
            f"{value!r} is not an amount of play money: write digits 0-9, e.g. 1000.50"
        )
    try:
        result = Fraction(value) if numeric else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise JournalError(f"{value!r} is not an amount of play money") from None
    if result <= 0 or 100 % result.denominator:
        raise JournalError(f"{value!r} is not a positive amount in whole cents")
    if result > MAX_AMOUNT:
        raise JournalError(f"{value!r} is more play money than roads keeps ({money(MAX_AMOUNT)})")
    return result


def money(value: Fraction, *, sign: bool = False) -> str:
    """Play money as people read it: ``1,009.50`` (``+9.50`` with ``sign``)."""
    return f"{float(value):{'+' if sign else ''},.2f}"


def _json_amount(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


# -- events ------------------------------------------------------------------------------------


def coup_event(hand: Hand) -> Event:
    return {"event": "coup", **hand.as_dict()}


def undo_event() -> Event:
    return {"event": "undo"}


def shoe_event() -> Event:
    return {"event": "shoe"}


def bankroll_event(value: Fraction | int | str) -> Event:
    return {"event": "bankroll", "amount": _json_amount(amount(value))}


def bet_event(on: BetOn | str, stake: Fraction | int | str) -> Event:
    side = on if isinstance(on, BetOn) else parse_bet_on(on)
    return {"event": "bet", "on": side.value, "stake": _json_amount(amount(stake))}


# -- reading -----------------------------------------------------------------------------------


def replay(text: str, source: str = "") -> Session:
    """The state of a journal's text. A last line without its newline is torn, unless it is a
    whole event: a torn line, and a batch of lines without its commit record, are ignored with
    a JournalWarning. Any other bad line raises ParseError naming it."""
    data = text.encode("utf-8")
    return _replay_bytes(data, source or "journal", source)


def read_journal(path: str | os.PathLike[str]) -> Session:
    """Replay a journal file. Lines being written by another process are not seen: a write
    in progress is only ever a torn last line or a batch without its commit record, and both
    are left out (with a warning only when no write is under way). Never waits for a lock."""
    with _open_reading(path) as file:
        busy = _writing(file.fileno())
        data = file.read()
    if busy:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", JournalWarning)
            return _replay_bytes(data, str(path), str(path))
    return _replay_bytes(data, str(path), str(path))


def _open_reading(path: str | os.PathLike[str]) -> IO[bytes]:
    """``path`` opened for reading, refused by name if it is not a regular file (a device or
    a FIFO would block, or read as nothing)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RoadsError(f"{os.fsdecode(path)}: not a regular file, so not a journal")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _writing(fd: int) -> bool:
    """Whether another process holds the journal's exclusive lock (is writing) right now."""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    fcntl.flock(fd, fcntl.LOCK_UN)
    return False


def _replay_bytes(data: bytes, name: str, source: str) -> Session:
    _check_start(data, source)
    complete, torn = _split_tail(data)
    if torn:
        _warn_torn(name, complete.count(b"\n") + 1)
    session = Session()
    lines = _decode(complete, source, 0).split("\n")[:-1]
    applied, _ = _apply_lines(session, lines, source, 1)
    if applied < len(lines):
        _warn_unclosed(name, applied + 1, len(lines))
    return session


def _split_tail(data: bytes) -> tuple[bytes, bytes]:
    """``data`` as its whole lines (each ending with a newline) and a torn tail. A last line
    without its newline is whole if it is a complete event (a file edited by hand)."""
    end = data.rfind(b"\n") + 1
    tail = data[end:]
    if tail and _is_event(tail):
        return data + b"\n", b""
    return data[:end], tail


def _is_event(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def _warn_torn(source: str, line: int, action: str = "ignoring") -> None:
    warnings.warn(
        f"{source}: {action} a torn last line (line {line}), left by a write that did not finish",
        JournalWarning,
        stacklevel=3,
    )


def _warn_unclosed(source: str, first: int, last: int, action: str = "ignoring") -> None:
    warnings.warn(
        f"{source}: {action} lines {first}-{last}, a batch without its commit record, left by "
        "a write that did not finish",
        JournalWarning,
        stacklevel=3,
    )


def _decode(data: bytes, source: str, first_line: int) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + data.count(b"\n", 0, error.start) + 1
        raise ParseError("not UTF-8 text", source=source, line=line) from None


def _check_start(data: bytes, source: str) -> None:
    """Refuse data whose first line is not a journal header. A first line torn before its
    newline passes if it is the start of the header this module writes."""
    first, newline, _ = data.partition(b"\n")
    if not newline:
        if HEADER_LINE.startswith(first):
            return
        raise _not_a_journal(source)
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        raise _not_a_journal(source) from None
    if not isinstance(header, dict):
        raise _not_a_journal(source)
    _check_header(header, source)


def _not_a_journal(source: str) -> ParseError:
    return ParseError(
        'not a roads journal: its first line is not {"roads": "journal", ...}; '
        "roads log starts a journal in a new or empty file",
        source=source,
        line=1,
    )


def _check_header(header: dict[str, Any], source: str) -> None:
    if header.get("roads") != "journal":
        raise _not_a_journal(source)
    version = header.get("version")
    if version != VERSION:
        raise ParseError(
            f"journal version {version!r}: this roads reads version {VERSION}",
            source=source,
            line=1,
        )


def _parse_line(line: str, source: str, number: int) -> Event | None:
    """The event on a line; None for a blank line or the header (line 1, checked)."""
    if not line.strip():
        return None
    try:
        event = json.loads(line)
    except ValueError as error:
        raise ParseError(f"not a journal event: {error}", source=source, line=number) from None
    except RecursionError:
        raise ParseError(
            "not a journal event: nested too deeply", source=source, line=number
        ) from None
    if not isinstance(event, dict):
        raise ParseError("not a journal event (expected {...})", source=source, line=number)
    if number == 1:
        _check_header(event, source)
        return None
    return event


def _apply_event(session: Session, event: Event, source: str, number: int) -> None:
    try:
        session.apply(event)
    except RoadsError as error:
        reason = error.reason if isinstance(error, ParseError) else str(error)
        raise ParseError(reason, source=source, line=number) from None


def _apply_lines(
    session: Session, lines: Sequence[str], source: str, first: int
) -> tuple[int, int]:
    """Apply whole ``lines`` (numbered from ``first``) to ``session``: the events of a batch
    only once its commit record is read. Returns how many lines are done with (applied, or
    blank) before the first batch left open, and how many bytes they take with newlines."""
    done = done_bytes = position = 0
    batch: list[tuple[Event, int]] | None = None
    for index, line in enumerate(lines):
        number = first + index
        position += len(line if line.isascii() else line.encode("utf-8")) + 1
        event = _parse_line(line, source, number)
        kind = event.get("event") if event is not None else None
        if kind == BEGIN:
            if batch is not None:
                raise ParseError(
                    "a batch begins inside another one that has no commit record",
                    source=source,
                    line=number,
                )
            batch = []
            continue
        if kind == COMMIT:
            for queued, queued_number in batch or ():
                _apply_event(session, queued, source, queued_number)
            batch = None
        elif event is not None:
            if batch is not None:
                batch.append((event, number))
                continue
            _apply_event(session, event, source, number)
        elif batch is not None:
            continue
        done, done_bytes = index + 1, position
    return done, done_bytes


# -- writing -----------------------------------------------------------------------------------


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte (a write to a regular file may stop short, e.g. on a full disk)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


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
    ) -> None:
        """``lock_wait``: the most seconds a change waits for another writer's lock before
        raising JournalBusyError (None: as long as it takes). ``read_only``: follow an existing
        journal with ``refresh()`` without ever writing to it or waiting for its lock."""
        self.path = Path(path)
        self.lock_wait = lock_wait
        self.read_only = read_only
        self.session = Session()
        self._offset = 0  # bytes of the file replayed into ``session``, always at a line end
        self._lines = 0
        self._identity: tuple[int, int] | None = None
        if not read_only and os.path.exists(self.path):
            # Replay what is committed without the lock, so that only what other writers add
            # meanwhile is read while every other writer waits.
            with self._locked(write=False) as fd:
                self._sync(fd, repair=False)
        with self._locked(write=not read_only) as fd:
            self._sync(fd, repair=not read_only)
        mark_input(self.path)  # no output of this process may replace it

    @contextmanager
    def _locked(self, *, write: bool) -> Iterator[int]:
        """The journal open for appending under the exclusive lock, or open for reading
        without any lock (readers take only what is committed, so they never wait)."""
        flags = (os.O_RDWR | os.O_CREAT | os.O_APPEND) if write else os.O_RDONLY
        fd = os.open(self.path, flags | os.O_CLOEXEC | os.O_NONBLOCK, 0o666)
        try:
            os.set_blocking(fd, True)
            if write:
                self._lock(fd)
            yield fd
        finally:
            os.close(fd)  # releases the lock

    def _lock(self, fd: int) -> None:
        if self.lock_wait is None:
            fcntl.flock(fd, fcntl.LOCK_EX)
            return
        deadline = time.monotonic() + self.lock_wait
        pause = 0.002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise JournalBusyError(
                        f"the journal {self.path} is locked by another process: try again"
                    ) from None
                time.sleep(min(pause, left))
                pause = min(pause * 2, 0.05)

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
            self.session, self._offset, self._lines = Session(), 0, 0
        data = os.pread(fd, status.st_size - self._offset, self._offset)
        if self._offset == 0:
            _check_start(data, str(self.path))
        whole, torn = _split_tail(data)
        if repair and torn:
            _warn_torn(str(self.path), self._lines + data.count(b"\n") + 1, "cutting off")
            self._cut(fd, self._offset + len(whole))
        if repair and len(whole) > len(data):  # a whole last line without its newline
            _write_all(fd, b"\n")
            os.fsync(fd)
        unwritten = not repair and len(whole) > len(data)
        if unwritten:  # a whole last line without its newline: taken, and read again next time
            self._identity = None
        if repair and self._offset + len(whole) == 0:
            _write_all(fd, HEADER_LINE)
            os.fsync(fd)
            self._fsync_folder()
            whole = HEADER_LINE
        lines = _decode(whole, str(self.path), self._lines).split("\n")[:-1]
        try:
            done, done_bytes = _apply_lines(self.session, lines, str(self.path), 1 + self._lines)
        except BaseException:
            self._identity = None  # the lines before the bad one were taken: start over next time
            raise
        if repair and done < len(lines):
            _warn_unclosed(
                str(self.path), self._lines + done + 1, self._lines + len(lines), "cutting off"
            )
            self._cut(fd, self._offset + done_bytes)
        self._lines += done
        self._offset += min(done_bytes, len(data)) if unwritten else done_bytes
        return reset or done > 0

    def _cut(self, fd: int, size: int) -> None:
        os.ftruncate(fd, size)
        os.fsync(fd)

    def _fsync_folder(self) -> None:
        """Make the new file's name durable too."""
        with suppress(OSError):
            folder = os.open(self.path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)

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
        with self._locked(write=True) as fd:
            self._sync(fd, repair=True)
            session = self.session  # changed in place, and read again if anything fails
            lines: list[Event] = []
            results: list[Hand | Bet | None] = []
            places: list[tuple[int, int]] = []
            settled: Fraction | None = None
            try:
                for event in events:
                    session.check(event)
                    bets = session.open_bets if event["event"] == "coup" else []
                    results.append(session.apply(event))
                    places.append((len(session.shoes), session.coups))
                    lines.append(event)
                    hand = results[-1]
                    if bets and isinstance(hand, Hand):
                        net = sum(
                            (session.paytable.net(b.on, b.stake, hand) for b in bets),
                            Fraction(0),
                        )
                        settled = (settled or Fraction(0)) + net
                        balance = session.balance or Fraction(0)
                        lines.append(
                            {
                                "event": "settle",
                                "net": _json_amount(net),
                                "balance": _json_amount(balance),
                            }
                        )
                if len(lines) > 1:
                    lines = [{"event": BEGIN}, *lines, {"event": COMMIT}]
                data = b"".join(_line(line) for line in lines)
                try:
                    _write_all(fd, data)
                    os.fsync(fd)
                except BaseException:
                    with suppress(OSError):
                        self._cut(fd, self._offset)
                    raise
            except BaseException:
                if results:  # events were taken: read the file again as it stands
                    self._identity = None
                    with suppress(Exception):
                        self._sync(fd, repair=False)
                raise
            self._offset += len(data)
            self._lines += len(lines)
        return Receipt(tuple(results), tuple(places), settled, session.balance)

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

    def bet(self, on: BetOn, stake: Fraction | int) -> Receipt:
        """Stake play money on ``on`` for the next coup."""
        return self.append([bet_event(on, stake)])
