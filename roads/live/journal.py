"""A practice session kept in one append-only JSON Lines file, the *journal*.

The first line identifies the file (``{"roads": "journal", "version": 1}``); every other line is
one event: a coup, an undo, a new shoe, a practice bankroll, a practice bet, or the settlement
of bets (written for people and other tools; replay settles bets itself). Replaying the lines
gives the state. Each event is written whole and flushed to disk under an exclusive lock before
it counts as logged, so a crash can only leave a torn last line, which readers ignore (with a
warning) and the next writer cuts off.
"""

from __future__ import annotations

import fcntl
import json
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from roads.errors import ParseError, RoadsError
from roads.game.paytable import PRACTICE, BetOn, Paytable, parse_bet_on
from roads.hands.hand import Hand
from roads.hands.readers import hand_from_fields

VERSION = 1
HEADER: dict[str, Any] = {"roads": "journal", "version": VERSION}


class JournalWarning(UserWarning):
    """Something in a journal was skipped, such as a torn last line."""


class JournalError(RoadsError):
    """An action the journal cannot take, such as undo with nothing to undo."""


def is_journal(text: str) -> bool:
    """Whether ``text`` starts with a journal's first line, whatever the file is called."""
    first = text.split("\n", 1)[0].strip()
    if not first.startswith("{"):
        return False
    try:
        header = json.loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and header.get("roads") == "journal"


@dataclass(frozen=True, slots=True)
class Bet:
    """A practice bet with play money."""

    on: BetOn
    stake: Fraction


@dataclass(slots=True)
class _Coup:
    hand: Hand
    settled: tuple[Bet, ...]


@dataclass(slots=True)
class Session:
    """The state a journal's events add up to."""

    shoes: list[list[_Coup | Bet]] = field(default_factory=lambda: [[]])
    bankroll: Fraction | None = None
    paytable: Paytable = PRACTICE

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
    def open_bets(self) -> list[Bet]:
        """Bets placed since the last coup of the current shoe."""
        bets: list[Bet] = []
        for item in self.shoes[-1]:
            bets = [] if isinstance(item, _Coup) else [*bets, item]
        return bets

    @property
    def balance(self) -> Fraction | None:
        """Bankroll plus every settled bet's net result (open bets not yet counted)."""
        if self.bankroll is None:
            return None
        return self.bankroll + sum(
            (
                self.paytable.net(bet.on, bet.stake, item.hand)
                for items in self.shoes
                for item in items
                if isinstance(item, _Coup)
                for bet in item.settled
            ),
            Fraction(0),
        )

    # -- changing --------------------------------------------------------------------------

    def check(self, event: dict[str, Any]) -> None:
        """Raise JournalError if ``event`` cannot be taken now."""
        kind = event.get("event")
        if kind == "undo" and not self.shoes[-1]:
            raise JournalError("nothing to undo in this shoe")
        if kind == "bet":
            if self.bankroll is None:
                raise JournalError("set a practice bankroll (--bankroll) before placing bets")
            available = self.balance or Fraction(0)
            staked = sum((bet.stake for bet in self.open_bets), Fraction(0))
            stake = _amount(event.get("stake"))
            if stake > available - staked:
                raise JournalError(
                    f"a stake of {_money(stake)} is more than the {_money(available - staked)} "
                    "of play money left"
                )

    def apply(self, event: dict[str, Any]) -> Bet | Hand | None:
        """Take one event; return the hand or bet it added, if any."""
        kind = event.get("event")
        current = self.shoes[-1]
        if kind == "coup":
            hand = hand_from_fields(event, "", 0)
            current.append(_Coup(hand, tuple(self.open_bets)))
            return hand
        if kind == "undo":
            if current:
                current.pop()
            return None
        if kind == "shoe":
            self.shoes.append([])
            return None
        if kind == "bankroll":
            self.bankroll = _amount(event.get("amount"))
            return None
        if kind == "bet":
            bet = Bet(parse_bet_on(str(event.get("on", ""))), _amount(event.get("stake")))
            current.append(bet)
            return bet
        return None  # "settle", and kinds from newer versions: nothing to replay


def _amount(value: Any) -> Fraction:
    try:
        amount = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise JournalError(f"{value!r} is not an amount of play money") from None
    if amount <= 0 or amount.denominator not in (1, 2, 4, 5, 10, 20, 25, 50, 100):
        raise JournalError(f"{value!r} is not a positive amount in whole cents")
    return amount


def _money(amount: Fraction) -> str:
    return f"{float(amount):,.2f}"


def coup_event(hand: Hand) -> dict[str, Any]:
    return {"event": "coup", **hand.as_dict()}


