"""Many shoes at once with numpy (the ``fast`` extra): the same shoes and coups as ``shoe``.

Each shoe is shuffled as :func:`roads.game.shuffles.shuffled_codes` shuffles it. ``philox``: the
draws of a whole batch come from one call of numpy's Philox4x64-10 (the shoes' blocks follow one
another), Lemire's products of every step of every shoe are computed at once, and the
Fisher-Yates steps run for all shoes of the batch together, one step at a time; the rare shoe
with a rejected draw (about one in a hundred thousand) is shuffled by the pure engine instead.
``shake-sort``: the 8 bytes of a card's SHAKE-128 key, read as a little-endian integer with the
top byte cleared and the card code in the lowest byte, order the cards exactly as the pure
engine's doubles do.

The third-card tables of ``tableau`` become one table of a million shape codes, indexed by the
values of six cards in a row, so the shape of a coup starting at every position of every shoe is
one lookup; dealing a shoe is then a walk of ``position += cards`` that all shoes of a batch take
in step.

Library use::

    for one in deal_arrays(Shoe(8, 14), seed=1, start=0, stop=1000):
        one.outcomes      # the coups' outcomes, 0 Banker 1 Player 2 Tie (``OUTCOMES``)

``import roads.game.vector`` raises ImportError when numpy is not installed; callers that can
do without it ask ``roads.game.engines.choose_engine`` first.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from roads.game.cards import DECK, VALUE_OF_CODE, Card
from roads.game.coup import Coup
from roads.game.shoe import DealtShoe, Shoe, Tally
from roads.game.shuffles import (
    BLOCKS_PER_DECK,
    DEFAULT_SHUFFLE,
    Shuffle,
    check_seed,
    philox_codes,
    philox_counter,
    shake_sort_prefix,
    starting_order,
)
from roads.game.tableau import CARDS_MASK, FIRST, MORE, MORE_OFFSET, OUTCOMES, PLAYER_DREW

DEFAULT_BATCH = 256
"""Shoes dealt together: large enough that numpy's per-call cost vanishes, small enough that a
batch's working set (about 8 KB per 8-deck shoe: the keys' digest, the keys, the values) stays in
a core's L2 cache; 512 shoes were 6-19% slower on a 2 MB L2."""

_KEY_BITS = np.uint64(0x00FF_FFFF_FFFF_FF00)
_PAD = 6
_NO_CARD = -1


@cache
def _table6() -> npt.NDArray[np.uint8]:
    """Shape code of the coup dealt from six values ``v0..v5``, at ``v0 * 10**5 + ... + v5``."""
    first = np.zeros(10_000, dtype=np.uint8)
    for key, code in FIRST.items():
        first[((key[0] * 10 + key[1]) * 10 + key[2]) * 10 + key[3]] = code
    more = np.zeros((len(MORE), 100), dtype=np.uint8)
    for state, pairs in enumerate(MORE):
        for pair, code in pairs.items():
            more[state, pair[0] * 10 + pair[1]] = code
    drawn = first >= MORE_OFFSET
    rows = np.where(drawn, first.astype(np.intp) - MORE_OFFSET, 0)
    table = np.where(drawn[:, None], more[rows], first[:, None])
    return np.ascontiguousarray(table.reshape(-1), dtype=np.uint8)


@cache
def _value_bytes() -> npt.NDArray[np.uint8]:
    """The baccarat value of each card code, as bytes."""
    return np.frombuffer(VALUE_OF_CODE[: len(DECK)], dtype=np.uint8)


@cache
def _plan(decks: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int16]]:
    codes = np.tile(np.arange(len(DECK), dtype=np.uint64), decks)
    values = np.frombuffer(VALUE_OF_CODE[: len(DECK)], dtype=np.uint8).astype(np.int16)
    return codes, values


def shuffled_codes_many(
    decks: int, seed: int, start: int, stop: int, shuffle: str = DEFAULT_SHUFFLE
) -> npt.NDArray[np.uint8]:
    """The card codes of shoes ``start..stop-1`` of ``seed``, one row per shoe, top first.

    Row ``k`` equals ``shuffled_codes(decks, seed, start + k, shuffle)`` of the pure engine.
    """
    if shuffle == "philox":
        return _philox_many(decks, seed, start, stop)
    if shuffle == "shake-sort":
        return _shake_sort_many(decks, seed, start, stop)
    from roads.game.shuffles import check_shuffle

    check_shuffle(shuffle)
    raise AssertionError(shuffle)  # pragma: no cover - check_shuffle raised


