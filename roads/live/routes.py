"""The routes of ``roads serve``: the page, the board, its views, the event stream and the
writes, each answered as JSON when refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from roads.errors import ParseError, RoadsError
from roads.hands.journal import Journal, JournalBusyError, JournalError
from roads.live import transport
from roads.live.api import hand_from_request
from roads.live.page import CONTENT_SECURITY_POLICY
from roads.live.policy import TOKEN_HEADER, ReadOnlyError, RequestError

if TYPE_CHECKING:
    from roads.live.server import LiveServer

MAX_BODY = 16 * 1024
"""Bytes of a request body; a coup with its cards takes a few hundred."""

_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
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
    "/api/coup": {"POST": "coup"},
    "/api/undo": {"POST": "undo"},
    "/api/shoe": {"POST": "shoe"},
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
    def app(self) -> LiveServer:
        app: LiveServer = self.server.app
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
            if self.server.closing:
                return  # the connection was cut by close(): nobody is there to be told
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
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", policy)
        for name, value in (*_HEADERS, *extra):
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self._sent = True
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_json(self, status: int, value: dict[str, Any]) -> None:
        body = json.dumps(value, ensure_ascii=False).encode("utf-8") + b"\n"
        self._send(status, body, "application/json; charset=utf-8")

    def _refuse(self, problem: RequestError) -> None:
        self.close_connection = True  # the body, if any, was not read
        extra: tuple[tuple[str, str], ...] = (("Allow", problem.allow),) if problem.allow else ()
        if problem.retry_after:
            extra += (("Retry-After", str(problem.retry_after)),)
        body = json.dumps({"error": problem.message}, ensure_ascii=False).encode() + b"\n"
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
        html = self.app.page.html(self.app.watcher.snapshot.state, self.app.token)
        self._send(
            HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", CONTENT_SECURITY_POLICY
        )

    def _board(self) -> None:
        svg = self.app.watcher.snapshot.state["svg"]
        self._send(HTTPStatus.OK, svg.encode("utf-8"), "image/svg+xml; charset=utf-8", _SVG_POLICY)

    def _overlay(self) -> None:
        from roads.live.views import overlay_html, view_policy

        page = self.app.page
        html = overlay_html(
            self.app.watcher.snapshot.state["svg"],
            lang=page.options.lang,
            title=page.options.title or page.labels.title,
            theme=page.options.theme,
        )
        self._send(HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", view_policy())

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
        self._send(HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8", view_policy())

    def _wall_svg(self) -> None:
        svg = self._wall_picture()
        self._send(HTTPStatus.OK, svg.encode("utf-8"), "image/svg+xml; charset=utf-8", _SVG_POLICY)

    def _events(self) -> None:
        app = self.app
        if not app.open_stream():
            raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, "too many live pages are open")
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Content-Security-Policy", _NOTHING_POLICY)
            for name, value in _HEADERS:
                self.send_header(name, value)
            self.send_header("X-Accel-Buffering", "no")
            self.send_header("Connection", "close")  # the stream ends with the connection
            self.end_headers()
            self._sent = True
            snapshot = app.watcher.snapshot
            self.wfile.write(b"retry: 1000\n\n" + snapshot.event)
            while True:
                newer = app.watcher.wait(snapshot.version, app.keepalive)
                if newer is None:
                    return
                if newer.version == snapshot.version:
                    self.wfile.write(b": keep-alive\n\n")
                else:
                    snapshot = newer
                    self.wfile.write(snapshot.event)
        finally:
            app.close_stream()

    def _coup(self) -> None:
        try:
            hand = hand_from_request(self._body())
        except ParseError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None
        self._write(lambda journal: journal.add(hand))

    def _undo(self) -> None:
        self._empty_body()
        self._write(lambda journal: journal.undo())

    def _shoe(self) -> None:
        self._empty_body()
        self._write(lambda journal: journal.new_shoe())

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

    def _empty_body(self) -> None:
        body = self._body()
        if body:
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"unknown field {sorted(body)[0]!r}: send {{}}"
            )

    def _write(self, action: Callable[[Journal], object]) -> None:
        try:
            reply = self.app.write(action)
        except ReadOnlyError as error:
            raise RequestError(HTTPStatus.FORBIDDEN, str(error)) from None
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
