"""The installed command (``roads.__main__``): the collector paused while a command loads, and
"alone" meaning no other thread runs (tests/project/test_startup.py runs the command itself)."""

from __future__ import annotations

import gc
import threading

from roads.__main__ import _alone, _collect_again


def test_the_collector_runs_again_once_the_command_is_loaded() -> None:
    gc.disable()
    try:
        _collect_again()
        assert gc.isenabled()
        _collect_again()  # again: nothing more to do
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


def test_not_alone_while_another_thread_runs() -> None:
    assert _alone() == (threading.active_count() == 1)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not _alone()
    finally:
        stop.set()
        other.join()
