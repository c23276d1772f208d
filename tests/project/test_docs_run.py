"""Every command block of README and docs/ runs, in order, exactly as written: each page's shell
blocks line by line in a folder of its own (holding a copy of examples/): a line that is one
``roads`` command with no shell syntax runs in this process with the words bash would give it,
any other line in bash with the installed ``roads`` first on PATH; a console block's output is
compared with what the page shows.

A block that cannot run here says so in the page, on the line before it:
``<!-- not run: REASON -->`` (it installs, serves until stopped, or takes minutes).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from command_line import run

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_BLOCK = re.compile(
    r"^(?:<!-- not run: (?P<why>[^\n]*?) -->\n)?```(?P<kind>sh|console|bash)\n(?P<body>.*?)^```",
    re.S | re.M,
)
_ANY_SHELL = re.compile(r"^```(?:sh|console|bash|shell)\b", re.M)


def blocks(document: Path) -> list[tuple[str, str, str | None]]:
    """The page's shell blocks, in order: (kind, text, the reason it is not run or None)."""
    text = document.read_text(encoding="utf-8")
    found = [(m["kind"], m["body"], m["why"]) for m in _BLOCK.finditer(text)]
    assert len(found) == len(_ANY_SHELL.findall(text)), f"{document.name}: a shell block unread"
    return found


def _runnable(document: Path) -> bool:
    return any(why is None for _, _, why in blocks(document))


def _environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "NO_COLOR"}}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(folder)
    return env


def _shell(line: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", line],
        cwd=folder,
        env=_environment(folder),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_every_page_with_shell_blocks_is_found() -> None:
    names = {path.name for path in DOCUMENTS if _runnable(path)}
    assert {"README.md", "commands.md", "getting-started.md", "tablet.md"} <= names


_QUICK_PAGES = {"README.md"}
"""README's ``pytest`` runs README's blocks, the ones a new user runs first; CI (``--stress``)
runs every page's (commands.md and notice.md study and tally 10,000 to 100,000 shoes)."""


@pytest.mark.parametrize(
    "document",
    [
        pytest.param(path, marks=[] if path.name in _QUICK_PAGES else [pytest.mark.stress])
        for path in DOCUMENTS
        if _runnable(path)
    ],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_the_command_blocks_run_in_order_as_written(
    document: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for kind, body, why in blocks(document):
        if why is not None:
            assert why.strip(), f"{document.name}: say why a block is not run"
            continue
        if kind == "console":
            _check_console(document, body, tmp_path)
            continue
        for line in body.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            words = _plain_roads_command(line)
            if words is not None:  # the same words, run in this process: no interpreter start
                monkeypatch.chdir(tmp_path)
                code, _, err = run(words, capsys)
                assert code == 0, f"{document.name}: {line}\n{err[-2000:]}"
                continue
            result = _shell(line, tmp_path)
            assert result.returncode == 0, f"{document.name}: {line}\n{result.stderr[-2000:]}"


def _plain_roads_command(line: str) -> list[str] | None:
    """The words of ``line`` when it is one ``roads`` command with no pipe, redirection,
    variable or other shell syntax (what bash would pass it), else None."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    words = list(lexer)
    if not words or words[0] != "roads" or any(c in line for c in "$`~*?[\\"):
        return None
    if any(word and all(c in lexer.punctuation_chars for c in word) for word in words):
        return None
    return words[1:]


def _check_console(document: Path, body: str, folder: Path) -> None:
    """``$ command`` lines, each followed by what it prints (standard output and error)."""
    command: str | None = None
    shown: list[str] = []
    for line in [*body.splitlines(), "$ "]:
        if line.startswith("$ "):
            if command:
                result = _shell(command, folder)
                printed = (result.stdout + result.stderr).splitlines()
                assert printed == shown, f"{document.name}: {command}"
                if any(": error: " in text for text in shown):
                    assert result.returncode != 0, command
                else:
                    assert result.returncode == 0, command
            command, shown = line[2:].strip(), []
        else:
            shown.append(line)
