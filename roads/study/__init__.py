"""``roads study``: do the roads predict anything? Measured over many shoes.

A study deals shoes from a seed (exactly those ``roads simulate`` deals) or reads recorded ones,
reads every betting signal off the board before each coup, counts what followed, and reports
each signal's next-coup frequencies, a test of independence and the result of a flat bet, all
against the exact odds; for the first shoes it also counts the exact odds from the cards left
after every coup. The counting is integers only, split over shoes, so the result is the same
bytes for any number of jobs, on any engine, here or on a Dask cluster.

Modules: ``signals`` (the signals and their counting), ``dealer`` (where shoes come from),
``recorded`` (recorded files read in bulk), ``checks`` (records no shoe can give, copies),
``exact`` (card removal), ``counting`` (tasks, processes, Dask), ``shoe_results`` (each shoe's
result, the chances of being ahead), ``statistics``, ``fairness`` (the alarm and its power),
``figures`` (the figures), ``document`` (the document they make, and its JSON),
``sentences`` (every sentence the conclusions write) and ``wording`` (which, with what
figures), ``page`` and ``charts`` (HTML, SVG, PNG).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from roads import engines
from roads.errors import RoadsError
from roads.game.shoe import Shoe, check_shoes
from roads.game.shuffles import check_seed
from roads.hands.hand import Hand
from roads.parallel import Jobs
from roads.progress import job as progress_job
from roads.study.checks import Checked, RecordedShoe, check_records
from roads.study.counting import (
    Job,
    Task,
    merge,
    plan,
    results_of_tasks,
    run_dask,
    run_local,
    table_parts,
)
from roads.study.dealer import Dealer, RecordedDealer, SeededDealer, record_of
from roads.study.document import Origin, Study
from roads.study.figures import figures, prepare
from roads.study.own_bets import OwnBet, SeatOf
from roads.study.table_bets import TableCounted, TableFlat, TablePricing, merge_counts
from roads.tables import Table
from roads.values import frozen

if TYPE_CHECKING:
    from roads.hands.session import Session

__all__ = ["Study", "StudyInput", "read_shoes", "run_study", "study_engine"]


PROGRESS_FROM = 2
"""Studies of this many shoes or more report their progress."""


@frozen
class StudyInput:
    """Where a study's shoes come from: a dealer, how many shoes, and what to say about them."""

    dealer: Dealer
    shoes: int
    data: Origin
    own_shoes: tuple[tuple[Hand, ...], ...] = ()
    """The hands of every shoe of the journals read, for ``own_bets``."""
    own_bets: tuple[OwnBet, ...] = ()
    """The practice bets those journals settled (play money)."""


def simulated(shoe: Shoe, seed: int, shoes: int) -> StudyInput:
    """The shoes ``roads simulate --seed SEED --shoes SHOES`` deals.

    Parameters:
        shoe: the number of decks, where the cut card goes and the shuffle.
        seed: the seed the shoes are shuffled from.
        shoes: how many shoes (indexes 0 to ``shoes - 1``), at most MAX_SHOES
            (``roads.game.shoe``).
    """
    check_seed(seed, shoe.shuffle)
    check_shoes(shoes)
    return StudyInput(
        SeededDealer(shoe, seed),
        shoes,
        Origin(
            source="simulated",
            seed=seed,
            shuffle=shoe.shuffle,
            shoes=shoes,
            cut_card=shoe.cut_card,
        ),
    )


_NOTATION_SHOE = re.compile(r"^#\s*shoe\b[^\n]*$", re.IGNORECASE | re.MULTILINE)


