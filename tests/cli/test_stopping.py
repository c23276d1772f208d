"""No worker outlives its command, and a stop is quick and clean (issue 42, item 8): a command
dealing with ``--jobs 2`` is stopped by Ctrl-C or SIGTERM within a second, workers included,
with nothing half-written; killed with SIGKILL (as the out-of-memory killer does), its workers
die with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from waiting import until

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the processes from /proc"
)

COMMANDS = {
    "simulate": (["simulate", "--shoes", "1000000000", "--tally", "--jobs", "2"], 2, "tally.txt"),
    # Results of a megabyte each: a worker is often killed halfway through sending one.
    "simulate-jsonl": (
        ["simulate", "--shoes", "1000000000", "--format", "jsonl", "--jobs", "2"],
        2,
        "shoes.jsonl",
    ),
    "study": (["study", "--shoes", "300000000", "--jobs", "2"], 1, "study.json"),
}
"""Each command, how many workers it starts with --jobs 2 (study counts in its own process
too), and the file it writes."""


def _state(pid: int) -> tuple[str, int] | None:
    """The state letter and parent of process ``pid``, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    found = _state(pid)
    return found is not None and found[0] not in ("Z", "X")


def children(pid: int) -> list[int]:
    """The living processes whose parent is ``pid``."""
    found = []
    for name in os.listdir("/proc"):
        state = _state(int(name)) if name.isdigit() else None
        if state is not None and state[1] == pid and state[0] not in ("Z", "X"):
            found.append(int(name))
    return found


def started(
    args: list[str], workers: int, out: Path, err: Path
) -> tuple[subprocess.Popen[bytes], list[int]]:
    """``roads ARGS -o OUT 2> ERR`` running, once its workers are there and a second has
    passed."""
    # Ctrl-C reaches the command as from a terminal, even where the tests were started with it
    # ignored (a shell's background job): an ignored signal would be passed on to the child.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with err.open("wb") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-m", "roads", *args, "-o", str(out)],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                start_new_session=True,
            )
    finally:
        signal.signal(signal.SIGINT, previous)
    if not until(lambda: len(children(process.pid)) >= workers, 60):
        process.kill()
        pytest.fail(f"roads {args[0]} started no {workers} workers in 60 s")
    pids = children(process.pid)
    time.sleep(1)  # the "after a second": the workers are busy dealing by then
    return process, pids


