"""The ``roads`` command. Each subcommand lives in its own module, imported only when it runs
(or its own ``--help`` is asked for): ``roads --help`` lists them from :data:`COMMANDS` alone,
and a command that draws nothing never imports Pillow, svgwrite or numpy.

Errors come out in one voice, ``roads COMMAND: error: ...`` on one line of stderr (usage errors
add click's "Try 'roads COMMAND --help' for help." line), with the exit codes of
docs/commands.md's table: 2 for bad input or options, 1 for a file that could not be read or
written; never a traceback. A closed pipe (``roads simulate | head -1``) ends
quietly with exit code 0.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from gettext import gettext as _
from importlib import import_module
from typing import Any

import click

from roads import __version__
from roads.errors import RoadsError
from roads.values import frozen


@frozen
class LazyCommand:
    """A subcommand, imported when it runs: ``target`` is ``"module:attribute"``, the click
    command; ``summary`` is the first sentence of its help, which ``roads --help`` lists (a
    test holds the two to each other)."""

    target: str
    summary: str

    def load(self) -> click.Command:
        """Import the command."""
        module, _, name = self.target.partition(":")
        command: click.Command = getattr(import_module(module), name)
        return command


COMMANDS = {
    "simulate": LazyCommand(
        "roads.cli.simulate:command", "Deal SHOES shoes of DECKS decks and write their coups."
    ),
    "odds": LazyCommand(
        "roads.cli.odds:command",
        "Exact odds of the next coup and of every bet of the table, by full enumeration "
        "(integer counts).",
    ),
    "show": LazyCommand(
        "roads.cli.show:command",
        "Print the five roads, the statistics, the ask road and the notice.",
    ),
    "export": LazyCommand(
        "roads.cli.export:command", "Export the roads of INPUT (or --hands) as JSON or CSV."
    ),
    "render": LazyCommand(
        "roads.cli.render:command",
        "Draw the scoreboard of INPUT (or --hands) as SVG, PNG or PDF.",
    ),
    "log": LazyCommand(
        "roads.cli.log:command",
        "Log a practice game in JOURNAL, an append-only JSON Lines file (created if new).",
    ),
    "serve": LazyCommand(
        "roads.cli.serve:command",
        "Serve the live board of JOURNAL (created if missing) to a browser.",
    ),
    "statement": LazyCommand(
        "roads.cli.statement:command",
        "Print the statement of a practice session in JOURNAL: each seat's stakes, wins, "
        "losses, commission and balance, and the house's net.",
    ),
    "animate": LazyCommand(
        "roads.cli.animate:command",
        "Animate the scoreboard of INPUT (or --hands), one frame per coup.",
    ),
    "report": LazyCommand(
        "roads.cli.report:command",
        "Report on the shoe of INPUT (or --hands): board, coups, streaks and exact odds.",
    ),
    "scorecard": LazyCommand(
        "roads.cli.scorecard:command",
        "Print score cards as a PDF: blank ones to mark by hand (no INPUT), or one for each shoe "
        "of INPUT (a journal, or a file whose rows name their shoe; --shoe N for one).",
    ),
    "study": LazyCommand(
        "roads.cli.study:command",
        "Measure whether the roads predict the next coup: follow-last, chop, streaks and the "
        "derived roads' red and blue, over simulated shoes (--shoes, --seed) or recorded INPUT "
        "files (journals, notation, CSV, JSONL), against the exact odds.",
    ),
}
"""Every subcommand, in the order ``roads --help`` lists them."""
USAGE_ERROR = 2
# click 8.2 and later raise this for `roads` alone; click 8.1 prints the help and exits 0 itself.
_NO_ARGS_IS_HELP: tuple[type[Exception], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)
FLAGS = {
    "allow_remote": "--host",
    "every_shoe": "--all",
    "transparent": "--background none",
    "with_bead_plate": "--bead-plate",
}
"""Command-line spelling of library parameters an error is about, where it is not --name."""
_running = ["roads"]
"""The command path being run, for messages."""
_on_load: list[Callable[[], None]] = []
"""What ``main`` was asked to call once the command is loaded."""


class _ClosedPipeError(Exception):
    """Standard output was closed by its reader (click would exit 1 on EPIPE: we exit 0)."""


class _LazyGroup(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            if error.errno == errno.EPIPE:
                raise _ClosedPipeError from None
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        lazy = COMMANDS.get(cmd_name)
        if lazy is None:
            return None
        command = _short_options_found_first(lazy.load())
        _running[0] = f"roads {cmd_name}"
        while _on_load:
            _on_load.pop()()
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, as click writes it, from their summaries: no command is
        imported to list it."""
        if not COMMANDS:
            return
        limit = formatter.width - 6 - max(map(len, COMMANDS))
        rows = [
            (name, click.Command(name, help=lazy.summary).get_short_help_str(limit))
            for name, lazy in COMMANDS.items()
        ]
        with formatter.section(_("Commands")):  # click's own words, as click writes them
            formatter.write_dl(rows)