def read_shoes(
    sources: Sequence[str], *, decks: int = 8, keep_going: bool = False, deals: bool = False
) -> StudyInput:
    """The shoes of recorded inputs: every shoe of a journal, of a CSV or JSONL file whose rows
    name their shoe, of a notation file with ``# shoe`` lines (as ``roads simulate`` writes),
    else one shoe per file; checked (``checks``) before any figure: a shoe the cards of
    ``decks`` decks cannot give is refused (a RoadsError naming it), or set aside.

    Parameters:
        sources: paths of the files, ``"-"`` for standard input.
        decks: the decks of a shoe.
        keep_going: set impossible shoes aside (counted in the document) instead of refusing.
        deals: keep every coup's deal (a named table settles its bets by them); without it,
            CSV and JSON Lines files are read in bulk (``recorded``), at the export's pace.
    """
    from roads.formats import check_input
    from roads.inputs import read_text

    texts = []
    for source in sources:
        text = read_text(source)
        texts.append((source, text, check_input(source, text.encode()).name))
    names = tuple("<stdin>" if source == "-" else Path(source).name for source in sources)
    if not deals and all(kind in ("csv", "jsonl") for _, _, kind in texts):
        return _read_in_bulk(texts, names, decks=decks, keep_going=keep_going)
    return _read_hands(texts, names, decks=decks, keep_going=keep_going)


def _read_in_bulk(
    texts: Sequence[tuple[str, str, str]], names: tuple[str, ...], *, decks: int, keep_going: bool
) -> StudyInput:
    """``read_shoes`` of CSV and JSON Lines files, read by the export's batch reader."""
    from roads.study.recorded import TextDealer, bulk_shoes, check_text_shoes

    shoes = []
    for (source, text, kind), label in zip(texts, names, strict=True):
        name = "<stdin>" if source == "-" else source
        shoes.extend(bulk_shoes(text.splitlines(keepends=True), kind, name, label))
    kept, checked = check_text_shoes(
        [shoe for shoe in shoes if shoe.outcomes], decks=decks, keep_going=keep_going
    )
    return _recorded(TextDealer(tuple(kept)), len(kept), names, checked)


def _recorded(
    dealer: Dealer,
    shoes: int,
    names: tuple[str, ...],
    checked: Checked,
    own: tuple[tuple[tuple[Hand, ...], ...], tuple[OwnBet, ...]] = ((), ()),
) -> StudyInput:
    """The study's input of ``shoes`` recorded shoes, once checked."""
    if not shoes:
        set_aside = checked.set_aside
        raise RoadsError(
            "the inputs hold no coup to study"
            + (f" ({_plural(len(set_aside), 'shoe')} set aside)" if set_aside else "")
        )
    data = Origin(
        source="recorded",
        inputs=names,
        shoes=shoes,
        set_aside=checked.set_aside,
        repeated=checked.repeated,
    )
    return StudyInput(dealer, shoes, data, *own)


def _read_hands(
    texts: Sequence[tuple[str, str, str]], names: tuple[str, ...], *, decks: int, keep_going: bool
) -> StudyInput:
    """``read_shoes`` hand by hand: journals, notation, and files whose deals are kept."""
    from roads.hands.readers import parse_hands, parse_shoes

    shoes: list[RecordedShoe] = []
    own_shoes: list[tuple[Hand, ...]] = []
    own: list[OwnBet] = []
    for (source, text, kind), label in zip(texts, names, strict=True):
        name = "<stdin>" if source == "-" else source
        first = len(shoes)
        if kind == "journal":
            from roads.hands import journal

            session = (
                journal.replay(text, source=name) if source == "-" else journal.read_journal(source)
            )
            shoes.extend(
                RecordedShoe(label, n, tuple(session.hands(shoe=n)))
                for n in range(1, len(session.shoes) + 1)
            )
            own.extend(settled_bets(session, first_shoe=len(own_shoes), source=label))
            own_shoes.extend(tuple(session.hands(shoe=n)) for n in range(1, len(session.shoes) + 1))
        elif kind == "text" and _NOTATION_SHOE.search(text):
            # Blank out everything but the shoe's own lines, so errors keep their line numbers.
            starts = [m.start() for m in _NOTATION_SHOE.finditer(text)] + [len(text)]
            for begin, end in pairwise(starts):
                part = _blank_except(text, begin, end)
                hands = tuple(parse_hands(part, name, format="text"))
                shoes.append(RecordedShoe(label, len(shoes) - first + 1, hands))
        else:
            shoes.extend(
                RecordedShoe(label, n, tuple(hands))
                for n, hands in enumerate(parse_shoes(text, name, format=kind), start=1)
            )
    kept, checked = check_records([s for s in shoes if s.hands], decks=decks, keep_going=keep_going)
    records = tuple(record_of(shoe.hands) for shoe in kept)
    dealer = RecordedDealer(records)
    return _recorded(dealer, len(records), names, checked, (tuple(own_shoes), tuple(own)))


