"""The live board server as the tests start it and talk to it (``roads serve``): a journal of
hands, a server on a free port that logs to a list, and requests to it."""

from __future__ import annotations

import http.client
import json
import socket
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from roads.hands.journal import Journal
from roads.hands.notation import parse_notation
from roads.live.server import LiveServer

SVG = "{http://www.w3.org/2000/svg}"
SHOE = "BBPbPTPnBBBpTPBbnPPB"


def start(path: Path, **kwargs: Any) -> LiveServer:
    """The server of the journal ``path`` on a free port, logging to a list; 2 s of deadline
    for a request unless ``timeout`` says otherwise."""
    kwargs.setdefault("log", [].append)
    kwargs.setdefault("timeout", 2.0)
    return LiveServer(path, port=0, **kwargs).start()


def logged(path: Path, notation: str) -> Journal:
    """The journal ``path`` with the hands of ``notation`` logged in it."""
    journal = Journal(path)
    for hand in parse_notation(notation):
        journal.add(hand)
    return journal


def request(
    server: LiveServer,
    method: str,
    target: str,
    body: bytes | dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, http.client.HTTPMessage, bytes]:
    """A whole request: its status, headers and body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    sent = {"Content-Type": "application/json"} if data is not None else {}
    sent.update(headers or {})
    try:
        connection.request(method, target, body=data, headers=sent)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def post(
    server: LiveServer, target: str, body: bytes | dict[str, Any], **headers: str
) -> tuple[int, bytes]:
    """A write with the server's token: its status and body."""
    sent = {"X-Roads-Token": server.token, **headers}
    status, _, data = request(server, "POST", target, body, sent)
    return status, data


def raw(server: LiveServer, data: bytes) -> bytes:
    """Send bytes as they are and read the whole answer (the server closes the connection)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as client:
        client.sendall(data)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    return answer


def embedded_svg(html: str) -> ET.Element:
    """The board's SVG inside a page."""
    return ET.fromstring(html[html.index("<svg") : html.index("</svg>") + len("</svg>")])


def bead_marks(page: Any) -> int:
    """How many bead plate marks the board of a page in the browser shows."""
    count: int = page.evaluate("document.querySelectorAll('#board .mark.bead-plate').length")
    return count
