"""``roads log``: log a practice game in a journal, from options, standard input or the keyboard."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from roads import formats
from roads.backends import picture_formats
from roads.cli import look
from roads.cli.options import tails_option, use_colour
from roads.cli.paths import FilePath
from roads.cli.table_options import posted_table_options
from roads.drawing.board import BoardOptions
from roads.errors import NotDrawnError, ParseError, RoadsError
from roads.tables import Table

if TYPE_CHECKING:
    from roads.hands.journal import Event, Journal
    from roads.live.mirror import Mirror

T = TypeVar("T")
ACTIONS = ("undo", "new_shoe", "bets", "cards", "results")
"""The action options' parameters, in the order they are logged when their order on the
command line is not known (a caller of the callback)."""
_ORDER = "roads.log.order"


class _InOrder(click.Command):
    """Keeps the order the options were given in on the command line (``ctx.meta``), one entry
    per occurrence, so that the actions are logged in the order they were typed."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            _, _, order = self.make_parser(ctx).parse_args(args=list(args))
        except click.UsageError:
            order = []  # click's own parsing below says what is wrong
        ctx.meta[_ORDER] = [param.name for param in order]
        return super().parse_args(ctx, args)


@click.command("log", cls=_InOrder)
@click.argument("path", metavar="JOURNAL", type=FilePath())
@click.option(
    "--add",
    "results",
    multiple=True,
    metavar="TEXT",
    help="Log results in the notation, one coup per B, P or T: 'B', 'PbTn P'. May be repeated.",
)
@click.option(
    "--cards",
    multiple=True,
    metavar="TEXT",
    help="Log a coup from its cards, Player first: '2h 3d 8c / Ks 3h'. The draw is checked "
    "against the third-card rules. May be repeated.",
)
@click.option(
    "--undo",
    is_flag=True,
    help="Take back the last coup or bet of the current shoe (or an empty new shoe).",
)
@click.option("--new-shoe", is_flag=True, help="Start a new shoe.")
@click.option(
    "--bet",
    "bets",
    multiple=True,
    metavar="ON:STAKE",
    help="A practice bet with play money, settled by the next coup at the journal's table: "
    "ON is banker, player, tie or a side bet the table offers (player_pair, dragon_7, "
    "lucky_6 ...), e.g. banker:10. Needs a bankroll. May be repeated.",
)
@click.option(
    "--bankroll",
    metavar="N",
    help="Practise bets with N of play money. On a journal with another bankroll, the "
    "practice balance starts over at N; the same N carries on. With --join, the seat's.",
)
@click.option(
    "--seat",
    type=click.IntRange(1, 15),
    metavar="N",
    help="Seat N places the --bet options, joins (--join) or leaves (--leave); without it, "
    "seat 1, as in a journal without seats.",
)
@click.option(
    "--join",
    metavar="NAME",
    help="NAME (any script) takes the --seat with --bankroll of play money.",
)
@click.option(
    "--leave",
    is_flag=True,
    help="The --seat is given up; its commission box is collected.",
)
@click.option(
    "--hands",
    "planned_hands",
    type=click.IntRange(1, 100_000),
    metavar="N",
    help="Plan the session to last N coups (every shoe): a further coup is refused until the "
    "plan is raised.",
)
@click.option(
    "--render",
    metavar="FILE",
    type=FilePath(),
    help="Keep FILE (.svg or .png) showing the current shoe: drawn again after every change "
    "and replaced whole, as the drawing options below say.",
)
@tails_option
@posted_table_options
@look.drawing_options
@click.option("-q", "--quiet", is_flag=True, help="Do not confirm each action on stderr.")
@click.option(
    "--lock-wait",
    type=click.FloatRange(min=0),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help="While another process holds the journal, say so and wait at most this long for it, "
    "then exit with code 75, nothing logged.",
)
@click.option(
    "--repair",
    is_flag=True,
    help="Keep the lines of a journal that readers refuse (NUL bytes, a line too long, a bad "
    "line) up to the first they refuse, the file as it was kept beside it as JOURNAL.broken. "
    "Takes no other option but --lock-wait and --quiet.",
)
def command(
    path: str,
    results: tuple[str, ...],
    cards: tuple[str, ...],
    undo: bool,
    new_shoe: bool,
    bets: tuple[str, ...],
    bankroll: str | None,
    seat: int | None,
    join: str | None,
    leave: bool,
    planned_hands: int | None,
    render: str | None,
    tails: str,
    table: Table | None,
    planned: int | None,
    options: BoardOptions,
    scale: float,
    quiet: bool,
    lock_wait: float,
    repair: bool,
) -> None:
    """Log a practice game in JOURNAL, an append-only JSON Lines file (created if new).
    Each action is on disk before it is confirmed. export, render and show read a journal's
    current shoe (--shoe N or --all for others).

    Action options (--add, --cards, --bet, --undo, --new-shoe) are logged together or not at
    all, in the order they are given on the command line, after --bankroll: '--add BP --cards
    "2h 3d 8c / Ks 3h"' logs B, P, then the coup of those cards.

    With no action option and standard input a terminal: the keyboard logger (b p t results;
    1 2 n banker pair, player pair, natural; u undo; s new shoe; c cards; $ practice bet;
    q quit).

    Otherwise each line of standard input is logged as it is read: results ('BPbT'), cards
    ('2h 3d 8c / Ks 3h'), undo, shoe, 'bet ON STAKE' or 'bankroll N' ('#' starts a comment).
    A bad line stops with exit code 2 and is not logged; the lines before it were confirmed
    and stay logged.

    --rules, --tie-pays and --side-bets name the table when the journal starts; it is recorded
    and settles every bet; a journal started at another table refuses them.

    Confirmations go to standard error; standard output stays empty. Bets are practice with
    play money.
    """
    from roads.hands import journal as journals

    look.journal_path(path)
    if repair:
        _repair(path, lock_wait=lock_wait, quiet=quiet)
        return
    mirror = _mirror(render, path, options=options, scale=scale, tails=tails)
    start = journals.amount(bankroll) if bankroll is not None else None
    _check_seat_options(seat=seat, join=join, leave=leave, bankroll=start)
    events = _actions(
        results=results, cards=cards, undo=undo, new_shoe=new_shoe, bets=bets, seat=seat
    )
    if leave and seat is not None:  # _check_seat_options
        events.append(journals.leave_event(seat))
    scripted = bool(events) or join is not None or planned_hands is not None

    journal = journals.Journal(path, lock_wait=lock_wait, on_wait=_waiting(path, lock_wait))
    events = _first(journal, seat=seat, join=join, start=start) + events
    events[:0] = journal.setup_events(
        table=table, hands=planned_hands or planned, after_new_shoe=new_shoe
    )
    if new_shoe and table is not None:  # the table is the new shoe's: after its shoe event
        events = _table_after_shoe(events)
    log = _logging(journal, mirror, quiet=quiet)
    if events:
        log(events)
    elif mirror is not None:
        mirror.update(journal.session)
    if scripted:
        return
    if sys.stdin.isatty():
        _keyboard(journal, mirror, tails=tails, lang=options.lang)
        return
    _log_lines(log)


