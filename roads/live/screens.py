"""The table's screens on ``roads serve``: the croupier's console (``GET /``), the table display
(``GET /display``, and ``GET /display/code``: the QR code of the first free seat) and each
seat's page on a phone (``GET /seat/N?key=KEY``).

Each page is a package data file (``display.html``, ``seat.html`` with their CSS and scripts;
the console is ``page.html``) filled in here; every value reaches it escaped, or as JSON in a
``<script type="application/json">`` block; the scripts, ``common.js`` and the page's own, are
allowed by their hashes. Every screen carries the notice.
"""

from __future__ import annotations

import dataclasses
import re
from email.message import Message
from html import escape
from http import HTTPStatus
from string import Template
from typing import Any, Protocol

from roads.backends.svg import font_face
from roads.drawing.fonts import BOARD
from roads.live.app import App
from roads.live.page import (
    COMMON_SCRIPT,
    CONTENT_SECURITY_POLICY,
    Page,
    content_security_policy,
    data_file,
    script_json,
)
from roads.live.qr import qr_svg
from roads.translations import SCREEN_WORDS, STATEMENT_WORDS


class Request(Protocol):
    """What a screen reads of the request it answers, and how it answers
    (``roads.live.routes.Handler``)."""

    @property
    def app(self) -> App:
        """The live server."""
        ...

    @property
    def path(self) -> str:
        """The request's path, with its query."""
        ...

    @property
    def headers(self) -> Message:
        """The request's headers."""
        ...

    def query(self, name: str) -> str | None:
        """The value of ``name`` in the request's query, if given."""
        ...

    def send_page(self, html: str, policy: str) -> None:
        """Answer with the page ``html`` under the content security policy ``policy``."""
        ...

    def send_json(self, status: int, value: dict[str, Any]) -> None:
        """Answer with ``value`` as JSON."""
        ...

    def not_found(self, path: str) -> None:
        """Answer that nothing is at ``path``."""
        ...


DISPLAY_SCRIPT = data_file("display.js")
SEAT_SCRIPT = data_file("seat.js")
DISPLAY_POLICY = content_security_policy(COMMON_SCRIPT, DISPLAY_SCRIPT)
SEAT_POLICY = content_security_policy(COMMON_SCRIPT, SEAT_SCRIPT)
_SEAT_PATH = re.compile(r"/seat/([1-9][0-9]?)")


def console(handler: Request) -> None:
    """The croupier's console: with the croupier's key in its link (``?key=``), or on a
    server only this machine reaches, its buttons write for every seat."""
    app = handler.app
    given = handler.query("key")
    key = app.access.croupier if given and app.access.is_croupier(given) else None
    croupier = (key is not None or app.access.open_without_key) and not app.read_only
    html = app.page.html(app.watcher.snapshot.state, app.token, key=key, croupier=croupier)
    handler.send_page(html, CONTENT_SECURITY_POLICY)


def display(handler: Request) -> None:
    """The table display; ``?seats`` shows the seats too."""
    app = handler.app
    html = display_html(
        app.page, app.watcher.snapshot.state, seats=handler.query("seats") is not None
    )
    handler.send_page(html, DISPLAY_POLICY)


def display_code(handler: Request) -> None:
    """The first free seat's number, link (with its key) and QR code; ``seat`` None when every
    seat is taken. The link names this server as the display reached it (its Host)."""
    app = handler.app
    state = app.watcher.snapshot.state
    taken = {seat["seat"] for seat in state.get("seats", [])}
    sittings = state.get("sittings", [])
    free = next((n for n in range(1, len(sittings) + 1) if n not in taken), None)
    answer: dict[str, Any] = {"seat": free}
    if free is not None:
        key = app.access.key_of_sitting(free, sittings[free - 1])
        url = f"http://{handler.headers.get('Host', '')}/seat/{free}?key={key}"
        words = SCREEN_WORDS[app.page.options.lang]
        answer["url"] = url
        answer["svg"] = qr_svg(url, label=words.scan.format(seat=free))
    handler.send_json(HTTPStatus.OK, answer)


def seat(handler: Request) -> None:
    """Seat number N's page (``/seat/N?key=KEY``): it acts for that seat alone."""
    app = handler.app
    path = handler.path.split("?", 1)[0]
    match = _SEAT_PATH.fullmatch(path)
    state = app.watcher.snapshot.state
    sittings = state.get("sittings", [])
    if match is None or int(match.group(1)) > len(sittings):
        handler.not_found(path)
        return
    number = int(match.group(1))
    given = handler.query("key") or ""
    access = app.access
    valid = access.is_croupier(given or None) or access.is_key(
        given, access.key_of_sitting(number, sittings[number - 1])
    )
    html = seat_html(app.page, state, number, token=app.token, key=given or None, valid=valid)
    handler.send_page(html, SEAT_POLICY)


