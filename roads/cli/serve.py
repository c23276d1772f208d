"""``roads serve``: the live board of a journal in a browser, with buttons to log coups."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from click.core import ParameterSource

from roads.cli import look
from roads.cli.options import tails_option
from roads.cli.paths import FilePath
from roads.cli.table_options import posted_table_options
from roads.drawing.options import BoardOptions
from roads.tables import Table

_STOPS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def _stop_signals() -> Iterator[Callable[[Callable[[], bool]], None]]:
    """Ctrl-C and SIGTERM held back from every thread started inside the block, and a function
    that waits for one of them (or for ``done()``) in this thread.

    Nothing is raised from a signal handler, so a stop never lands inside the server's
    bookkeeping (where it once released a connection slot twice) and cannot be swallowed. Off
    the main thread (e.g. in tests) signals are not touched and the wait is for ``done()``.
    """
    if threading.current_thread() is not threading.main_thread():

        def wait_done(done: Callable[[], bool]) -> None:
            while not done():
                time.sleep(0.25)

        yield wait_done
        return

    def wait(done: Callable[[], bool]) -> None:
        while signal.sigtimedwait(_STOPS, 0.25) is None and not done():
            pass

    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield wait
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _say(message: str) -> None:
    click.echo(f"roads serve: {message}", err=True)


@click.command("serve")
@click.argument("journal", type=FilePath())
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Another than this machine's own lets the network log coups.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: any free port, printed at start).",
)
@tails_option
@posted_table_options
@click.option(
    "--decks",
    type=click.IntRange(1, 8),
    default=8,
    show_default=True,
    help="Decks in the shoe, for the exact odds of the next coup when coups are logged by "
    "their cards.",
)
@look.drawing_options
@click.option(
    "--read-only",
    is_flag=True,
    help="Only show the board: the file must exist (a journal, or any results file: the "
    "notation, CSV, JSON Lines), is never written, and the page's buttons are refused.",
)
def command(
    journal: str,
    host: str,
    port: int,
    tails: str,
    table: Table | None,
    planned: int | None,
    decks: int,
    options: BoardOptions,
    scale: float,
    read_only: bool,
) -> None:
    """Serve the live board of JOURNAL (created if missing) to a browser.

    The page updates within a second whenever the journal changes, from any process, and has
    buttons to log coups, pairs and naturals, undo and start a new shoe: a tablet at the table
    can be the logger. --title is the page's heading too; --scale sizes the board's SVG
    on the page; --layout arranges the board on the page and the overlay. Like a table
    display, the board shows at most the last 60 columns of each road unless --columns says
    how many: an eight-deck shoe is drawn whole, a longer one scrolls. /overlay shows the
    board alone on a transparent page that fits its window (an OBS browser source), /wall
    every shoe as numbered thumbnails. /display is the table's display for a TV (its QR code
    opens a seat's page, /seat/N, on a player's phone); served beyond this machine, the
    console writes only from the croupier's link printed at start. A practice record only:
    past results do not predict the next hand.
    """
    from roads.live.server import LiveServer

    look.journal_path(journal)
    _check_title(options)
    if table is not None:  # recorded when the shoe starts; another table is refused
        from roads.hands.journal import Journal

        opened = Journal(journal, read_only=read_only)
        events = opened.setup_events(table=table, hands=planned)
        if events:
            opened.append(events)
    typed = click.get_current_context().get_parameter_source("host") is ParameterSource.COMMANDLINE
    with _stop_signals() as wait_for_stop:
        server = LiveServer(
            journal,
            host=host,
            port=port,
            options=options,
            scale=scale,
            tails=tails,
            decks=decks,
            allow_remote=typed,
            log=_say,
            read_only=read_only,
        )
        try:
            if not server.loopback:
                _say(
                    f"warning: listening on {host}, beyond this machine: anyone on the network "
                    "who has the croupier's link can log coups to the journal"
                )
            click.echo(
                f"Serving the live board of {journal} at {server.url} (Ctrl-C to stop)", err=True
            )
            click.echo(f"The table display: {server.url}display", err=True)
            if not server.loopback and not read_only:
                click.echo(
                    f"The croupier's console (keep this link to yourself): "
                    f"{server.url}?key={server.access.croupier}",
                    err=True,
                )
            server.start()
            wait_for_stop(lambda: not server.serving)
            _say("stopped")
        finally:
            server.close()


def _check_title(options: BoardOptions) -> None:
    """Refuse, before serving, a title the board cannot hold even empty (the narrowest it is):
    every page would fail to draw it."""
    from roads.cli import flags
    from roads.drawing.board import draw_board
    from roads.errors import RoadsError
    from roads.grids.roads import Roads

    if options.title is not None:
        try:
            draw_board(Roads(), options)
        except RoadsError as error:
            raise click.UsageError(f"{error}{flags(error)}") from None
