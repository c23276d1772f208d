"""Every conformance suite runs over every engine registered (``roads.engines``): the reference
(``python``), the fast one (``numpy``) and any installed as a plugin, so that a drift names its
engine and its concept."""

from __future__ import annotations

import pytest

from roads import engines

ENGINES = tuple(engines.registered())
"""Every engine ``roads.engines`` knows, the reference first."""


@pytest.fixture(params=ENGINES, scope="session")
def engine(request: pytest.FixtureRequest) -> str:
    """Each registered engine's name in turn. A built-in one whose needs are missing fails
    (numpy is a dependency of roads); a plugin's skips, saying how to install what it needs
    (CI's plain pass has no numba)."""
    name: str = request.param
    found = engines.engine_named(name)
    if found not in engines.BUILT_IN and not engines.available(found):
        pytest.skip(f"the {name} engine needs {', '.join(found.needs)}: {found.install}")
    return engines.choose(name)
