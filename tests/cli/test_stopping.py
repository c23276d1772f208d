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


def gone_within(process: subprocess.Popen[bytes], pids: list[int], seconds: float) -> bool:
    """Whether ``process`` and its workers ``pids`` have all ended within ``seconds``; any
    left are killed then."""
    try:
        return until(lambda: process.poll() is not None and not any(map(alive, pids)), seconds)
    finally:
        for pid in [process.pid, *pids]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()


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
    gone = gone_within(process, pids, 2)
    took = time.monotonic() - began
    assert gone, f"roads {args[0]} ({command}) after {how}: still running after 2 s"
    assert not out.exists(), "a stopped command wrote its output"
    err = (tmp_path / "err.txt").read_text()
    if how == "SIGKILL":  # nothing can clean up after it: its temporary file may stay
        return
    assert [*folder.iterdir()] == [], "a stopped command left a file behind"
    assert process.returncode == 130 and took < 1.0 + 0.5, (process.returncode, took)
    assert err.strip().endswith(f"roads {args[0]}: interrupted") and "Traceback" not in err


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
    gone = gone_within(process, pids, limit)
    assert gone, f"roads {args[0]} ({command}): still running {limit} s after a worker died"
    err = (tmp_path / "err.txt").read_text().strip()
    assert process.returncode == 1, err
    assert err.startswith(f"roads {args[0]}: error: a worker process died (killed by SIGKILL)")
    assert "nothing was written" in err and err.endswith("(--jobs)") and "\n" not in err
    assert [*folder.iterdir()] == [], "a command whose worker died left a file behind"
