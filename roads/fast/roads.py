"""The fast engine's roads (``roads.engines``, concept ``roads``): the roads of a whole sequence
of hands at once, from their codes (one byte per hand, as ``Roads`` keeps them), built in one
pass with no object per cell.

The big road's streaks are read from the outcomes with a pattern, the derived roads' colours
from the streak lengths by joining byte strings, and every road is placed streak by streak
(a straight tail's cells in a few array operations). ``Roads`` stays the reference: the batch
is the one ``Roads.batch`` gives of the same hands (tests/engines/test_roads.py).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from functools import cache
from itertools import islice
from operator import eq

from roads.grids.batch import Batch, BuildingEngine, Placed
from roads.grids.cells import Ask, Stats
from roads.grids.placement import INDEX, ROWS, Tails
from roads.grids.road import DERIVED
from roads.grids.roads import BANKER_PAIR, NATURAL, PLAYER_PAIR, SLOT_OUTCOME, ask_of

_SLOTS = bytes(b"BPT?"[code & 3] for code in range(256))
"""Each code's outcome letter (``bytes.translate`` table)."""
_STREAK = re.compile(rb"B+|P+")
_WINNER = re.compile(rb"[BP]")
_RUN = re.compile(rb"R+|U+")
_FREE = bytes(next((row for row in range(ROWS) if byte >> row & 1), ROWS) for byte in range(256))
"""Per column's byte of taken rows: how many rows are free from the top down."""
_DOWN = tuple(bytes(range(count)) for count in range(ROWS + 1))
_TOP = tuple((1 << count) - 1 for count in range(ROWS + 1))
_FIRST_MARK = (b"U", b"R")
"""A streak's first mark, by whether the two streaks compared have the same length (U: blue)."""


def _how_many(codes: bytes, bits: int, value: int) -> int:
    """How many of ``codes`` have ``value`` in their ``bits``."""
    return codes.translate(bytes(code & bits == value for code in range(256))).count(1)


def build(codes: bytes, tails: Tails = Tails.STRAIGHT) -> Batch:
    """The roads of the hands whose codes are ``codes``, their tails drawn as ``tails``.

    Parameters:
        codes: one byte per hand, in order, as ``Roads.codes`` gives them.
        tails: how a streak that has turned right is drawn (``Tails``).
    """
    slots = codes.translate(_SLOTS)
    lengths = _run_lengths(slots.replace(b"T", b""), _STREAK)
    leads = array(INDEX, map(re.Match.start, _WINNER.finditer(slots)))
    drop_back = tails is Tails.DROP_BACK
    derived = []
    for road in DERIVED:
        colours = _colours(lengths, road.compares)
        runs = _run_lengths(colours, _RUN)
        derived.append((place(runs, drop_back), colours[:1] == b"U"))
    ask = ask_of(lengths, SLOT_OUTCOME[codes[leads[-1]] & 3]) if leads else Ask()
    return Batch(codes, leads, place(lengths, drop_back), tuple(derived), _stats(codes), ask)


def _stats(codes: bytes) -> Stats:
    """Counts of the hands, as ``Roads.stats``."""
    outcomes = (_how_many(codes, 3, slot) for slot in range(3))
    flags = (_how_many(codes, bit, bit) for bit in (BANKER_PAIR, PLAYER_PAIR, NATURAL))
    return Stats(len(codes), *outcomes, *flags)


_PIECE = 1 << 16
"""Bytes searched at a time for runs: the runs found are held as objects only for a piece."""


def _run_lengths(data: bytes, runs: re.Pattern[bytes]) -> array[int]:
    """The length of each run of the same byte in ``data``, ``runs`` the pattern of a run."""
    lengths: array[int] = array(INDEX)
    for start in range(0, len(data), _PIECE):
        found = array(INDEX, map(len, runs.findall(data, start, start + _PIECE)))
        if start and data[start - 1] == data[start]:  # a run goes on from the piece before
            lengths[-1] += found[0]
            del found[0]
        lengths.extend(found)
    return lengths


def _colours(lengths: Sequence[int], k: int) -> bytes:
    """Derived road ``k``'s marks in order, ``R`` red and ``U`` blue (``roads.derived_mark``):
    streak ``j`` (from 0) gains, when ``j > k``, a first mark red when the two streaks before it
    ``k`` apart have the same length; and, when ``j >= k``, one mark for each of its later
    coups, blue only at the depth one past the length of the streak ``k`` before it."""
    count = len(lengths)
    if count <= k:
        return b""
    firsts = map(_FIRST_MARK.__getitem__, map(eq, lengths[k : count - 1], lengths[: count - 1 - k]))
    rests = map(_rest, lengths[: count - k], lengths[k:])
    colours = bytearray(next(rests))
    marks = map(bytes.__add__, firsts, rests)
    while piece := b"".join(islice(marks, _PIECE)):  # joined a piece at a time: few objects held
        colours += piece
    return bytes(colours)


@cache
def _rest(before: int, length: int) -> bytes:
    """The marks of a streak's coups after its first: blue at depth ``before + 1``."""
    if before < length:
        return b"R" * (before - 1) + b"U" + b"R" * (length - 1 - before)
    return b"R" * (length - 1)


def place(lengths: Sequence[int], drop_back: bool = False) -> Placed:
    """The cells of streaks of ``lengths``, placed as ``Placement`` places them.

    Parameters:
        lengths: each streak's number of cells, in order.
        drop_back: draw tails that drop back (``Tails.DROP_BACK``), else straight ones.
    """
    cols: array[int] = array(INDEX)
    rows = bytearray()
    # Per column, a bit for each taken row: a cell is never more columns right than there
    # are cells before it, so this many columns hold them all.
    filled = bytearray(sum(lengths) + 1)
    start = -1
    for length in lengths:
        col = start + 1
        while filled[col] & 1:
            col += 1
        start = col
        if drop_back:
            _drop_back(cols, rows, filled, col, length)
            continue
        down = min(_FREE[filled[col]], length)
        filled[col] |= _TOP[down]
        cols.fromlist([col] * down)
        rows += _DOWN[down]
        if length > down:  # the tail, straight along the row it turned in
            row = down - 1
            bit = 1 << row
            for tail in range(col + 1, col + 1 + length - down):
                filled[tail] |= bit
            cols.extend(range(col + 1, col + 1 + length - down))
            rows += bytes((row,)) * (length - down)
    return Placed(cols, rows, lengths)


def _drop_back(cols: array[int], rows: bytearray, filled: bytearray, col: int, length: int) -> None:
    """Place a streak of ``length`` cells from (``col``, 0), going down whenever it can."""
    row = 0
    for number in range(length):
        if number:
            if row + 1 < ROWS and not filled[col] >> (row + 1) & 1:
                row += 1
            else:
                col += 1
                while filled[col] >> row & 1:
                    col += 1
        filled[col] |= 1 << row
        cols.append(col)
        rows.append(row)


class _Fast:
    """The fast engine's roads."""

    def build(self, codes: bytes, tails: Tails) -> Batch:
        return build(codes, tails)


BUILDING: BuildingEngine = _Fast()
"""The fast engine's roads (``roads.engines``, concept ``roads``)."""
