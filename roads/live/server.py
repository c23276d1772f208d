"""The live board over HTTP (``roads serve``): the app that the transport serves.

Routes (``roads.live.routes``): ``GET /`` the page, ``GET /board.svg`` the board, ``GET /events``
Server-Sent Events (one ``board`` event per change of the journal, by any process), ``POST
/api/coup``, ``/api/undo``, ``/api/shoe`` with JSON bodies, and two views without buttons
(``roads.live.views``): ``GET /overlay`` the board alone on a transparent page, ``GET /wall``
(and ``/wall.svg``) every shoe as numbered thumbnails.

The connections, their limits and deadlines are the transport's (``roads.live.transport``); who
may do what is the policy's (``roads.live.policy``). A write waits a bounded time for the
journal's lock (then 503 with Retry-After). Event streams are capped too.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roads.drawing.board import BoardOptions
from roads.errors import ParseError, RoadsError, UnavailableError
from roads.grids.placement import Tails
from roads.hands.journal import Event, Journal, JournalBusyError, read_journal
from roads.live.access import Access, server_secret
from roads.live.actions import describe
from roads.live.api import KEY_FIELD, hand_from_request
from roads.live.content import Fingerprint, continues, fingerprint
from roads.live.page import Page
from roads.live.policy import Policy, ReadOnlyError, is_loopback
from roads.live.results import read_results
from roads.live.retries import Keys
from roads.live.routes import MAX_BODY, Handler
from roads.live.seats import seat_state
from roads.live.transport import HTTPServer
from roads.live.watch import INTERVAL, Snapshot, Watcher
from roads.tables import Table

__all__ = ["MAX_BODY", "LiveServer", "hand_from_request", "is_loopback"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
KEEPALIVE = 15.0
"""Seconds between two comments on an idle event stream, so proxies and clients keep it."""
TIMEOUT = 15.0
"""Seconds a request's head, and then its body, may take to arrive in all, and a socket may
block on one write, before its client is dropped."""
LOCK_WAIT = 1.0
"""Seconds a write waits for the journal's lock before it is answered 503 (try again)."""
CLOSE_WAIT = 3.0
"""Seconds ``close()`` waits for the requests under way to finish once their sockets are cut."""


def _say(message: str) -> None:
    print(f"roads serve: {message}", file=sys.stderr, flush=True)


