"""Running independent pieces of work in several processes, results in order.

Each piece's result depends on its arguments only, so the joined output is the same bytes for
any number of processes. At most a few pieces per process are in flight, and the pieces are
made as they are sent, so memory stays flat however many pieces there are. The worker
processes start once per process (forked where the platform allows) and are reused by every
later piece of work.

Workers never outlive the process that started them: on Linux the kernel kills each when its
parent dies, however it dies (``PR_SET_PDEATHSIG``, even for a SIGKILL such as the
out-of-memory killer's); elsewhere a thread in each worker watches for its parent to go. They
ignore Ctrl-C, which is the parent's to handle: an interrupted command kills its workers at
once (``stop_workers``) rather than waiting for the pieces they are on. A worker killed from
outside (by the out-of-memory killer, say) ends its command with a WorkerLostError, never a
hang, whenever it dies (``check_workers``).
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import signal
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, wait
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from roads.errors import RoadsError, UnavailableError

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

_IN_FLIGHT_PER_JOB = 2


Jobs = int | Literal["auto"]
"""How many processes: a number, or ``"auto"`` (as many as the work pays for, at most one per
core this process may run on; see ``workers``)."""
AUTO: Literal["auto"] = "auto"
MAX_JOBS = 256
"""The most processes one command may ask for: more would only crowd the machine (and each
takes memory and files of its own)."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def workers(jobs: Jobs, *, work: int, per_worker: int) -> int:
    """How many processes to run ``work`` units in: ``jobs`` (for ``"auto"``: the cores), but
    never more than one per ``per_worker`` units, so that more processes never make the work
    slower than one (a worker's start, and the results' trip back, cost about
    ``per_worker`` units).

    Parameters:
        jobs: the number asked for, or ``"auto"``.
        work: how many units of work there are.
        per_worker: the units of work that pay for starting one more process.
    """
    if jobs == AUTO:
        limit = cores()
    elif isinstance(jobs, int) and not isinstance(jobs, bool) and 1 <= jobs <= MAX_JOBS:
        limit = jobs
    else:
        raise RoadsError(f"jobs must be a number from 1 to {MAX_JOBS} or {AUTO!r}, not {jobs!r}")
    return max(1, min(limit, work // max(1, per_worker)))


def start_method() -> str:
    """How worker processes start: forked where the platform allows it (no import to repeat,
    a few milliseconds each), spawned where forking is unsafe (macOS, Windows, or a process
    already running other threads, such as a Dask client's, that a fork could leave locked).
    The warm pool's, once it is there."""
    import multiprocessing
    import threading

    if _POOL:
        return _POOL[0][1]
    if (
        sys.platform.startswith("linux")
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    ):
        return "fork"
    return "spawn"


SPAWN_COST = 15
"""A spawned worker costs about this many times a forked one to start (it imports roads, and
numpy, again): the work that pays for a worker, where workers are spawned."""


def per_worker(forked: int) -> int:
    """The work that pays for one more worker, ``forked`` where workers are forked."""
    return forked if start_method() == "fork" else forked * SPAWN_COST


_POOL: list[tuple[int, str, ProcessPoolExecutor]] = []
"""The warm pool of this process and its size (at most one: its own threads, which a fork
must not copy, are gone once it is shut down)."""


def pool(jobs: int) -> ProcessPoolExecutor:
    """A warm pool of ``jobs`` worker processes, started at its first use and reused by every
    later piece of work of this process (a pool of another size, or a new one where a worker
    of the last died, replaces it; the last is shut down when the process exits)."""
    if _POOL and getattr(_POOL[0][2], "_broken", False):  # a worker died while it was idle
        stop_workers()
    if _POOL and _POOL[0][0] == jobs:
        return _POOL[0][2]
    close_pool()
    import multiprocessing  # only for several jobs: keep it out of every other start
    from concurrent.futures import ProcessPoolExecutor

    method = start_method()  # before the pool's own threads start
    # The kernel's parent-death signal is sent when the *thread* that started a worker ends:
    # asked for only where that thread is the main one, which lasts as long as the process.
    main = threading.current_thread() is threading.main_thread()
    found = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=worker_start,
        initargs=(os.getpid(), main),
    )
    _POOL.append((jobs, method, found))
    return found


PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""
WATCH_EVERY = 0.2
"""Seconds between two looks of a worker at its parent, where the kernel cannot tell it."""


def worker_start(parent: int, main_thread: bool) -> None:
    """Run first in every worker process: it ignores Ctrl-C (the parent stops it), ends at
    SIGTERM without a word, and dies with
    ``parent``, by the kernel's parent-death signal where ``main_thread`` started it on Linux,
    else by a thread that watches for the parent to go.

    Parameters:
        parent: the process id of the process that started the worker.
        main_thread: whether the worker was started from that process's main thread.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker inherits the command's SIGTERM handler, which raises KeyboardInterrupt:
    # stopped by the pool with SIGTERM, it would print that traceback.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if not (main_thread and _die_with_parent()):
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask Linux to kill this process when its parent dies; whether it could."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent has gone (it is then another's child)."""
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(1)


def close_pool() -> None:
    """Stop the warm pool's workers, if there is one, once their pieces are done."""
    while _POOL:
        _, _, found = _POOL.pop()
        found.shutdown(wait=True, cancel_futures=True)


STOP_WAIT = 1.0
"""Seconds an interrupted command waits, at most, for the pool's own thread to end."""


def stop_workers() -> None:
    """Kill the warm pool's workers now, without waiting for their pieces (an interrupted
    command: nothing they compute would be used)."""
    while _POOL:
        _, _, found = _POOL.pop()
        processes = _processes_of(found)
        results = getattr(found, "_result_queue", None)  # the pool forgets it at shutdown
        manager = getattr(found, "_executor_manager_thread", None)
        for process in processes:
            with suppress(OSError, ValueError, AttributeError):
                process.kill()
        found.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with suppress(OSError, ValueError, AttributeError, AssertionError):
                process.join(STOP_WAIT)
        # A worker killed halfway through sending a result leaves the pool's own thread
        # reading the rest, for ever: this process holds the pipe's other end too. Closed, the
        # read ends, and with it the thread.
        with suppress(OSError, AttributeError):
            results._writer.close()  # type: ignore[union-attr]
        # Left running, that thread could close its wake-up pipe while the interpreter's exit
        # writes to it (concurrent.futures wakes every pool's thread at exit, unlocked):
        # "Bad file descriptor" printed after the command's last line. It ends at once now.
        if isinstance(manager, threading.Thread):
            manager.join(STOP_WAIT)


atexit.register(close_pool)


class WorkerLostError(UnavailableError):
    """A worker process died before it finished its piece: killed by the system (the
    out-of-memory killer, say) or by a user. Nothing the command would write was written."""


def finished(futures: Collection[Future[R]]) -> set[Future[R]]:
    """Wait for at least one of ``futures`` of the warm pool to be done, and return those done;
    a WorkerLostError as soon as a worker has died (``check_workers``).

    Parameters:
        futures: pieces sent to the warm pool (``pool``).
    """
    while True:
        done, _ = wait(futures, timeout=WATCH_EVERY, return_when=FIRST_COMPLETED)
        if done:
            return done
        check_workers()


def result(future: Future[R]) -> R:
    """The result of a piece sent to the warm pool, once it is there; a WorkerLostError as
    soon as a worker has died (``check_workers``).

    Parameters:
        future: a piece sent to the warm pool (``pool``).
    """
    while True:
        try:
            return future.result(timeout=WATCH_EVERY)
        except TimeoutError:
            if future.done():  # just now, or with the piece's own TimeoutError
                return future.result()
        check_workers()


def check_workers() -> None:
    """Raise a WorkerLostError, once the warm pool is stopped, if one of its workers has died.

    A dead worker's pool is broken, but ``concurrent.futures`` may never say so: a worker
    killed halfway through sending a result leaves the pool's own thread waiting for the rest
    for ever, and the other workers waiting for the lock it held. Only stopping every worker
    ends that wait (``stop_workers``).
    """
    dead = _dead_workers()
    if dead:
        stop_workers()
        raise _lost(dead)


@contextmanager
def watched() -> Iterator[None]:
    """Around code that sends work to the warm pool and takes its results: a pool broken by
    the death of a worker raises a WorkerLostError, once the pool's other workers are
    stopped. A pool broken otherwise (a result that cannot be read back, say) raises its own
    error, an internal one."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        yield
    except BrokenProcessPool as error:
        dead = _dead_workers()
        stop_workers()
        # A worker's death has no cause the pool could read back; a result it could not
        # read has (and the workers it stops then end with SIGTERM).
        if error.__cause__ is None and any(process.exitcode for process in dead):
            raise _lost(dead) from None
        raise


def _dead_workers() -> list[Any]:
    """The warm pool's workers that have died (their sentinels are ready: nothing is reaped)."""
    from multiprocessing.connection import wait as ready

    workers = {
        process.sentinel: process for _, _, found in _POOL for process in _processes_of(found)
    }
    return [workers[sentinel] for sentinel in ready(list(workers), timeout=0)]


def _processes_of(found: ProcessPoolExecutor) -> list[Any]:
    """The worker processes of pool ``found`` (none once it is shut down)."""
    return list((getattr(found, "_processes", None) or {}).values())


def _lost(dead: list[Any]) -> WorkerLostError:
    """The error for a pool broken by the death of one of ``dead`` (the pool stops the others
    with SIGTERM as it breaks, so another cause of death is the one named)."""
    codes = sorted(
        (process.exitcode for process in dead if process.exitcode is not None),
        key=lambda code: code == -signal.SIGTERM,
    )
    how = ""
    if codes and codes[0] < 0:
        try:
            how = f" (killed by {signal.Signals(-codes[0]).name})"
        except ValueError:
            how = f" (killed by signal {-codes[0]})"
    elif codes:
        how = f" (exit code {codes[0]})"
    return WorkerLostError(
        f"a worker process died{how} before it finished its part: nothing was written. The "
        "system may have run out of memory: rerun with fewer jobs, or after closing other "
        "programs",
        about=("jobs",),
    )


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
    workers_pool = pool(jobs)
    waiting: deque[Future[R]] = deque()
    try:
        with watched():
            for piece in pieces:
                waiting.append(workers_pool.submit(function, piece))
                if len(waiting) >= jobs * _IN_FLIGHT_PER_JOB:
                    yield result(waiting.popleft())
            while waiting:
                yield result(waiting.popleft())
    finally:
        for future in waiting:
            future.cancel()


def split(start: int, stop: int, *, jobs: int, most: int) -> Iterator[tuple[int, int]]:
    """``start .. stop`` cut into ranges of at most ``most`` items, at least a few per job,
    made one at a time (so any count takes the same memory)."""
    count = stop - start
    size = max(1, min(most, -(-count // (jobs * 4)) if jobs > 1 else most))
    return ((first, min(first + size, stop)) for first in range(start, stop, size))


# -- on a Dask cluster ----------------------------------------------------------------------------

DEFAULT_DASK_TIMEOUT = "20s"
"""How long to wait for the scheduler to answer, and for a worker to join when none is left
(``ROADS_DASK_TIMEOUT`` sets it)."""
_POLL = 1.0
"""Seconds between two looks at the cluster while no piece finishes."""


class ClusterError(RoadsError):
    """The Dask cluster could not be reached, or failed during the run (a scheduler or the last
    worker lost): nothing was written. The command line exits with ``exit_code``."""

    exit_code = 69


def dask_map(
    function: Callable[[S, T], R],
    shared: S,
    pieces: Sequence[T],
    *,
    address: str,
    name: str,
    done: Callable[[int], None],
) -> list[R]:
    """``[function(shared, piece) for piece in pieces]`` on the Dask cluster of the scheduler
    at ``address``; every failure of the cluster is one ClusterError (or a RoadsError naming
    the address or the timeout when they are not valid), never a Dask traceback.

    Parameters:
        function: a module-level function (sent to the workers by name).
        shared: the argument every piece shares, sent to every worker once.
        pieces: the other argument, one piece of work each.
        address: the scheduler's address, e.g. ``tcp://host:8786``.
        name: the start of the Dask keys of this run's pieces (a fresh id is added).
        done: called with a piece's index when it has finished, in the order they finish.
    """
    import asyncio  # Dask's, already imported by it: kept out of every other start

    distributed = _distributed()
    timeout = dask_timeout()
    # A Client of an earlier call that failed (in a notebook, say) can linger in a reference
    # cycle; collected later inside the start of this Client's loop thread, its finaliser would
    # wait for the lock that start holds, for ever. Collect it now, in this thread.
    gc.collect()
    client = _connect(distributed, address, timeout)
    try:
        with client:
            run = f"{name}-{uuid.uuid4().hex}"
            scattered = client.scatter(shared, broadcast=True, hash=False)
            futures = [
                client.submit(function, scattered, piece, pure=False, key=f"{run}-{i}")
                for i, piece in enumerate(pieces)
            ]
            return _gather(
                distributed, client, futures, address=address, timeout=timeout, done=done
            )
    except ClusterError:
        raise
    except (OSError, TimeoutError, CancelledError, asyncio.CancelledError) as error:
        raise ClusterError(
            f"lost the Dask scheduler at {address} during the run ({_reason(error)}): "
            "nothing was written; start it again and rerun"
        ) from None
    except RuntimeError as error:
        # distributed's own connection timeouts can surface as asyncio's RuntimeError
        # ("Cannot change state of expiring Timeout") when the scheduler dies mid-call.
        if "Timeout" not in str(error):
            raise
        raise ClusterError(
            f"lost the Dask scheduler at {address} during the run ({_reason(error)}): "
            "nothing was written; start it again and rerun"
        ) from None
    except Exception as error:
        if type(error).__name__ != "KilledWorker":
            raise
        raise ClusterError(
            f"Dask workers at {address} died running a piece of the work ({_reason(error)}): "
            "nothing was written; check the workers' memory and logs, then rerun"
        ) from None


def dask_timeout() -> float:
    """``ROADS_DASK_TIMEOUT`` in seconds (a Dask duration such as ``20s`` or ``2m``)."""
    text = os.environ.get("ROADS_DASK_TIMEOUT", DEFAULT_DASK_TIMEOUT)
    from dask.utils import parse_timedelta

    try:
        seconds = parse_timedelta(text.strip(), default="s")
    except (KeyError, ValueError, TypeError, AttributeError):
        seconds = None
    if seconds is None or not seconds > 0:
        raise RoadsError(
            f"ROADS_DASK_TIMEOUT={text!r} is not a duration: write one such as 20s, 500ms or 2m"
        )
    return float(seconds)


def _dropped(client: Any, address: str, error: BaseException) -> ClusterError:
    """The error for work the cluster dropped: its last worker, or the scheduler, was lost."""
    import asyncio

    try:
        workers = len(client.nthreads())
    except (OSError, TimeoutError, CancelledError, asyncio.CancelledError):
        workers = -1
    if workers == 0:
        lost = f"the last Dask worker of {address} was lost during the run"
    elif workers > 0:
        lost = f"a Dask worker of {address} holding part of the work was lost during the run"
    else:
        lost = f"lost the Dask scheduler at {address} during the run"
    return ClusterError(
        f"{lost} ({_reason(error)}): nothing was written; check the cluster, then rerun"
    )


def _reason(error: BaseException) -> str:
    """What went wrong, in one line (Dask's messages may run over several)."""
    return " ".join(str(error).split()) or type(error).__name__


def _distributed() -> Any:
    try:
        # Imported by name: Dask is an optional extra, typed or not where it is installed.
        return importlib.import_module("distributed")
    except ImportError:
        raise RoadsError(
            '--scheduler needs Dask: pip install "roads[dask]" (dask.distributed)'
        ) from None


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    if not address.strip():
        raise RoadsError(
            "no scheduler address: give one such as tcp://host:8786, or leave out the "
            "option to run here",
            about=("scheduler",),
        )
    try:
        return distributed.Client(address, timeout=timeout)
    except (ValueError, TypeError, KeyError) as error:
        raise RoadsError(
            f"{address!r} is not the address of a Dask scheduler ({_reason(error)}): "
            "write one such as tcp://host:8786",
            about=("scheduler",),
        ) from None
    except (OSError, TimeoutError) as error:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address} ({_reason(error)}): is it running?"
        ) from None


def _gather(
    distributed: Any,
    client: Any,
    futures: list[Any],
    *,
    address: str,
    timeout: float,
    done: Callable[[int], None],
) -> list[Any]:
    """The futures' results in order; a ClusterError once no worker has been there for
    ``timeout`` seconds (the pieces would wait for one forever)."""
    index = {future.key: i for i, future in enumerate(futures)}
    results: dict[int, Any] = {}
    pending = set(futures)
    alone_since: float | None = None
    while pending:
        try:
            finished, pending = distributed.wait(
                pending, timeout=_POLL, return_when="FIRST_COMPLETED"
            )
            for future in finished:
                i = index[future.key]
                results[i] = future.result()
                done(i)
        except TimeoutError:  # nothing finished meanwhile: is there still a worker?
            finished = set()
        except CancelledError as error:
            raise _dropped(client, address, error) from None
        if finished or client.nthreads():
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > timeout:
            raise ClusterError(
                f"the Dask cluster has had no worker for {timeout:g} s, so the work cannot "
                "finish: nothing was written; start workers and rerun"
            )
    return [results[i] for i in range(len(futures))]
