"""The session model: the shoes, coups and practice bets a journal's events add up to, and how
each event (undo included) changes them."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from roads.errors import RoadsError
from roads.hands.hand import Hand
from roads.hands.journal_errors import JournalError
from roads.hands.journal_events import KINDS, Event, table_event, table_of_event
from roads.hands.money import amount, money
from roads.hands.readers import hand_from_fields
from roads.tables import STANDARD, Table
from roads.tables.table import bet_named

__all__ = ["Bet", "Session"]


@dataclass(frozen=True, slots=True)
class Bet:
    """A practice bet with play money: ``on`` is the bet's name (``banker``, ``dragon_7``)."""

    on: str
    stake: Fraction


@dataclass(frozen=True, slots=True)
class _Coup:
    hand: Hand
    settled: tuple[Bet, ...]
    era: int  # which bankroll the settled bets count towards


@dataclass(slots=True)
class Session:
    """The state a journal's events add up to.

    Besides the shoes it keeps what each event needs to know (the open bets, the coups of the
    current shoe, the net of the bets settled since the latest bankroll), so taking an event
    costs the same however long the shoe is.
    """

    shoes: list[list[_Coup | Bet]] = field(default_factory=lambda: [[]])
    bankroll: Fraction | None = None
    tables: list[Table] = field(default_factory=lambda: [STANDARD])  # each shoe's table
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

    @property
    def table(self) -> Table:
        """The table of the current shoe (a journal that names none is ``standard``)."""
        return self.tables[-1]

    def table_of(self, shoe: int | None = None) -> Table:
        """The table of shoe number ``shoe`` (1-based), or of the current shoe."""
        return self.tables[-1 if shoe is None else shoe - 1]

    def settle(self, bets: list[Bet], hand: Hand) -> Fraction:
        """The net of ``bets`` once ``hand`` is dealt, by the current shoe's table; RoadsError
        naming the bet and what it needs when the hand as given cannot settle it."""
        table = self.table
        deal = hand.deal(frozenset(mark.name for mark in table.marks))
        return sum((table.settle(bet.on, bet.stake, deal) for bet in bets), Fraction(0))

    def _settled_net(self, coup: _Coup) -> Fraction:
        return self.settle(list(coup.settled), coup.hand)

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
            self._check_coup(event)
        if kind == "table":
            self._check_table(event)
        if kind == "bankroll":
            amount(event.get("amount"))
        if kind == "bet":
            self._check_bet(event)

    def _check_coup(self, event: Event) -> None:
        hand = hand_from_fields(event, "", 0)
        if self._open:
            try:
                self.settle(self._open, hand)
            except RoadsError as error:
                raise JournalError(f"{error}: give the coup's cards, or undo the bet") from None

    def _check_table(self, event: Event) -> None:
        table = table_of_event(event)
        if table != self.table and (self.coups or self._open):
            raise JournalError(
                f"this shoe is played at the {self.table.rules} table (Tie "
                f"{self.table.tie_pays}:1), which cannot change once a coup is logged: "
                "start a new shoe"
            )

    def _check_bet(self, event: Event) -> None:
        if self.bankroll is None:
            raise JournalError("set a practice bankroll before placing bets", about=("bankroll",))
        try:
            self.table.bet(str(event.get("on", "")))
        except RoadsError as error:
            raise JournalError(str(error)) from None
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
                self.tables.pop()
                self._counts.pop()
                self._open = self._trailing_bets()
            return None
        if kind == "shoe":
            self.shoes.append([])
            self.tables.append(self.table)
            self._counts.append(0)
            self._open = []
            return None
        if kind == "table":
            self.tables[-1] = table_of_event(event)
            return None
        if kind == "bankroll":
            self.bankroll = amount(event.get("amount"))
            self.era += 1
            self._net = Fraction(0)
            return None
        if kind == "bet":
            bet = Bet(bet_named(str(event.get("on", ""))), amount(event.get("stake")))
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

    # -- a checkpoint of the state ---------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """What taking a coup, a bet, a bankroll or a new shoe needs of this state, as JSON."""
        return {
            "counts": list(self._counts),
            "tables": [table_event(table) for table in self.tables],
            "bankroll": _fraction_text(self.bankroll),
            "era": self.era,
            "net": str(self._net),
            "open": [[bet.on, str(bet.stake)] for bet in self._open],
        }

    @classmethod
    def from_summary(cls, summary: dict[str, Any]) -> Session:
        """A state that takes coups, bets, bankrolls and new shoes as the summarised one would,
        holding none of its earlier coups (its ``hands`` are not theirs: only a journal's
        writer uses it, until an undo or a reader needs the whole). Raises ValueError,
        TypeError, KeyError or RoadsError for a summary this method did not write."""
        counts = [int(count) for count in summary["counts"]]
        tables = [table_of_event(event) for event in summary["tables"]]
        bets = [Bet(str(on), Fraction(stake)) for on, stake in summary["open"]]
        if not counts or min(counts) < 0 or len(tables) != len(counts):
            raise ValueError("not a summary of a session")
        if not isinstance(summary["era"], int):
            raise ValueError("not a summary of a session")
        bankroll = summary["bankroll"]
        session = cls(
            shoes=[[] for _ in counts[:-1]] + [list[_Coup | Bet](bets)],
            bankroll=None if bankroll is None else Fraction(bankroll),
            tables=tables,
            era=summary["era"],
        )
        session._open, session._counts, session._net = bets, counts, Fraction(summary["net"])
        return session


def _fraction_text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)
