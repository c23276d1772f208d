"""The warm pool of ``roads.parallel`` when its workers are stopped or killed: no thread of it
is left to race or hang the exit, and a worker killed from outside is a WorkerLostError, never
a hang. Each case runs in a process of its own, where the pool's workers are forked, with a
step of ``concurrent.futures`` slowed down to force the interleaving that once went wrong."""

from __future__ import annotations

import subprocess
import sys

import pytest

SLOW_TO_CLOSE = """
from concurrent.futures import process as futures

# The pool's thread is slow to close its pipes, as on a loaded machine.
wakeup = getattr(futures, "_ThreadWakeup", None)
if wakeup is not None:
    close = wakeup.close
    wakeup.close = lambda self: (time.sleep(0.3), close(self))[1]
pool = parallel.pool(2)
for _ in range(2):
    pool.submit(time.sleep, 60)
while len(getattr(pool, "_processes", None) or {}) < 2:
    time.sleep(0.01)
"""

SLOW_READER = """
from multiprocessing import connection

# The pool's thread reads a large result piece by piece, slowly (the main thread holds the
# interpreter meanwhile), and says when it has begun: the worker is then halfway through it.
begun = threading.Event()
receive = connection.Connection._recv
def slow_receive(self, size, receive=receive):
    if size > 1000:
        begun.set()
        time.sleep(0.05)
    return receive(self, size)
connection.Connection._recv = slow_receive

sender, said = os.pipe()  # the worker that sends the result says its process id here

def result(size):
    os.write(said, b"%d\\n" % os.getpid())
    return b"x" * size

pool = parallel.pool(2)  # forked: before this process runs a thread of its own
"""

KILLED_MID_SEND = (
    SLOW_READER
    + """
pool.submit(result, 4_000_000)  # far more than a pipe holds
assert begun.wait(30)
"""
)


def python(script: str) -> subprocess.CompletedProcess[str]:
    """``script`` run by this Python, after ``import os, signal, threading, time`` and ``from
    roads import parallel``; a test failure if it is still running after 30 s."""
    prologue = "import os, signal, threading, time\nfrom roads import parallel\n"
    try:
        return subprocess.run(
            [sys.executable, "-c", prologue + script],
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired as hung:
        pytest.fail(f"still running after 30 s, having printed {hung.stdout!r}")


@pytest.mark.parametrize(
    "setup",
    [pytest.param(SLOW_TO_CLOSE, id="slow-to-close"), pytest.param(KILLED_MID_SEND, id="mid-send")],
)
def test_no_thread_of_a_stopped_pool_is_left_to_race_or_hang_the_exit(setup: str) -> None:
    """An interrupted command's pool has no thread left once its workers are killed, and the
    command exits at once after, quietly. The pool's thread closes its pipes as it ends: one
    still ending when the interpreter exits (which wakes it through one of those pipes) printed
    "OSError: [Errno 9] Bad file descriptor" under "roads simulate: interrupted" (CI, stop 44).
    One reading the rest of a result from a worker killed halfway through sending it waited
    for ever, and so did the exit, which waits for it."""
    done = python(
        setup
        + "parallel.stop_workers()\n"
        + "print([t.name for t in threading.enumerate() if t is not threading.main_thread()])"
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "[]", "")


@pytest.mark.parametrize("killed", ["the sender", "every worker"])
def test_a_worker_killed_while_sending_a_result_does_not_hang_its_command(killed: str) -> None:
    """Killed halfway through sending a result larger than a pipe holds, a worker leaves the
    pool's own thread waiting for the rest, for ever, and the other workers waiting for the
    lock it held: the command notices the dead worker and ends with a WorkerLostError all the
    same, within seconds."""
    every = "[process.pid for process in pool._processes.values()]"
    pids = "[int(os.read(sender, 64))]" if killed == "the sender" else every
    done = python(
        SLOW_READER
        + f"""
def kill():  # as the out-of-memory killer would, halfway through the result
    assert begun.wait(30)
    for pid in {pids}:
        os.kill(pid, signal.SIGKILL)

threading.Thread(target=kill, daemon=True).start()
try:
    list(parallel.ordered_map(result, [4_000_000], jobs=2))
except parallel.WorkerLostError as error:
    print(error)
"""
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith("a worker process died (killed by SIGKILL)"), done.stdout


def test_a_piece_s_own_timeout_reaches_the_caller() -> None:
    """The pool's results are waited for a fraction of a second at a time (to watch the
    workers meanwhile): a piece that raises TimeoutError itself is not taken for one of those
    waits, and its error reaches the caller."""
    done = python(
        """
def piece(seconds):
    time.sleep(seconds)
    raise TimeoutError(f"piece {seconds}")

try:
    list(parallel.ordered_map(piece, [0.0, 0.5], jobs=2))
except TimeoutError as error:
    print(error)
"""
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "piece 0.0", "")


def test_a_worker_stopped_by_sigterm_ends_without_a_word() -> None:
    """A forked worker inherits the command's SIGTERM handler (which raises KeyboardInterrupt
    for the command's own clean stop); stopped with SIGTERM, as ``concurrent.futures`` stops
    the other workers of a broken pool, it printed a traceback among the command's one-line
    error. It ends quietly, and the command says which signal it was."""
    done = python(
        """
def interrupt(number, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGTERM, interrupt)  # as the command line does
pool = parallel.pool(2)
pool.submit(abs, 1).result()  # the workers are there, waiting for work
for process in list(pool._processes.values()):
    os.kill(process.pid, signal.SIGTERM)
try:
    list(parallel.ordered_map(time.sleep, [30, 30], jobs=2))
except parallel.WorkerLostError as error:
    print(error)
"""
    )
    assert done.stderr == "" and done.returncode == 0, done.stderr
    assert done.stdout.startswith("a worker process died (killed by SIGTERM)"), done.stdout


def test_a_pool_whose_worker_died_while_idle_is_replaced() -> None:
    """A worker that dies between two pieces of work (in a notebook, say) breaks the warm
    pool; the next piece of work gets a new one."""
    done = python(
        """
pool = parallel.pool(2)
pool.submit(abs, 1).result()
os.kill(next(iter(pool._processes)), signal.SIGKILL)
deadline = time.monotonic() + 20
while not getattr(pool, "_broken", False) and time.monotonic() < deadline:
    time.sleep(0.01)
print(list(parallel.ordered_map(abs, [-1, -2, -3], jobs=2)))
"""
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "[1, 2, 3]", "")


def test_a_result_that_cannot_be_read_back_is_not_called_a_death() -> None:
    """A pool broken by a result it could not read back (a bug, not the system) keeps its own
    error: the command calls it an internal error, not a worker killed for want of memory."""
    done = python(
        """
def refuse():
    raise ValueError("cannot be read back")

class Unreadable:
    def __reduce__(self):
        return refuse, ()

def piece(_):
    return Unreadable()

try:
    list(parallel.ordered_map(piece, [1, 2], jobs=2))
except parallel.WorkerLostError:
    print("WorkerLostError")
except Exception as error:
    print(type(error).__name__)
"""
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "BrokenProcessPool", "")
