"""What starting ``roads`` imports: ``--help`` lists every command without importing one, and a
command imports only what it draws with (issue 24)."""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
from pathlib import Path

import click
import pytest

from roads.cli import COMMANDS, cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "eight-decks.jsonl"
HEAVY = ("PIL", "svgwrite", "numpy")


def _imported(code: str, *prefixes: str) -> list[str]:
    """The modules whose names start with one of ``prefixes`` after running ``code``."""
    probe = (
        f"import sys\n{code}\n"
        f"sys.stderr.write(repr(sorted(m for m in sys.modules if m.startswith({prefixes!r}))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return eval(result.stderr.splitlines()[-1])  # type: ignore[no-any-return]


def _main(*args: str) -> str:
    return (
        f"from roads.cli import main\ntry:\n    main({list(args)!r})\nexcept SystemExit:\n    pass"
    )


def test_importing_the_command_line_imports_nothing_heavy() -> None:
    assert _imported("import roads.cli", *HEAVY) == []


def test_help_imports_no_command() -> None:
    assert _imported(_main("--help"), *HEAVY, "roads.cli.") == []


def test_help_lists_every_command_with_its_summary() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "roads", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={"COLUMNS": "200", "PATH": ""},
    )
    listed = result.stdout.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed] == list(COMMANDS)
    for line, lazy in zip(listed, COMMANDS.values(), strict=True):
        shown = line.split(None, 1)[1]  # cut to the width (at most 100 columns) with "..."
        assert shown == lazy.summary or lazy.summary.startswith(shown.removesuffix("..."))
        assert len(shown) > 30


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_summary_is_its_commands_first_sentence(name: str) -> None:
    command = COMMANDS[name].load()
    assert command.name == name and command.short_help is None and command.help
    # click lists a command by the first sentence of its help, cut to the width: the summary
    # must be that sentence, whole, for the list to be the same at every width.
    first = click.Command(name, help=command.help).get_short_help_str(10**6)
    assert COMMANDS[name].summary == first


class _Eager(click.Group):
    """A plain click group of the imported commands, listed in their order."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


@pytest.mark.parametrize("width", [50, 60, 80, 100, 200])
def test_help_is_what_click_writes_with_every_command_imported(width: int) -> None:
    eager = _Eager(
        name=cli.name,
        commands={name: lazy.load() for name, lazy in COMMANDS.items()},
        help=cli.help,
        params=cli.params,
        context_settings=cli.context_settings,
    )
    settings = {**cli.context_settings, "terminal_width": width}
    lazy_help = cli.get_help(click.Context(cli, info_name="roads", **settings))
    eager_help = eager.get_help(click.Context(eager, info_name="roads", **settings))
    assert lazy_help == eager_help
    assert lazy_help.count("\n  ") >= len(COMMANDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_imports_no_other_command(name: str) -> None:
    others = sorted(f"roads.cli.{other}" for other in COMMANDS if other != name)
    imported = _imported(_main(name, "--help"), "roads.cli.")
    assert not set(imported) & set(others)


@pytest.mark.parametrize(
    ("suffix", "unused"),
    [("svg", ("PIL",)), ("png", ("svgwrite",)), ("pdf", ("PIL", "svgwrite", "fontTools"))],
)
def test_render_imports_only_what_it_draws_with(
    suffix: str, unused: tuple[str, ...], tmp_path: Path
) -> None:
    # A PDF is written, and its font cut down, in plain Python: no imaging or font library.
    out = tmp_path / f"b.{suffix}"
    imported = _imported(_main("render", str(EXAMPLE), "-o", str(out)), *HEAVY, "fontTools")
    assert out.stat().st_size > 0
    assert not [name for name in imported if name.split(".")[0] in (*unused, "numpy")]


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf"])
def test_render_imports_none_of_what_only_other_commands_need(suffix: str, tmp_path: Path) -> None:
    """Drawing a board imports neither the batch exporters, nor the tally's words, nor OpenSSL's
    hashes (an SVG's digests come from CPython's own SHA-256, where this Python has it)."""
    out = tmp_path / f"b.{suffix}"
    # pathlib is not among them: an installed Python's site (tempfile, shutil) may import it first
    unwanted = ("roads.grids.export", "roads.grids.batch", "roads.translations.tally")
    builtin_sha = "_sha2" if sys.version_info >= (3, 12) else "_sha256"
    has_own_sha = importlib.util.find_spec(builtin_sha) is not None
    imported = _imported(_main("render", str(EXAMPLE), "-o", str(out)), *unwanted, "_hashlib")
    assert out.stat().st_size > 0
    assert [name for name in imported if name != "_hashlib"] == []
    assert ("_hashlib" in imported) is (not has_own_sha and suffix == "svg")


def test_the_svg_digests_are_hashlibs_sha256(monkeypatch: pytest.MonkeyPatch) -> None:
    from roads.backends import digest

    monkeypatch.setattr(digest, "_hashed", [])  # as in a new process: the first, then hashlib's
    for data in (b"", b"roads", "百家乐".encode(), b"", b"roads"):
        assert digest.sha256_hex(data) == hashlib.sha256(data).hexdigest()
    assert digest._hashed == [True]


_COLLECTOR_PROBE = """
import atexit, gc, sys
import click
import roads.cli
from roads.__main__ import main