def _json_amount(amount: Fraction) -> int | float:
    return int(amount) if amount.denominator == 1 else float(amount)


def replay(text: str, source: str = "") -> Session:
    """The state of a journal's text. A last line without its newline is torn: it is ignored
    with a JournalWarning. Any other bad line raises ParseError naming it."""
    lines = text.split("\n")
    if lines[-1]:
        warnings.warn(
            f"{source or 'journal'}: ignoring a torn last line (line {len(lines)}), "
            "left by a write that did not finish",
            JournalWarning,
            stacklevel=2,
        )
    session = Session()
    for number, line in enumerate(lines[:-1], start=1):
        _apply_line(session, line, source, number)
    return session


def _apply_line(session: Session, line: str, source: str, number: int) -> None:
    try:
        event = json.loads(line)
    except ValueError as error:
        raise ParseError(f"not a journal event: {error}", source=source, line=number) from None
    if not isinstance(event, dict):
        raise ParseError("not a journal event (expected {...})", source=source, line=number)
    if number == 1:
        _check_header(event, source)
        return
    try:
        session.apply(event)
    except RoadsError as error:
        reason = error.reason if isinstance(error, ParseError) else str(error)
        raise ParseError(reason, source=source, line=number) from None


def _check_header(header: dict[str, Any], source: str) -> None:
    if header.get("roads") != "journal":
        raise ParseError(
            "not a roads journal: the first line is not its header", source=source, line=1
        )
    version = header.get("version")
    if version != VERSION:
        raise ParseError(
            f"journal version {version!r}: this roads reads version {VERSION}",
            source=source,
            line=1,
        )


class Journal:
    """A journal file opened for logging. Every change is appended under an exclusive lock,
    after catching up with lines other writers added, and is on disk when the method returns."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.session = Session()
        self._offset = 0
        self._lines = 0
        with self._locked() as file:
            if file.seek(0, os.SEEK_END) == 0:
                file.write(_line(HEADER))
                file.flush()
                os.fsync(file.fileno())
            self._catch_up(file)

    @contextmanager
    def _locked(self) -> Iterator[IO[bytes]]:
        with open(self.path, "a+b") as file:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX)
            try:
                yield file
            finally:
                fcntl.flock(file.fileno(), fcntl.LOCK_UN)

    def _catch_up(self, file: IO[bytes]) -> None:
        """Replay what was appended since we last looked; cut off a torn last line."""
        file.seek(self._offset)
        data = file.read()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) < len(data):
            warnings.warn(
                f"{self.path}: cutting off a torn last line left by a write that did not finish",
                JournalWarning,
                stacklevel=4,
            )
            file.truncate(self._offset + len(complete))
        for line in complete.decode("utf-8").splitlines():
            self._lines += 1
            _apply_line(self.session, line, str(self.path), self._lines)
        self._offset += len(complete)

    def _append(self, *events: dict[str, Any]) -> None:
        with self._locked() as file:
            self._catch_up(file)
            self.session.check(events[0])
            data = b"".join(_line(event) for event in events)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
            for event in events:
                self.session.apply(event)
            self._offset += len(data)
            self._lines += len(events)

    def add(self, hand: Hand) -> None:
        """Log a coup, settling any open practice bets with it."""
        bets = self.session.open_bets
        events = [coup_event(hand)]
        if bets:
            net = sum((self.session.paytable.net(b.on, b.stake, hand) for b in bets), Fraction(0))
            balance = (self.session.balance or Fraction(0)) + net
            events.append(
                {"event": "settle", "net": _json_amount(net), "balance": _json_amount(balance)}
            )
        self._append(*events)

    def undo(self) -> None:
        """Take back the last coup or bet of the current shoe."""
        self._append({"event": "undo"})

    def new_shoe(self) -> None:
        self._append({"event": "shoe"})

    def set_bankroll(self, amount: Fraction | int) -> None:
        self._append({"event": "bankroll", "amount": _json_amount(Fraction(amount))})

    def bet(self, on: BetOn, stake: Fraction | int) -> None:
        self._append({"event": "bet", "on": on.value, "stake": _json_amount(Fraction(stake))})


def _line(event: dict[str, Any]) -> bytes:
    return (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")


def read_journal(path: str | os.PathLike[str]) -> Session:
    """Replay a journal file, under a shared lock so a write in progress is not seen."""
    with open(path, "rb") as file:
        fcntl.flock(file.fileno(), fcntl.LOCK_SH)
        try:
            data = file.read()
        finally:
            fcntl.flock(file.fileno(), fcntl.LOCK_UN)
    return replay(data.decode("utf-8"), source=str(path))