def _shown(state: dict[str, Any]) -> dict[str, Any]:
    """The state a display or a seat's page starts from: all but the console's board and table
    of bets."""
    return {key: value for key, value in state.items() if key not in ("svg", "bets")}


def _words(page: Page) -> dict[str, Any]:
    """What a screen's script writes itself."""
    screen, labels = SCREEN_WORDS[page.options.lang], page.labels
    return {
        **{item.name: getattr(screen, item.name) for item in dataclasses.fields(screen)},
        "names": {"B": labels.banker_name, "P": labels.player_name, "T": labels.tie_name},
        "no_odds": "",
    }


def display_html(page: Page, state: dict[str, Any], *, seats: bool) -> str:
    """The table display showing ``state`` (with the seats' table when ``seats``)."""
    lang = page.options.lang
    screen, labels, statement = SCREEN_WORDS[lang], page.labels, STATEMENT_WORDS[lang]
    name = state.get("posted", {}).get("name", screen.practice_table)
    data = {**page.common_data("", None), "state": _shown(state), "words": _words(page)}
    texts = [name, *(seat.get("name") or "" for seat in state.get("seats", []))]
    return Template(data_file("display.html")).substitute(
        lang=escape(lang),
        title=escape(f"{name} · {screen.display_title}"),
        css=page.colours()
        + data_file("display.css")
        + font_face(BOARD, family=BOARD.family)
        + page.text_font(*texts, *_strings(screen)),
        seats_class=" with-seats" if seats else "",
        seats_hidden="" if seats else " hidden",
        name=escape(name),
        shoe_coup=escape(state.get("shoe_coup", "")),
        connecting=escape(page.words.connecting),
        sound=escape(screen.sound),
        roads=escape(labels.title),
        player=escape(labels.player_name),
        banker=escape(labels.banker_name),
        counts=escape(screen.counts),
        by_rank=escape(screen.by_rank),
        posted=escape(screen.posted),
        bet=escape(screen.bet_on),
        pays=escape(screen.pays),
        limits=escape(screen.limits),
        seats=escape(screen.seats),
        seat=escape(screen.seat),
        seat_name=escape(statement.name),
        balance=escape(statement.balance),
        box=escape(statement.box),
        on_table=escape(screen.on_table),
        notice=page.notice_html(),
        practice=escape(page.words.practice),
        data=script_json(data),
        common=COMMON_SCRIPT,
        script=DISPLAY_SCRIPT,
    )


def seat_html(
    page: Page, state: dict[str, Any], number: int, *, token: str, key: str | None, valid: bool
) -> str:
    """Seat number ``number``'s page showing ``state``: it writes with ``key`` (``valid``:
    the seat's key now, or the croupier's)."""
    lang = page.options.lang
    screen, statement = SCREEN_WORDS[lang], STATEMENT_WORDS[lang]
    name = state.get("posted", {}).get("name", screen.practice_table)
    data = {
        **page.common_data(token, key),
        "seat": number,
        "valid": valid,
        "state": _shown(state),
        "words": {**_words(page), "statement_name": statement.name},
    }
    names = [name, *(seat.get("name") or "" for seat in state.get("seats", []))]
    bets = [bet["name"] for bet in state.get("posted", {}).get("bets", [])]
    return Template(data_file("seat.html")).substitute(
        lang=escape(lang),
        title=escape(f"{screen.seat_title.format(seat=number)} · {name}"),
        css=page.colours()
        + data_file("seat.css")
        + page.text_font(*names, *bets, *_strings(screen), *_strings(statement)),
        name=escape(name),
        seat=escape(screen.seat_title.format(seat=number)),
        connecting=escape(page.words.connecting),
        sound=escape(screen.sound),
        wrong_hidden=" hidden" if valid else "",
        wrong=escape(screen.wrong_link.format(seat=number)),
        sit_down_at=escape(screen.sit_down_at.format(seat=number)),
        your_name=escape(screen.your_name),
        bankroll=escape(screen.bankroll),
        sit_down=escape(screen.sit_down),
        chip=escape(screen.chip),
        bet_on=escape(screen.bet_on),
        results=escape(screen.results),
        statement=escape(screen.statement),
        leave=escape(screen.leave),
        notice=page.notice_html(),
        practice=escape(page.words.practice),
        data=script_json(data),
        common=COMMON_SCRIPT,
        script=SEAT_SCRIPT,
    )


def _strings(words: Any) -> list[str]:
    """Every string of a dataclass of words."""
    values = (getattr(words, item.name) for item in dataclasses.fields(words))
    return [value for value in values if isinstance(value, str)]