class LiveServer:
    """The live board of the journal at ``journal`` (created if missing), served on
    ``host``:``port`` (0: any free port). A host other than this machine's loopback is refused
    unless ``allow_remote``: the page then takes coups from anyone on the network who loads it.
    ``read_only`` serves the board of an existing journal and refuses every write;
    ``timeout`` is the most seconds a request's head, or its body, may take to arrive (and one
    read or write may block); ``lock_wait`` the most seconds a write waits for the journal.
    """

    _reader: Journal | None
    """The watcher's reader of the journal."""
    _read: Fingerprint | None
    """The journal as the watcher's reader took it."""
    _table: Table | None
    """The journal's table, as last read or written (to start it again if it is deleted)."""

    def __init__(
        self,
        journal: str | os.PathLike[str],
        *,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        options: BoardOptions | None = None,
        scale: float = 1.0,
        tails: Tails | str = Tails.STRAIGHT,
        decks: int = 8,
        allow_remote: bool = False,
        log: Callable[[str], None] = _say,
        interval: float = INTERVAL,
        keepalive: float = KEEPALIVE,
        timeout: float = TIMEOUT,
        read_only: bool = False,
        lock_wait: float = LOCK_WAIT,
    ) -> None:
        if not host:
            raise RoadsError("give a host name or address to listen on, e.g. 127.0.0.1")
        self.loopback = is_loopback(host)
        if not self.loopback and not allow_remote:
            raise RoadsError(
                f"{host!r} is not this machine's loopback address; serving the network must be "
                "asked for explicitly",
                about=("allow_remote",),
            )
        self.path = Path(journal)
        self.log = log
        self.keepalive = keepalive
        self.timeout = timeout
        self.page = Page(
            self.path.name, options or BoardOptions(), scale=scale, tails=tails, decks=decks
        )
        self.read_only = read_only
        self.lock_wait = lock_wait
        self._write_lock = threading.Lock()
        self._journal: Journal | None = None
        self._reader = self._read = self._table = None
        self._keys = Keys(self.path)
        secret, problem = server_secret()
        if problem:
            log(f"warning: {problem}: the seats' links last until the server stops")
        self.access = Access(secret, self.path, open_without_key=self.loopback)
        """Who may act for which seat: the croupier's key and each seat's."""
        self._results = self._open(read_only)
        self._wall: tuple[tuple[int, int, int], str] | None = None
        self._wall_lock = threading.Lock()
        self._serving = False
        self._thread: threading.Thread | None = None
        self.watcher = Watcher(self.path, self._render, log=log, interval=interval)
        self.watcher.start()
        self._httpd = self._listen(host, port)
        self.host = host
        self.port: int = self._httpd.server_address[1]
        self.policy = Policy(host, self.port, loopback=self.loopback)
        self.token = self.policy.token
        self._publisher = threading.Thread(target=self._publish, name="roads-publish", daemon=True)
        self._publisher.start()

    def _open(self, read_only: bool) -> bool:
        """Check the file now; whether it is a results file (served read-only) rather than a
        journal."""
        if read_only:
            try:
                read_journal(self.path)  # a missing file: refused now
            except ParseError as error:
                if error.line != 1:
                    raise
                read_results(self.path)  # not a journal: any results file will do
                return True
            return False
        try:
            self._journal = Journal(self.path, lock_wait=self.lock_wait)
        except JournalBusyError:  # opened at the first write; refused now if not a journal
            read_journal(self.path)
        return False

    def _listen(self, host: str, port: int) -> HTTPServer:
        try:
            return HTTPServer(
                (host, port),
                self,
                handler=Handler,
                timeout=self.timeout,
                keepalive=self.keepalive,
                max_body=MAX_BODY,
                log=self.log,
            )
        except OSError as error:
            self.watcher.stop()
            raise UnavailableError(
                f"cannot listen on {host} port {port}: {error.strerror or error}"
            ) from None

    def _publish(self) -> None:
        """Hand every new snapshot to the event streams, until the watcher stops."""
        snapshot: Snapshot | None = self.watcher.snapshot
        while snapshot is not None:
            self._httpd.outbox.publish(snapshot.version, snapshot.event)
            snapshot = self.watcher.wait(snapshot.version, 3600)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def streams(self) -> int:
        """How many event streams are open."""
        return self._httpd.outbox.streams

    @property
    def serving(self) -> bool:
        """Whether the thread that ``start()`` began is still serving."""
        return self._thread is not None and self._thread.is_alive()

    # -- running -------------------------------------------------------------------------------

    def serve_forever(self) -> None:
        """Serve until ``close()`` (from another thread) or an exception such as Ctrl-C."""
        self._serving = True
        self._httpd.serve_forever(poll_interval=0.25)

    def start(self) -> LiveServer:
        """Serve from a background thread."""
        self._serving = True  # before the thread runs, so that close() always shuts it down
        self._thread = threading.Thread(target=self.serve_forever, name="roads-serve", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving, draining: stop taking connections and free the port, answer every
        request already whole (a write under way is finished and its reply sent), end every
        event stream, then close the connections. Returns within a few seconds whatever the
        clients do."""
        self._httpd.closing = True
        if self._serving:
            self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd.drain(CLOSE_WAIT)
        self.watcher.stop()
        self._publisher.join(timeout=5)

    def __enter__(self) -> LiveServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the journal ---------------------------------------------------------------------------

    def _render(self) -> dict[str, Any]:
        """The page's state (in the watcher's thread): the journal is followed line by line,
        without waiting for any writer's lock."""
        try:
            if self._results:
                session = read_results(self.path)
            else:
                # Followed by content, not size: a journal edited in place (even to the same
                # size and time) or replaced is read again from the top.
                now = continues(self._read, self.path)
                reader = self._reader
                if now is None or reader is None:
                    self._reader = None
                    now = fingerprint(self.path)
                    reader = self._reader = Journal(self.path, read_only=True)
                else:
                    reader.refresh()
                self._read = now
                session = reader.session
                if session.table is not None:  # not a new file's header, read before its table
                    self._table = session.table
        except RoadsError as error:
            return self._problem(str(error))
        except FileNotFoundError:
            return self._problem(self._missing())
        except OSError as error:
            return self._problem(f"cannot read the journal {self.path}: {error.strerror}")
        except UnicodeDecodeError:
            return self._problem(f"the journal {self.path} is not UTF-8 text")
        return self.page.state(session)

    def _missing(self) -> str:
        """What to say, and how to go on, while the journal is missing."""
        name = self.path.name  # every page shows it: no folder of the server's
        if self.read_only or self._results:
            return f"the journal {name} is missing: put it back to show its board again"
        return (
            f"the journal {name} is missing (deleted?): put it back to go on, or log a coup to "
            "start it again at its table (the coups logged before are not in it)"
        )

    def _recreated(self) -> Journal | None:
        """A new journal where the served one was deleted, with its header and its table (under
        the write lock); None while it is there."""
        if self.path.exists():
            return None
        table = self._table  # before the new file exists: the watcher may read it, tableless
        journal = Journal(self.path, lock_wait=self.lock_wait)
        if table is not None and table != journal.session.table:
            journal.use_table(table)
        self.log(
            f"the journal {self.path} was deleted while served: started again at its table; "
            "the coups logged before are not in it"
        )
        return journal

    def _problem(self, message: str) -> dict[str, Any]:
        self._reader, self._read = None, None  # read it whole again at the next change
        self.log(message)
        last = self.watcher.snapshot.state
        state = dict(last) if last else self.page.empty_state(message)
        state["error"] = message
        return state

    def write(
        self, event: Event | list[Event], *, key: str | None = None, caller: str | None = None
    ) -> dict[str, Any]:
        """Log ``event`` (or a list of events, as one action: all or none) in the journal,
        once per ``key`` (an idempotency key) in a shoe; the reply for the client says where
        it stands: the shoe, its coups, and ``coup``, the coup the write is for (a coup's own
        number; for a bet, a seat joining or leaving, the next coup, which settles the bets:
        a bet that arrives after the coup that closed its round is the next one's), with the
        seat's state after a seat's write, and ``"repeated": true`` if the shoe had logged
        ``key`` already (nothing was logged now; ``coup`` is then the one it was for), and
        ``said``: what was logged (or, for an undo, taken back) in the page's words.
        ``caller`` is the key of the croupier or of a seat that sent it (``roads.live.access``:
        AccessError if it may not). Raises JournalBusyError if the journal stays locked for
        ``lock_wait`` seconds."""
        if self.read_only:
            raise ReadOnlyError(
                f"this board of {self.path.name} is served read-only: it cannot be changed here"
            )
        if not self._write_lock.acquire(timeout=self.lock_wait):
            raise JournalBusyError("the journal is busy with other writes: try again")
        try:
            journal = self._recreated() or self._journal
            restarted = journal is not None and journal is not self._journal
            if journal is None:
                journal = Journal(self.path, lock_wait=self.lock_wait)
            self._journal = journal
            journal.refresh()
            events = event if isinstance(event, list) else [event]
            self.access.check(caller, journal.session, events)
            said: list[str] = []
            repeated = key is not None and self._keys.seen(key, len(journal.session.shoes))
            coup = self._keys.coup_of(key) if repeated and key is not None else None
            if not repeated:
                keyed = [{**events[0], KEY_FIELD: key}, *events[1:]] if key else events
                receipt = journal.append(keyed)
                coups = receipt.places[-1][1]
                last = receipt.kinds[-1] if receipt.kinds else events[-1]["event"]
                coup = (
                    None
                    if last in ("undo", "shoe", "reopen")
                    else coups
                    if last == "coup"
                    else coups + 1
                )
                said = describe(events, receipt, balance=False, lang=self.page.options.lang)
            session = journal.session
            if key is not None:
                self._keys.logged(key, len(session.shoes), coup)
            self._table = session.table
            reply: dict[str, Any] = {"ok": True, "shoe": len(session.shoes), "coups": session.coups}
            if restarted:
                reply["restarted"] = (
                    f"the journal {self.path.name} had been deleted: it was started again at "
                    "its table, with this write first"
                )
            if said:
                reply["said"] = " · ".join(said)
            if coup is not None:
                reply["coup"] = coup
            seat = events[0].get("seat")
            if isinstance(seat, int):
                reply["seat"] = seat_state(session, seat) or {"seat": seat, "name": None}
            if session.plan is not None:
                reply["hands_left"] = session.hands_left
        finally:
            self._write_lock.release()
        self.watcher.wake()
        return reply if not repeated else {**reply, "repeated": True}

    # -- checks --------------------------------------------------------------------------------

    def wall_picture(self) -> str:
        """The wall's SVG (every shoe of the journal), drawn again only when the journal has
        changed since it was last drawn: however many walls are open, one drawing a change.

        Raises:
            FileNotFoundError: the journal is missing.
            RoadsError: it cannot be read as a journal (or, read-only, as results).
        """
        from roads.live.views import wall_svg

        status = os.stat(self.path)
        key = (status.st_ino, status.st_size, status.st_mtime_ns)
        with self._wall_lock:
            if self._wall is not None and self._wall[0] == key:
                return self._wall[1]
            # Read after the stat: a change in between is drawn now, and drawn again next time.
            session = read_results(self.path) if self._results else read_journal(self.path)
            svg = wall_svg(session, self.page.options, self.page.tails)
            self._wall = (key, svg)
            return svg
