"""Shared fixtures and hypothesis profiles (more examples with ``--stress``, and more again with
``HYPOTHESIS_PROFILE=thorough``)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import export_schema
import pytest
import tiers
from chromium import CHROMIUM, CHROMIUM_FLAGS
from export_schema import _exports_match_the_schema  # noqa: F401 (an autouse fixture)
from hypothesis import settings

# Properties without their own max_examples: 25 examples in README's pytest, 400
# with --stress (CI's passes), 2000 with HYPOTHESIS_PROFILE=thorough. Those with their own
# count take tiers.size(quick, full) of it.
settings.register_profile("quick", max_examples=25, deadline=None)
settings.register_profile("stress", max_examples=400, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

DATA = Path(__file__).parent / "data"

# The commands the tests start (``python -m roads``) import the roads these tests import, the
# installed one with its compiled bytecode, not the sources of the working directory: Python
# puts the working directory first on ``sys.path`` for ``-m`` and ``-c`` unless told not to.
os.environ.setdefault("PYTHONSAFEPATH", "1")

export_schema.install()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--stress",
        action="store_true",
        help="also run the long stress runs (marked stress), as CI does",
    )


def pytest_configure(config: pytest.Config) -> None:
    tiers.STRESS = bool(config.getoption("--stress"))
    if tiers.STRESS and "HYPOTHESIS_PROFILE" not in os.environ:
        settings.load_profile("stress")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--stress"):
        return
    skip = pytest.mark.skip(reason="a long stress run: pytest --stress runs it (CI does)")
    for item in items:
        if "stress" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes that skip ``os.fsync``, for tests of what is written, not of its durability
    (a journal model of thousands of small batches spends most of its time waiting on disk)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A pytest-xdist worker hands its schema checks to the controller, which sums them."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        recorder = export_schema.RECORDER
        output["exports"] = (recorder.checked, sorted(key.hex() for key in recorder.seen))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    checked, seen = getattr(node, "workeroutput", {}).get("exports", (0, []))
    recorder = export_schema.RECORDER
    recorder.checked += checked
    recorder.seen.update(bytes.fromhex(key) for key in seen)


@pytest.fixture(autouse=True)
def _checkpoints_of_this_test(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Journal checkpoints (a cache) and the live server's secret go to folders of the test
    run, not the user's."""
    folders = {
        "ROADS_CACHE_DIR": tmp_path_factory.getbasetemp() / "journal-checkpoints",
        "ROADS_STATE_DIR": tmp_path_factory.getbasetemp() / "state",
    }
    before = {name: os.environ.get(name) for name in folders}
    os.environ.update({name: str(folder) for name, folder in folders.items()})
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def pytest_terminal_summary(terminalreporter: Any) -> None:
    recorder = export_schema.RECORDER
    if recorder.checker is None:
        terminalreporter.write_line("exports not checked against the schema: jsonschema missing")
    else:
        terminalreporter.write_line(
            f"{recorder.checked} exports ({len(recorder.seen)} distinct) checked against "
            f"{export_schema.SCHEMA_PATH.name}"
        )


@pytest.fixture(scope="session")
def public_vectors() -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = json.loads((DATA / "roads-public.json").read_text())["vectors"]
    return vectors


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright. Skipped where Chromium is missing, unless
    ROADS_CI=1 (set by .ci/run), where that is a failure."""
    required = os.environ.get("ROADS_CI") == "1"
    if CHROMIUM is None:
        if required:
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if required:
            raise
        pytest.skip("playwright is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def docs_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str]:
    """The docs site built once a run by ``mkdocs build --strict`` (the docs extra), for every
    pytest-xdist worker: its folder, mkdocs' exit status and stderr. Skipped without mkdocs,
    unless ROADS_CI=1 (set by .ci/run), where that is a failure."""
    from pages_served import docs_built, has_mkdocs

    if not has_mkdocs():
        if os.environ.get("ROADS_CI") == "1":
            pytest.fail("mkdocs is not installed (pip install '.[docs]')")
        pytest.skip("mkdocs is not installed (pip install '.[docs]')")
    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent  # the run's folder, above each worker's own
    return docs_built(run_folder)


@pytest.fixture(scope="session")
def docs_site(docs_build: tuple[Path, int, str]) -> Iterator[tuple[str, Path]]:
    """The docs site built and served: its URL and folder."""
    from pages_served import docs_served

    site, code, stderr = docs_build
    if code != 0:
        pytest.fail(f"mkdocs build --strict failed (exit {code}):\n{stderr}")
    with docs_served(site) as url:
        yield url, site
