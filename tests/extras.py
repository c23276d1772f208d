"""The optional extras in tests: a test that needs one skips with the command that installs it."""

from __future__ import annotations

from typing import Any

import pytest

FAST = "numpy is not installed, though roads needs it: pip install ."
DASK = "Dask is not installed: pip install '.[dask]'"


def numpy() -> Any:
    """The numpy module (a dependency of roads: never missing where roads is installed)."""
    return pytest.importorskip("numpy", reason=FAST)


def distributed() -> Any:
    """Dask's distributed module, or skip the test saying how to install it."""
    return pytest.importorskip("distributed", reason=DASK)
