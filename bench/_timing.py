"""Small timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path


def seconds(action: Callable[[], object], repeat: int = 21, warmup: int = 2) -> list[float]:
    """Wall times of ``action`` over ``repeat`` runs, after ``warmup`` runs, fastest first."""
    for _ in range(warmup):
        action()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return sorted(times)


def median_seconds(action: Callable[[], object], repeat: int = 21, warmup: int = 2) -> float:
    """Median wall time of ``action`` over ``repeat`` runs, after ``warmup`` runs."""
    return statistics.median(seconds(action, repeat, warmup))


def ensure_bytecode() -> None:
    """Compile the package and the libraries it imports, as ``pip install`` does: a source
    checkout, or a virtualenv that uv installed (uv writes no bytecode unless asked), run with
    PYTHONDONTWRITEBYTECODE (set on this machine) would otherwise compile them at every start,
    which a user's installed copy never does (numpy alone takes about 0.1 s more)."""
    import compileall
    import importlib.util

    import roads

    compileall.compile_dir(str(Path(roads.__file__).parent), quiet=1)
    for name in ("numpy", "click", "PIL", "prompt_toolkit", "dask", "distributed"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                compileall.compile_dir(folder, quiet=1, workers=0)


def process_seconds(command: Sequence[str], repeat: int = 15, stdin: bytes = b"") -> float:
    """Median wall time of a whole process, start to exit."""
    ensure_bytecode()

    def run() -> None:
        subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, check=True)

    return median_seconds(run, repeat=repeat, warmup=2)


_MEASURED = """
import json, sys, time
start = time.{clock}()
from roads.cli import main
try:
    main(sys.argv[1:])
finally:  # the peak of this program (ru_maxrss would count the forking parent's too)
    status = open("/proc/self/status").read().split("VmHWM:")[1].split()
    used = int(status[0]) * 1024
    print(json.dumps({{"seconds": time.{clock}() - start, "bytes": used}}), file=sys.stderr)
"""


def roads_measured(
    *args: str, clock: str = "monotonic", stdin: str | None = None, timeout: float | None = 60
) -> tuple[int, float, int]:
    """Exit code, seconds and peak bytes (VmHWM) of ``roads ARGS`` in a process of its own,
    its output thrown away; ``clock``: ``monotonic`` (wall seconds) or ``process_time``
    (processor seconds, which a loaded machine does not stretch); ``stdin``: a file for its
    standard input (default: none); ``timeout``: the seconds it may take (None: any)."""
    with open(stdin or os.devnull, "rb") as given:
        result = subprocess.run(
            [sys.executable, "-c", _MEASURED.format(clock=clock), *args],
            stdin=given,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=timeout,
            check=False,
        )
    figures = json.loads(result.stderr.strip().splitlines()[-1])
    return result.returncode, figures["seconds"], figures["bytes"]


def python(*code: str) -> list[str]:
    return [sys.executable, "-c", "; ".join(code)]


def show(label: str, value: float, unit: str, target: str = "") -> None:
    print(f"{label:58} {value:12.3f} {unit:8} {target}")
