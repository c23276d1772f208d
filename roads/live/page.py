"""The live board's web page: the HTML, its words, and the state each update carries.

The page is one document (``page.html``) with inline CSS (``page.css``) and one static inline
script (``page.js``), package data files beside this module; the script is allowed by the hash
of the loaded file in the Content-Security-Policy, so no nonce is needed. Every value that
varies reaches it either through ``html.escape`` (HTML) or as JSON inside a
``<script type="application/json">`` block with ``<``, ``>`` and ``&`` written as ``\\u``
escapes; the script writes them with ``textContent`` only.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from html import escape
from importlib.resources import files
from typing import Any

from roads.drawing.board import BoardOptions
from roads.drawing.themes import Theme
from roads.grids.placement import Tails, tails_named
from roads.hands.cards_left import CardsLeft, OddsPoint
from roads.hands.hand import Hand
from roads.hands.journal import Session, money
from roads.hands.session import CoupRecord
from roads.live import table_view
from roads.live.access import sitting
from roads.live.actions import hand_totals
from roads.live.bets import bets_html
from roads.live.contrast import legible_fill
from roads.live.seats import seats_state
from roads.pages import notice_inline, page_font
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES, PAGE_WORDS, SCREEN_WORDS, Labels, PageWords

Words = PageWords
WORDS = PAGE_WORDS
"""The page's words by language (kept in ``roads.translations``)."""

TEXT_FIELDS = ("shoe", "coups", "plan", "last", "balance", "odds")
"""Ids of the page elements whose text each update replaces."""

LIVE_COLUMNS = 60
"""The most columns of each road the live page (and the overlay) draws when ``--columns`` is
not given: a longer road shows its last ones, as a table display scrolls. A shoe of eight decks
(about 80 coups) fills at most about 50 columns of any road, so it is drawn whole."""


@cache
def data_file(name: str) -> str:
    """A package data file beside this module: the page's script, style sheet and HTML, and
    those of the views (``roads.live.views``)."""
    return files("roads.live").joinpath(name).read_text(encoding="utf-8")


SCRIPT = data_file("page.js")
"""The console's own script (``page.js``); the policy allows it by the hash of what is loaded."""
COMMON_SCRIPT = data_file("common.js")
"""What every screen's script shares (``common.js``): the connection, the outbox, the sounds."""


def script_hash(script: str) -> str:
    """The base64 SHA-256 of a script, as a Content-Security-Policy names it."""
    return base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")


def content_security_policy(*scripts: str) -> str:
    """The policy of a page of this server: only ``scripts`` (the loaded files, by their
    hashes) run, and they talk only to this server."""
    hashes = " ".join(f"'sha256-{script_hash(script)}'" for script in scripts)
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {hashes}",
            "style-src 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src data:",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        )
    )


CONTENT_SECURITY_POLICY = content_security_policy(COMMON_SCRIPT, SCRIPT)
"""The console's policy."""


def script_json(value: Any) -> str:
    """``value`` as JSON that is safe inside an HTML ``<script>`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _count(words: Words, coups: int) -> str:
    if coups == 0:
        return words.no_coups
    return words.coup if coups == 1 else words.coups.format(n=coups)


@dataclass(slots=True)
class _Shoe:
    """The roads and the cards left of one shoe of a session, and the shoe's items (coups and
    bets, by identity) they were last brought up to date with.

    A session changes a shoe only at its end (an event adds an item, an undo removes the last
    one), so ``sync`` takes back the items no longer there and adds the new ones: its cost is
    that of the change, not of the shoe. A journal read again makes new items, and a new model.
    """

    items: list[Any]
    """The shoe's list in the session, changed in place as events come."""
    board: Scoreboard
    cards: CardsLeft
    seen: list[Any] = field(default_factory=list)
    """The items ``board`` and ``cards`` hold, in order."""

    def sync(self) -> None:
        items, seen = self.items, self.seen
        same = min(len(items), len(seen))
        while same and items[same - 1] is not seen[same - 1]:
            same -= 1
        while len(seen) > same:
            if isinstance(seen.pop(), CoupRecord):
                self.board.undo()
                self.cards.undo()
        for item in items[same:]:
            seen.append(item)
            if isinstance(item, CoupRecord):
                self.board.add(item.hand)
                self.cards.add(item.hand)


