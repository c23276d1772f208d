"""``roads render`` (``roads.cli.render``): the board as SVG or PNG, the format from the
output's extension or ``--format``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from roads.cli.render import command


def test_the_format_follows_the_extension(tmp_path: Path) -> None:
    for name, start in (("b.svg", b"<svg "), ("b.png", b"\x89PNG\r\n\x1a\n")):
        result = CliRunner().invoke(command, ["--hands", "BPPBT", "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).read_bytes().startswith(start)


def test_svg_to_standard_output_with_a_title() -> None:
    result = CliRunner().invoke(command, ["--hands", "BP", "--title", "Table 9", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("<svg ") and "Table 9" in result.output
