"""A command in a real terminal, as the tests drive it: tmux runs it detached, keys go in, the
screen's text comes out (the keyboard logger's tests, and the practice table's)."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import time

import pytest

TMUX = shutil.which("tmux")
_TERMINALS = itertools.count()


class Terminal:
    """A command in a detached tmux session of its own: keys in, the screen's text out."""

    def __init__(self, command: str, width: int, height: int, env: dict[str, str] | None = None):
        if TMUX is None:
            if os.environ.get("ROADS_CI") == "1":
                pytest.fail("tmux is not installed (apt-get install tmux)")
            pytest.skip("tmux is not installed")
        # A server of its own for each terminal: a name used again could reach the server of
        # the last test while it is still shutting down, and lose the new session with it.
        self.socket = f"roads-test-{os.getpid()}-{next(_TERMINALS)}"
        settings = [arg for name, value in (env or {}).items() for arg in ("-e", f"{name}={value}")]
        self.tmux("new-session", "-d", "-s", "log", "-x", str(width), "-y", str(height))
        self.tmux("respawn-pane", "-k", "-t", "log", *settings, command)

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        return subprocess.run(
            [TMUX, "-L", self.socket, *args], capture_output=True, text=True, check=False
        ).stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "log", key)

    def shows(self, text: str, timeout: float = 15, *, escapes: bool = False) -> str:
        """The screen once it shows ``text`` (with ``escapes``: its colours as ANSI codes)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", "log")
            if text in shown or time.monotonic() > deadline:
                assert text in shown, shown
                return shown
            time.sleep(0.05)

    def quit(self) -> None:
        self.keys("q")
        deadline = time.monotonic() + 10
        while "log" in self.tmux("list-sessions") and time.monotonic() < deadline:
            time.sleep(0.05)

    def close(self) -> None:
        self.tmux("kill-server")