def stop(process: subprocess.Popen[bytes], how: str) -> None:
    if how == "Ctrl-C":  # the terminal's: the whole process group is sent SIGINT
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal({"SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM}.get(how, 9))


@pytest.mark.parametrize(
    "how",
    [
        "SIGINT",
        "SIGKILL",
        pytest.param("SIGTERM", marks=pytest.mark.stress),
        pytest.param("Ctrl-C", marks=pytest.mark.stress),
    ],
)
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_process_of_a_stopped_command_is_gone_within_two_seconds(
    tmp_path: Path, command: str, how: str
) -> None:
    args, workers, name = COMMANDS[command]
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / name
    process, pids = started(args, workers, out, tmp_path / "err.txt")
    began = time.monotonic()
    stop(process, how)
    try:
        gone = until(lambda: process.poll() is not None and not any(map(alive, pids)), 2)
        took = time.monotonic() - began
    finally:
        for pid in [process.pid, *pids]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()
    assert gone, f"roads {args[0]} ({command}) after {how}: still running after 2 s"
    assert not out.exists(), "a stopped command wrote its output"
    err = (tmp_path / "err.txt").read_text()
    if how == "SIGKILL":  # nothing can clean up after it: its temporary file may stay
        return
    assert [*folder.iterdir()] == [], "a stopped command left a file behind"
    assert process.returncode == 130 and took < 1.0 + 0.5, (process.returncode, took)
    assert err.strip().endswith(f"roads {args[0]}: interrupted") and "Traceback" not in err


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

KILLED_MID_SEND = """
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

def result(size):
    return b"x" * size

pool = parallel.pool(2)
pool.submit(result, 4_000_000)  # far more than a pipe holds
assert begun.wait(30)
"""


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
    script = "\n".join(
        [
            "import threading, time",
            "from roads import parallel",
            setup,
            "parallel.stop_workers()",
            "print([t.name for t in threading.enumerate() if t is not threading.main_thread()])",
        ]
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", script],
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired as hung:
        pytest.fail(f"still running 30 s after its workers were stopped: {hung.stdout!r}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout
    assert done.stderr == ""


KILLED = {
    "simulate": (COMMANDS["simulate"], 10),
    "simulate-jsonl": (COMMANDS["simulate-jsonl"], 10),
    # The study counts in its own process too, and notices at the end of its own trip.
    "study": ((["study", "--shoes", "20000000", "--jobs", "2"], 1, "study.json"), 60),
}
"""The commands whose worker is killed, and the seconds each may take to notice."""


@pytest.mark.parametrize("command", list(KILLED))
def test_a_worker_killed_from_outside_ends_its_command_with_one_line(
    tmp_path: Path, command: str
) -> None:
    """A worker killed by the system (SIGKILL, as the out-of-memory killer sends) ends its
    command, with one line naming what happened and what to do, exit code 1, its other
    workers gone and nothing written."""
    (args, workers, name), limit = KILLED[command]
    folder = tmp_path / "out"
    folder.mkdir()
    process, pids = started(args, workers, folder / name, tmp_path / "err.txt")
    os.kill(pids[0], signal.SIGKILL)
    try:
        gone = until(lambda: process.poll() is not None and not any(map(alive, pids)), limit)
    finally:
        for pid in [process.pid, *pids]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()
    assert gone, f"roads {args[0]} ({command}): still running {limit} s after a worker died"
    err = (tmp_path / "err.txt").read_text().strip()
    assert process.returncode == 1, err
    assert err.startswith(f"roads {args[0]}: error: a worker process died (killed by SIGKILL)")
    assert "nothing was written" in err and err.endswith("(--jobs)") and "\n" not in err
    assert [*folder.iterdir()] == [], "a command whose worker died left a file behind"


KILLED_WHILE_SENDING = """
import os, signal, sys, threading, time
from multiprocessing import connection
from roads import parallel

# As above: the pool's thread reads a large result slowly and says when it has begun.
begun = threading.Event()
receive = connection.Connection._recv
def slow_receive(self, size, receive=receive):
    if size > 1000:
        begun.set()
        time.sleep(0.05)
    return receive(self, size)
connection.Connection._recv = slow_receive

def result(size):
    return b"x" * size

def kill_the_sender():  # the out-of-memory killer, halfway through the result
    assert begun.wait(30)
    for worker in parallel._workers():
        os.kill(worker.pid, signal.SIGKILL)

parallel.pool(2)  # forked: before this process runs a thread of its own
threading.Thread(target=kill_the_sender, daemon=True).start()
try:
    list(parallel.ordered_map(result, [4_000_000], jobs=2))
except parallel.WorkerLostError as error:
    print(error)
"""


def test_a_worker_killed_while_sending_a_result_does_not_hang_its_command() -> None:
    """Killed halfway through sending a result larger than a pipe holds, a worker leaves the
    pool's own thread waiting for the rest, for ever: the command notices the dead worker and
    ends with a WorkerLostError all the same, within seconds."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", KILLED_WHILE_SENDING],
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("still waiting 30 s after its worker was killed while sending a result")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith("a worker process died (killed by SIGKILL)"), done.stdout


PIECE_TIMES_OUT = """
import time
from roads import parallel

def piece(seconds):
    time.sleep(seconds)
    raise TimeoutError(f"piece {seconds}")

try:
    list(parallel.ordered_map(piece, [0.0, 0.5], jobs=2))
except TimeoutError as error:
    print(error)
"""


def test_a_piece_s_own_timeout_reaches_the_caller() -> None:
    """The pool's results are waited for a fraction of a second at a time (to watch the
    workers meanwhile): a piece that raises TimeoutError itself is not taken for one of those
    waits, and its error reaches the caller."""
    done = subprocess.run(
        [sys.executable, "-c", PIECE_TIMES_OUT],
        check=False,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "piece 0.0", "")
