"""The shuffles: how a seed and a shoe's index become the order of its cards, by name.

Both are defined here, not by Python's ``random``, so a seed gives the same shoe on every
machine, every Python version and every engine (the fast engine, ``roads.fast.deal``,
computes the same shoes in batches).

``philox`` (the default for new seeds): a Fisher-Yates shuffle, in its inside-out form, driven
by Philox4x64-10 (``roads.game.philox``). The key is the seed (0 to 2**128 - 1); shoe ``index``
of ``decks`` decks reads the ``7 * decks`` blocks at counters ``decks * 2**192 + index * 7 *
decks + b``, each block's four 64-bit words in order, each word as two 32-bit draws, low half
first. The shoe starts as the codes of ``DECK`` repeated ``decks`` times; for ``i`` from 1 to
``52 * decks - 1``, a draw ``j`` from 0 to ``i`` (Lemire's nearly divisionless method: a draw
``x`` gives ``j = x * (i + 1) >> 32`` unless ``x * (i + 1) mod 2**32`` is below ``2**32 mod
(i + 1)``, when it is rejected and the next draw is used, which keeps every ``j`` exactly
uniform) moves the card at ``j`` to ``i`` and puts card ``i`` of the starting order at ``j``.
A shoe needs ``52 * decks - 1`` draws and has ``56 * decks``; running out takes more than
``4 * decks`` rejections, each at a chance below one in ten million (a rejection happens in
about one shoe in a hundred thousand).

``shake-sort`` (the shuffle of every seed before ``philox`` came; files that record a seed
but no shuffle mean it): each card gets a key of 48 bits from SHAKE-128 of the seed, the decks
and the index, and the shoe is the cards in key order (two equal keys, about once in three
billion shoes, fall back to the order of ``DECK``).
"""

from __future__ import annotations

import hashlib
import struct
from functools import cache
from itertools import repeat
from operator import and_, lt, mul, rshift
from typing import Literal

from roads.errors import ShoeError
from roads.game.cards import DECK
from roads.game.philox import halves

Shuffle = Literal["philox", "shake-sort"]
SHUFFLES: tuple[Shuffle, ...] = ("philox", "shake-sort")
DEFAULT_SHUFFLE: Shuffle = "philox"
"""The shuffle of new seeds."""
UNNAMED_SHUFFLE: Shuffle = "shake-sort"
"""The shuffle a record that names a seed but no shuffle was dealt with (all before ``philox``)."""

PHILOX_SEEDS = 1 << 128
"""Seeds of the ``philox`` shuffle are below this (its key is 128 bits)."""
BLOCKS_PER_DECK = 7
"""Philox blocks (eight draws each) a shoe of ``philox`` has per deck."""
_MASK32 = (1 << 32) - 1


def check_shuffle(name: str) -> Shuffle:
    """``name`` as a shuffle; raises ShoeError naming the known ones when it is none."""
    for shuffle in SHUFFLES:
        if name == shuffle:
            return shuffle
    raise ShoeError(f"no shuffle {name!r}: use one of {', '.join(SHUFFLES)}")


def check_seed(seed: int, shuffle: str) -> None:
    """Raise ShoeError when ``shuffle`` cannot take ``seed``."""
    if shuffle == "philox" and not 0 <= seed < PHILOX_SEEDS:
        raise ShoeError(
            f"the philox shuffle takes seeds from 0 to 2**128 - 1, not {seed} "
            "(the shake-sort shuffle takes any)"
        )


def shuffled_codes(decks: int, seed: int, index: int = 0, shuffle: str = DEFAULT_SHUFFLE) -> bytes:
    """The codes (indexes into DECK) of shoe ``index`` of ``seed``, top of the shoe first.

    Parameters:
        decks: decks in the shoe (1 to 8).
        seed: the seed (0 or more; below 2**128 for ``philox``).
        index: which shoe of the seed's sequence (0, 1, ...).
        shuffle: ``"philox"`` (the default) or ``"shake-sort"`` (the shuffle of older seeds).
    """
    if shuffle == "philox":
        return philox_codes(decks, seed, index)
    if shuffle == "shake-sort":
        return shake_sort_codes(decks, seed, index)
    raise ShoeError(f"no shuffle {shuffle!r}: use one of {', '.join(SHUFFLES)}")


