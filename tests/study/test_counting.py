"""Counting at the dealing's pace and ``--jobs`` that pays: the vectorised signal states equal
the pure engine's on many seeds, workers are forked once and reused, ``--jobs auto`` starts
only what the work pays for, and the output is the same bytes for any ``--jobs`` and engine."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import extras
import pytest
from command_line import run
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads import parallel
from roads.errors import RoadsError
from roads.game.shoe import Shoe, dealing_engine
from roads.study import counting
from roads.study.counters import counting_engine
from roads.study.counting import Job, Task, run_task
from roads.study.dealer import SeededDealer
from roads.study.signals import CELLS, STATES, count_shoe


@settings(max_examples=size(6, 25), deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    first=st.integers(min_value=0, max_value=10**6),
    shoes=st.integers(min_value=1, max_value=12),
    decks=st.integers(min_value=1, max_value=8),
    cut_card=st.integers(min_value=16, max_value=30),
)
def test_numpy_counts_of_dealt_shoes_are_the_pure_engines(
    seed: int, first: int, shoes: int, decks: int, cut_card: int
) -> None:
    extras.numpy()
    dealer = SeededDealer(Shoe(decks, cut_card), seed)
    task = Task(first, first + shoes)
    pure = run_task(Job(dealer, "python", decks), task)
    fast = run_task(Job(dealer, "numpy", decks), task)
    assert fast.counts == pure.counts
    assert len(fast.counts) == CELLS
    assert (
        fast.coups
        == pure.coups
        == sum(len(record.outcomes) for record in dealer(first, first + shoes, False))
    )


def _encoded(shoes: list[str]) -> list[bytes]:
    return [shoe.translate(str.maketrans("BPT", "\0\1\2")).encode() for shoe in shoes]


def _numpy_counts_as_pure(shoes: list[str]) -> None:
    """The vectorised states before every coup and counts of ``shoes`` are count_shoe's."""
    np = extras.numpy()
    from roads.fast.study import states_numpy

    encoded = _encoded(shoes)
    states: list[int] = []
    counts = [0] * CELLS
    for shoe in encoded:
        count_shoe(shoe, counts, states)
    outcomes = np.frombuffer(b"".join(encoded), dtype=np.uint8)
    lengths = np.array([len(shoe) for shoe in encoded], dtype=np.int64)
    assert states_numpy(outcomes, lengths).tolist() == states
    assert all(0 <= state < STATES for state in states)
    assert counting_engine("numpy").tally_recorded(encoded).counts == tuple(counts)


@settings(max_examples=size(50, 200), deadline=None)
@given(st.lists(st.text(alphabet="BPT", max_size=40), max_size=10))
def test_vectorised_states_are_the_pure_states_before_every_coup(shoes: list[str]) -> None:
    _numpy_counts_as_pure(shoes)


@st.composite
def streaky_shoes(draw: st.DrawFn) -> str:
    """A shoe of streaks up to 40 long, ties between: past the streak machine's tables
    (``roads.fast.streaks.LIMIT``), which hand such shoes to ``count_shoe``."""
    runs = draw(st.lists(st.tuples(st.sampled_from("BP"), st.integers(1, 40)), max_size=8))
    ties = draw(st.lists(st.integers(0, 2), min_size=len(runs), max_size=len(runs)))
    return "".join(
        side * length + "T" * tie for (side, length), tie in zip(runs, ties, strict=True)
    )


@settings(max_examples=size(50, 200), deadline=None)
@given(st.lists(streaky_shoes(), max_size=6))
def test_long_streaks_count_as_the_pure_counting_does(shoes: list[str]) -> None:
    _numpy_counts_as_pure(shoes)


def test_a_streak_one_short_of_the_tables_limit_and_one_at_it() -> None:
    np = extras.numpy()
    from roads.fast.streaks import LIMIT, walk

    shoes = ["P" + "B" * (LIMIT - 1) + "P", "P" + "B" * LIMIT + "P", "BPT" * 5]
    _numpy_counts_as_pure(shoes)
    encoded = _encoded(shoes)
    grid = np.full((LIMIT + 2, 3), 3, dtype=np.uint8)
    for k, shoe in enumerate(encoded):
        grid[: len(shoe), k] = np.frombuffer(shoe, dtype=np.uint8)
    _, left = walk(grid)
    assert left.tolist() == [False, True, False]


def test_auto_is_one_worker_per_core_but_only_what_the_work_pays_for() -> None:
    assert parallel.workers("auto", work=10**9, per_worker=10) == parallel.cores()
    assert parallel.workers("auto", work=5, per_worker=10) == 1
    assert parallel.workers(2, work=19, per_worker=10) == 1
    assert parallel.workers(2, work=20, per_worker=10) == 2
    assert parallel.workers(8, work=35, per_worker=10) == 3
    for wrong in (0, -1, "two", True):
        with pytest.raises(RoadsError, match="jobs must be"):
            parallel.workers(wrong, work=10, per_worker=1)  # type: ignore[arg-type]