class Page:
    """The live board page of one journal, drawn with one set of board options."""

    def __init__(
        self,
        journal_name: str,
        options: BoardOptions,
        *,
        scale: float = 1.0,
        tails: Tails | str = Tails.STRAIGHT,
        decks: int = 8,
    ) -> None:
        """``options`` and ``scale``: how the board is drawn; ``tails`` as in Roads; ``decks``:
        how many decks the shoe holds, for the odds of the next coup when every coup is logged
        with its cards."""
        self.journal_name = journal_name
        self.options = options
        self.scale = scale
        self.tails = tails_named(tails)
        self.decks = decks
        self.labels: Labels = LANGUAGES[options.lang]
        self.words: Words = WORDS[options.lang]
        self.theme: Theme = options.palette
        self.draw_options = options
        """How the board is drawn: ``options``, at most LIVE_COLUMNS columns of each road
        unless they say how many."""
        if options.columns is None and options.max_columns is None:
            self.draw_options = replace(options, max_columns=LIVE_COLUMNS)
        self._lock = threading.Lock()
        self._models: list[_Shoe] = []
        """The models of the shoes drawn last, the current one first."""

    # -- the state each update carries ---------------------------------------------------------

    def state(self, session: Session) -> dict[str, Any]:
        """What the page shows of ``session``: the board's SVG, its texts, whether undo can.

        The current shoe's roads and cards left are kept from one call to the next and changed
        only by the coups added or taken back since (``_Shoe``), and the board is drawn through
        a window (``draw_options``), so an update costs the same however long the shoe is."""
        with self._lock:  # one model, brought up to date by one caller at a time
            shoe = self._shoe(session)
            return self._state(session, shoe.board, shoe.cards)

    def empty_state(self, error: str) -> dict[str, Any]:
        """The state to show when the journal cannot be read before any board was drawn."""
        empty = Session()
        state = self._state(empty, Scoreboard(tails=self.tails), CardsLeft(self.decks))
        state["error"] = error
        return state

    def _state(self, session: Session, board: Scoreboard, cards: CardsLeft) -> dict[str, Any]:
        words = self.words
        coups = len(board)
        said = self.describe(board.hand(-1)) if coups else ""
        odds = self.odds_text(cards.point() if coups else None)
        if coups and not odds:
            odds = self.no_odds_text(cards, board.hand(-1))
        return {
            **self._table_state(session, board, cards),
            "svg": board.svg(options=self.draw_options, scale=self.scale),
            "text": {
                "shoe": words.shoe.format(n=len(session.shoes)),
                "coups": _count(words, coups),
                "plan": self.plan_text(session),
                "last": words.last.format(hand=said) if said else "",
                "balance": self.balance_text(session),
                "odds": odds,
            },
            "count": coups,
            "said": said,
            "bets": bets_html(board.hands, session.table, decks=self.decks, lang=self.options.lang),
            "can_undo": bool(session.shoes[-1]) or len(session.shoes) > 1,
            "next_coup": coups + 1,
            "error": None,
        }

    def _table_state(self, session: Session, board: Scoreboard, cards: CardsLeft) -> dict[str, Any]:
        """What the table's screens add (``roads.live.table_view``): the table, the seats
        with their last results and statement lines, the plan, the round, the last coup, the
        counts, the odds with the cards left by rank, and the display's grids."""
        lang = self.options.lang
        state = seats_state(session)
        extras = table_view.seat_extras(session, lang)
        state["seats"] = [{**seat, **extras.get(seat["seat"], {})} for seat in state["seats"]]
        coups = len(board)
        words = SCREEN_WORDS[lang]
        state.update(
            seated=session.seated,
            posted=table_view.posted(session.table, lang),
            round={"closed": session.round_closed, "coup": coups + 1},
            last_coup=table_view.last_coup(board.hand(-1), coups, lang) if coups else None,
            counts=table_view.counts(board, lang),
            cards=table_view.odds_shown(cards.point() if coups else None, cards),
            grids=table_view.grids(board, self.options),
            shoe_coup=words.shoe_coup.format(shoe=len(session.shoes), coup=coups),
            sittings=[sitting(session, seat) for seat in range(1, session.table.seats + 1)],
        )
        return state

    def _shoe(self, session: Session) -> _Shoe:
        """The model of ``session``'s current shoe, brought up to date."""
        items = session.shoes[-1]
        models = self._models
        for index, model in enumerate(models):
            if model.items is items:
                del models[index]
                break
        else:
            board = Scoreboard(tails=self.tails, table=session.table)
            model = _Shoe(items, board, CardsLeft(self.decks))
        # The last two shoes are kept: undoing a new shoe goes back to the one before it.
        models.insert(0, model)
        del models[2:]
        model.sync()
        return model

    def plan_text(self, session: Session) -> str:
        """The hands the session's plan has left ("" without a plan)."""
        left = session.hands_left
        if left is None:
            return ""
        return self.words.hands_left.format(left=left, hands=session.plan)

    def balance_text(self, session: Session) -> str:
        """The practice balance, and the stakes of the open bets ("" without a bankroll); at
        a table with seats, each seat's balance."""
        if session.seated:
            taken = [session.seat(number) for number in session.seat_numbers()]
            return (
                self.words.seats.format(
                    seats=" · ".join(
                        f"{seat.number} {seat.name or ''} {money(seat.balance)}".replace("  ", " ")
                        for seat in taken
                        if seat is not None
                    )
                )
                if taken
                else ""
            )
        balance = session.balance
        if balance is None:
            return ""
        text = self.words.balance.format(amount=money(balance))
        if session.open_bets:
            text += " · " + self.words.staked.format(amount=money(session.staked))
        return text

    def odds_text(self, point: OddsPoint | None) -> str:
        """The exact odds of the next coup at ``point``, when every coup of the shoe so far
        came with its cards ("" for None: otherwise, and before the first coup)."""
        if point is None:
            return ""
        odds = point.odds
        return self.words.odds.format(
            n=point.cards_left,
            b=f"{odds.p_banker:.2%}",
            p=f"{odds.p_player:.2%}",
            t=f"{odds.p_tie:.2%}",
        )

    def no_odds_text(self, cards: CardsLeft, last: Hand) -> str:
        """Why the odds line is gone, once cards were logged in the shoe (before the coup
        logged without them, or in the last coup); "" in a shoe logged without cards."""
        unknown = cards.unknown_from
        if unknown is None or (unknown == 0 and last.coup is None):
            return ""
        return self.words.odds_unknown.format(n=unknown + 1)

    def describe(self, hand: Hand) -> str:
        """``hand`` in words, e.g. ``Banker · Player pair · Natural``, or with its cards
        ``Banker 6 to 7 (Ad 2c 3s / 7h Kc)`` as ``roads log`` writes it."""
        names = {"B": self.labels.banker_name, "P": self.labels.player_name}
        parts = [names.get(hand.outcome.value, self.labels.tie_name)]
        parts[0] += hand_totals(hand, self.options.lang)
        flags = (
            (hand.banker_pair, self.words.banker_pair),
            (hand.player_pair, self.words.player_pair),
            (hand.natural, self.words.natural),
        )
        parts += [word for present, word in flags if present]
        return " · ".join(parts)

    # -- the document --------------------------------------------------------------------------

    def html(
        self, state: dict[str, Any], token: str, *, key: str | None = None, croupier: bool = True
    ) -> str:
        """The croupier's console showing ``state``; ``token`` lets its buttons write to the
        journal, ``key`` (the croupier's, from the link ``roads serve`` printed) lets them write
        for every seat. Without ``croupier`` the page says it only watches."""
        words, screen = self.words, SCREEN_WORDS[self.options.lang]
        heading = self.options.title or words.heading
        error = state["error"]
        seated = bool(state.get("seated"))
        bets = state.get("posted", {}).get("bets", [])
        return _TEMPLATE.format(
            lang=escape(self.options.lang),
            title=escape(f"{heading} · {self.journal_name}"),
            css=self._css()
            + _CONSOLE_CSS
            + self._font_face(
                heading,
                " ".join(
                    [
                        state["bets"],
                        *_strings(screen),
                        *(seat.get("name") or "" for seat in state.get("seats", [])),
                    ]
                ),
            ),
            heading=escape(heading),
            journal=escape(self.journal_name),
            connecting=escape(words.connecting),
            problem_hidden="" if error else " hidden",
            problem=escape(error or ""),
            watching_hidden=" hidden" if croupier else "",
            svg=state["svg"],
            fields=self._fields(state["text"]),
            bets_for=escape(screen.bets_for.format(coup=state["next_coup"])),
            seat_bets_hidden="" if seated else " hidden",
            bets=state["bets"],
            log_a_coup=escape(words.log_a_coup),
            toggles=self._toggles(),
            outcomes=self._outcomes(),
            undo=escape(words.undo),
            closed="true" if state.get("round", {}).get("closed") else "false",
            cards=escape(words.cards),
            cards_hint=escape(words.cards_hint),
            log_cards=escape(words.log_cards),
            can_undo="true" if state["can_undo"] else "false",
            cannot_undo="false" if state["can_undo"] else "true",
            new_shoe=escape(words.new_shoe),
            bet_options="".join(
                f'<option value="{escape(bet["on"])}">{escape(bet["name"])}</option>'
                for bet in bets
            ),
            notice=self._notice(),
            practice=escape(words.practice),
            data=script_json(self._script_data(state, token, key)),
            **{name: escape(getattr(screen, name)) for name in _CONSOLE_WORDS},
            common=COMMON_SCRIPT,
            script=SCRIPT,
        )

    def common_data(self, token: str, key: str | None) -> dict[str, Any]:
        """What every screen's script starts from (``common.js``): the token, the key it
        writes with (a seat's or the croupier's), the journal's name (its outbox's) and the
        connection's words."""
        words, screen = self.words, SCREEN_WORDS[self.options.lang]
        return {
            "token": token,
            "key": key,
            "journal": self.journal_name,
            "common": {
                "live": words.live,
                "offline": screen.offline,
                "live_waiting": screen.live_waiting,
                "offline_waiting": screen.offline_waiting,
            },
        }

    def _script_data(self, state: dict[str, Any], token: str, key: str | None) -> dict[str, Any]:
        """What the page's script starts from: the token, the state the page shows at first (so
        that an update says only what it changed) and the words it writes itself."""
        words, labels, screen = self.words, self.labels, SCREEN_WORDS[self.options.lang]
        return {
            **self.common_data(token, key),
            "state": {key: state[key] for key in ("text", "count", "said", "round")},
            "words": {
                "logged": words.logged,
                "undone": words.undone,
                "shoe_started": words.shoe_started,
                "new_shoe": words.new_shoe,
                "confirm_shoe": words.confirm_shoe,
                "confirm_shoe_said": words.confirm_shoe_said,
                "names": {
                    "B": labels.banker_name,
                    "P": labels.player_name,
                    "T": labels.tie_name,
                },
                "flags": {
                    "banker_pair": words.banker_pair,
                    "player_pair": words.player_pair,
                    "natural": words.natural,
                },
                "bets_for": screen.bets_for,
                "closed": screen.closed,
                "reopened": screen.bets_for.format(coup="{coup}"),
                "no_bets": screen.no_bets,
                "bet": screen.bet,
                "bet_names": {
                    bet["on"]: bet["name"] for bet in state.get("posted", {}).get("bets", [])
                },
                "again": screen.again,
                "again_said": screen.again_said,
            },
        }

    @staticmethod
    def _fields(text: dict[str, str]) -> str:
        """The summary's text fields, an empty one hidden."""
        return "".join(
            f'<span id="{name}" data-field=""{"" if text[name] else " hidden"}>'
            f"{escape(text[name])}</span>"
            for name in TEXT_FIELDS
        )

    def _outcomes(self) -> str:
        """The three outcome buttons."""
        labels = self.labels
        return "".join(
            f'<button type="button" class="outcome {css}" data-outcome="{letter}">'
            f'<span class="letter">{escape(short)}</span>'
            # where the short label is the name itself (庄), show it once
            + (f'<span class="name">{escape(name)}</span>' if name != short else "")
            + "</button>"
            for letter, css, short, name in (
                ("B", "banker", labels.banker, labels.banker_name),
                ("P", "player", labels.player, labels.player_name),
                ("T", "tie", labels.tie, labels.tie_name),
            )
        )

    def _toggles(self) -> str:
        """The pair and natural toggles of the next coup."""
        words = self.words
        return "".join(
            f'<button type="button" class="flag" data-flag="{flag}" aria-pressed="false">'
            f"{escape(word)}</button>"
            for flag, word in (
                ("banker_pair", words.banker_pair),
                ("player_pair", words.player_pair),
                ("natural", words.natural),
            )
        )

    def _notice(self) -> str:
        """The notice's lines as HTML; on a page not in English, its English sentence says
        it is English."""
        return notice_inline(self.labels.notice, lang=self.options.lang)

    def _font_face(self, heading: str, bets: str = "") -> str:
        """The text font's glyphs for what the page writes outside its SVG (its words, the
        labels, the title, the journal's name) beyond Latin-1 and the general punctuation
        (which every system font draws), so that a browser without fonts for them (Chinese on
        a tablet or kiosk without CJK fonts) draws them instead of empty boxes. ``page.css``
        names this face, "Roads Sans Page", first: it holds no Latin, so Latin text falls
        through to the system's fonts. Nothing for a page without such characters. ``bets`` is
        the table of bets the page shows (HTML: its words are the table's, whatever the coup)."""
        texts = [
            *_strings(self.words),
            *_strings(self.labels),
            heading,
            self.journal_name,
            re.sub(r"<[^>]+>", "", bets),
        ]
        return page_font(texts)

    def _css(self) -> str:
        return self.colours() + _CSS

    def colours(self) -> str:
        """The theme's colours as CSS variables (``--bg``, ``--banker-fill`` …), for every
        screen's style sheet."""
        theme = self.theme
        colours = {
            "bg": theme.background,
            "panel": theme.panel,
            "frame": theme.frame,
            "grid": theme.grid,
            "text": theme.text,
            "muted": theme.muted,
            "banker": theme.banker,
            "player": theme.player,
            "tie": theme.tie,
            "natural": theme.natural,
            "on-mark": theme.on_mark,
            "notice-fill": theme.notice_fill,
            "notice-text": theme.notice_text,
        }
        # The marks' colours as fills under on-mark words: shades that keep 4.5:1 with them.
        for name in ("banker", "player", "tie"):
            colours[f"{name}-fill"] = legible_fill(colours[name], theme.on_mark)
        variables = ";".join(f"--{name}:{value}" for name, value in colours.items())
        return f":root{{{variables}}}"

    def text_font(self, *texts: str) -> str:
        """The ``@font-face`` of the glyphs a screen writes outside its SVGs beyond what every
        system font draws: its words and ``texts`` (see ``_font_face``)."""
        return self._font_face(self.options.title or self.words.heading, " ".join(texts))

    def notice_html(self) -> str:
        """The notice's lines as HTML, for every screen."""
        return self._notice()


def _strings(words: Any) -> Iterator[str]:
    """Every string of the fields of a dataclass of words (those in tuples too)."""
    for item in dataclasses.fields(words):
        value = getattr(words, item.name)
        for text in value if isinstance(value, tuple) else (value,):
            if isinstance(text, str):
                yield text


_CSS = data_file("page.css")
_CONSOLE_CSS = data_file("console.css")
_CONSOLE_WORDS = (
    *("sound", "watching", "all_bets", "no_more_bets"),
    *("seat_bet", "seat", "bet_on", "stake", "place"),
)
"""The screens' words (``SCREEN_WORDS``) the console's template names, each by its own name."""
"""What the croupier's console adds to the live page's style (its own file)."""


_TEMPLATE = data_file("page.html")
"""The document (``page.html``), filled in with ``str.format``."""
