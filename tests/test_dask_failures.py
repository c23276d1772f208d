"""Every way a Dask run of ``roads study --scheduler`` can fail is one line with a documented
exit code and no output file: a bad address, a bad ``ROADS_DASK_TIMEOUT``, a scheduler that
cannot be reached, the last worker or the scheduler killed during the run."""

from __future__ import annotations

import gc
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_line import is_one_error, run
from extras import DASK

pytest.importorskip("distributed", reason=DASK)

from roads.parallel import ClusterError, dask_map

STUDY = ["study", "--shoes", "5", "--seed", "1"]


@pytest.fixture(autouse=True)
def _clients_collected_here() -> Iterator[None]:
    """A Client of an earlier test (one that failed to connect, or lost its cluster) can linger
    in a reference cycle. Collected later, inside the start of another Client's loop thread, its
    ``__del__`` waits for the lock that start holds, and the worker hangs for ever (seen here):
    collect it now, in this thread."""
    gc.collect()
    yield
    gc.collect()


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("nonsense", "'nonsense' is not the address of a Dask scheduler"),
        ("http://localhost:8786", "'http://localhost:8786' is not the address"),
        ("tcp://[::1", "'tcp://[::1' is not the address"),
        ("", "no scheduler address"),
    ],
)
def test_a_bad_scheduler_address_is_a_usage_error(
    address: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.json"
    code, _, err = run([*STUDY, "--scheduler", address, "-o", str(out)], capsys)
    assert code == 2 and is_one_error(err) and said in err, err
    assert err.rstrip().endswith("(--scheduler)") and not out.exists()


def test_a_bad_timeout_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROADS_DASK_TIMEOUT", "bogus")
    out = tmp_path / "s.json"
    code, _, err = run([*STUDY, "--scheduler", "tcp://127.0.0.1:1", "-o", str(out)], capsys)
    assert code == 2 and is_one_error(err), err
    assert "ROADS_DASK_TIMEOUT='bogus' is not a duration" in err and not out.exists()


def test_a_scheduler_that_cannot_be_reached_exits_69(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROADS_DASK_TIMEOUT", "1s")
    out = tmp_path / "s.json"
    code, _, err = run([*STUDY, "--scheduler", "tcp://127.0.0.1:1", "-o", str(out)], capsys)
    assert code == 69 and is_one_error(err), err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in err and not out.exists()


# -- a real cluster, as processes, whose scheduler or last worker a piece of work kills ------------


def _dask(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], int]]:
    """A scheduler and one worker without a nanny: address, scheduler, the worker's pid."""
    distributed = pytest.importorskip("distributed", reason=DASK)
    file = tmp_path / "scheduler.json"
    scheduler = _dask(
        "distributed.cli.dask_scheduler", "--port", "0", "--no-dashboard",
        "--scheduler-file", str(file),
    )  # fmt: skip
    worker = None
    try:
        client = distributed.Client(scheduler_file=str(file), timeout="30s")
        address = json.loads(file.read_text())["address"]
        worker = _dask(
            "distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
            "--no-dashboard",
        )  # fmt: skip
        client.wait_for_workers(1, timeout=30)
        client.close()
        yield address, scheduler, worker.pid
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.kill()
                process.wait()


def test_the_last_worker_killed_is_one_clear_error(
    cluster: tuple[str, subprocess.Popen[bytes], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    address, _, worker = cluster
    monkeypatch.setenv("ROADS_DASK_TIMEOUT", "2s")
    finished: list[int] = []
    lost = r"the last Dask worker of \S+ was lost during the run"
    with pytest.raises(ClusterError, match=lost) as error:
        dask_map(os.kill, worker, [signal.SIGKILL], address=address, name="t", done=finished.append)
    assert "\n" not in str(error.value) and not finished


def test_the_scheduler_killed_is_one_clear_error(
    cluster: tuple[str, subprocess.Popen[bytes], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    address, scheduler, _ = cluster
    monkeypatch.setenv("ROADS_DASK_TIMEOUT", "2s")
    with pytest.raises(
        ClusterError, match=f"lost the Dask scheduler at {re.escape(address)}"
    ) as error:
        dask_map(os.kill, scheduler.pid, [signal.SIGKILL], address=address, name="t", done=print)
    assert "\n" not in str(error.value)
