"""The keyboard logger without the terminal: keys and typed lines in, journal changes and the
text of the screen out. ``roads.live.logger`` puts it in a prompt_toolkit application.

Keys: ``b`` ``p`` ``t`` log a result with the flags marked for it (``1`` banker pair, ``2``
player pair, ``n`` natural toggle them; Esc clears them); ``u`` undo; ``s`` new shoe; ``c`` card
entry (a line such as ``2h 3d 8c / Ks 3h``, checked against the third-card rules; the field also
takes any line ``roads.live.actions`` reads); ``w`` selects a seat (its number); ``$`` practice
bets with play money, the selected seat's (several at once, split by commas: one action), or
seat 1's with a bankroll; ``q`` quit. Every change is on disk before the screen says it is
logged.

The board and the logger's own words follow ``lang`` (``roads.translations.LOGGER_WORDS``); the
keys are the same in every language, and widths are terminal columns (``screen.visible_width``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import click

from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.placement import Tails
from roads.hands.hand import Hand
from roads.hands.journal import Bet, Event, Journal, coup_event, money, shoe_event, undo_event
from roads.live.actions import bet_name, describe, parse_bet, parse_command, parse_seat_bets
from roads.live.mirror import Mirror
from roads.live.screen import arrange, visible_width, wrap
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES, LOGGER_WORDS, PAGE_WORDS, LoggerWords, plural
from roads.translations.tags import language

Mode = Literal["keys", "cards", "bet", "seat"]
Style = Literal["flags", "balance", "done", "error", "help", "notice"]
Line = list[tuple[Style, str]]
"""One line of the footer: pieces of text, each with the name of its style."""

_RESULT_KEYS = {"b": Outcome.BANKER, "p": Outcome.PLAYER, "t": Outcome.TIE}
_FLAG_KEYS = {"1": "banker_pair", "2": "player_pair", "n": "natural"}
TYPED = len("2h 3d 8c / Ks 3h 4c ")
"""Room kept after the entry field's prompt for the line typed (a coup of six cards)."""


@dataclass(frozen=True, slots=True)
class Flags:
    """The pair and natural marks for the coup being entered."""

    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False

    def toggle(self, name: str) -> Flags:
        flag: bool = getattr(self, name)
        return replace(self, **{name: not flag})

    def names(self, words: LoggerWords = LOGGER_WORDS["en"]) -> list[str]:
        """The marks set, named in ``words``' language."""
        return [getattr(words, name) for name in _FLAG_KEYS.values() if getattr(self, name)]