def _keyboard(journal: Journal, mirror: Mirror | None, *, tails: str, lang: str) -> None:
    """The keyboard logger, on a terminal."""
    from roads.grids.placement import tails_named
    from roads.live.keys import KeyLogger
    from roads.live.logger import run

    colour = use_colour(None, sys.stdout)
    logger = KeyLogger(journal, mirror=mirror, tails=tails_named(tails), lang=lang, colour=colour)
    run(logger, colour=colour)


def _repair(path: str, *, lock_wait: float, quiet: bool) -> None:
    """``--repair``: alone (but for --lock-wait and --quiet), and said on stderr."""
    others = set(click.get_current_context().meta.get(_ORDER, ())) - {
        "path",
        "repair",
        "lock_wait",
        "quiet",
    }
    if others:
        raise click.UsageError("--repair takes no other option but --lock-wait and --quiet")
    from roads.hands.journal_repair import repair

    repaired = repair(path, lock_wait=lock_wait)
    if quiet:
        return
    if repaired.backup is None:
        click.echo(f"{path}: every line is taken: nothing to repair", err=True)
        return
    click.echo(
        f"{path}: kept {repaired.lines} lines ({repaired.kept:,} of {repaired.size:,} bytes); "
        f"left out from there: {repaired.reason}. The file as it was: {repaired.backup}",
        err=True,
    )


def _mirror(
    render: str | None, path: str, *, options: BoardOptions, scale: float, tails: str
) -> Mirror | None:
    """The board kept drawn at ``--render`` after every batch, or None; checked before anything
    is logged (never the journal itself, a picture format)."""
    from roads.atomic import same_file
    from roads.live.mirror import Mirror

    if render is None:
        return None
    if same_file(render, path):
        raise RoadsError(f"--render {render} is the journal itself: draw the board elsewhere")
    look.output_format(
        render, None, picture_formats(formats.BOARD), "image", stream=False, format_option=False
    )
    return Mirror(render, options=options, scale=scale, tails=tails)


def _waiting(path: str, lock_wait: float) -> Callable[[], None]:
    """What says, at once, that another process holds the journal."""

    def waiting() -> None:
        click.echo(
            f"roads log: another process holds the journal {path}: waiting up to {lock_wait:g} s "
            "(--lock-wait)",
            err=True,
        )

    return waiting


def _first(journal: Journal, *, seat: int | None, join: str | None, start: Any) -> list[Event]:
    """What comes before the actions: the seat's join (``--join``), else seat 1's new bankroll
    (``--bankroll``, unless it is the bankroll already)."""
    from roads.hands import journal as journals

    if join is not None and seat is not None and start is not None:  # _check_seat_options
        return [journals.join_event(seat, join, start)]
    if start is not None and start != journal.session.bankroll:
        return [journals.bankroll_event(start)]
    return []


