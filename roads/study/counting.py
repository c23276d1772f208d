"""A study's counting, split into tasks over ranges of shoes, run here, in processes, or on a
Dask cluster, and merged: every task returns integers, so any split gives the same sums.

- a *segment* task counts the signal states of a range of shoes (``CELLS`` integers); the
  segments are the points of the money curves, so their bounds depend on the number of shoes
  only, never on the number of jobs;
- an *exact* task deals a few shoes with their cards and returns every coup's exact odds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from itertools import pairwise

from roads import parallel
from roads.parallel import Jobs
from roads.study.counters import counting_engine
from roads.study.dealer import Dealer, SeededDealer
from roads.study.exact import ExactCoup, exact_shoes
from roads.study.shoe_results import PerShoe, Results, results_of
from roads.study.table_bets import (
    TableCounts,
    TablePricing,
    count_records,
    exact_table_shoes,
)
from roads.values import frozen

SEGMENTS = 100
"""Most points of a money curve: the shoes are counted in this many segments."""
_EXACT_CHUNK = 5


@frozen
class Task:
    """Shoes ``first`` to ``stop - 1``: their signal counts, or (``exact``) their exact odds."""

    first: int
    stop: int
    exact: bool = False

    @property
    def shoes(self) -> int:
        return self.stop - self.first


@frozen
class Job:
    """Everything a worker needs for a task: picklable, so it can travel to a process or a
    Dask worker."""

    dealer: Dealer
    engine: str
    """The engine that counts (``roads.engines``)."""
    decks: int
    pricing: TablePricing | None = None
    """A named table: its counts too (``table_bets``)."""


@frozen
class Counted:
    """What a task found: signal counts (one tuple of ``CELLS``) or exact coups, and the number
    of coups it dealt."""

    task: Task
    coups: int
    counts: tuple[int, ...] = ()
    per_shoe: PerShoe | None = None
    """Each shoe's result on every signal's flat bet (``shoe_results``; at a named table, priced
    by it); None for an exact task."""
    exact: tuple[ExactCoup, ...] = ()
    table: TableCounts | None = None


def run_task(job: Job, task: Task) -> Counted:
    """Count one task (the function workers run)."""
    if job.pricing is not None:
        return _run_table_task(job, job.pricing, task)
    if task.exact:
        coups = exact_shoes(job.dealer(task.first, task.stop, True), job.decks, job.engine)
        return Counted(task, len(coups), exact=tuple(coups))
    counter = counting_engine(job.engine)
    if isinstance(job.dealer, SeededDealer):
        dealer = job.dealer
        (found,) = counter.tally_dealt(
            dealer.shoe, dealer.seed, [(task.first, task.stop)], batch=DEAL_BATCH
        )
    else:
        found = counter.tally_recorded(
            record.outcomes for record in job.dealer(task.first, task.stop, False)
        )
    return Counted(task, sum(found.counts), counts=found.counts, per_shoe=found.per_shoe)


def _run_table_task(job: Job, pricing: TablePricing, task: Task) -> Counted:
    """A task at a named table: every coup's deal is needed, so the cards always are."""
    if task.exact:
        found = exact_table_shoes(
            job.dealer(task.first, task.stop, True), job.decks, job.engine, pricing
        )
        return Counted(task, len(found), exact=tuple(found))
    if isinstance(job.dealer, SeededDealer):
        dealer = job.dealer
        counter = counting_engine(job.engine)
        counts, table = counter.count_table_dealt(
            pricing, dealer.shoe, dealer.seed, task.first, task.stop
        )
    else:
        counts, table = count_records(pricing, job.dealer(task.first, task.stop, True))
    return Counted(task, sum(counts), counts=tuple(counts), per_shoe=table.per_shoe, table=table)


