"""Terminal habits: NO_COLOR and FORCE_COLOR, a closed pipe, binary output refused on a
terminal and written into a pipe, and journals that must be files, not standard streams."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from command_line import is_one_error, log_render, read_terminal, run

PNG = b"\x89PNG\r\n\x1a\n"


def _show(*extra: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    result = subprocess.run(
        [sys.executable, "-m", "roads", "show", "--hands", "BPPBT", *extra],
        capture_output=True,
        text=True,
        check=True,
        env={**environment, **env},
    )
    return result.stdout


def test_no_color_and_force_color_are_honoured() -> None:
    assert "\x1b[" not in _show()  # a pipe: no colour
    assert "\x1b[31m" in _show(FORCE_COLOR="1")
    assert "\x1b[" not in _show(FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[" not in _show(NO_COLOR="1")
    assert "\x1b[31m" in _show("--color", NO_COLOR="1")  # asked for on the command line
    assert "\x1b[31m" in _show("--colour")
    assert "\x1b[" not in _show("--no-color", FORCE_COLOR="1")


def test_a_closed_pipe_ends_quietly_with_exit_0() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "simulate", "--shoes", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"# shoe 1")
    process.stdout.close()  # as `head -1` does
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=120) == 0
    assert err == b""


def _on_a_terminal(*args: str) -> tuple[int, bytes, bytes]:
    """Exit code, what reached the terminal and stderr of ``roads ARGS`` with stdout a pty."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", *args], stdout=follower, stderr=subprocess.PIPE
    )
    os.close(follower)
    shown = read_terminal(leader)
    assert process.stderr is not None
    err = process.stderr.read()
    process.stderr.close()
    return process.wait(timeout=60), shown, err


@pytest.mark.parametrize(
    "args",
    [
        ["render", "--hands", "BPB", "-o", "-", "--format", "png"],
        ["animate", "--hands", "BPB", "-o", "-", "--format", "gif"],
        ["report", "--hands", "BPB", "-o", "-", "--format", "png"],
        ["study", "--shoes", "1", "-o", "-", "--format", "png"],
    ],
)
def test_binary_output_to_a_terminal_is_refused_with_a_hint(args: list[str]) -> None:
    code, shown, err = _on_a_terminal(*args)
    assert code == 2
    assert PNG not in shown and b"GIF8" not in shown
    assert b"to a terminal: give -o FILE, or pipe the output into a program" in err


def test_text_output_to_a_terminal_is_fine() -> None:
    code, shown, _ = _on_a_terminal("render", "--hands", "BPB", "-o", "-")
    assert code == 0 and b"<svg" in shown


def test_binary_output_into_a_pipe_is_written() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "roads", "render", "--hands", "BP", "-o", "-", "--format", "png"],
        capture_output=True,
        check=True,
    )
    assert result.stdout.startswith(PNG)


@pytest.mark.parametrize("command", ["log", "serve"])
def test_a_journal_cannot_be_standard_input(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run([command, "-"], capsys)
    assert code == 2 and is_one_error(err) and "a journal must be a file" in err, err
    assert not (tmp_path / "-").exists()


def test_log_render_cannot_be_standard_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(log_render(tmp_path, "-"), capsys)
    assert code == 2 and is_one_error(err) and "must be a file" in err, err
