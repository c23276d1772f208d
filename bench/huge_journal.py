"""Benchmark of a journal no command should read whole (issue 42.1).

    python bench/huge_journal.py

A 2 GiB sparse journal (a header and a coup, then ``truncate -s 2G``) and a 2 GiB file of NUL
bytes, each given to ``roads log FILE --add B``, ``roads show FILE``, ``roads serve FILE`` and
``roads serve FILE --read-only``, as a user runs them (the installed command, a process each):
the seconds from start to exit, the process's peak memory (``wait4``, its own), its exit code,
and whether the file's bytes are as before (size, last change, the first and last MiB). The
baseline, measured in the same run, is ``roads show`` of a small journal: the ratio says what
refusing the huge file costs beside reading a small one (bars: 2 s and 100 MB each; every
command must refuse, exit 2, and leave the file as it was).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
import time
from pathlib import Path

from _child import roads_command, uptime
from _timing import ensure_bytecode

HUGE = 2 << 30
SECONDS_BAR, MEMORY_BAR = 2.0, 100 << 20
HEADER = b'{"roads": "journal", "version": 1}\n'
COUP = b'{"event": "coup", "outcome": "B"}\n'
COMMANDS = (
    ("log", "--add", "B"),
    ("show",),
    ("serve", "--port", "0"),
    ("serve", "--read-only", "--port", "0"),
)


def fingerprint(path: Path) -> tuple[int, int, str]:
    status = path.stat()
    with path.open("rb") as file:
        head = file.read(1 << 20)
        file.seek(max(status.st_size - (1 << 20), 0))
        tail = file.read()
    return status.st_size, status.st_mtime_ns, hashlib.sha256(head + tail).hexdigest()


def run(command: list[str]) -> tuple[float, int, int]:
    """Seconds, peak bytes and exit code of ``command`` (killed after 20 s: a server that did
    not refuse)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = start + 20
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            child.kill()
        time.sleep(0.005)
    child.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_maxrss * 1024, child.returncode


def main() -> None:
    ensure_bytecode()
    roads = roads_command()
    print(uptime())
    with tempfile.TemporaryDirectory() as folder:
        small = Path(folder) / "small.jsonl"
        small.write_bytes(HEADER + COUP * 3)
        base = min(run([*roads, "show", str(small)])[0] for _ in range(5))
        print(f"baseline: roads show of a 3-coup journal, {base:.2f} s (fastest of 5)")
        sparse = Path(folder) / "sparse.jsonl"
        sparse.write_bytes(HEADER + COUP)
        os.truncate(sparse, HUGE)
        zeros = Path(folder) / "zeros.jsonl"
        zeros.touch()
        os.truncate(zeros, HUGE)
        failed = False
        for path in (sparse, zeros):
            for name, *options in COMMANDS:
                before = fingerprint(path)
                seconds, peak, code = run([*roads, name, str(path), *options])
                kept = fingerprint(path) == before
                good = seconds < SECONDS_BAR and peak < MEMORY_BAR and code == 2 and kept
                failed = failed or not good
                print(
                    f"{path.name:13} {' '.join([name, *options[:1]]):20} {seconds:5.2f} s "
                    f"({seconds / base:4.1f} x baseline) {peak / 2**20:6.1f} MB exit {code} "
                    f"file {'unchanged' if kept else 'CHANGED'} {'ok' if good else 'OVER THE BAR'}"
                )
    if failed:
        raise SystemExit("a command missed a bar")


if __name__ == "__main__":
    main()