def test_workers_are_forked_unless_another_thread_runs() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("fork is only used on Linux")
    parallel.close_pool()  # a pool an earlier test started keeps its own way of starting
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    alone = threading.active_count() == 1
    other.start()
    try:
        assert parallel.start_method() == "spawn"
    finally:
        release.set()
        other.join()
    if alone:
        assert parallel.start_method() == "fork"


def test_the_pool_is_started_once_and_reused() -> None:
    pool = parallel.pool(2)
    assert parallel.pool(2) is pool
    first = {pool.submit(os.getpid).result() for _ in range(8)}
    again = {parallel.pool(2).submit(os.getpid).result() for _ in range(8)}
    assert first | again <= set(pool._processes)  # the same two processes served both
    assert os.getpid() not in first


def _out(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run(args, capsys)
    assert code == 0, err
    return out


@pytest.mark.parametrize("engine", ["python", "numpy"])
def test_a_tally_is_the_same_bytes_for_any_jobs_and_engine(
    engine: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    extras.numpy()
    # Small enough to test: every shoe pays for a worker, so --jobs 2 really uses two.
    for dealing in (dealing_engine("python"), dealing_engine("numpy")):
        monkeypatch.setattr(dealing, "tally_shoes_per_worker", 1)
    args = ["simulate", "--tally", "--seed", "9", "--shoes", "90", "--format", "jsonl"]
    one = _out([*args, "--engine", "python", "--jobs", "1"], capsys)
    for jobs in ("1", "2", "auto"):
        assert _out([*args, "--engine", engine, "--jobs", jobs], capsys) == one


def test_a_study_is_the_same_bytes_for_any_jobs_and_engine(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    extras.numpy()
    for table in ("SHOES_PER_WORKER", "SPAWNED_SHOES_PER_WORKER"):
        monkeypatch.setattr(counting, table, {"numpy": 1, "python": 1})
    out = str(tmp_path / "study.json")
    found = set()
    for engine in ("python", "numpy"):
        for jobs in ("1", "2", "auto"):
            args = ["study", "--seed", "4", "--shoes", "120", "-o", out]
            _out([*args, "--engine", engine, "--jobs", jobs], capsys)
            found.add((tmp_path / "study.json").read_bytes())
    assert len(found) == 1


@pytest.mark.parametrize("given_", ["0", "-2", "x", "1.5"])
def test_jobs_that_are_not_a_count_are_one_line(
    given_: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["simulate", "--tally", "--jobs", given_], capsys)
    assert code == 2
    assert "is not a number of processes from 1 to 256, nor auto" in err
    assert "Traceback" not in err


@settings(max_examples=60, deadline=None)
@given(
    shoes=st.integers(min_value=1, max_value=300_000),
    exact=st.integers(min_value=0, max_value=40),
    workers=st.integers(min_value=2, max_value=8),
)
def test_the_trips_to_workers_send_every_task_once_exact_ones_first_and_alone(
    shoes: int, exact: int, workers: int
) -> None:
    tasks = counting.plan(shoes, min(exact, shoes))
    groups = counting.trips(tasks, workers)
    assert sorted(i for group in groups for i in group) == list(range(len(tasks)))
    exact_groups = [g for g in groups if tasks[g[0]].exact]
    assert all(len(g) == 1 for g in exact_groups)
    assert groups[: len(exact_groups)] == exact_groups  # the slowest go first
    segment_groups = groups[len(exact_groups) :]
    assert all(not tasks[i].exact for g in segment_groups for i in g)
    # Consecutive segments, in order, and few trips: about TRIPS_PER_WORKER per worker.
    order = [i for g in segment_groups for i in g]
    assert order == sorted(order)
    assert all(g == list(range(g[0], g[-1] + 1)) for g in segment_groups)
    # Few trips (about TRIPS_PER_WORKER a worker), unless that would make them too long to
    # show progress: then trips of TRIP_SHOES shoes at most (or of one segment).
    longest = max(counting.TRIP_SHOES, tasks[0].shoes)
    assert all(sum(tasks[i].shoes for i in g) <= longest + len(g) for g in segment_groups)
    fill = max(1, counting.TRIP_SHOES // tasks[0].shoes)
    most = max(workers * counting.TRIPS_PER_WORKER, -(-len(order) // fill))
    assert len(segment_groups) <= most
    sizes = [sum(tasks[i].shoes for i in g) for g in segment_groups[:-1]]
    assert max(sizes, default=0) - min(sizes, default=0) <= len(segment_groups[0])


@pytest.mark.parametrize("batch", [1, 7, 64])
def test_segments_dealt_in_batches_across_their_bounds_count_as_each_alone(
    batch: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    extras.numpy()
    monkeypatch.setattr(counting, "DEAL_BATCH", batch)
    job = Job(SeededDealer(Shoe(8, 14), 11), "numpy", 8)
    tasks = [Task(100 + 5 * i, 105 + 5 * i) for i in range(6)] + [Task(130, 133)]
    together = counting.run_tasks(job, tasks)
    alone = [run_task(job, task) for task in tasks]
    assert together == alone
    assert len({found.counts for found in together}) == len(tasks)  # not one count repeated