def _check_seat_options(
    *, seat: int | None, join: str | None, leave: bool, bankroll: object | None
) -> None:
    """Refuse the seat options that do not go together, before anything is read or logged."""
    if join is not None and seat is None:
        raise click.UsageError("--join NAME needs --seat N: the seat the player takes")
    if join is not None and bankroll is None:
        raise click.UsageError("--join NAME needs --bankroll N: what the player sits down with")
    if leave and seat is None:
        raise click.UsageError("--leave needs --seat N: the seat given up")
    if leave and join is not None:
        raise click.UsageError("give --join or --leave, not both")
    if bankroll is not None and join is None and seat not in (None, 1):
        raise click.UsageError(
            f"--bankroll with --seat {seat} needs --join NAME: a seat's bankroll is given "
            "when a player takes it"
        )


def _table_after_shoe(events: list[Event]) -> list[Event]:
    """``events`` with its ``table`` event moved just after the first ``shoe`` event."""
    tables = [event for event in events if event["event"] == "table"]
    rest = [event for event in events if event["event"] != "table"]
    at = next((i + 1 for i, event in enumerate(rest) if event["event"] == "shoe"), 0)
    return rest[:at] + tables + rest[at:]


def _actions(
    *,
    results: tuple[str, ...],
    cards: tuple[str, ...],
    undo: bool,
    new_shoe: bool,
    bets: tuple[str, ...],
    seat: int | None = None,
) -> list[Event]:
    """The action options' events, in the order they were typed on the command line; the
    bets are seat ``seat``'s (None: seat 1's, as in a journal without seats)."""
    from roads.hands import journal as journals
    from roads.hands.notation import parse_notation
    from roads.live.actions import parse_bet, seat_bet

    def add(text: str) -> list[Event]:
        hands = _option("--add", text, lambda text: parse_notation(text, comments=False))
        if not hands:
            raise RoadsError("--add: give results in the notation, e.g. 'BPbT'")
        return [journals.coup_event(hand) for hand in hands]

    given: dict[str, list[list[Event]]] = {
        "undo": [[journals.undo_event()]] if undo else [],
        "new_shoe": [[journals.shoe_event()]] if new_shoe else [],
        "bets": [
            [_option("--bet", bet, parse_bet if seat is None else seat_bet(seat))] for bet in bets
        ],
        "cards": [[_option("--cards", coup, _coup)] for coup in cards],
        "results": [add(text) for text in results],
    }
    events: list[Event] = []
    typed = click.get_current_context().meta.get(_ORDER, [])
    for name in typed:  # each --add, --cards, --bet in turn; a flag given twice acts once
        if given.get(name):
            events += given[name].pop(0)
    for name in ACTIONS:  # what the command line's order did not place (none from a shell)
        while given.get(name):
            events += given[name].pop(0)
    return events


def _logging(
    journal: Journal, mirror: Mirror | None, *, quiet: bool
) -> Callable[[Sequence[Event]], None]:
    """What logs one batch: appended, confirmed on standard error unless ``quiet``, and the
    board redrawn at ``--render`` (a failed drawing says the batch was logged)."""
    from roads.live.actions import describe

    def log(batch: Sequence[Event]) -> None:
        receipt = journal.append(batch)
        if not quiet:
            for sentence in describe(batch, receipt):
                click.echo(sentence, err=True)
        if mirror is not None:
            try:
                mirror.update(journal.session)
            except (OSError, RoadsError) as error:
                what = (
                    f"{error.strerror}: {error.filename}" if isinstance(error, OSError) else error
                )
                raise NotDrawnError(
                    f"logged, but --render could not draw the board: {what}"
                ) from None

    return log


def _log_lines(log: Callable[[Sequence[Event]], None]) -> None:
    """Each line of standard input logged as it is read; a bad line stops, naming its number."""
    from roads.live.actions import parse_command

    for number, raw in enumerate(sys.stdin.buffer, start=1):
        try:
            batch = parse_command(raw.decode("utf-8-sig" if number == 1 else "utf-8"))
            if batch:
                log(batch)
        except UnicodeDecodeError:
            raise ParseError("not UTF-8 text", source="<stdin>", line=number) from None
        except NotDrawnError:
            raise
        except ParseError as error:
            if error.source:  # about the journal itself, not the line
                raise
            where = f"column {error.column}: " if error.column and not error.line else ""
            raise ParseError(where + error.reason, source="<stdin>", line=number) from None
        except RoadsError as error:
            raise ParseError(str(error), source="<stdin>", line=number) from None


def _coup(text: str) -> dict[str, Any]:
    from roads.game.coup import Coup
    from roads.hands.hand import Hand
    from roads.hands.journal import coup_event

    return coup_event(Hand.from_coup(Coup.parse(text)))


def _option(name: str, text: str, parse: Callable[[str], T]) -> T:
    """``parse(text)``; an error names the option."""
    try:
        return parse(text)
    except RoadsError as error:
        raise RoadsError(f"{name}: {error}") from None
