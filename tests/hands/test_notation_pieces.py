"""The notation read in pieces: any cut of the text reads as the whole text does (hands, shoes,
errors), and one line of millions of coups is read in memory that does not grow with it."""

from __future__ import annotations

import random
import tracemalloc
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.errors import ParseError
from roads.hands import notation
from roads.hands.notation import notation_records, parse_notation
from roads.hands.streaming import stream_compact, stream_hands

_TEXT = st.text(alphabet="BPTbpn678 ,|\n#sheo1x\t", max_size=80)


def _read(pieces: list[str]) -> list[tuple[str | None, str]] | str:
    """The (shoe, spelling) of each hand, or the error's message."""
    try:
        return [(label, hand.notation) for label, hand in notation_records(pieces, "f.txt")]
    except ParseError as error:
        return str(error)


@settings(max_examples=size(300, 3000))
@given(text=_TEXT, cuts=st.lists(st.integers(0, 80), max_size=6), piece=st.integers(8, 40))
def test_any_cut_reads_as_the_whole(text: str, cuts: list[int], piece: int) -> None:
    whole = _read([text])
    with pytest.MonkeyPatch.context() as patched:
        # Long lines are cut inside too (a comment's start is read up to a piece: keep the
        # pieces longer than the comments here).
        patched.setattr(notation, "_PIECE", piece if "#" not in text else 100)
        bounds = sorted({0, len(text), *(cut for cut in cuts if cut < len(text))})
        assert _read([text[a:b] for a, b in pairwise(bounds)]) == whole


@settings(max_examples=size(200, 2000))
@given(text=st.text(alphabet="BPTbpn678 ,|\n#x", max_size=60))
def test_hands_and_errors_are_those_of_parse_notation(text: str) -> None:
    try:
        expected: list[tuple[str | None, str]] | str = [
            (None, hand.notation) for hand in parse_notation(text, "f.txt")
        ]
    except ParseError as error:
        expected = str(error)
    if "#" not in text:  # no shoe mark: the same hands, the same error, line and column
        assert _read([text]) == expected


def test_a_shoe_line_starts_a_shoe() -> None:
    text = (
        "BP\n# shoe 1: 8 decks\nBb\n#SHOE\n# shoe 7\nT P8 # shoe 3 is not first on its line\n"
        "  # shoe 4 is not first either\nB\n# shoes are not a shoe\nT\n"
    )
    assert _read([text]) == [
        (None, "B"),
        (None, "P"),
        ("1", "Bb"),
        ("3", "T"),
        ("3", "P8"),
        ("3", "B"),
        ("3", "T"),
    ]


def test_an_error_names_its_column_past_a_cut() -> None:
    text = "B" * 200_000 + "x"
    assert _read([text[:70_000], text[70_000:]]) == (
        "f.txt:1:200001: unexpected 'x': expected a result B, P or T (flags b, p, n after it), "
        "spaces, ',' or '|'"
    )


def _one_line(path: Path, coups: int) -> str:
    chooser = random.Random(9)
    text = "".join(chooser.choice(("B", "P", "Bb", "Pn", "T", "B6", "P8")) for _ in range(coups))
    path.write_text(text + "\n")
    return text


def test_one_line_of_millions_of_coups_streams_in_flat_memory(tmp_path: Path) -> None:
    """Issue 42.9: a line of 2M coups was read whole (311 MB in ``roads show``); 2M under
    ``--stress``, 300,000 otherwise (tracing memory slows reading down five times)."""
    path = tmp_path / "line.txt"
    text = _one_line(path, size(300_000, 2_000_000))
    expected = {"B": 0, "P": 0, "T": 0}
    for letter in "BPT":
        expected[letter] = text.count(letter)
    counted = {"B": 0, "P": 0, "T": 0}
    tracemalloc.start()
    try:
        hands = stream_hands(str(path))
        assert hands is not None, "a notation file of 2M coups must be read as a stream"
        for hand in hands:
            counted[hand.outcome.value] += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert counted == expected
    assert peak < 8 << 20, f"reading took {peak / 2**20:.1f} MiB at its peak"


def test_the_export_reads_one_long_line_in_flat_memory(tmp_path: Path) -> None:
    path = tmp_path / "line.txt"
    text = _one_line(path, 100_000)
    tracemalloc.start()
    try:
        records = stream_compact(str(path), engine="python")
        assert records is not None
        spelled = "".join(hand.notation for hand, _ in records)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert spelled == text
    assert peak < 8 << 20 + 2 * len(text), f"reading took {peak / 2**20:.1f} MiB at its peak"