# -- philox -------------------------------------------------------------------------------------


def philox_counter(decks: int, index: int) -> int:
    """The counter of the first block of shoe ``index`` of ``decks`` decks."""
    return (decks << 192) + index * BLOCKS_PER_DECK * decks


@cache
def starting_order(decks: int) -> bytes:
    """The codes of ``DECK``, ``decks`` times: the shoe before the Fisher-Yates shuffle."""
    return bytes(range(len(DECK))) * decks


def philox_codes(decks: int, seed: int, index: int) -> bytes:
    """Shoe ``index`` of ``seed`` under the ``philox`` shuffle (see the module's docstring)."""
    check_seed(seed, "philox")
    first = philox_counter(decks, index)
    source = starting_order(decks)
    n = len(source)
    used = (n + 6) // 8  # the blocks of the n - 1 draws when none is rejected
    draws = halves(first, used, seed)
    shoe = bytearray(n)
    shoe[0] = source[0]
    bounds, floors = _steps(n)
    products = list(map(mul, draws, bounds))
    lows = list(map(and_, products, repeat(_MASK32)))
    if min(lows) >= n or not any(map(lt, lows, floors)):
        # No draw rejected (all but about one shoe in a hundred thousand): j is the high half.
        for i, j in zip(range(1, n), map(rshift, products, repeat(32)), strict=True):
            shoe[i] = shoe[j]
            shoe[j] = source[i]
        return bytes(shoe)
    d = 0
    for i in range(1, n):
        bound = i + 1
        m = draws[d] * bound
        d += 1
        if m & _MASK32 < bound:
            floor = (1 << 32) % bound
            while m & _MASK32 < floor:
                if d == len(draws):
                    used = _more(draws, first, used, decks, seed, index)
                m = draws[d] * bound
                d += 1
            while len(draws) - d < n - 1 - i:  # the steps left still have their draws
                used = _more(draws, first, used, decks, seed, index)
        j = m >> 32
        shoe[i] = shoe[j]
        shoe[j] = source[i]
    return bytes(shoe)


@cache
def _steps(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each Fisher-Yates step's number of choices (2 to ``n``), and below which the low half
    of a draw's product rejects it there (``2**32 mod bound``)."""
    bounds = tuple(range(2, n + 1))
    return bounds, tuple((1 << 32) % bound for bound in bounds)


def _more(draws: list[int], first: int, used: int, decks: int, seed: int, index: int) -> int:
    """Add the draws of the shoe's next block; the number of blocks used."""
    if used == BLOCKS_PER_DECK * decks:
        raise ShoeError(f"shoe {index} of seed {seed} ran out of draws")
    draws.extend(halves(first + used, 1, seed))
    return used + 1


# -- shake-sort ---------------------------------------------------------------------------------


@cache
def _shake_plan(decks: int) -> tuple[bytes, bytes, struct.Struct]:
    codes = starting_order(decks)
    return codes, b"\x3f" * len(codes), struct.Struct(f"<{len(codes)}d")


def shake_sort_prefix(decks: int, seed: int) -> bytes:
    """What SHAKE-128 reads before the shoe's index, under the ``shake-sort`` shuffle."""
    return b"roads shoe v1 decks=%d seed=%d index=" % (decks, seed)


def shake_sort_codes(decks: int, seed: int, index: int) -> bytes:
    """Shoe ``index`` of ``seed`` under the ``shake-sort`` shuffle (see the module's docstring)."""
    codes, top_bytes, doubles = _shake_plan(decks)
    stream = hashlib.shake_128(b"%s%d" % (shake_sort_prefix(decks, seed), index))
    keys = bytearray(stream.digest(8 * len(codes)))
    # Each 8 bytes become a positive finite double (top byte 0x3f), whose order is that of its
    # bits: 48 random bits, then the card code in the lowest byte. Sorting them shuffles the codes.
    keys[7::8] = top_bytes
    keys[0::8] = codes
    return doubles.pack(*sorted(doubles.unpack(keys)))[0::8]