_LITTLE = sys.byteorder == "little"
_TWO32 = np.uint64(1 << 32)


def _philox_many(decks: int, seed: int, start: int, stop: int) -> npt.NDArray[np.uint8]:
    check_seed(seed, "philox")
    shoes, n, blocks = stop - start, 52 * decks, BLOCKS_PER_DECK * decks
    if shoes <= 0:
        return np.zeros((0, n), dtype=np.uint8)
    # numpy's Philox steps its counter before each block: start one below the first.
    generator = np.random.Philox(counter=philox_counter(decks, start) - 1, key=seed)
    raw = generator.random_raw(shoes * blocks * 4).reshape(shoes, blocks * 4)
    draws = raw.astype("<u8", copy=False).view("<u4")[:, : n - 1]
    bounds = _bounds(n)
    # Lemire: x * bound, whose high half is the draw j and whose low half decides a rejection.
    products = np.multiply(draws, bounds, dtype=np.uint64)
    parts = products.view(np.uint32)
    low, high = (parts[:, 0::2], parts[:, 1::2]) if _LITTLE else (parts[:, 1::2], parts[:, 0::2])
    rejected = (low < _floors(n)).any(axis=1)
    # Flat positions in a (card, shoe) array of every step's j, one row per step.
    steps = np.empty((n - 1, shoes), dtype=np.intp)
    np.multiply(high.T, shoes, out=steps, casting="unsafe")
    steps += np.arange(shoes, dtype=np.intp)
    deck = np.empty((n, shoes), dtype=np.uint8)
    flat = deck.reshape(-1)
    source = starting_order(decks)
    deck[0] = source[0]
    for i in range(1, n):
        at = steps[i - 1]
        deck[i] = flat[at]
        flat[at] = source[i]
    codes = np.ascontiguousarray(deck.T)
    for k in np.flatnonzero(rejected).tolist():
        codes[k] = np.frombuffer(philox_codes(decks, seed, start + k), dtype=np.uint8)
    return codes


@cache
def _bounds(n: int) -> npt.NDArray[np.uint32]:
    """Each Fisher-Yates step's number of choices, 2 to ``n``."""
    return np.arange(2, n + 1, dtype=np.uint32)


@cache
def _floors(n: int) -> npt.NDArray[np.uint32]:
    """Below which a low half is rejected at each step: ``2**32 mod bound``."""
    return (_TWO32 % _bounds(n).astype(np.uint64)).astype(np.uint32)


def _shake_sort_many(decks: int, seed: int, start: int, stop: int) -> npt.NDArray[np.uint8]:
    codes, _ = _plan(decks)
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


@dataclass(frozen=True, slots=True)
class ShoeBatch:
    """Shoes ``start .. start + shoes - 1`` of ``seed``, dealt, as arrays with one row per shoe.

    ``codes[k]`` is shoe ``k``'s cards (indexes into DECK), top first; ``burned[k]`` how many
    cards its burn took; ``coups[k]`` how many coups it dealt; ``starts[k, j]`` and
    ``shapes[k, j]`` the position of coup ``j``'s first card and its shape code (``tableau``),
    meaningful for ``j < coups[k]``.
    """

    decks: int
    seed: int
    start: int
    codes: npt.NDArray[np.uint8]
    burned: npt.NDArray[np.intp]
    coups: npt.NDArray[np.intp]
    starts: npt.NDArray[np.intp]
    shapes: npt.NDArray[np.uint8]
    shuffle: Shuffle = DEFAULT_SHUFFLE

    @property
    def shoes(self) -> int:
        return len(self.codes)

    def outcome_counts(self) -> npt.NDArray[np.int64]:
        """How many coups of the batch each outcome won: Banker, Player, Tie (``OUTCOMES``)."""
        dealt = np.arange(self.shapes.shape[1]) < self.coups[:, None]
        counts = np.bincount(self.shapes[dealt] >> 4, minlength=len(OUTCOMES))
        return counts.astype(np.int64)

    def shoe(self, k: int) -> ShoeArrays:
        """Row ``k`` as one shoe."""
        n = int(self.coups[k])
        return ShoeArrays(
            self.decks,
            self.seed,
            self.start + k,
            self.codes[k],
            int(self.burned[k]),
            self.starts[k, :n],
            self.shapes[k, :n],
            self.shuffle,
        )


