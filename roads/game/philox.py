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

MASK64 = (1 << 64) - 1
ROUNDS = 10
_M0 = 0xD2E7470EE14C6C93
_M1 = 0xCA5A826395121157
_W0 = 0x9E3779B97F4A7C15
_W1 = 0xBB67AE8584CAA73B


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
