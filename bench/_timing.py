"""Small timing helpers shared by the benchmark scripts."""

from __future__ import annotations

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


def python(*code: str) -> list[str]:
    return [sys.executable, "-c", "; ".join(code)]


def show(label: str, value: float, unit: str, target: str = "") -> None:
    print(f"{label:58} {value:12.3f} {unit:8} {target}")
