"""What a roads command costs in a process of its own: its peak memory (VmHWM, the process's own:
ru_maxrss would count the forking parent's too) and its processor seconds (which a loaded
machine does not stretch), under a cap on its address space, so that a command that runs away
fails fast instead of filling the machine."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

PROGRAM = """
import json, sys, time
start = time.process_time()
from roads.cli import main
try:
    main(sys.argv[1:])
finally:
    status = open("/proc/self/status").read().split("VmHWM:")[1].split()
    used = int(status[0]) * 1024
    print(json.dumps({"seconds": time.process_time() - start, "bytes": used}), file=sys.stderr)
"""
CAP = 2 << 30
"""The address space a measured command may take, in bytes."""


def capped() -> None:
    """Cap this process's address space at ``CAP`` (a ``preexec_fn``)."""
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


def measured(
    *args: str, stdin: str | None = None, timeout: float = 30
) -> tuple[int, str, dict[str, float]]:
    """Exit code, error text and ``{"seconds", "bytes"}`` of ``roads ARGS`` in its own
    process.

    Parameters:
        args: the command's arguments.
        stdin: a file for its standard input (default: none).
        timeout: seconds it may take.
    """
    with open(stdin or os.devnull, "rb") as given:
        result = subprocess.run(
            [sys.executable, "-c", PROGRAM, *args],
            stdin=given,
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=capped,
            check=False,
        )
    *said, used = result.stderr.strip().splitlines() or ["{}"]
    return result.returncode, "\n".join(said) + "\n", json.loads(used)
