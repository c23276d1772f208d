"""A short option is found at the parser's first look (``roads.cli``): click would otherwise
build the error of an unknown long option, and import difflib, for every ``-o``."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from command_line import run

from roads.cli import main


def test_o_is_found_without_an_error_being_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []
    original = click.exceptions.NoSuchOption.__init__

    def counting(
        self: click.exceptions.NoSuchOption, name: str, *args: object, **kw: object
    ) -> None:
        built.append(name)
        original(self, name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(click.exceptions.NoSuchOption, "__init__", counting)
    code, _, err = run(["render", "--hands", "BPB", "-o", str(tmp_path / "b.svg")], capsys)
    assert (code, err, built) == (0, "", [])
    assert (tmp_path / "b.svg").read_text().startswith("<svg ")


@pytest.mark.parametrize("spelling", ["-o{}", "-o={}", "--output={}"])
def test_every_spelling_of_a_value_names_the_file(
    spelling: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "b.svg"
    with pytest.raises(SystemExit) as done:
        main(["render", "--hands", "BP", spelling.format(out)])
    assert done.value.code in (0, None) and out.is_file()
    capsys.readouterr()


def test_an_unknown_option_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["render", "--hands", "BP", "-q"], capsys)
    assert code == 2 and "No such option" in err and "-q" in err
