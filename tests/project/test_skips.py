"""A test that needs an optional extra skips with the command that installs it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import extras
import pytest

TESTS = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("module", "need", "install"),
    [
        ("numpy", extras.numpy, "pip install ."),
        ("distributed", extras.distributed, "[dask]"),
    ],
)
def test_a_missing_extra_skips_saying_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, module: str, need: object, install: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import fails as if not installed
    with pytest.raises(pytest.skip.Exception) as skipped:
        need()  # type: ignore[operator]
    assert install in str(skipped.value)


def test_every_skip_on_numpy_or_dask_names_the_extra() -> None:
    bare = re.compile(r"importorskip\(\s*\"(numpy|distributed|dask)\"\s*\)")
    offenders = [
        path.relative_to(TESTS).as_posix()
        for path in TESTS.rglob("*.py")
        if bare.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