seen = {}


@atexit.register
def report() -> None:  # the command's end runs the exit handlers, then skips the teardown
    seen["after"] = gc.isenabled()
    print(repr(seen))


@click.command()
def probe() -> None:
    seen["running"] = (gc.isenabled(), gc.get_freeze_count())


class Probe(roads.cli.LazyCommand):
    def load(self):
        seen["loading"] = gc.isenabled()
        return probe


roads.cli.COMMANDS["probe"] = Probe("x:y", "A probe.")
sys.argv = ["roads", *sys.argv[1:]]
main()
"""


def _collector(*args: str) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", _COLLECTOR_PROBE, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return eval(result.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_the_collector_pauses_while_the_command_loads_and_runs_after() -> None:
    seen = _collector("probe")
    assert seen["loading"] is False
    running, frozen = seen["running"]  # type: ignore[misc]
    assert running is True
    assert frozen > 1_000  # what start-up made is out of the collector's way
    assert seen["after"] is True


def test_the_collector_runs_again_when_no_command_loads() -> None:
    assert _collector("--version") == {"after": True}
    assert _collector("nosuch") == {"after": True}


def test_the_installed_command_starts_through_the_pausing_entry_point() -> None:
    import tomllib

    project = tomllib.loads((EXAMPLE.parents[1] / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["scripts"] == {"roads": "roads.__main__:main"}


def test_a_library_caller_keeps_its_own_collector_setting() -> None:
    import gc

    from roads.cli import main

    gc.disable()
    try:
        with pytest.raises(SystemExit):
            main(["show", "--hands", "BP"])
        assert not gc.isenabled()
    finally:
        gc.enable()


_TEARDOWN_PROBE = """
import sys, weakref
import roads.__main__
from roads.__main__ import main


class Kept:
    pass


kept = Kept()
weakref.finalize(kept, print, "finalized at exit", flush=True)  # an exit handler's work
if sys.argv[1] == "thread":  # another thread still runs (tests/project/test_startup.py: _alone)
    roads.__main__._alone = lambda: False
sys.argv = ["roads", "show", "--hands", "BPPB"]
try:
    main()
except SystemExit:
    print("ended as usual", flush=True)
    raise
"""


@pytest.mark.parametrize(("mode", "as_usual"), [("alone", False), ("thread", True)])
def test_a_command_ends_there_with_its_exit_handlers_and_output(mode: str, as_usual: bool) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _TEARDOWN_PROBE, mode], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Past results do not predict the next hand." in done.stdout
    assert "finalized at exit" in done.stdout
    # Alone, the command ends the process itself; with another thread running, as usual.
    assert ("ended as usual" in done.stdout) is as_usual


def test_an_error_ends_with_its_code_and_its_message() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "roads", "show", "--hands", "BPX"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("roads show: error: ")


def test_alone_means_no_other_thread_runs() -> None:
    script = (
        "import threading\n"
        "from roads.__main__ import _alone\n"
        "assert _alone()\n"
        "release = threading.Event()\n"
        "other = threading.Thread(target=release.wait)\n"
        "other.start()\n"
        "assert not _alone()\n"
        "release.set()\n"
        "other.join()\n"
        "assert _alone()\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
