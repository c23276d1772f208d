"""Shell completion (click's, through ``_ROADS_COMPLETE``) completes the commands, their options
and the choices of an option, as docs/commands.md says."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_line import run

ROOT = Path(__file__).resolve().parents[2]


def complete(
    words: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> list[str]:
    """What bash would be offered for the last of ``words`` (a trailing space: a new word)."""
    parts = words.split()
    current = len(parts) - (0 if words.endswith(" ") else 1)
    monkeypatch.setenv("COMP_WORDS", words)
    monkeypatch.setenv("COMP_CWORD", str(current))
    monkeypatch.setenv("_ROADS_COMPLETE", "bash_complete")
    code, out, _ = run([], capsys)
    assert code == 0
    return [line.split(",", 1)[1] for line in out.splitlines()]


def test_commands_options_and_choices_complete(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert complete("roads re", monkeypatch, capsys) == ["render", "report"]
    assert complete("roads render --la", monkeypatch, capsys) == ["--lang", "--label", "--layout"]
    assert set(complete("roads render --lang ", monkeypatch, capsys)) == {"en", "zh", "zh-hant"}


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_documented_scripts_are_made(
    shell: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("_ROADS_COMPLETE", f"{shell}_source")
    code, out, _ = run([], capsys)
    assert code == 0 and "_ROADS_COMPLETE" in out and "roads" in out
    assert f"_ROADS_COMPLETE={shell}_source roads" in (ROOT / "docs" / "commands.md").read_text()
