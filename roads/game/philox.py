"""Philox4x64-10, the counter-based generator of the ``philox`` shuffle, in pure Python.

Philox (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC 2011;
the Random123 library) turns a 256-bit counter and a 128-bit key into 256 random bits with ten
rounds of two 64-bit multiplications; the same counter and key give the same bits everywhere,
and any block can be computed without the ones before it. This is the variant numpy ships as
``numpy.random.Philox``, so the numpy engine draws the same words in C (its first block is that
of the counter it is given plus one). The tests check the Random123 known-answer vectors.

Counters and keys are integers here: word 0 is the lowest 64 bits.
"""

from __future__ import annotations

import struct
import sys
from array import array
from functools import lru_cache

MASK64 = (1 << 64) - 1
ROUNDS = 10
_M0 = 0xD2E7470EE14C6C93
_M1 = 0xCA5A826395121157
_W0 = 0x9E3779B97F4A7C15
_W1 = 0xBB67AE8584CAA73B
_BIG = sys.byteorder == "big"


def round_keys(key: int) -> tuple[tuple[int, int], ...]:
    """The two key words of each of the ten rounds (the key, bumped by the Weyl constants)."""
    k0, k1 = key & MASK64, (key >> 64) & MASK64
    keys = []
    for _ in range(ROUNDS):
        keys.append((k0, k1))
        k0, k1 = (k0 + _W0) & MASK64, (k1 + _W1) & MASK64
    return tuple(keys)


def block(counter: int, keys: tuple[tuple[int, int], ...]) -> tuple[int, int, int, int]:
    """The four 64-bit output words of ``counter`` (256 bits) under ``round_keys(key)``."""
    c0, c1 = counter & MASK64, (counter >> 64) & MASK64
    c2, c3 = (counter >> 128) & MASK64, (counter >> 192) & MASK64
    m0, m1, mask = _M0, _M1, MASK64
    for k0, k1 in keys:
        p0 = m0 * c0
        p1 = m1 * c2
        c0, c1, c2, c3 = (p1 >> 64) ^ c1 ^ k0, p1 & mask, (p0 >> 64) ^ c3 ^ k1, p0 & mask
    return c0, c1, c2, c3


def philox4x64(counter: int, key: int) -> tuple[int, int, int, int]:
    """Philox4x64-10 of one ``counter`` (0 to 2**256 - 1) under ``key`` (0 to 2**128 - 1)."""
    return block(counter, round_keys(key))


def blocks(first: int, count: int, key: int) -> list[int]:
    """The output words of the ``count`` blocks at counters ``first``, ``first + 1`` ..., in
    order (four per block): as ``block`` computes them, all at once."""
    return _words(first, count, key).tolist()


def halves(first: int, count: int, key: int) -> list[int]:
    """The words of ``blocks(first, count, key)`` as 32-bit numbers, the low half of each
    word first."""
    words = _words(first, count, key)
    if _BIG:
        words.byteswap()
    out = array("I", words.tobytes())
    if _BIG:
        out.byteswap()
    return out.tolist()


def _words(first: int, count: int, key: int) -> array[int]:
    """Each of the four counter words of every block sits in a 128-bit lane of one Python
    integer, so that a multiplication by a 64-bit constant multiplies every lane without a carry
    from one lane into the next: a round is a dozen operations on big integers instead of a
    dozen per block."""
    spread, lanes, ones, steps = _lanes(count)
    low = first & MASK64
    if low + count - 1 <= MASK64:  # no carry out of word 0: the other words are the same
        c0 = low * ones + steps
        c1, c2, c3 = (((first >> shift) & MASK64) * ones for shift in (64, 128, 192))
    else:
        c0, c1, c2, c3 = (
            _pack([((first + b) >> shift) & MASK64 for b in range(count)], spread)
            for shift in (0, 64, 128, 192)
        )
    m0, m1 = _M0, _M1
    for k0, k1 in _spread_keys(key, count):
        p0 = m0 * c0
        p1 = m1 * c2
        c0, c1, c2, c3 = (
            ((p1 >> 64) & lanes) ^ c1 ^ k0,
            p1 & lanes,
            ((p0 >> 64) & lanes) ^ c3 ^ k1,
            p0 & lanes,
        )
    out = array("Q", bytes(32 * count))
    for w, lane in enumerate((c0, c1, c2, c3)):
        spread_words = array("Q", lane.to_bytes(16 * count, "little"))
        if _BIG:
            spread_words.byteswap()
        out[w::4] = spread_words[0::2]
    return out


@lru_cache(maxsize=16)
def _lanes(count: int) -> tuple[struct.Struct, int, int, int]:
    """The layout of ``count`` 128-bit lanes; the mask of each lane's low 64 bits; 1 in each
    lane; and 0, 1, 2 ... in the lanes."""
    spread = struct.Struct(f"<{2 * count}Q")
    return (
        spread,
        _pack([MASK64] * count, spread),
        _pack([1] * count, spread),
        _pack(list(range(count)), spread),
    )


def _pack(values: list[int], spread: struct.Struct) -> int:
    wide = [0] * (2 * len(values))
    wide[0::2] = values
    return int.from_bytes(spread.pack(*wide), "little")


@lru_cache(maxsize=16)
def _spread_keys(key: int, count: int) -> tuple[tuple[int, int], ...]:
    """``round_keys(key)`` with each word repeated in ``count`` lanes."""
    _, _, ones, _ = _lanes(count)
    return tuple((k0 * ones, k1 * ones) for k0, k1 in round_keys(key))
