"""The fast engine's shuffles (``roads.fast.deal``): a batch of shoes at once, each shoe the
one :func:`roads.game.shuffles.shuffled_codes` gives.

``philox``: the draws of a whole batch come from one call of numpy's Philox4x64-10 (the shoes'
blocks follow one another), Lemire's products of every step of every shoe are computed at once,
and the Fisher-Yates steps run for all shoes of the batch together, one step at a time; the
rare shoe with a rejected draw (about one in a hundred thousand) is shuffled by the pure engine
instead. ``shake-sort``: the 8 bytes of a card's SHAKE-128 key, read as a little-endian integer
with the top byte cleared and the card code in the lowest byte, order the cards exactly as the
pure engine's doubles do.

A :class:`Workspace` holds a batch size's arrays, reused batch after batch: fresh arrays of a
batch's size cost their page faults each time, about half a shoe's time when measured (8.6 of
17.6 us per 8-deck shoe at 1024 shoes).
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache

import numpy as np
import numpy.typing as npt

from roads.game.cards import DECK, VALUE_OF_CODE
from roads.game.shuffles import (
    BLOCKS_PER_DECK,
    DEFAULT_SHUFFLE,
    check_seed,
    check_shuffle,
    philox_codes,
    philox_counter,
    shake_sort_prefix,
    starting_order,
)

_KEY_BITS = np.uint64(0x00FF_FFFF_FFFF_FF00)
_LITTLE = sys.byteorder == "little"
_TWO32 = np.uint64(1 << 32)
_CHUNK = 32
"""Fisher-Yates steps whose products are computed together: a chunk's products (256 KB at
1024 shoes) stay in the cache until its steps read them."""


class Workspace:
    """The arrays that shuffle batches of ``shoes`` shoes of ``decks`` decks into ``deck``.

    ``deck`` has one row of ``width`` bytes per shoe: the shoe's cards (codes, or their values),
    then zeros.
    """

    __slots__ = ("base", "columns", "deck", "decks", "products", "rows")

    def __init__(self, decks: int, shoes: int, width: int) -> None:
        n = 52 * decks
        self.decks = decks
        self.deck = np.zeros((shoes, width), dtype=np.uint8)
        self.products = np.empty((min(_CHUNK, n - 1), shoes), dtype=np.uint64)
        """Lemire's products of a chunk of steps, one row per step: then the flat positions in
        ``deck`` of each step's draw ``j``."""
        self.base = np.arange(shoes, dtype=np.uint64) * np.uint64(width)
        """Where each shoe's row starts in ``deck`` flattened."""
        self.rows = list(self.products.view(np.int64))
        self.columns = list(self.deck[:, 1:n].T)
        """Views made once: a view costs about as much as a step's work on a few shoes."""


def shuffled_codes_many(
    decks: int, seed: int, start: int, stop: int, shuffle: str = DEFAULT_SHUFFLE
) -> npt.NDArray[np.uint8]:
    """The card codes of shoes ``start..stop-1`` of ``seed``, one row per shoe, top first.

    Row ``k`` equals ``shuffled_codes(decks, seed, start + k, shuffle)`` of the pure engine.

    Parameters:
        decks: decks in each shoe (1 to 8).
        seed: the seed.
        start: the index of the first shoe.
        stop: one past the index of the last shoe.
        shuffle: ``"philox"`` or ``"shake-sort"``.
    """
    check_shuffle(shuffle)
    if shuffle == "philox":
        check_seed(seed, "philox")
    if stop <= start:
        return np.zeros((0, 52 * decks), dtype=np.uint8)
    work = Workspace(decks, stop - start, 52 * decks)
    shuffle_into(work, seed, start, shuffle, values=False)
    return work.deck


def shuffle_into(work: Workspace, seed: int, start: int, shuffle: str, *, values: bool) -> None:
    """Shuffle shoes ``start ..`` of ``seed`` into the rows of ``work.deck``.

    Parameters:
        work: the batch's arrays (one row per shoe).
        seed: the seed (checked by the caller).
        start: the index of the first shoe.
        shuffle: ``"philox"`` or ``"shake-sort"``.
        values: whether the rows get the cards' baccarat values instead of their codes.
    """
    decks, deck = work.decks, work.deck
    n = 52 * decks
    if shuffle == "philox":
        for k in _philox_shuffle(work, seed, start, _sources(decks, values)):
            codes = np.frombuffer(philox_codes(decks, seed, start + k), dtype=np.uint8)
            deck[k, :n] = value_bytes().take(codes) if values else codes
        return
    codes = _shake_sort_many(decks, seed, start, start + len(deck))
    if values:
        np.take(value_bytes(), codes, out=deck[:, :n])
    else:
        deck[:, :n] = codes


