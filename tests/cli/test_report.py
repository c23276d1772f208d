"""``roads report`` (``roads.cli.report``): the story of a shoe on one HTML page."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from roads.cli.report import command


def test_the_page_is_one_html_document(tmp_path: Path) -> None:
    out = tmp_path / "shoe.html"
    result = CliRunner().invoke(
        command, ["--hands", "BPPBTBBP", "--title", "Shoe 4", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert "Shoe 4" in page and "<svg" in page
