"""``roads serve`` for the benchmarks that measure it: started on a free port, stopped after."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def serving(path: Path) -> Iterator[int]:
    """``roads serve`` of the journal at ``path`` on a free port, which it yields."""
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", str(path), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    match = re.search(r":(\d+)/", line)
    if match is None:
        process.kill()
        raise SystemExit(f"roads serve did not start: {line}")
    try:
        yield int(match.group(1))
    finally:
        process.terminate()
        process.wait(timeout=60)
