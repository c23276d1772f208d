"""How large a test runs. README's ``pytest`` runs every property at a size a new user waits for;
``pytest --stress`` (CI's passes, ``.ci/run``) runs each at its full size, and the parameters and
tests marked ``stress`` as well. ``conftest.pytest_configure`` sets :data:`STRESS` before the test
modules are collected, so module-level sizes (``@settings(max_examples=size(…))``) see it."""

from __future__ import annotations

STRESS = False


def size(quick: int, full: int) -> int:
    """``full`` under ``--stress``, ``quick`` otherwise: a count of examples, shoes or steps."""
    return full if STRESS else quick
