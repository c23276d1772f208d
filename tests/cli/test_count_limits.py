"""A huge count never eats the machine (issue 40, item 1): a count-only run streams in the same
memory for any number of shoes, and a number beyond what a command can do is refused before
any work starts, with the limit named, never an "internal error"."""

from __future__ import annotations

import tracemalloc

import pytest
from command_line import is_one_error, run
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.drawing.options import MAX_COLUMNS, BoardOptions
from roads.errors import RoadsError, ShoeError
from roads.game.shoe import MAX_SHOES, Shoe
from roads.game.simulation import tally
from roads.parallel import MAX_JOBS, split

HUGE = "99999999999999999999"


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--tally"],
        ["simulate"],
        ["simulate", "--format", "jsonl"],
        ["study", "-o", "-"],
    ],
)
@pytest.mark.parametrize("shoes", [HUGE, str(MAX_SHOES + 1), "9" * 5000])
def test_a_count_beyond_the_limit_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], args: list[str], shoes: str
) -> None:
    code, out, err = run([*args, "--shoes", shoes], capsys)
    assert code == 2 and out == ""
    assert is_one_error(err.splitlines()[0]) and f"at most {MAX_SHOES:,}" in err
    assert "internal error" not in err


def test_other_numbers_beyond_a_limit_are_refused_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["simulate", "--shoes", "5", "--jobs", HUGE], capsys)
    assert code == 2 and f"from 1 to {MAX_JOBS}" in err
    code, _, err = run(["render", "--hands", "BPB", "--columns", HUGE, "-o", "-"], capsys)
    assert code == 2 and str(MAX_COLUMNS) in err
    with pytest.raises(RoadsError, match=f"from 1 to {MAX_COLUMNS}"):
        BoardOptions(columns=MAX_COLUMNS + 1)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=MAX_SHOES + 1, max_value=10**40) | st.integers(max_value=0))
def test_the_library_refuses_the_same_counts(shoes: int) -> None:
    with pytest.raises(ShoeError, match="shoes"):
        tally(Shoe(8), shoes, 1)


@given(st.integers(min_value=1, max_value=10**30), st.integers(1, 8), st.integers(1, 10**6))
def test_the_pieces_of_any_count_are_made_one_at_a_time(stop: int, jobs: int, most: int) -> None:
    pieces = split(0, stop, jobs=jobs, most=most)
    first = next(pieces)
    assert first[0] == 0 and 0 < first[1] - first[0] <= most
    second = next(pieces, (first[1], stop))
    assert second[0] == first[1]


class _EnoughError(Exception):
    pass


def test_a_count_only_run_streams_in_the_same_memory() -> None:
    """A hundred million shoes counted by the reference (200 a piece): the pieces are made as
    they are sent, so what is held is a few pieces, not a list of half a million."""
    counted = []

    def progress(shoes: int) -> None:
        counted.append(shoes)
        if len(counted) == 3:
            raise _EnoughError

    tracemalloc.start()
    try:
        with pytest.raises(_EnoughError):
            tally(Shoe(8), 10**8, 1, engine="python", jobs=1, progress=progress)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sum(counted) == 600
    assert peak < 2 * 2**20, f"{peak / 2**20:.1f} MiB held to count 600 shoes"