def _philox_shuffle(
    work: Workspace, seed: int, start: int, source: tuple[npt.NDArray[np.uint8], ...]
) -> list[int]:
    """The Fisher-Yates shuffle of shoes ``start ..`` into ``work.deck`` from ``source``, the
    starting order; the shoes with a rejected draw are left wrong and returned."""
    deck, decks = work.deck, work.decks
    shoes, n = len(deck), 52 * decks
    # numpy's Philox steps its counter before each block: start one below the first.
    generator = np.random.Philox(counter=philox_counter(decks, start) - 1, key=seed)
    raw = generator.random_raw(shoes * BLOCKS_PER_DECK * decks * 4).reshape(shoes, -1)
    draws = raw.astype("<u8", copy=False).view("<u4")[:, : n - 1]
    deck[:, 0] = source[0]
    rejected: list[int] = []
    for first in range(0, n - 1, _CHUNK):
        steps = range(first, min(first + _CHUNK, n - 1))
        rejected += _steps(work, draws[:, first : steps.stop], source, steps)
    return sorted(set(rejected))


def _steps(
    work: Workspace,
    draws: npt.NDArray[np.uint32],
    source: tuple[npt.NDArray[np.uint8], ...],
    steps: range,
) -> list[int]:
    """Fisher-Yates steps ``steps`` (0 for the one that places card 1) of every shoe, from
    their ``draws`` (one column per step); the shoes whose draw was rejected at one of them."""
    deck = work.deck
    n = 52 * work.decks
    # Lemire: x * bound, whose high half is the draw j and whose low half decides a rejection.
    # One row per step (the draws transposed) so that each step's positions are contiguous.
    products = work.products[: len(steps)]
    np.multiply(draws.T, _bounds(n)[steps.start : steps.stop, None], out=products, dtype=np.uint64)
    parts = products.view(np.uint32)
    low = parts[:, 0::2] if _LITTLE else parts[:, 1::2]
    # A low half below 2**32 mod bound rejects the draw; that floor is below the bound, at most
    # n: the shoes whose low halves all reach n have none rejected (all but one in 25,000).
    floors = _floors(n)[steps.start : steps.stop]
    suspects = np.flatnonzero(low.min(axis=0) < n).tolist()
    rejected = [k for k in suspects if (low[:, k] < floors).any()]
    # The high half plus the shoe's row start: each step's flat positions in the deck.
    products >>= np.uint64(32)
    products += work.base
    flat = deck.reshape(-1)
    rows, columns = work.rows[: len(steps)], work.columns[steps.start : steps.stop]
    cards = source[steps.start + 1 : steps.stop + 1]
    for at, column, card in zip(rows, columns, cards, strict=True):
        column[...] = flat[at]
        flat[at] = card
    return rejected


@cache
def value_bytes() -> npt.NDArray[np.uint8]:
    """The baccarat value of each card code, as bytes."""
    return np.frombuffer(VALUE_OF_CODE[: len(DECK)], dtype=np.uint8)


@cache
def _sources(decks: int, values: bool) -> tuple[npt.NDArray[np.uint8], ...]:
    """The starting order's codes (or their values): each card as an array, which a step
    stores without converting a Python integer each time. Shuffling the values moves each value
    where its code goes, so the rows are the values of the shuffled codes."""
    order = starting_order(decks)
    cards = order.translate(VALUE_OF_CODE) if values else order
    return tuple(np.array(card, dtype=np.uint8) for card in cards)


@cache
def _bounds(n: int) -> npt.NDArray[np.uint32]:
    """Each Fisher-Yates step's number of choices, 2 to ``n``."""
    return np.arange(2, n + 1, dtype=np.uint32)


@cache
def _floors(n: int) -> npt.NDArray[np.uint32]:
    """Below which a low half is rejected at each step: ``2**32 mod bound``."""
    return (_TWO32 % _bounds(n).astype(np.uint64)).astype(np.uint32)


@cache
def _codes(decks: int) -> npt.NDArray[np.uint64]:
    return np.tile(np.arange(len(DECK), dtype=np.uint64), decks)


def _shake_sort_many(decks: int, seed: int, start: int, stop: int) -> npt.NDArray[np.uint8]:
    codes = _codes(decks)
    n = len(codes)
    shake = hashlib.shake_128
    prefix = shake_sort_prefix(decks, seed)
    digests = bytearray().join(
        [shake(b"%s%d" % (prefix, i)).digest(8 * n) for i in range(start, stop)]
    )
    keys = np.frombuffer(digests, dtype="<u8").reshape(stop - start, n)
    keys &= _KEY_BITS
    keys |= codes
    keys.sort(axis=1)
    return keys.astype(np.uint8)
