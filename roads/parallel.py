"""Running independent pieces of work in several processes, results in order.

Each piece's result depends on its arguments only, so the joined output is the same bytes for
any number of processes. At most a few pieces per process are in flight, so memory stays flat
however many pieces there are.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

T = TypeVar("T")
R = TypeVar("R")

_IN_FLIGHT_PER_JOB = 2


def ordered_map(function: Callable[[T], R], pieces: Iterable[T], *, jobs: int) -> Iterator[R]:
    """``map(function, pieces)``, spread over ``jobs`` processes (1: in this process).

    Parameters:
        function: a module-level function (it is sent to the worker processes by name).
        pieces: its arguments, one piece of work each; read lazily.
        jobs: how many processes to use.
    """
    if jobs <= 1:
        yield from map(function, pieces)
        return
    import multiprocessing  # only for several jobs: keep it out of every other start
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        waiting: deque[Future[R]] = deque()
        for piece in pieces:
            waiting.append(pool.submit(function, piece))
            if len(waiting) >= jobs * _IN_FLIGHT_PER_JOB:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()


def split(start: int, stop: int, *, jobs: int, most: int) -> list[tuple[int, int]]:
    """``start .. stop`` cut into ranges of at most ``most`` items, at least a few per job."""
    count = stop - start
    size = max(1, min(most, -(-count // (jobs * 4)) if jobs > 1 else most))
    return [(first, min(first + size, stop)) for first in range(start, stop, size)]