def plan(shoes: int, exact_shoes: int) -> list[Task]:
    """The tasks of a study of ``shoes`` shoes whose first ``exact_shoes`` get exact odds."""
    segments = min(shoes, SEGMENTS)
    tasks = [Task(shoes * i // segments, shoes * (i + 1) // segments) for i in range(segments)]
    tasks += [
        Task(first, min(first + _EXACT_CHUNK, exact_shoes), exact=True)
        for first in range(0, exact_shoes, _EXACT_CHUNK)
    ]
    return tasks


Progress = Callable[[Task], None]
"""Called once per finished task."""


SHOES_PER_WORKER = {"numpy": 4_000, "python": 400}
"""How many shoes of counting pay for one more forked worker: the fork and the tasks' trips
there and back cost about what the engine counts of that many shoes."""
SPAWNED_SHOES_PER_WORKER = {"numpy": 60_000, "python": 8_000}
"""The same where workers are spawned (``roads.parallel.start_method``): a spawned worker
imports roads (and numpy) before it counts, about what numpy counts of 60,000 shoes."""
EXACT_SHOE_WEIGHT = 400
"""An exact shoe (every coup's odds from the cards left) costs about this many counted shoes."""


def workers_for(jobs: Jobs, tasks: Sequence[Task], engine: str) -> int:
    """How many processes to count ``tasks`` in, at most ``jobs`` (``"auto"``: one per core):
    never more than the work pays for, so ``--jobs`` never makes a study slower than one
    process."""

    work = sum(task.shoes * (EXACT_SHOE_WEIGHT if task.exact else 1) for task in tasks)
    table = SHOES_PER_WORKER if parallel.start_method() == "fork" else SPAWNED_SHOES_PER_WORKER
    return min(len(tasks), parallel.workers(jobs, work=work, per_worker=table.get(engine, 8_000)))


def run_local(
    job: Job,
    tasks: Sequence[Task],
    jobs: Jobs,
    progress: Progress,
    meanwhile: Callable[[], object] | None = None,
) -> list[Counted]:
    """Run the tasks in up to ``jobs`` processes when the work pays for them
    (``workers_for``): this one, and the others of the warm pool of ``roads.parallel.pool``;
    results in task order. ``meanwhile``, when given, is called once, before this process
    counts: work of this process that needs no count.

    Parameters:
        job: what every task needs.
        tasks: the study's tasks (``plan``).
        jobs: the processes asked for (``"auto"``: one per core).
        progress: called with each task once it is counted.
        meanwhile: this process's other work, done while the others count.
    """

    count = workers_for(jobs, tasks, job.engine)
    groups = deque(trips(tasks, count))
    results: dict[int, Counted] = {}

    def record(group: list[int], found: list[Counted]) -> None:
        for index, one in zip(group, found, strict=True):
            results[index] = one
            progress(tasks[index])

    if count > 1:
        # One shoe here first: forked workers inherit its imports and tables, not redo them.
        run_task(job, Task(tasks[0].first, tasks[0].first + 1, tasks[0].exact))
    # Taken once: a pool broken during the run is this run's failure, not one to replace.
    workers = parallel.pool(count - 1) if count > 1 else None
    pending: dict[Future[list[Counted]], list[int]] = {}
    try:
        with parallel.watched():
            while groups or pending:
                # The workers take trips from the front (the exact ones first: the slowest), two
                # ahead each; this process counts from the back meanwhile, so none waits idle.
                # Near the end, one ahead: a trip queued there would keep this process waiting.
                ahead = 2 if len(groups) > 2 * count else 1
                while workers is not None and groups and len(pending) < ahead * (count - 1):
                    group = groups.popleft()
                    trip = [tasks[i] for i in group]
                    pending[workers.submit(run_tasks, job, trip)] = group
                if meanwhile is not None:
                    meanwhile()
                    meanwhile = None
                if groups:
                    group = groups.pop()
                    record(group, run_tasks(job, [tasks[i] for i in group]))
                    parallel.check_workers()
                    finished = {future for future in pending if future.done()}
                else:
                    finished = parallel.finished(pending)
                for future in finished:
                    record(pending.pop(future), parallel.result(future))
    finally:
        for future in pending:
            future.cancel()
    return [results[i] for i in range(len(tasks))]


TRIPS_PER_WORKER = 4
"""Segment tasks go to the processes in about this many trips per process: few enough that
the trips (the job, the tasks and their counts pickled each way) cost little, enough that the
processes finish together."""


TRIP_SHOES = 8 * 1024
"""Most shoes of one trip (unless a segment has more): a tenth of a second or so of work."""


def trips(tasks: Sequence[Task], workers: int) -> list[list[int]]:
    """The indexes of ``tasks`` in the groups a worker counts in one trip, in the order they
    are sent: each exact task alone and first (they are the slowest, so they must not finish
    last alone), then runs of consecutive segment tasks (of equal shoes, give or take one),
    at most ``TRIPS_PER_WORKER`` runs per worker (in this process: ``workers`` 1), of at
    most ``TRIP_SHOES`` shoes.

    Parameters:
        tasks: the study's tasks (``plan``).
        workers: the processes counting them.
    """
    exact = [[i] for i, task in enumerate(tasks) if task.exact]
    segments = [i for i, task in enumerate(tasks) if not task.exact]
    per_trip = max(1, -(-len(segments) // (max(1, workers) * TRIPS_PER_WORKER)))
    if segments:  # and no more shoes a trip than TRIP_SHOES, so that progress shows
        per_trip = min(per_trip, max(1, TRIP_SHOES // max(1, tasks[segments[0]].shoes)))
    return exact + [segments[at : at + per_trip] for at in range(0, len(segments), per_trip)]


def run_tasks(job: Job, tasks: Sequence[Task]) -> list[Counted]:
    """Count several tasks in turn, in one trip to a worker (the function workers run).
    Consecutive segments of seeded shoes go to the engine together, which may deal them in
    batches across their bounds (``DEAL_BATCH``).

    Parameters:
        job: what every task needs.
        tasks: the tasks, in the order their results come back.
    """
    dealer = job.dealer
    if (
        len(tasks) > 1
        and job.pricing is None
        and isinstance(dealer, SeededDealer)
        and not any(task.exact for task in tasks)
        and all(a.stop == b.first for a, b in pairwise(tasks))
    ):
        counter = counting_engine(job.engine)
        bounds = [(task.first, task.stop) for task in tasks]
        found = counter.tally_dealt(dealer.shoe, dealer.seed, bounds, batch=DEAL_BATCH)
        return [
            Counted(task, sum(one.counts), counts=one.counts, per_shoe=one.per_shoe)
            for task, one in zip(tasks, found, strict=True)
        ]
    return [run_task(job, task) for task in tasks]


DEAL_BATCH: int | None = None
"""Shoes an engine that deals in batches deals at once (a run of segments may cut a batch);
None: the engine's own (the tests set smaller ones)."""


def run_dask(job: Job, tasks: Sequence[Task], address: str, progress: Progress) -> list[Counted]:
    """Run the tasks on the Dask scheduler at ``address``; results in task order. The job
    (recorded shoes can be large) goes to every worker once, not with each task."""

    def done(index: int) -> None:
        progress(tasks[index])

    return parallel.dask_map(run_task, job, tasks, address=address, name="roads-study", done=done)


def merge(done: Sequence[Counted]) -> tuple[list[tuple[int, ...]], list[ExactCoup]]:
    """The segment counts in order, and every exact coup in shoe order."""
    segments = [one.counts for one in done if not one.task.exact]
    exact = [coup for one in done if one.task.exact for coup in one.exact]
    return segments, exact


def results_of_tasks(done: Sequence[Counted]) -> Results:
    """The per-shoe results of every segment together."""
    return results_of(b"".join(one.per_shoe or b"" for one in done if not one.task.exact))


def table_parts(done: Sequence[Counted]) -> list[TableCounts]:
    """The table's counts of every segment, in order (none without a named table)."""
    return [one.table for one in done if not one.task.exact and one.table is not None]
