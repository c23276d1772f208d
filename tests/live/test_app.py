"""What the routes and the screens read of the live server (``roads.live.app.App``) is what a
running server has: every attribute, of the type the protocol gives it, and every method,
taking as many arguments and the same keywords."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from pathlib import Path

from live_server import logged, start

from roads.live.app import App


def _arguments(function: Callable[..., object]) -> tuple[int, list[str]]:
    """How many positional arguments ``function`` takes, and its keywords' names."""
    parameters = inspect.signature(function).parameters.values()
    keywords = [one.name for one in parameters if one.kind is one.KEYWORD_ONLY]
    return len(parameters) - len(keywords), keywords


def test_a_running_server_is_what_the_routes_read_of_it(tmp_path: Path) -> None:
    logged(tmp_path / "game.jsonl", "BPT")
    server = start(tmp_path / "game.jsonl")
    try:
        hints = typing.get_type_hints(App)
        assert {"path", "page", "policy", "token", "watcher", "access", "read_only"} <= set(hints)
        for name, kind in hints.items():
            assert isinstance(getattr(server, name), kind), name
        methods = [
            name
            for name, value in vars(App).items()
            if inspect.isfunction(value) and not name.startswith("_")
        ]
        assert sorted(methods) == ["log", "wall_picture", "write"]
        for name in methods:
            wanted = _arguments(getattr(App, name))
            assert _arguments(getattr(server, name)) == (wanted[0] - 1, wanted[1]), name
    finally:
        server.close()