def _short_options_found_first(command: click.Command) -> click.Command:
    """``command``, its parser finding a short option (``-o``) at its first look.

    Click's parser looks an option up among the long ones first, and for a short one builds the
    error it would give (importing difflib to suggest the closest names, some 2 ms of a
    ``roads render -o b.png``) before it looks among the short ones. Each short option is
    listed among the long ones too, so that the first look finds it: the same option, given
    its value the same way (``-oFILE`` still goes the short way; ``-o=FILE`` now means FILE).
    """
    if getattr(command, "_short_first", False):
        return command
    make = command.make_parser

    def make_parser(ctx: click.Context) -> Any:
        parser = make(ctx)
        long, short = getattr(parser, "_long_opt", None), getattr(parser, "_short_opt", None)
        if isinstance(long, dict) and isinstance(short, dict):
            for name, option in short.items():
                long.setdefault(name, option)
        return parser

    command.make_parser = make_parser  # type: ignore[method-assign]
    command._short_first = True  # type: ignore[attr-defined]
    return command


@click.group(
    cls=_LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(version=__version__, message="roads %(version)s")
def cli() -> None:
    """Baccarat scoreboards: bead plate, big road, Big Eye Boy, Small Road and Cockroach Pig.

    Past results do not predict the next hand: the roads are a record, never a forecast.
    """


def _say(message: str, where: str | None = None) -> None:
    click.echo(f"{where or _running[0]}: {message}", err=True)


_warned: set[str] = set()
"""The library's warnings shown so far: a command that draws several pictures of one title
(``roads report``) says each once."""


def _show_warning(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
    text = str(message)
    if text not in _warned:
        _warned.add(text)
        _say(f"warning: {text}")


def tell(message: str) -> None:
    """``roads COMMAND: message`` on standard error: what ``--verbose`` asked to hear."""
    _say(message)


def warn(message: str) -> None:
    """``roads COMMAND: warning: message`` on standard error: the command goes on."""
    _say(f"warning: {message}")


EMPTY = "the input holds no coups: the board drawn is empty"
"""The warning of a command that draws a board with no coup (it still exits 0)."""
EMPTY_EXPORT = "the input holds no coups: the export is empty"
"""The warning of an export of no coup (it still writes the empty export, and exits 0)."""


def flags(error: RoadsError) -> str:
    """The options ``error`` is about, as `` (--scale, --columns)`` ("" for none)."""
    names = [FLAGS.get(name, "--" + name.replace("_", "-")) for name in error.about]
    return f" ({', '.join(names)})" if names else ""


def _closed_pipe() -> None:
    """Standard output's reader went away: stop quietly, as ``head`` expects."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more reaches the closed pipe at exit
    except (OSError, ValueError):
        pass
    sys.exit(0)


class _Bar:
    """Draws the library's long jobs (``roads.progress``) as click progress bars on stderr."""

    def __init__(self) -> None:
        self._bar: Any = None

    def start(self, label: str, total: int) -> None:
        self.finish()
        self._bar = click.progressbar(length=total, label=label, file=sys.stderr)
        self._bar.__enter__()

    def advance(self, steps: int) -> None:
        if self._bar is not None:
            self._bar.update(steps)

    def finish(self) -> None:
        if self._bar is not None:
            bar, self._bar = self._bar, None
            bar.__exit__(None, None, None)


def _progress() -> contextlib.AbstractContextManager[None]:
    """Progress bars for long jobs, only when standard error is a terminal."""
    try:
        terminal = sys.stderr.isatty()
    except (AttributeError, ValueError):
        terminal = False
    if not terminal:
        return contextlib.nullcontext()
    from roads.progress import reporting

    return reporting(_Bar())


def _os_message(error: OSError) -> str:
    """What went wrong with a file, in the words every command uses: a path whose folder is
    missing is "no such folder: FOLDER", as the writers say it."""
    name = os.fspath(error.filename) if error.filename is not None else ""
    if isinstance(error, FileNotFoundError) and name:
        folder = os.path.dirname(name)
        if folder and not os.path.isdir(folder):
            return f"no such folder: {folder}"
    return f"{error.strerror or error}: {name}" if name else str(error.strerror or error)


@contextlib.contextmanager
def _term_as_interrupt() -> Iterator[None]:
    """SIGTERM stops a command as Ctrl-C does (files being written are removed, workers are
    killed, exit 130), rather than ending the process where it stands; only in the main
    thread, and only where nothing else handles SIGTERM (``roads serve`` holds it back)."""
    import signal  # built in: costs nothing to start

    def interrupt(number: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGTERM)
    try:
        if previous is not signal.SIG_DFL:
            raise ValueError("SIGTERM is handled already")
        signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread, or handled already
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop_workers() -> None:
    """Kill the worker processes of an interrupted command now (if it started any)."""
    parallel = sys.modules.get("roads.parallel")
    if parallel is not None:
        parallel.stop_workers()


def main(argv: list[str] | None = None, *, loaded: Callable[[], None] | None = None) -> None:
    """Run the command line; exit with 0, 1 (a file could not be read or written), 2 (bad input
    or options), 3 (done, e.g. coups logged, but the picture asked for failed) or 130
    (interrupted): docs/commands.md's table, the same for every command.

    Parameters:
        argv: the arguments (default: the process's own).
        loaded: called once, as soon as the command asked for is imported (``roads.__main__``
            lets the garbage collector run again then).
    """
    from roads.atomic import forget_inputs

    _on_load[:] = [loaded] if loaded is not None else []
    _warned.clear()

    forget_inputs()
    warnings.showwarning = _show_warning
    try:
        with _progress(), _term_as_interrupt():
            code = cli.main(args=argv, prog_name="roads", standalone_mode=False)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except _NO_ARGS_IS_HELP as error:
        context = getattr(error, "ctx", None)
        click.echo(context.get_help() if context is not None else "")
        sys.exit(0)
    except click.ClickException as error:
        context = getattr(error, "ctx", None)
        where = context.command_path if context is not None else _running[0]
        _say(f"error: {error.format_message()}", where)
        if isinstance(error, click.UsageError) and context is not None:
            names = context.help_option_names
            hint = "--help" if "--help" in names or not names else names[0]
            click.echo(f"Try '{context.command_path} {hint}' for help.", err=True)
        sys.exit(error.exit_code)
    except RoadsError as error:
        _say(f"error: {error}{flags(error)}")
        sys.exit(getattr(error, "exit_code", USAGE_ERROR))
    except (click.Abort, KeyboardInterrupt):
        _stop_workers()
        _say("interrupted")
        sys.exit(130)
    except (_ClosedPipeError, BrokenPipeError):
        _closed_pipe()
    except OSError as error:
        if error.errno == errno.EPIPE:
            _closed_pipe()
        _say(f"error: {_os_message(error)}")
        sys.exit(1)
    except Exception as error:
        if os.environ.get("ROADS_DEBUG"):
            raise
        _say(
            f"error: internal error, please report it: {type(error).__name__}: {error} "
            "(ROADS_DEBUG=1 shows the traceback)"
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
