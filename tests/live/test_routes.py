"""The live board's routes (``roads.live.routes``): each path answers its methods, any other
method is refused naming them, any other path is not found; writes need the token."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import SHOE, logged, request, start

from roads.live.routes import _ROUTES, App
from roads.live.server import LiveServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    path = tmp_path / "game.jsonl"
    logged(path, SHOE)
    live = start(path)
    yield live
    live.close()


def test_the_server_is_the_routes_app(server: LiveServer) -> None:
    app: App = server
    assert app.policy is server.policy


def test_each_page_answers_and_other_methods_are_refused(server: LiveServer) -> None:
    for path, methods in _ROUTES.items():
        if path == "/events":
            continue  # a stream: tests/live/test_server.py reads it
        for method in methods:
            status, _, _ = request(server, method, path)
            assert status == (403 if method == "POST" else 200), (method, path)
        status, headers, _ = request(server, "DELETE", path)
        assert status == 405 and headers["Allow"] == ", ".join(methods)


def test_a_path_that_is_none_is_not_found(server: LiveServer) -> None:
    status, _, body = request(server, "GET", "/nothing")
    assert status == 404 and b"nothing here" in body
