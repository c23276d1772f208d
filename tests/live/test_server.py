"""The live board server (``roads serve``): routes, the write guards, escaping, resilience to
broken clients, the command line, and the page in headless Chromium."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import re
import signal
import socket
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from live_server import SHOE, SVG, bead_marks, embedded_svg, logged, post, raw, request, start

from roads.drawing.board import BoardOptions
from roads.errors import ParseError, RoadsError
from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation
from roads.live.page import CONTENT_SECURITY_POLICY, script_json
from roads.live.server import MAX_BODY, LiveServer, hand_from_request, is_loopback
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard

# -- helpers -------------------------------------------------------------------------------------


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "session.jsonl"


@pytest.fixture
def server(path: Path) -> Iterator[LiveServer]:
    logged(path, SHOE)
    with start(path, keepalive=0.3) as live:
        yield live


def one_line_error(data: bytes) -> str:
    """The message of an error answer, which must be one line of JSON and no traceback."""
    assert data.endswith(b"\n") and data.count(b"\n") == 1, data
    assert b"Traceback" not in data
    message = json.loads(data)["error"]
    assert isinstance(message, str) and message
    return message


def marks(root: ET.Element, road: str) -> int:
    return sum(
        1
        for element in root.iter(f"{SVG}circle")
        if {"mark", road} <= set(element.get("class", "").split())
    )


def hands(path: Path) -> list[Hand]:
    return read_journal(path).hands()


class Events:
    """A raw Server-Sent Events client."""

    def __init__(self, server: LiveServer) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.headers.get_content_type() == "text/event-stream"

    def next(self) -> tuple[str, str]:
        """The next event or comment as (kind, data); kind "" for a comment."""
        kind, data = "message", []
        while True:
            line = self.response.readline().decode().rstrip("\n")
            if line.startswith(":"):
                return "", line[1:].strip()
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
            elif not line and data:
                return kind, "\n".join(data)

    def board(self) -> dict[str, Any]:
        while True:
            kind, data = self.next()
            if kind == "board":
                state: dict[str, Any] = json.loads(data)
                return state

    def close(self) -> None:
        self.connection.close()


# -- reading -------------------------------------------------------------------------------------


def test_page_shows_the_board_the_notice_and_a_policy_matching_its_script(
    server: LiveServer,
) -> None:
    status, headers, body = request(server, "GET", "/")
    html = body.decode()
    assert status == 200 and headers.get_content_type() == "text/html"
    root = embedded_svg(html)
    assert marks(root, "bead-plate") == len(SHOE.replace("b", "").replace("p", "").replace("n", ""))
    assert NOTICE in html and "practice" in html.lower()
    scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(scripts) == 2  # what every screen shares, and the console's own
    policy = headers["Content-Security-Policy"]
    assert policy == CONTENT_SECURITY_POLICY
    for script in scripts:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    for name, value in (
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "private, no-cache"),
        ("X-Frame-Options", "DENY"),
    ):
        assert headers[name] == value
    assert "frame-ancestors 'none'" in policy


def test_board_svg_is_the_library_drawing_of_the_current_shoe(
    server: LiveServer, path: Path
) -> None:
    Journal(path).new_shoe()
    Journal(path).add(parse_notation("T")[0])
    expected = Scoreboard(hands(path)).svg()
    snapshot, deadline = server.watcher.snapshot, time.monotonic() + 10
    while snapshot.state.get("svg") != expected and time.monotonic() < deadline:
        snapshot = server.watcher.wait(snapshot.version, 0.5) or snapshot  # wakes on a change
    status, headers, body = request(server, "GET", "/board.svg")
    assert status == 200 and headers.get_content_type() == "image/svg+xml"
    assert body.decode() == expected
    assert "default-src 'none'" in headers["Content-Security-Policy"]


def test_head_answers_without_a_body(server: LiveServer) -> None:
    status, headers, body = request(server, "HEAD", "/board.svg")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 1000


def test_unknown_paths_and_methods(server: LiveServer) -> None:
    status, _, body = request(server, "GET", "/nothing")
    assert status == 404 and "/nothing" in one_line_error(body)
    status, headers, body = request(server, "GET", "/api/coup")
    assert status == 405 and headers["Allow"] == "POST"
    one_line_error(body)
    status, headers, _ = request(server, "DELETE", "/")
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    answer = raw(server, b"GARBAGE\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400")
    one_line_error(answer.split(b"\r\n\r\n", 1)[1])


# -- writing and its guards ----------------------------------------------------------------------


def test_a_coup_posted_with_the_token_is_logged(server: LiveServer, path: Path) -> None:
    before = hands(path)
    status, body = post(server, "/api/coup", {"outcome": "P", "player_pair": True})
    assert status == 200
    assert json.loads(body) == {
        "ok": True,
        "shoe": 1,
        "coups": len(before) + 1,
        "coup": len(before) + 1,
        "said": f"Logged coup {len(before) + 1} of shoe 1: Player · player pair",
    }
    assert hands(path) == [*before, *parse_notation("Pp")]
    assert post(server, "/api/coup", {"hand": "Tbn"})[0] == 200
    assert hands(path)[-1].notation == "Tbn"


def test_a_coup_with_cards_keeps_them_and_must_agree(server: LiveServer, path: Path) -> None:
    status, _ = post(
        server, "/api/coup", {"outcome": "B", "player_cards": "2h 3d", "banker_cards": "9s Kc"}
    )
    assert status == 200
    assert hands(path)[-1].coup == Coup.parse("2h 3d / 9s Kc")
    status, body = post(
        server, "/api/coup", {"outcome": "P", "player_cards": "2h 3d", "banker_cards": "9s Kc"}
    )
    assert status == 400 and "disagrees" in one_line_error(body)


@pytest.mark.parametrize(
    "headers",
    [{}, {"X-Roads-Token": "wrong"}, {"X-Roads-Token": ""}],
    ids=["none", "wrong", "empty"],
)
def test_writes_need_the_token(server: LiveServer, path: Path, headers: dict[str, str]) -> None:
    before = path.read_bytes()
    for target, body in (("/api/coup", {"hand": "B"}), ("/api/undo", {}), ("/api/shoe", {})):
        status, _, data = request(server, "POST", target, body, headers)
        assert status == 403 and "token" in one_line_error(data).lower()
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1"]
)
def test_another_origin_cannot_post(server: LiveServer, path: Path, origin: str) -> None:
    before = path.read_bytes()
    status, data = post(server, "/api/coup", {"hand": "B"}, Origin=origin)
    assert status == 403 and origin in one_line_error(data)
    assert path.read_bytes() == before
    own = f"http://127.0.0.1:{server.port}"
    assert post(server, "/api/coup", {"hand": "B"}, Origin=own)[0] == 200


def test_a_host_header_naming_another_server_is_refused(server: LiveServer) -> None:
    port = server.port
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}", f"a.b:{port}"):
        status, _, body = request(server, "GET", "/", headers={"Host": host})
        assert status == 403, host
        assert server.token.encode() not in body and b"<svg" not in body
        one_line_error(body)
    assert raw(server, b"GET / HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 403")
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert request(server, "GET", "/board.svg", headers={"Host": host})[0] == 200, host


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"not json", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        (b"[1, 2]", "JSON object"),
        (b"[" * 5000 + b"]" * 5000, "not JSON"),
        ({"outcome": "X"}, "is not B, P or T"),
        ({"outcome": "B", "natural": "maybe"}, "not true or false"),
        ({"hand": "BP"}, "one coup"),
        ({"hand": "Bx"}, "unexpected"),
        ({"hand": 7}, "as text"),
        ({"hand": "B", "outcome": "B"}, "alone"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({}, "no 'outcome'"),
    ],
)
def test_bad_coups_get_a_one_line_400(
    server: LiveServer, path: Path, body: bytes | dict[str, Any], words: str
) -> None:
    before = path.read_bytes()
    status, data = post(server, "/api/coup", body)
    assert status == 400
    assert words in one_line_error(data)
    assert path.read_bytes() == before


def test_bodies_must_be_json_of_a_known_size(server: LiveServer, path: Path) -> None:
    before = path.read_bytes()
    status, data = post(server, "/api/coup", b"B", **{"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in one_line_error(data)
    status, data = post(server, "/api/undo", {"really": True})
    assert status == 400 and "really" in one_line_error(data)
    head = (
        f"POST /api/coup HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"X-Roads-Token: {server.token}\r\nContent-Type: application/json\r\n"
    )
    # An oversized body is refused before it is read: the client never has to send it.
    answer = raw(server, f"{head}Content-Length: {MAX_BODY + 1}\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 413")
    assert "too large" in one_line_error(answer.split(b"\r\n\r\n", 1)[1])
    assert raw(server, f"{head}\r\n".encode()).startswith(b"HTTP/1.1 411")
    chunked = f"{head}Transfer-Encoding: chunked\r\n\r\n1\r\nB\r\n0\r\n\r\n"
    assert raw(server, chunked.encode()).startswith(b"HTTP/1.1 411")
    assert raw(server, f"{head}Content-Length: -3\r\n\r\n".encode()).startswith(b"HTTP/1.1 400")
    assert path.read_bytes() == before
    assert request(server, "GET", "/board.svg")[0] == 200


def test_undo_and_new_shoe(server: LiveServer, path: Path) -> None:
    count = len(hands(path))
    assert post(server, "/api/undo", {})[0] == 200
    assert len(hands(path)) == count - 1
    assert post(server, "/api/shoe", b"")[0] == 200
    assert len(read_journal(path).shoes) == 2 and hands(path) == []


def test_undo_with_nothing_to_undo_is_a_conflict(path: Path) -> None:
    with start(path) as live:
        status, data = post(live, "/api/undo", {})
    assert status == 409 and "nothing to undo" in one_line_error(data)


def test_the_journal_is_created_when_missing(path: Path) -> None:
    with start(path) as live:
        assert read_journal(path).hands() == []
        assert marks(embedded_svg(request(live, "GET", "/")[2].decode()), "bead-plate") == 0


# -- escaping ------------------------------------------------------------------------------------


PAYLOAD = "<script>window.pwned=1</script><img src=x onerror=alert(1)>"


def assert_inert(html: str) -> None:
    """No markup of PAYLOAD survived: only its escaped text can be in ``html``."""
    assert PAYLOAD not in html and "<img" not in html
    assert html.count("<script") == 3  # the JSON data, the shared code and the page's own


def test_title_and_file_name_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / f"{PAYLOAD.replace('/', '|')}.jsonl"
    with start(path, options=BoardOptions(title=PAYLOAD)) as live:
        html = request(live, "GET", "/")[2].decode()
    assert_inert(html)
    assert "&lt;script&gt;window.pwned=1&lt;|script&gt;" in html  # the file name
    assert embedded_svg(html).find(f"{SVG}title").text == PAYLOAD  # type: ignore[union-attr]


def test_a_malicious_journal_line_is_shown_as_text(server: LiveServer, path: Path) -> None:
    events = Events(server)
    first = events.board()
    with path.open("a") as file:
        file.write(json.dumps({"event": "coup", "outcome": PAYLOAD}) + "\n")
    state = events.board()
    events.close()
    assert state["svg"] == first["svg"]  # the last good board stays
    assert PAYLOAD in state["error"]  # as data, for textContent
    html = request(server, "GET", "/")[2].decode()
    assert_inert(html)
    assert 'id="problem" role="alert">' in html and "&lt;img src=x" in html


@given(
    st.recursive(
        st.text(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=8
    )
)
def test_script_json_cannot_close_the_script_and_reads_back(value: Any) -> None:
    text = script_json(value)
    assert not {"<", ">", "&"} & set(text)
    assert json.loads(text) == value


# -- live updates and broken clients -------------------------------------------------------------


def test_events_follow_the_journal_whoever_writes_it(server: LiveServer, path: Path) -> None:
    events = Events(server)
    first = events.board()
    assert marks(ET.fromstring(first["svg"]), "big-road") > 0
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from roads.hands.journal import Journal; "
            "from roads.hands.notation import parse_notation; "
            "Journal(sys.argv[1]).add(parse_notation('Tp')[0])",
            str(path),
        ],
        check=True,
    )
    written = time.perf_counter()  # after the writer's start-up: the server's part only
    state = events.board()
    assert time.perf_counter() - written < 5
    assert state["text"]["last"] == "Last: Tie · Player pair"
    assert state["svg"] == Scoreboard(hands(path)).svg()
    assert events.next() == ("", "keep-alive")
    events.close()


def test_a_stalled_or_vanished_client_stops_nobody(path: Path) -> None:
    # Big events (a board of 160 coups, some 100 KB) fill the stalled client's socket buffers
    # within a few changes.
    logged(path, "BPBBPPTBBBPPPbnp" * 10)
    with start(path, timeout=1.0, keepalive=0.2) as live:
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", live.port))
        stalled.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n\r\n".encode())
        silent = socket.create_connection(("127.0.0.1", live.port))  # sends no request at all
        gone = Events(live)
        gone.board()
        gone.close()
        reader = Events(live)
        reader.board()
        journal = Journal(path)
        deadline = time.monotonic() + 20
        while live.streams > 1 and time.monotonic() < deadline:
            journal.add(parse_notation("P")[0])
            status, _, _ = request(live, "GET", "/board.svg")
            assert status == 200
            latest = len(hands(path))
            while reader.board()["text"]["coups"] != f"{latest} coups":
                pass
        assert live.streams == 1  # the stalled and the vanished streams were dropped
        assert silent.recv(10) == b""  # the silent connection was closed after its timeout
        reader.close()
        stalled.close()
        silent.close()


def test_closing_the_server_ends_the_streams(path: Path) -> None:
    live = start(path, keepalive=60)
    events = Events(live)
    events.board()
    began = time.perf_counter()
    live.close()
    assert events.response.read() == b""
    assert time.perf_counter() - began < 3


# -- the library pieces --------------------------------------------------------------------------


def test_only_loopback_unless_asked(path: Path) -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0")
    with pytest.raises(RoadsError, match="loopback") as raised:
        LiveServer(path, host="0.0.0.0", port=0)
    assert "--" not in str(raised.value) and raised.value.about == ("allow_remote",)
    assert not path.exists()


def test_a_port_in_use_is_a_one_line_error(server: LiveServer, path: Path) -> None:
    with pytest.raises(RoadsError, match=f"port {server.port}"):
        LiveServer(path, port=server.port)


@pytest.mark.parametrize(
    ("body", "notation"),
    [
        ({"hand": "Bnb"}, "Bbn"),
        ({"outcome": "t"}, "T"),
        ({"outcome": "P", "banker_pair": True, "natural": "yes"}, "Pbn"),
    ],
)
def test_hand_from_request(body: dict[str, Any], notation: str) -> None:
    assert hand_from_request(body).notation == notation


def test_hand_from_request_names_the_problem() -> None:
    with pytest.raises(ParseError, match="unknown field 'pair'"):
        hand_from_request({"outcome": "B", "pair": True})


# -- the command ---------------------------------------------------------------------------------


def serve_process(*args: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    return process, process.stderr.readline()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_roads_serve_prints_its_address_and_stops_cleanly(path: Path, stop: int) -> None:
    process, line = serve_process(str(path), "--port", "0")
    try:
        match = re.fullmatch(
            rf"Serving the live board of {re.escape(str(path))} at "
            r"http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)\n",
            line,
        )
        assert match, line
        connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=5)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200
        connection.close()
        assert read_journal(path).hands() == []
        assert process.stderr is not None
        display = process.stderr.readline()
        assert display == f"The table display: http://127.0.0.1:{match.group(1)}/display\n"
        process.send_signal(stop)
        _, rest = process.communicate(timeout=5)
    finally:
        process.kill()
    assert process.returncode == 0
    assert rest == "roads serve: stopped\n"


def test_roads_serve_warns_when_it_serves_the_network(path: Path) -> None:
    process, line = serve_process(str(path), "--host", "0.0.0.0", "--port", "0")
    try:
        assert line.startswith("roads serve: warning: listening on 0.0.0.0")
        assert "anyone on the network who has the croupier's link" in line
        assert process.stderr is not None
        serving, display, console = (process.stderr.readline() for _ in range(3))
        assert serving.startswith("Serving the live board of ")
        assert display.startswith("The table display: http://0.0.0.0:")
        assert re.fullmatch(
            r"The croupier's console \(keep this link to yourself\): "
            r"http://0\.0\.0\.0:\d+/\?key=[A-Za-z0-9_-]{22}\n",
            console,
        ), console
    finally:
        process.terminate()
        process.communicate(timeout=5)


def test_roads_serve_refuses_a_file_that_is_not_a_journal(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n")
    process, line = serve_process(str(notes), "--port", "0")
    _, rest = process.communicate(timeout=10)
    assert process.returncode == 2
    assert line.startswith("roads serve: error: ") and "not a roads journal" in line and rest == ""
    assert notes.read_text() == "shopping list\n"


# -- in the browser ------------------------------------------------------------------------------


@pytest.mark.browser
def test_the_page_follows_the_journal_and_logs_coups(
    browser: Any, server: LiveServer, path: Path
) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(server.url)
    page.wait_for_function("() => document.getElementById('status').textContent === 'Live'")
    shown = bead_marks(page)
    assert shown == len(hands(path)) > 0
    assert page.is_visible("footer strong") and page.text_content("footer strong") == NOTICE

    Journal(path).add(parse_notation("B")[0])  # from outside the page
    page.wait_for_function(
        f"() => document.querySelectorAll('#board .mark.bead-plate').length === {shown + 1}",
        timeout=10_000,
    )
    assert page.text_content("#coups") == f"{shown + 1} coups"

    page.click("button[data-flag=banker_pair]")
    page.click("button[data-flag=natural]")
    page.click("button.outcome.player")
    page.wait_for_function(
        f"() => document.querySelectorAll('#board .mark.bead-plate').length === {shown + 2}",
        timeout=10_000,
    )
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    said = f"Logged coup {shown + 2} of shoe 1: Player · banker pair · natural"
    assert page.text_content("#message") == said  # what the server logged, in its words
    assert hands(path)[-1].notation == "Pbn"
    assert page.get_attribute("button[data-flag=banker_pair]", "aria-pressed") == "false"

    page.click("#undo")
    page.wait_for_function(
        f"() => document.querySelectorAll('#board .mark.bead-plate').length === {shown + 1}",
        timeout=10_000,
    )
    assert len(hands(path)) == shown + 1
    page.wait_for_function("() => document.getElementById('message').textContent.includes('Took')")
    took = f"Took back coup {shown + 2} of shoe 1: Player · banker pair · natural"
    assert page.text_content("#message") == took  # exactly what the undo took back

    page.click("#new-shoe")
    assert page.text_content("#new-shoe") == "Press again: new shoe"
    assert len(read_journal(path).shoes) == 1
    page.click("#new-shoe")
    page.wait_for_function("() => document.querySelectorAll('#board .mark').length === 0")
    assert len(read_journal(path).shoes) == 2
    assert page.text_content("#shoe") == "Shoe 2"
    assert problems == []
    page.close()


@pytest.mark.browser
def test_the_page_shows_a_broken_journal_as_text(
    browser: Any, server: LiveServer, path: Path
) -> None:
    page = browser.new_page()
    page.goto(server.url)
    page.wait_for_function("() => document.getElementById('status').textContent === 'Live'")
    shown = bead_marks(page)
    with path.open("a") as file:
        file.write(json.dumps({"event": "coup", "outcome": PAYLOAD}) + "\n")
    page.wait_for_selector("#problem:not([hidden])", timeout=10_000)
    assert PAYLOAD in page.text_content("#problem")
    assert page.evaluate("window.pwned === undefined && document.images.length === 0")
    assert bead_marks(page) == shown  # the last good board stays
    page.close()
