"""The keyboard logger without the terminal: keys and typed lines in, journal changes and the
text of the screen out. ``roads.live.logger`` puts it in a prompt_toolkit application.

Keys: ``b`` ``p`` ``t`` log a result with the flags marked for it (``1`` banker pair, ``2``
player pair, ``n`` natural toggle them; Esc clears them); ``u`` undo; ``s`` new shoe; ``c`` card
entry (a line such as ``2h 3d 8c / Ks 3h``, checked against the third-card rules; the field also
takes any line ``roads.live.actions`` reads); ``$`` a practice bet with play money (only with a
bankroll); ``q`` quit. Every change is on disk before the screen says it is logged.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import click

from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.placement import Tails
from roads.hands.hand import Hand
from roads.hands.journal import Event, Journal, coup_event, money, shoe_event, undo_event
from roads.live.actions import BET_NAMES, describe, parse_bet, parse_command
from roads.live.mirror import Mirror
from roads.live.screen import arrange, wrap
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard

Mode = Literal["keys", "cards", "bet"]
Style = Literal["flags", "balance", "done", "error", "help", "notice"]
Line = list[tuple[Style, str]]
"""One line of the footer: pieces of text, each with the name of its style."""

_RESULT_KEYS = {"b": Outcome.BANKER, "p": Outcome.PLAYER, "t": Outcome.TIE}
_FLAG_KEYS = {"1": "banker_pair", "2": "player_pair", "n": "natural"}
_FLAG_NAMES = {"banker_pair": "banker pair", "player_pair": "player pair", "natural": "natural"}
NOTHING_LOGGED = " — nothing logged"
PROMPTS = {
    "cards": "Cards, Player first (e.g. 2h 3d 8c / Ks 3h): ",
    "bet": "Practice bet with play money (e.g. banker 10): ",
}


@dataclass(frozen=True, slots=True)
class Flags:
    """The pair and natural marks for the coup being entered."""

    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False

    def toggle(self, name: str) -> Flags:
        flag: bool = getattr(self, name)
        return replace(self, **{name: not flag})

    def names(self) -> list[str]:
        return [_FLAG_NAMES[name] for name in _FLAG_NAMES if getattr(self, name)]


class KeyLogger:
    """Keys to journal actions, and the screen's text. Errors (a wrong draw, nothing to undo,
    a stake too large) go to the status line and change nothing."""

    def __init__(
        self, journal: Journal, *, mirror: Mirror | None = None, tails: Tails = Tails.STRAIGHT
    ) -> None:
        self.journal = journal
        self.mirror = mirror
        self.tails = tails
        self.mode: Mode = "keys"
        self.flags = Flags()
        self.message = f"Logging to {journal.path.name}: press b, p or t as each coup is dealt."
        self.failed = False
        self.done = False
        self.version = 0  # counts changes of the journal seen here
        self._board: tuple[int, Scoreboard] | None = None
        self._body: tuple[tuple[int, int, int], list[str]] | None = None
        self._update_mirror()

    # -- input -------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        """One key pressed while no text is being typed: a character, or ``"escape"`` (other
        named keys are ignored)."""
        lowered = key.lower() if len(key) == 1 else key
        if lowered in _RESULT_KEYS:
            hand = Hand(
                _RESULT_KEYS[lowered], **{n: getattr(self.flags, n) for n in _FLAG_KEYS.values()}
            )
            if self._perform([coup_event(hand)]):
                self.flags = Flags()
        elif lowered in _FLAG_KEYS:
            self.flags = self.flags.toggle(_FLAG_KEYS[lowered])
        elif lowered == "u":
            self._perform([undo_event()])
        elif lowered == "s":
            self._perform([shoe_event()])
        elif lowered == "c":
            self.mode, self.flags = "cards", Flags()
        elif key == "$":
            if self.journal.session.bankroll is None:
                self._say(
                    "Practice bets need a bankroll: start with roads log JOURNAL --bankroll N", True
                )
            else:
                self.mode = "bet"
        elif lowered == "q":
            self.done = True
        elif key == "escape":
            self.flags = Flags()
        elif len(key) == 1:
            self._say(f"{key!r} is not a key of the logger: see the keys below", True)

    def submit(self, text: str) -> bool:
        """A line typed in card or bet entry; whether it was logged (then the field is cleared).
        Card entry stays open for the next coup; a bet returns to the keys."""
        try:
            events = parse_bet(text) if self.mode == "bet" else parse_command(text)
        except RoadsError as error:
            self._say(str(error) + NOTHING_LOGGED, True)
            return False
        if isinstance(events, dict):
            events = [events]
        if not events:
            return False
        if not self._perform(events):
            return False
        if self.mode == "bet":
            self.mode = "keys"
        return True

    def cancel(self) -> None:
        """Esc in card or bet entry: back to the keys."""
        self.mode = "keys"

    def refresh(self) -> bool:
        """Catch up with other writers (a second terminal, the web page, a script); whether the
        journal changed."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                changed = self.journal.refresh()
        except (RoadsError, OSError) as error:
            self._say(f"could not read {self.journal.path}: {_reason(error)}", True)
            return False
        if changed:
            self._changed()
        return changed

    def _perform(self, events: Sequence[Event]) -> bool:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                receipt = self.journal.append(events)
            except (RoadsError, OSError) as error:
                self._say(_reason(error) + NOTHING_LOGGED, True)
                return False
        said = describe(events, receipt, balance=False) + [
            str(warning.message) for warning in caught
        ]
        self._say(". ".join(said) + ".", False)
        self._changed()
        return True

    def _changed(self) -> None:
        self.version += 1
        self._update_mirror()

    def _update_mirror(self) -> None:
        if self.mirror is None:
            return
        try:
            self.mirror.update(self.journal.session)
        except (RoadsError, OSError) as error:
            failure = f"Could not render {self.mirror.path}: {_reason(error)}."
            self._say(f"{self.message} {failure}" if not self.failed else failure, True)

    def _say(self, message: str, failed: bool) -> None:
        self.message, self.failed = message, failed

    # -- output ------------------------------------------------------------------------------

    @property
    def board(self) -> Scoreboard:
        """The current shoe's roads."""
        if self._board is None or self._board[0] != self.version:
            self._board = (self.version, Scoreboard(self.journal.session.hands(), tails=self.tails))
        return self._board[1]

    def body(self, width: int, height: int) -> list[str]:
        """The board fitted to ``width`` x ``height`` (ANSI colours), with a rule at the bottom
        when there is room for it."""
        key = (self.version, width, height)
        if self._body is None or self._body[0] != key:
            lines = arrange(self.board, width, height, ansi=True)
            if len(lines) < height:
                lines += [""] * (height - 1 - len(lines)) + [click.style("─" * width, dim=True)]
            self._body = (key, lines)
        return self._body[1]

    def footer(self, width: int) -> list[Line]:
        """The lines under the board: the shoe and the flags marked for the next coup, the
        practice balance, the last action or error, the keys, the notice."""
        session = self.journal.session
        marked = ", ".join(self.flags.names()) or "none"
        if self.mode == "cards":
            marked = "from the cards"
        where = f"Coup {session.coups + 1} of shoe {len(session.shoes)} · marks: {marked}"
        balance = self.balance_line()
        lines: list[Line] = [[("flags", where)]]
        if balance and len(where) + 3 + len(balance) <= width:
            gap = " " * (width - len(where) - len(balance))
            lines = [[("flags", where), ("help", gap), ("balance", balance)]]
        elif balance:
            lines.append([("balance", balance)])
        style: Style = "error" if self.failed else "done"
        lines += [[(style, part)] for part in wrap(self.message, width, " ")]
        lines += [[("help", part)] for part in wrap(self.help(), width)]
        lines.append([("notice", NOTICE)])
        return lines

    def balance_line(self) -> str:
        session = self.journal.session
        if session.balance is None:
            return ""
        line = f"Practice balance (play money): {money(session.balance)}"
        bets = session.open_bets
        if bets:
            line += " · on the table: " + ", ".join(
                f"{BET_NAMES[bet.on]} {money(bet.stake)}" for bet in bets
            )
        return line

    def help(self) -> str:
        if self.mode != "keys":
            return "Enter log it · Esc back to the keys"
        keys = [
            "b p t result",
            "1 banker pair",
            "2 player pair",
            "n natural",
            "u undo",
            "s new shoe",
            "c cards",
        ]
        if self.journal.session.bankroll is not None:
            keys.append("$ practice bet")
        return " · ".join([*keys, "q quit"])

    def prompt(self) -> str:
        return PROMPTS.get(self.mode, "")


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)
