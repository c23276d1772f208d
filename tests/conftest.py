"""Shared fixtures and hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for longer runs)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def public_vectors() -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = json.loads((DATA / "roads-public.json").read_text())["vectors"]
    return vectors
