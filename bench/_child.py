"""One child process measured alone: wall time, processor time and peak memory (from ``wait4``,
the child's own, not the parent's)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Run:
    """What one process cost."""

    wall: float
    """Seconds from start to exit."""
    cpu: float
    """Processor seconds, user and system: what a loaded machine does not stretch."""
    peak: int
    """Peak resident memory, bytes."""


def measure(command: list[str]) -> Run:
    """Run ``command`` (its output thrown away) and measure it; a failure stops the benchmark."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(command)}: exit {child.returncode}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024)


def roads_command() -> list[str]:
    """The installed ``roads`` command (the script next to this Python), else ``-m roads``."""
    script = Path(sys.executable).with_name("roads")
    found = str(script) if script.exists() else shutil.which("roads")
    return [found] if found else [sys.executable, "-m", "roads"]


def uptime() -> str:
    """The machine's load, as ``uptime`` says it (the machine is shared)."""
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
