"""The routes of ``roads serve``: the page, the board, its views, the event stream and the
writes, each answered as JSON when refused."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

from roads.errors import ParseError, RoadsError
from roads.hands.journal import (
    Event,
    JournalBusyError,
    JournalError,
    close_event,
    coup_event,
    leave_event,
    shoe_event,
    undo_event,
)
from roads.hands.refusals import RoundClosedError
from roads.live import screens, transport
from roads.live.access import KEY_HEADER as ACCESS_HEADER
from roads.live.access import AccessError
from roads.live.api import (
    KEY_FIELD,
    KEY_HEADER,
    bets_from_request,
    check_key,
    hand_from_request,
    join_from_request,
    seat_of_request,
)
from roads.live.app import App
from roads.live.compress import encoded
from roads.live.page import script_json
from roads.live.policy import TOKEN_HEADER, ReadOnlyError, RequestError

T = TypeVar("T")
MAX_BODY = 16 * 1024
"""Bytes of a request body; a coup with its cards takes a few hundred."""

_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
_NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'"
_SVG_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; font-src data:; frame-ancestors 'none'"
)
_ROUTES = {
    "/": {"GET": "page", "HEAD": "page"},
    "/board.svg": {"GET": "board", "HEAD": "board"},
    "/events": {"GET": "events"},
    "/state": {"GET": "state"},
    "/api/coup": {"POST": "coup"},
    "/api/undo": {"POST": "undo"},
    "/api/shoe": {"POST": "shoe"},
    "/api/bet": {"POST": "bet"},
    "/api/join": {"POST": "join"},
    "/api/leave": {"POST": "leave"},
    "/api/close": {"POST": "close"},
    "/token": {"GET": "token"},
    "/display": {"GET": "display", "HEAD": "display"},
    "/display/code": {"GET": "display_code"},
    "/overlay": {"GET": "overlay", "HEAD": "overlay"},
    "/wall": {"GET": "wall", "HEAD": "wall"},
    "/wall.svg": {"GET": "wall_svg", "HEAD": "wall_svg"},
}


class Handler(transport.Handler):
    """The routes of the live board."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    _sent = False

    @property
    def app(self) -> App:
        app: App = self.server.app
        return app

    def version_string(self) -> str:
        return "roads"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: requests are not logged, and neither are clients that go away."""

    def dispatch(self) -> None:
        """Answer the request whose head is parsed, by its path and method."""
        self._sent = False
        path = self.path.split("?", 1)[0]
        try:
            self._check_origin()
            methods = _ROUTES.get(path)
            if methods is None and path.startswith("/seat/"):
                methods = {"GET": "seat_page", "HEAD": "seat_page"}
            if methods is None:
                raise RequestError(HTTPStatus.NOT_FOUND, f"nothing here: {path}")
            name = methods.get(self.command)
            if name is None:
                raise RequestError(
                    HTTPStatus.METHOD_NOT_ALLOWED,
                    f"{path} takes {' or '.join(methods)}, not {self.command}",
                    allow=", ".join(methods),
                )
            getattr(self, f"_{name}")()
        except RequestError as problem:
            self._refuse(problem)
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as error:
            self.close_connection = True
            self.app.log(
                f"internal error on {self.command} {path}: {type(error).__name__}: {error}"
            )
            if not self._sent:
                self._send_json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "internal error"})

    def _check_origin(self) -> None:
        self.app.policy.check_origin(self.headers.get("Host"), self.headers.get("Origin"))

    # -- responses -----------------------------------------------------------------------------

    def _send(
        self,
        status: int,
        body: bytes,
        content_type: str,
        policy: str = _NOTHING_POLICY,
        extra: tuple[tuple[str, str], ...] = (),
        cache: str = "no-store",
    ) -> None:
        """Send ``body``; ``cache`` is its Cache-Control. A body that may be kept ("no-cache":
        each use asks first) gets an ETag and is answered 304 when the client has it; a large
        one is gzipped for a client that accepts it."""
        if cache != "no-store" and status == HTTPStatus.OK:
            tag = f'"{hashlib.sha256(body).hexdigest()[:24]}"'
            extra = (*extra, ("ETag", tag))
            if tag in self.headers.get("If-None-Match", "").replace("W/", "").split(", "):
                status, body = HTTPStatus.NOT_MODIFIED, b""
        body, encoding = encoded(body, content_type, self.headers.get("Accept-Encoding", ""))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if status != HTTPStatus.NOT_MODIFIED:
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", policy)
        for name, value in (*_HEADERS, ("Cache-Control", cache), *encoding, *extra):
            self.send_header(name, value)
        if self.close_connection or self.server.closing:
            self.close_connection = True
            self.send_header("Connection", "close")
        self.end_headers()
        self._sent = True
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_page(self, html: str, policy: str) -> None:
        """A screen (its token and key in it): kept by the browser, asked for again each time
        (an ETag answers 304 when it has not changed)."""
        self._send_html(html, policy, cache="private, no-cache")

    def send_json(self, status: int, value: dict[str, Any]) -> None:
        """A JSON answer, never kept."""
        self._send_json(status, value)

    def not_found(self, path: str) -> None:
        """Nothing at ``path``."""
        raise RequestError(HTTPStatus.NOT_FOUND, f"nothing here: {path}")

    def _send_json(self, status: int, value: dict[str, Any]) -> None:
        body = json.dumps(value, ensure_ascii=False).encode("utf-8") + b"\n"
        self._send(status, body, "application/json; charset=utf-8")

    def _refuse(self, problem: RequestError) -> None:
        self.close_connection = True  # the body, if any, was not read
        extra: tuple[tuple[str, str], ...] = (("Allow", problem.allow),) if problem.allow else ()
        if problem.retry_after:
            extra += (("Retry-After", str(problem.retry_after)),)
        answer = {"error": problem.message, **problem.fields}
        body = json.dumps(answer, ensure_ascii=False).encode() + b"\n"
        self._send(problem.status, body, "application/json; charset=utf-8", extra=extra)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Errors found while parsing the request, as one-line JSON like every other."""
        try:
            status = HTTPStatus(code)
        except ValueError:
            status = HTTPStatus.BAD_REQUEST
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.1"  # unparsed: answer with a status line anyway
        self._refuse(RequestError(status, message or status.phrase))

    # -- routes --------------------------------------------------------------------------------

    def _page(self) -> None:
        screens.console(self)

    def _display(self) -> None:
        screens.display(self)

    def _display_code(self) -> None:
        screens.display_code(self)

    def _seat_page(self) -> None:
        screens.seat(self)

    def _token(self) -> None:
        """The write token, for a page whose server was started again since it loaded."""
        self._send_json(HTTPStatus.OK, {"token": self.app.token})

    def query(self, name: str) -> str | None:
        """The value of ``name`` in the request's query, if given (the first)."""
        values = parse_qs(urlsplit(self.path).query, keep_blank_values=True).get(name)
        return values[0] if values else None

    def _board(self) -> None:
        self._send_svg(self.app.watcher.snapshot.state["svg"])

    def _send_svg(self, svg: str) -> None:
        self._send(
            HTTPStatus.OK,
            svg.encode("utf-8"),
            "image/svg+xml; charset=utf-8",
            _SVG_POLICY,
            cache="no-cache",
        )

    def _send_html(self, html: str, policy: str, *, cache: str = "no-cache") -> None:
        self._send(
            HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", policy, cache=cache
        )

    def _overlay(self) -> None:
        from roads.live.views import overlay_html, view_policy

        page = self.app.page
        html = overlay_html(
            self.app.watcher.snapshot.state["svg"],
            lang=page.options.lang,
            title=page.options.title or page.labels.title,
            theme=page.theme,
        )
        self._send_html(html, view_policy())

    def _wall_picture(self) -> str:
        try:
            return self.app.wall_picture()
        except FileNotFoundError:
            raise RequestError(HTTPStatus.CONFLICT, "the journal is missing") from None
        except (RoadsError, OSError, UnicodeDecodeError) as error:
            raise RequestError(HTTPStatus.CONFLICT, f"cannot read the journal: {error}") from None

    def _wall(self) -> None:
        from roads.live.views import view_policy, wall_html

        html = wall_html(self._wall_picture(), self.app.page.options, self.app.path.name)
        self._send_html(html, view_policy())

    def _wall_svg(self) -> None:
        self._send_svg(self._wall_picture())

    def _events(self) -> None:
        """The head and the current event; the outbox sends the rest (``self.stream``)."""
        self.close_connection = True  # the stream ends with the connection
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Content-Security-Policy", _NOTHING_POLICY)
        for name, value in (*_HEADERS, ("Cache-Control", "no-store")):
            self.send_header(name, value)
        self.send_header("X-Accel-Buffering", "no")
        self.send_header("Connection", "close")
        self.end_headers()
        self._sent = True
        snapshot = self.app.watcher.snapshot
        self.wfile.write(b"retry: 1000\n\n" + snapshot.event)
        self.stream = snapshot.version

    def _state(self) -> None:
        """The state each event carries, for a page whose event stream is refused."""
        snapshot = self.app.watcher.snapshot
        body = script_json({"version": snapshot.version, **snapshot.state}).encode() + b"\n"
        self._send(HTTPStatus.OK, body, "application/json; charset=utf-8", cache="no-cache")

    def _coup(self) -> None:
        body = self._body()
        key = self._key(body)
        try:
            hand = hand_from_request(body)
        except ParseError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None
        self._write(coup_event(hand), key)

    def _undo(self) -> None:
        self._write(undo_event(), self._key(self._empty_body()))

    def _close(self) -> None:
        self._write(close_event(), self._key(self._empty_body()))

    def _shoe(self) -> None:
        self._write(shoe_event(), self._key(self._empty_body()))

    def _bet(self) -> None:
        body = self._body()
        key = self._key(body)
        self._write(self._parsed(bets_from_request, body), key)

    def _join(self) -> None:
        body = self._body()
        key = self._key(body)
        self._write([self._parsed(join_from_request, body)], key)

    def _leave(self) -> None:
        body = self._body()
        key = self._key(body)
        seat = self._parsed(lambda body: seat_of_request(body, frozenset()), body)
        self._write([leave_event(seat)], key)

    @staticmethod
    def _parsed(parse: Callable[[dict[str, Any]], T], body: dict[str, Any]) -> T:
        """``parse(body)``; a ParseError is the client's bad request."""
        try:
            return parse(body)
        except ParseError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None

    # -- writes --------------------------------------------------------------------------------

    def _body(self) -> dict[str, Any]:
        """The JSON object of a write, once the token and the body's size are checked."""
        self.app.policy.check_token(self.headers.get(TOKEN_HEADER, ""))
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "a Content-Length is required")
        if not (length_text.strip().isascii() and length_text.strip().isdigit()):
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"Content-Length {length_text!r} is not a number of bytes"
            )
        digits = length_text.strip().lstrip("0")
        if len(digits) > len(str(MAX_BODY)) or int(digits or "0") > MAX_BODY:
            shown = digits if len(digits) <= 20 else f"{len(digits)}-digit number of"
            raise RequestError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"a body of {shown} bytes is too large: at most {MAX_BODY}",
            )
        length = int(digits or "0")
        if self.headers.get_content_type() != "application/json":
            raise RequestError(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json"
            )
        data = self.rfile.read(length)  # within the deadline of the request
        if len(data) < length:
            raise ConnectionResetError("the body ended early")
        if not data.strip():
            return {}
        try:
            value = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError) as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"the body is not JSON: {error}") from None
        if not isinstance(value, dict):
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object {...}")
        return value

    def _empty_body(self) -> dict[str, Any]:
        """The body of a write that takes nothing but its key."""
        body = self._body()
        unknown = sorted(set(body) - {KEY_FIELD})
        if unknown:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"unknown field {unknown[0]!r}: send {{}}")
        return body

    def _key(self, body: dict[str, Any]) -> str | None:
        """The write's idempotency key, from its header or the body's ``id`` (taken out)."""
        given = body.pop(KEY_FIELD, None)
        header = self.headers.get(KEY_HEADER)
        if given is not None and header is not None and given != header:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"{KEY_HEADER} and 'id' differ")
        key = header if given is None else given
        if key is None:
            return None
        try:
            return check_key(key)
        except ParseError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None

    def _write(self, event: Event | list[Event], key: str | None) -> None:
        try:
            reply = self.app.write(event, key=key, caller=self.headers.get(ACCESS_HEADER))
        except ReadOnlyError as error:
            raise RequestError(HTTPStatus.FORBIDDEN, str(error)) from None
        except AccessError as error:
            raise RequestError(HTTPStatus.FORBIDDEN, str(error), fields={"reason": "key"}) from None
        except RoundClosedError as error:
            raise RequestError(
                HTTPStatus.CONFLICT, str(error), fields={"reason": "round", "coup": error.coup}
            ) from None
        except JournalBusyError as error:
            raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, str(error), retry_after=1) from None
        except JournalError as error:
            raise RequestError(HTTPStatus.CONFLICT, str(error)) from None
        except RoadsError as error:
            raise RequestError(
                HTTPStatus.CONFLICT, f"the journal cannot take it: {error}"
            ) from None
        except OSError as error:
            self.app.log(f"cannot write the journal {self.app.path}: {error}")
            raise RequestError(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                f"cannot write the journal: {error.strerror or error}",
            ) from None
        self._send_json(HTTPStatus.OK, reply)
