"""``roads serve`` (``roads.cli.serve``): Ctrl-C and SIGTERM are held back from the server's
threads and waited for in the main thread, which then closes the server."""

from __future__ import annotations

import signal
import threading

from roads.cli.serve import _stop_signals


def test_stops_are_blocked_inside_the_block_and_restored_after() -> None:
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    with _stop_signals() as wait_for_stop:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        assert {signal.SIGINT, signal.SIGTERM} <= blocked
        wait_for_stop(lambda: True)  # done: returns at once
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before


def test_off_the_main_thread_the_wait_is_for_done() -> None:
    waited: list[bool] = []

    def serve() -> None:
        with _stop_signals() as wait_for_stop:
            calls = iter([False, True])
            wait_for_stop(lambda: next(calls))
            waited.append(True)

    thread = threading.Thread(target=serve)
    thread.start()
    thread.join(10)
    assert waited == [True]
