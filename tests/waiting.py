"""Waiting on a condition, never on a fixed sleep: the tests that watch a server or a process
look every few milliseconds and go on as soon as what they wait for is true."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


def until(condition: Callable[[], object], seconds: float = 5.0) -> bool:
    """Whether ``condition()`` comes true within ``seconds`` (looked at every 5 ms)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        threading.Event().wait(0.005)
    return True