class KeyLogger:
    """Keys to journal actions, and the screen's text. Errors (a wrong draw, nothing to undo,
    a stake too large) go to the status line and change nothing.

    Parameters:
        journal: where the coups go.
        mirror: an image kept showing the current shoe (None: none).
        tails: how the big road's dragon tails run.
        lang: language of the board and of the logger's words (``roads.translations.LANGUAGES``).
        colour: the board's marks in colour (ANSI codes); without it (``NO_COLOR``) red and
            blue are told apart by letters and words, as ``roads show`` writes them.
    """

    def __init__(
        self,
        journal: Journal,
        *,
        mirror: Mirror | None = None,
        tails: Tails = Tails.STRAIGHT,
        lang: str = "en",
        colour: bool = True,
    ) -> None:
        lang = language(lang)
        self.journal = journal
        self.mirror = mirror
        self.tails = tails
        self.lang = lang
        self.colour = colour
        self.words = LOGGER_WORDS[lang]
        self.mode: Mode = "keys"
        self.flags = Flags()
        self.message = self.words.start.format(name=journal.path.name)
        self.failed = False
        self.done = False
        self.version = 0  # counts changes of the journal seen here
        self.coups_logged = 0  # coups this logger wrote (the summary on quitting)
        self.seat: int | None = None
        """The seat whose bets ``$`` places (None: seat 1's, as in a journal without seats)."""
        self._board: tuple[int, Scoreboard] | None = None
        self._body: tuple[tuple[int, int, int], list[str]] | None = None
        self.redraw: Callable[[], None] = lambda: None
        """Draws the screen now (the application sets it): a wait for the lock blocks."""
        journal.on_wait = self._waiting
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
        elif lowered in ("c", "w") or key == "$":
            self._open_entry(key)
        elif lowered == "q":
            self.done = True
        elif key == "escape":
            self.flags = Flags()
        elif len(key) == 1:
            self._say(self.words.not_a_key.format(key=repr(key)), True)

    def _open_entry(self, key: str) -> None:
        """``c`` card entry, ``w`` seat entry, ``$`` bet entry (with a seat or a bankroll)."""
        if key.lower() == "c":
            self.mode, self.flags = "cards", Flags()
        elif key.lower() == "w":
            self.mode = "seat"
        elif self.seat is None and self.journal.session.bankroll is None:
            self._say(self.words.need_bankroll, True)
        else:
            self.mode = "bet"

    def submit(self, text: str) -> bool:
        """A line typed in card or bet entry; whether it was logged (then the field is cleared).
        Card entry stays open for the next coup; a bet returns to the keys."""
        if self.mode == "seat":
            return self._choose_seat(text)
        try:
            if self.mode == "bet" and self.seat is not None:
                events: list[Event] | Event = parse_seat_bets(self.seat, text)
            else:
                events = parse_bet(text) if self.mode == "bet" else parse_command(text)
        except RoadsError as error:
            self._say(str(error) + self.words.nothing_logged, True)
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

    def _choose_seat(self, text: str) -> bool:
        """The seat typed in seat entry becomes the one whose bets ``$`` places."""
        seats = self.journal.session.table.seats
        number = text.strip()
        if not (number.isascii() and number.isdigit() and 1 <= int(number) <= seats):
            self._say(self.words.not_a_seat.format(text=number, seats=seats), True)
            return False
        self.seat, self.mode = int(number), "keys"
        seat = self.journal.session.seat(self.seat)
        if seat is None:
            self._say(self.words.seat_free.format(seat=self.seat), True)
        else:
            name = seat.name or self.words.anonymous
            self._say(self.words.seat_chosen.format(seat=self.seat, name=name), False)
        return True

    def cancel(self) -> None:
        """Esc in card, bet or seat entry: back to the keys."""
        self.mode = "keys"

    def refresh(self) -> bool:
        """Catch up with other writers (a second terminal, the web page, a script); whether the
        journal changed."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                changed = self.journal.refresh()
        except (RoadsError, OSError) as error:
            reason = _reason(error)
            self._say(self.words.cannot_read.format(path=self.journal.path, reason=reason), True)
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
                self._say(_reason(error) + self.words.nothing_logged, True)
                return False
        self.coups_logged += sum(event.get("event") == "coup" for event in events)
        said = describe(events, receipt, balance=False, lang=self.lang) + [
            str(warning.message) for warning in caught
        ]
        words = self.words
        self._say(words.sentence_gap.join(part + words.sentence_end for part in said), False)
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
            failure = self.words.cannot_render.format(path=self.mirror.path, reason=_reason(error))
            self._say(f"{self.message} {failure}" if not self.failed else failure, True)

    def _waiting(self) -> None:
        self._say(self.words.waiting.format(name=self.journal.path.name), True)
        self.redraw()

    def _say(self, message: str, failed: bool) -> None:
        self.message, self.failed = message, failed

    # -- output ------------------------------------------------------------------------------

    @property
    def board(self) -> Scoreboard:
        """The current shoe's roads."""
        if self._board is None or self._board[0] != self.version:
            session = self.journal.session
            board = Scoreboard(session.hands(), tails=self.tails, table=session.table)
            self._board = (self.version, board)
        return self._board[1]

    def body(self, width: int, height: int) -> list[str]:
        """The board fitted to ``width`` x ``height`` (ANSI colours, or without ``colour`` the
        letters and words of ``roads show``), with a rule at the bottom when there is room."""
        key = (self.version, width, height)
        if self._body is None or self._body[0] != key:
            lines = arrange(self.board.roads, width, height, ansi=self.colour, lang=self.lang)
            if len(lines) < height:
                lines += [""] * (height - 1 - len(lines)) + [click.style("─" * width, dim=True)]
            self._body = (key, lines)
        return self._body[1]

    def footer(self, width: int) -> list[Line]:
        """The lines under the board: the shoe and the flags marked for the next coup, the
        practice balance, the last action or error, the keys, the notice."""
        session, words = self.journal.session, self.words
        marked = words.list_comma.join(self.flags.names(words)) or words.no_marks
        if self.mode == "cards":
            marked = words.from_cards
        where = words.where.format(coup=session.coups + 1, shoe=len(session.shoes), marks=marked)
        if session.hands_left is not None:
            where += " · " + words.hands_left.format(left=session.hands_left, hands=session.plan)
        balance = self.balance_line()
        lines: list[Line] = [[("flags", part)] for part in wrap(where, width)]
        used = visible_width(where)
        if balance and len(lines) == 1 and used + 3 + visible_width(balance) <= width:
            gap = " " * (width - used - visible_width(balance))
            lines = [[("flags", where), ("help", gap), ("balance", balance)]]
        elif balance:
            lines += [[("balance", part)] for part in wrap(balance, width)]
        style: Style = "error" if self.failed else "done"
        lines += [[(style, part)] for part in wrap(self.message, width, " ")]
        lines += [[("help", part)] for part in wrap(self.help(), width)]
        lines += [[("notice", part)] for part in self.notice(width)]
        return lines

    def summary(self) -> list[str]:
        """What the session did, for when the logger quits: the coups logged here, the shoe
        now and what it holds, the practice balance and bets on the table, the notice."""
        session, words = self.journal.session, self.words
        coups = len(session.hands())
        lines = [
            plural(
                words.summary,
                self.coups_logged,
                shoe=len(session.shoes),
                held=plural(words.held, coups),
            )
        ]
        balance = self.balance_line()
        if balance:
            lines.append(balance + words.sentence_end)
        if session.hands_left is not None:
            left = words.hands_left.format(left=session.hands_left, hands=session.plan)
            lines.append(left + words.sentence_end)
        return [*lines, *LANGUAGES[self.lang].notice]

    def notice(self, width: int) -> list[str]:
        """The notice's lines: those of the board's notice in the logger's language, on one
        line where it fits."""
        notice = LANGUAGES[self.lang].notice
        joined = " ".join(notice)
        if visible_width(joined) <= width:
            return [joined]
        return [part for line in notice for part in wrap(line, width, " ")]

    def balance_line(self) -> str:
        """The practice balance and the bets on the table: the selected seat's, or seat 1's
        in a journal without seats ("" when nobody sits there)."""
        session, words = self.journal.session, self.words
        if self.seat is not None:
            seat = session.seat(self.seat)
            if seat is None:
                return words.seat_free.format(seat=self.seat)
            line = words.seat_line.format(
                seat=seat.number, name=seat.name or words.anonymous, balance=money(seat.balance)
            )
            if seat.box_units:
                line += words.seat_box.format(box=money(seat.box))
            return line + self._on_table(
                [bet for bet in session.open_bets if bet.seat == seat.number]
            )
        if session.balance is None:
            return ""
        line = PAGE_WORDS[self.lang].balance.format(amount=money(session.balance))
        return line + self._on_table(session.open_bets)

    def _on_table(self, bets: list[Bet]) -> str:
        words = self.words
        if not bets:
            return ""
        return words.on_table.format(
            bets=words.list_comma.join(
                f"{bet_name(bet.on, self.lang)} {money(bet.stake)}" for bet in bets
            )
        )

    def help(self) -> str:
        words = self.words
        if self.mode != "keys":
            return words.typing_help
        keys = [
            f"b p t {words.key_result}",
            f"1 {words.banker_pair}",
            f"2 {words.player_pair}",
            f"n {words.natural}",
            f"u {words.key_undo}",
            f"s {words.key_shoe}",
            f"c {words.key_cards}",
        ]
        keys.append(f"w {words.key_seat}")
        if self.seat is not None or self.journal.session.bankroll is not None:
            keys.append(f"$ {words.key_bet}")
        return " · ".join([*keys, f"q {words.key_quit}"])

    def prompt(self, width: int | None = None) -> str:
        """The entry field's prompt in card or bet entry ("" with the keys); in a terminal
        ``width`` columns wide, the short one where the long one leaves too little room for
        what is typed."""
        words = self.words
        if self.mode == "keys":
            return ""
        full, short = {
            "cards": (words.cards_prompt, words.cards_prompt_short),
            "seat": (
                words.seat_prompt.format(seats=self.journal.session.table.seats),
                words.seat_prompt_short,
            ),
        }.get(self.mode, (words.bet_prompt, words.bet_prompt_short))
        if self.mode == "bet" and self.seat is not None:
            full = words.seat_bet_prompt.format(seat=self.seat)
        return full if width is None or visible_width(full) + TYPED <= width else short


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)