def settled_bets(session: Session, first_shoe: int = 0, source: str = "") -> list[OwnBet]:
    """The settled practice bets of a journal's session, each with its shoe (counted from
    ``first_shoe``), the coup that settled it, and (a journal with seats, read from
    ``source``) its seat and player; each shoe settles by its own table."""
    seated = session.seated
    return [
        OwnBet(
            first_shoe + shoe,
            coup,
            bet.on,
            bet.stake,
            bet.stake * result,
            session.table_of(shoe + 1).pay,
            SeatOf(source, bet.seat, player) if seated else None,
        )
        for shoe, coup, bet, result, player in session.settlements()
    ]


def _plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _blank_except(text: str, begin: int, end: int) -> str:
    """``text`` with every line outside ``begin:end`` emptied (line numbers stay)."""
    return "\n" * text.count("\n", 0, begin) + text[begin:end]


def study_engine(data: StudyInput, engine: str | None, exact_shoes: int = 0) -> str:
    """The engine a study of ``data`` runs with: ``engine`` when given, else as
    ``roads.engines.choose`` picks, the fast one paying for its import from many shoes, and
    always for exact odds (14 times faster each).

    Parameters:
        data: the shoes.
        engine: an engine's name, or None.
        exact_shoes: how many shoes get exact odds.
    """
    return engines.choose(engine, pays=data.shoes >= engines.COUNTS_PAY_FROM or exact_shoes > 0)


def run_study(
    data: StudyInput,
    *,
    decks: int = 8,
    engine: str | None = None,
    jobs: Jobs = 1,
    exact_shoes: int = 0,
    scheduler: str | None = None,
    table: Table | None = None,
) -> Study:
    """Run a study and return its document (``figures.figures``).

    Parameters:
        data: the shoes (``simulated`` or ``read_shoes``).
        decks: decks of a fresh shoe, for the exact odds.
        engine: the engine that deals, counts and works out the exact odds
            (``roads.engines``: ``"python"``, the reference, or ``"numpy"``, the fast one);
            None: as ``roads.engines.choose`` picks (numpy when the study is large enough to
            pay for its import). The result is the same bytes from every engine.
        jobs: processes to count in (1: this one), or ``"auto"`` (one per core); never more
            than the work pays for. They are forked where the platform allows and spawned
            elsewhere, so a script that asks for more than one calls this under
            ``if __name__ == "__main__":``.
        exact_shoes: how many of the first shoes get exact odds after every coup.
        scheduler: the address of a Dask scheduler to run on instead of local processes.
        table: the table whose rules price every flat bet and the exact part, and whose bets
            (main and side) the document reports under ``table``; None: the standard
            table's main bets alone, as before tables (every coup's cards are then not needed).

    Its progress (shoes counted, the exact ones twice) goes to ``roads.progress``.
    """
    chosen = study_engine(data, engine, exact_shoes)
    exact = min(exact_shoes, data.shoes)
    tasks = plan(data.shoes, exact)
    pricing = TablePricing.of(table) if table is not None else None
    job = Job(data.dealer, chosen, decks, pricing)

    with progress_job("Studying shoes", data.shoes + exact, at_least=PROGRESS_FROM) as bar:

        def done(task: Task) -> None:
            bar.advance(task.shoes)

        counted = (
            run_dask(job, tasks, scheduler, done)
            if scheduler is not None
            else run_local(job, tasks, jobs, done, meanwhile=lambda: prepare(decks))
        )
    segments, exact_coups = merge(counted)
    bounds = [task.stop for task in tasks if not task.exact]
    at = None
    if pricing is not None:
        by_segment, deals = merge_counts(table_parts(counted))
        total = [sum(column) for column in zip(*by_segment, strict=True)]
        at = TableCounted(TableFlat.of(pricing, decks), by_segment, total, deals)
    return figures(
        data=data.data,
        decks=decks,
        segments=segments,
        bounds=bounds,
        exact=exact_coups,
        exact_shoes=exact,
        own=(data.own_shoes, data.own_bets),
        at=at,
        results=results_of_tasks(counted),
        exact_dealt=sum(len(record.outcomes) for record in data.dealer(0, exact, False)),
    )
