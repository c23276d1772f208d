"""Input and output paths (``roads.cli.paths``): a folder, a missing file or a missing folder
exits with code 1, "a file could not be read", not click's 2."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from roads.cli.paths import COULD_NOT_READ, FilePath, InputPath, UnreadableFile


@click.command()
@click.argument("path", type=InputPath())
def _read(path: str) -> None:
    click.echo(f"read {path}")


@pytest.mark.parametrize(
    ("name", "says"),
    [
        (".", "is a folder, not a file"),
        ("missing.txt", "no such file: missing.txt"),
        ("nowhere/missing.txt", "no such folder: nowhere"),
    ],
)
def test_an_input_that_cannot_be_read_exits_with_1(
    name: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(_read, [name])
    assert result.exit_code == COULD_NOT_READ == 1
    assert says in result.output


def test_an_existing_file_and_standard_input_are_read(tmp_path: Path) -> None:
    (tmp_path / "coups.txt").write_text("BP\n")
    assert CliRunner().invoke(_read, [str(tmp_path / "coups.txt")]).exit_code == 0
    assert CliRunner().invoke(_read, ["-"]).output == "read -\n"


def test_an_output_may_be_new_but_not_a_folder(tmp_path: Path) -> None:
    out = FilePath(allow_dash=True)
    assert out.convert(str(tmp_path / "new.png"), None, None) == str(tmp_path / "new.png")
    assert out.convert("-", None, None) == "-"
    with pytest.raises(UnreadableFile, match="is a folder"):
        out.convert(str(tmp_path), None, None)
