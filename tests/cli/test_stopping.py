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
    "simulate": (["simulate", "--shoes", "1000000000", "--tally", "--jobs", "2"], 2),
    "study": (["study", "--shoes", "300000000", "--jobs", "2"], 1),
}
"""Each command, and how many workers it starts with --jobs 2 (study counts in its own
process too)."""


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
    args, workers = COMMANDS[command]
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / ("tally.txt" if command == "simulate" else "study.json")
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
    assert gone, f"roads {command} after {how}: still running after 2 s"
    assert not out.exists(), "a stopped command wrote its output"
    err = (tmp_path / "err.txt").read_text()
    if how == "SIGKILL":  # nothing can clean up after it: its temporary file may stay
        return
    assert [*folder.iterdir()] == [], "a stopped command left a file behind"
    assert process.returncode == 130 and took < 1.0 + 0.5, (process.returncode, took)
    assert err.strip().endswith(f"roads {command}: interrupted") and "Traceback" not in err


STOPPED_POOL = """
import threading, time
from concurrent.futures import process as futures
from roads import parallel

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
parallel.stop_workers()
print([thread.name for thread in threading.enumerate() if thread is not threading.main_thread()])
"""


def test_no_thread_of_a_stopped_pool_is_left_to_race_the_exit() -> None:
    """An interrupted command's pool has no thread left once its workers are killed: the
    pool's thread closes its pipes as it ends, and one still ending when the interpreter exits
    (which wakes it through one of those pipes) printed "OSError: [Errno 9] Bad file
    descriptor" under "roads simulate: interrupted" (CI, stop 44)."""
    done = subprocess.run(
        [sys.executable, "-c", STOPPED_POOL],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout
    assert done.stderr == ""