@dataclass(frozen=True, slots=True)
class ShoeArrays:
    """One shoe dealt by the numpy engine: the arrays behind a :class:`DealtShoe`.

    ``codes`` is the whole shoe (indexes into DECK), top first; the first ``burned`` cards are
    the burn; coup ``j`` starts at ``starts[j]`` and has shape code ``shapes[j]``.
    """

    decks: int
    seed: int
    index: int
    codes: npt.NDArray[np.uint8]
    burned: int
    starts: npt.NDArray[np.intp]
    shapes: npt.NDArray[np.uint8]
    shuffle: Shuffle = DEFAULT_SHUFFLE

    @property
    def outcomes(self) -> npt.NDArray[np.uint8]:
        """Each coup's outcome as an index into ``OUTCOMES``: 0 Banker, 1 Player, 2 Tie."""
        return (self.shapes >> 4).astype(np.uint8)

    @property
    def card_counts(self) -> npt.NDArray[np.uint8]:
        """How many cards each coup took (4 to 6)."""
        return (self.shapes & CARDS_MASK).astype(np.uint8)

    def player_cards(self) -> npt.NDArray[np.int16]:
        """The Player's card codes, one row of three per coup; -1 where no third card."""
        s = self.starts
        third = np.where(self.shapes & PLAYER_DREW, self._at(s + 4), _NO_CARD)
        return np.stack([self._at(s), self._at(s + 2), third], axis=1)

    def banker_cards(self) -> npt.NDArray[np.int16]:
        """The Banker's card codes, one row of three per coup; -1 where no third card."""
        s, shapes = self.starts, self.shapes
        cards = shapes & CARDS_MASK
        drew = (cards == 6) | ((cards == 5) & ((shapes & PLAYER_DREW) == 0))
        third = np.where(drew, self._at(s + cards - 1), _NO_CARD)
        return np.stack([self._at(s + 1), self._at(s + 3), third], axis=1)

    def totals(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
        """The Player's and the Banker's final totals."""
        return _total(self.player_cards()), _total(self.banker_cards())

    def naturals(self) -> npt.NDArray[np.bool_]:
        """Whether each coup ended on a natural (a two-card total of 8 or 9)."""
        values = _values(self.codes)
        s = self.starts
        player = (values[s] + values[s + 2]) % 10
        banker = (values[s + 1] + values[s + 3]) % 10
        return (player >= 8) | (banker >= 8)

    def pairs(self) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Whether each coup's Player, and Banker, first two cards have the same rank."""
        ranks = self.codes % 13
        s = self.starts
        return ranks[s] == ranks[s + 2], ranks[s + 1] == ranks[s + 3]

    def _at(self, positions: npt.NDArray[np.intp]) -> npt.NDArray[np.int16]:
        safe = np.minimum(positions, len(self.codes) - 1)
        return self.codes[safe].astype(np.int16)

    def to_dealt(self) -> DealtShoe:
        """The same shoe as the pure engine's :class:`DealtShoe` (built card by card: slow)."""
        cards = [DECK[code] for code in self.codes.tolist()]
        coups = []
        for player, banker in zip(
            self.player_cards().tolist(), self.banker_cards().tolist(), strict=True
        ):
            coups.append(Coup.dealt(_cards_of(player), _cards_of(banker)))
        end = (
            int(self.starts[-1]) + int(self.shapes[-1] & CARDS_MASK)
            if len(self.starts)
            else self.burned
        )
        return DealtShoe(
            self.decks,
            self.seed,
            self.index,
            tuple(cards[: self.burned]),
            tuple(coups),
            tuple(cards[end:]),
            self.shuffle,
        )


def _cards_of(codes: list[int]) -> tuple[Card, ...]:
    return tuple(DECK[code] for code in codes if code >= 0)


def _values(codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    _, values = _plan(1)
    return np.asarray(values.take(codes), dtype=np.uint8)


def _total(cards: npt.NDArray[np.int16]) -> npt.NDArray[np.uint8]:
    _, values = _plan(1)
    points = np.where(cards >= 0, values.take(np.maximum(cards, 0)), 0)
    return np.asarray(points.sum(axis=1) % 10, dtype=np.uint8)


@cache
def _grid(shoes: int, n: int, cut_at: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """Flat positions of a batch's cards, and per position 7 before the cut card, 0 after."""
    grid = np.arange(shoes * n, dtype=np.int32).reshape(shoes, n)
    live = np.where(np.arange(n) < cut_at, CARDS_MASK, 0).astype(np.uint8)
    return grid, live


def deal_batch(shoe: Shoe, seed: int, start: int, stop: int) -> ShoeBatch:
    """Deal shoes ``start .. stop - 1`` of ``seed`` together."""
    codes = shuffled_codes_many(shoe.decks, seed, start, stop, shoe.shuffle)
    shoes, n = codes.shape
    values = np.zeros((shoes, n + _PAD), dtype=np.uint8)
    np.take(_value_bytes(), codes, out=values[:, :n])
    # The six values from each position on, as one number: the index of its shape code. Built
    # from pairs (0..99, bytes) and fours (0..9999) so that each step works in the narrowest type.
    pairs = values[:, :-1] * np.uint8(10) + values[:, 1:]
    fours = np.multiply(pairs[:, : n + 2], 100, dtype=np.uint16) + pairs[:, 2 : n + 4]
    index = np.multiply(fours[:, :n], 100, dtype=np.int32) + pairs[:, 4 : n + 4]
    shape_at = _table6().take(index)
    cut_at = n - shoe.cut_card
    grid, live = _grid(shoes, n, cut_at)
    # Where the next coup starts, for a coup starting at each position of each shoe; a
    # position past the cut card leads to itself, so a finished shoe stays where it is.
    next_flat = (grid + (shape_at & live)).reshape(-1)
    base = grid[:, 0]
    burned = 1 + np.where(values[:, 0] == 0, 10, values[:, 0]).astype(np.intp)
    where = base + burned.astype(np.int32)
    cut = base + cut_at
    trail = [where]
    while not (where >= cut).all():
        for _ in range(8):
            where = next_flat.take(where)
            trail.append(where)
    flat_starts = np.stack(trail, axis=1)
    flat_shapes = shape_at.reshape(-1)
    shapes = flat_shapes.take(flat_starts)
    dealt = (flat_starts < cut[:, None]).sum(axis=1)
    last = flat_shapes.take(where)
    last_fits = (where - base) + (last & CARDS_MASK) <= n
    return ShoeBatch(
        shoe.decks,
        seed,
        start,
        codes,
        burned,
        (dealt + last_fits).astype(np.intp),
        (flat_starts - base[:, None]).astype(np.intp),
        shapes,
        shoe.shuffle,
    )


def deal_batches(
    shoe: Shoe, seed: int, start: int, stop: int, *, batch: int = DEFAULT_BATCH
) -> Iterator[ShoeBatch]:
    """Deal shoes ``start .. stop - 1`` of ``seed``, ``batch`` shoes at a time, in order.

    Parameters:
        shoe: the number of decks and the cut card.
        seed: the seed the shoes are shuffled from (as in ``Shoe.deal``).
        start: the index of the first shoe.
        stop: one past the index of the last shoe.
        batch: how many shoes each :class:`ShoeBatch` holds (the last may hold fewer).
    """
    for first in range(start, stop, batch):
        yield deal_batch(shoe, seed, first, min(first + batch, stop))


def deal_arrays(
    shoe: Shoe, seed: int, start: int, stop: int, *, batch: int = DEFAULT_BATCH
) -> Iterator[ShoeArrays]:
    """Shoes ``start .. stop - 1`` of ``seed``, one :class:`ShoeArrays` each, in order.

    Shoe ``i`` is the one ``shoe.deal(seed, i)`` deals: same cards, same coups.
    """
    for one in deal_batches(shoe, seed, start, stop, batch=batch):
        for k in range(one.shoes):
            yield one.shoe(k)


def tally(
    shoe: Shoe, shoes: int, seed: int, *, start: int = 0, batch: int = DEFAULT_BATCH
) -> Tally:
    """The outcome counts of shoes ``start .. start + shoes - 1``, as ``Shoe.tally`` counts."""
    counts = [0, 0, 0]
    for one in deal_batches(shoe, seed, start, start + shoes, batch=batch):
        for outcome, count in enumerate(one.outcome_counts().tolist()):
            counts[outcome] += count
    return Tally(shoes, *counts)
