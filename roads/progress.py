"""Progress of long jobs, told to whoever listens: the library never draws a bar itself.

Loops over many items (reading a file of a million coups, building its roads, exporting them)
pass through :func:`steps`. Nothing happens unless a :class:`Reporter` is installed with
:func:`reporting`; the command line installs one that draws click's progress bar on standard
error when it is a terminal.

    >>> from roads.progress import steps
    >>> sum(steps(range(5), total=5, label="Counting"))
    10
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol, TypeVar

T = TypeVar("T")

AT_LEAST = 100_000
"""Jobs of fewer items than this end too soon to be worth a bar."""
_EVERY = 4096


class Reporter(Protocol):
    """Told about one job at a time: its start, each step forward, its end."""

    def start(self, label: str, total: int) -> None: ...

    def advance(self, steps: int) -> None: ...

    def finish(self) -> None: ...


_reporter: ContextVar[Reporter | None] = ContextVar("roads_progress", default=None)


@contextmanager
def reporting(reporter: Reporter) -> Iterator[None]:
    """Tell ``reporter`` about long jobs inside the block."""
    token = _reporter.set(reporter)
    try:
        yield
    finally:
        _reporter.reset(token)


def steps(items: Iterable[T], *, total: int, label: str, at_least: int = AT_LEAST) -> Iterable[T]:
    """``items``, telling the installed reporter (if any) how far along the job of ``total``
    items is. Jobs shorter than ``at_least`` are not reported, and with nobody listening
    ``items`` come back as they are (no cost per item)."""
    reporter = _reporter.get()
    if reporter is None or total < at_least:
        return items
    return _reported(items, reporter, total, label)


def _reported(items: Iterable[T], reporter: Reporter, total: int, label: str) -> Iterator[T]:
    reporter.start(label, total)
    done = 0
    try:
        for done, item in enumerate(items, start=1):
            yield item
            if done % _EVERY == 0:
                reporter.advance(_EVERY)
        reporter.advance(done % _EVERY)
    finally:
        reporter.finish()


class _Quiet:
    def advance(self, steps: int) -> None:
        pass


class _Told:
    def __init__(self, reporter: Reporter) -> None:
        self.reporter = reporter

    def advance(self, steps: int) -> None:
        self.reporter.advance(steps)


@contextmanager
def job(label: str, total: int, *, at_least: int = AT_LEAST) -> Iterator[_Quiet | _Told]:
    """A job of ``total`` steps whose body calls ``.advance(n)`` as it goes (for loops that
    :func:`steps` cannot wrap)."""
    reporter = _reporter.get()
    if reporter is None or total < at_least:
        yield _Quiet()
        return
    reporter.start(label, total)
    try:
        yield _Told(reporter)
    finally:
        reporter.finish()
