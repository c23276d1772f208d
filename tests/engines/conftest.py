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
    """Each registered engine's name in turn; one whose needs are missing fails, not skips
    (numpy is a dependency of roads)."""
    name: str = request.param
    return engines.choose(name)
