"""The distribution a packager gets: one version everywhere, a wheel holding the package, its
data, the three fonts (board, report and text) and the licences and nothing else, an sdist that
builds that same wheel, and metadata that ``twine check`` accepts.

The build tests need ``pip install ".[docs]"`` (build, hatchling, twine); they are skipped
without them, except under ROADS_CI=1, where that is a failure.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest
from command_line import run_process

import roads

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_prints_the_package_version() -> None:
    result = run_process("--version")
    assert result.returncode == 0
    assert result.stdout == f"roads {roads.__version__}\n"


def test_the_installed_metadata_has_the_package_version() -> None:
    from importlib.metadata import version

    assert version("roads") == roads.__version__


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "roads" / "py.typed").is_file()


def _need(*modules: str) -> None:
    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    if missing:
        message = f"{', '.join(missing)} not installed (pip install '.[docs]')"
        if os.environ.get("ROADS_CI") == "1":
            pytest.fail(message)
        pytest.skip(message)


def _build(source: Path, out: Path, *kinds: str) -> None:
    """``python -m build`` without isolation (the backend comes from the docs extra)."""
    command = [sys.executable, "-m", "build", "--no-isolation", *kinds, "-o", str(out), str(source)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def _members(wheel: Path) -> dict[str, str]:
    """Each file of a wheel with the SHA-256 of its bytes."""
    with zipfile.ZipFile(wheel) as archive:
        return {
            info.filename: hashlib.sha256(archive.read(info)).hexdigest()
            for info in archive.infolist()
            if not info.is_dir()
        }


def _source_package_files() -> set[str]:
    """Every file of the packages in the source tree (code and data), as the wheel names it:
    roads, and the numba engine registered from outside it (roads_numba)."""
    return {
        path.relative_to(ROOT).as_posix()
        for package in ("roads", "roads_numba")
        for path in (ROOT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """An sdist and the wheel built from it; and a wheel built straight from the tree."""
    _need("build", "hatchling")
    from_sdist = tmp_path_factory.mktemp("from-sdist")
    from_tree = tmp_path_factory.mktemp("from-tree")
    _build(ROOT, from_sdist)  # the sdist, then the wheel from the unpacked sdist
    _build(ROOT, from_tree, "--wheel")
    (sdist,) = from_sdist.glob("*.tar.gz")
    (wheel,) = from_sdist.glob("*.whl")
    (tree_wheel,) = from_tree.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel, "tree_wheel": tree_wheel}


def test_the_sdist_builds_the_same_wheel_as_the_tree(dist: dict[str, Path]) -> None:
    assert dist["wheel"].name == dist["tree_wheel"].name
    assert _members(dist["wheel"]) == _members(dist["tree_wheel"])


def test_the_wheel_holds_the_package_fonts_and_licences_only(dist: dict[str, Path]) -> None:
    info = f"roads-{roads.__version__}.dist-info"
    expected = _source_package_files() | {
        "roads/fonts/RoadsSans-Regular.otf",
        "roads/fonts/RoadsSansReport-Regular.otf",
        "roads/fonts/RoadsSansText-Regular.otf",
        "roads/fonts/OFL.txt",
        f"{info}/METADATA",
        f"{info}/WHEEL",
        f"{info}/RECORD",
        f"{info}/entry_points.txt",
        f"{info}/licenses/LICENSE",
        f"{info}/licenses/fonts/OFL.txt",
    }
    names = set(_members(dist["wheel"]))
    assert names == expected, (sorted(names - expected), sorted(expected - names))
    assert "roads/py.typed" in names
    assert "roads/grids/export.schema.json" in names  # roads.schema()
    assert not any(name.endswith("build.py") and "fonts" in name for name in names)


def test_the_wheel_stays_small(dist: dict[str, Path]) -> None:
    # The text font (titles in every script roads draws, 11.7 MB) is most of it: about 9.6 MB
    # in all.
    assert dist["wheel"].stat().st_size < 10_500_000


def test_the_wheel_carries_the_fonts_and_licences_unchanged(dist: dict[str, Path]) -> None:
    info = f"roads-{roads.__version__}.dist-info"
    members = _members(dist["wheel"])

    def digest(path: str) -> str:
        return hashlib.sha256((ROOT / path).read_bytes()).hexdigest()

    for font in (
        "RoadsSans-Regular.otf",
        "RoadsSansReport-Regular.otf",
        "RoadsSansText-Regular.otf",
    ):
        assert members[f"roads/fonts/{font}"] == digest(f"fonts/{font}")
    assert members["roads/fonts/OFL.txt"] == digest("fonts/OFL.txt")
    assert members[f"{info}/licenses/LICENSE"] == digest("LICENSE")
    assert members[f"{info}/licenses/fonts/OFL.txt"] == digest("fonts/OFL.txt")


def test_the_metadata_names_both_licences_and_the_version(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as archive:
        text = archive.read(f"roads-{roads.__version__}.dist-info/METADATA").decode()
    metadata = HeaderParser().parsestr(text)
    assert metadata["Version"] == roads.__version__
    assert metadata["License-Expression"] == "MIT AND OFL-1.1"
    assert sorted(metadata.get_all("License-File") or []) == ["LICENSE", "fonts/OFL.txt"]
    assert "Typing :: Typed" in (metadata.get_all("Classifier") or [])
    assert {url.split(",")[0] for url in metadata.get_all("Project-URL") or []} >= {
        "Documentation",
        "Source",
        "Changelog",
    }
    assert metadata["Author-email"]
    assert metadata["Keywords"]


def test_the_sdist_holds_what_rebuilds_and_tests_the_project(dist: dict[str, Path]) -> None:
    prefix = f"roads-{roads.__version__}/"
    with tarfile.open(dist["sdist"]) as archive:
        names = {name.removeprefix(prefix) for name in archive.getnames()}
    for needed in (
        "pyproject.toml",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
        "fonts/OFL.txt",
        "fonts/RoadsSans-Regular.otf",
        "fonts/RoadsSansReport-Regular.otf",
        "fonts/build.py",
        "roads/__init__.py",
        "roads/py.typed",
        "tests/conftest.py",
        "docs/schema/export.schema.json",
    ):
        assert needed in names, needed
    assert not any(part in {"__pycache__", ".git", ".ci"} for n in names for part in n.split("/"))


def test_twine_accepts_the_sdist_and_the_wheel(dist: dict[str, Path]) -> None:
    _need("twine")
    command = [sys.executable, "-m", "twine", "check", "--strict", str(dist["sdist"])]
    result = subprocess.run(
        [*command, str(dist["wheel"])], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2, result.stdout


@pytest.mark.stress  # mypy checks the whole package from scratch: CI runs it
def test_py_typed_ships_and_mypy_strict_accepts_a_user_script(tmp_path: Path) -> None:
    import roads

    assert (Path(roads.__file__).parent / "py.typed").is_file()
    mypy = shutil.which("mypy") or shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy is not installed")
    script = tmp_path / "user.py"
    script.write_text(
        "import io\n"
        "import roads\n"
        "from roads import BoardOptions, FormatError, Road\n\n"
        "board = roads.Scoreboard.from_notation('BPPBT')\n"
        "board.save(io.BytesIO(), format='png', scale=2.0, lang='zh')\n"
        "data: bytes = board.png(options=BoardOptions(theme='dark'), dpi=300)\n"
        "svg: str = board.svg(columns=8)\n"
        "text: str = board.to_text(lang='zh-hant')\n"
        "dealt = roads.Shoe(8).deal(3)\n"
        "again = roads.Scoreboard.from_coups(dealt.coups)\n"
        "same: bool = again == board\n"
        "road: Road = Road.parse('big-eye-boy')\n"
        "try:\n"
        "    board.save('x.gif')\n"
        "except FormatError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [mypy, "--strict", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "stub" not in result.stdout and "py.typed" not in result.stdout
