"""The ``roads`` command. Each subcommand lives in its own module, imported only when it runs,
so a command that draws nothing never imports Pillow or svgwrite.

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
from importlib import import_module
from typing import Any

import click

from roads import __version__
from roads.errors import RoadsError

COMMANDS = {
    "simulate": "roads.cli.simulate",
    "odds": "roads.cli.odds",
    "show": "roads.cli.show",
    "export": "roads.cli.export",
    "render": "roads.cli.render",
    "log": "roads.cli.log",
    "serve": "roads.cli.serve",
    "animate": "roads.cli.animate",
    "report": "roads.cli.report",
    "study": "roads.cli.study",
}
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
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        command: click.Command = import_module(module).command
        _running[0] = f"roads {cmd_name}"
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


def _show_warning(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
    _say(f"warning: {message}")


def warn(message: str) -> None:
    """``roads COMMAND: warning: message`` on standard error: the command goes on."""
    _say(f"warning: {message}")


EMPTY = "the input holds no coups: the board drawn is empty"
"""The warning of a command that draws a board with no coup (it still exits 0)."""


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


def main(argv: list[str] | None = None) -> None:
    """Run the command line; exit with 0, 1 (a file could not be read or written), 2 (bad input
    or options), 3 (done, e.g. coups logged, but the picture asked for failed) or 130
    (interrupted): docs/commands.md's table, the same for every command."""
    from roads.atomic import forget_inputs

    forget_inputs()
    warnings.showwarning = _show_warning
    try:
        with _progress():
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
        _say("interrupted")
        sys.exit(130)
    except (_ClosedPipeError, BrokenPipeError):
        _closed_pipe()
    except OSError as error:
        if error.errno == errno.EPIPE:
            _closed_pipe()
        where = f": {error.filename}" if error.filename else ""
        _say(f"error: {error.strerror or error}{where}")
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
