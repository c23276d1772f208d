"""The ``roads`` command. Each subcommand lives in its own module, imported only when it runs,
so a command that draws nothing never imports Pillow or svgwrite.

Errors a user can fix come out as one line on stderr and exit code 2; never a traceback.
"""

from __future__ import annotations

import errno
import os
import sys
import warnings
from importlib import import_module
from typing import Any

import click

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
}
USAGE_ERROR = 2
# click 8.2 and later raise this for `roads` alone; click 8.1 prints the help and exits 0 itself.
_NO_ARGS_IS_HELP: tuple[type[Exception], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        command: click.Command = import_module(module).command
        return command


@click.group(
    cls=_LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(package_name="roads", message="roads %(version)s")
def cli() -> None:
    """Baccarat scoreboards: bead plate, big road, Big Eye Boy, Small Road and Cockroach Pig.

    Past results do not predict the next hand: the roads are a record, never a forecast.
    """


def _say(message: str) -> None:
    click.echo(f"roads: {message}", err=True)


def _show_warning(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
    _say(f"warning: {message}")


def main(argv: list[str] | None = None) -> None:
    """Run the command line; exit with 0, 1 (could not write), 2 (bad input), 3 (done, e.g.
    coups logged, but the picture asked for failed) or 130."""
    from roads.atomic import forget_inputs

    forget_inputs()
    warnings.showwarning = _show_warning
    try:
        code = cli.main(args=argv, prog_name="roads", standalone_mode=False)
    except _NO_ARGS_IS_HELP as error:
        context = getattr(error, "ctx", None)
        click.echo(context.get_help() if context is not None else "")
        sys.exit(0)
    except click.ClickException as error:
        context = getattr(error, "ctx", None)
        where = context.command_path if context is not None else "roads"
        click.echo(f"{where}: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except RoadsError as error:
        _say(str(error))
        sys.exit(getattr(error, "exit_code", USAGE_ERROR))
    except (click.Abort, KeyboardInterrupt):
        _say("interrupted")
        sys.exit(130)
    except OSError as error:
        if error.errno == errno.EPIPE:
            sys.stderr.close()
            sys.exit(1)
        _say(f"{error.strerror or error}{f': {error.filename}' if error.filename else ''}")
        sys.exit(1)
    except Exception as error:
        if os.environ.get("ROADS_DEBUG"):
            raise
        _say(
            f"internal error, please report it: {type(error).__name__}: {error} "
            "(ROADS_DEBUG=1 shows the traceback)"
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
