"""Many shoes at once with numpy: the same shoes and coups as the reference, ``roads.game.shoe``.

Each shoe is shuffled as :func:`roads.game.shuffles.shuffled_codes` shuffles it, a batch at
once (``roads.fast.shuffle``).

The third-card tables of ``tableau`` become one table of a million shape codes, indexed by the
values of six cards in a row, so the shape of a coup starting at every position of every shoe is
one lookup; dealing a shoe is then a walk of ``position += cards`` that all shoes of a batch take
in step.

Library use::

    for one in deal_arrays(Shoe(8, 14), seed=1, start=0, stop=1000):
        one.outcomes      # the coups' outcomes, 0 Banker 1 Player 2 Tie (``OUTCOMES``)

Commands reach it through ``roads.engines`` (``roads.fast.dealing``), never by its name.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import numpy as np
import numpy.typing as npt

from roads.fast.shuffle import Workspace, shuffle_into, shuffled_codes_many, value_bytes
from roads.game.cards import DECK, VALUE_OF_CODE, Card
from roads.game.coup import Coup
from roads.game.shoe import DealtShoe, Shoe, Tally
from roads.game.shuffles import DEFAULT_SHUFFLE, Shuffle, check_seed
from roads.game.tableau import CARDS_MASK, FIRST, MORE, MORE_OFFSET, OUTCOMES, PLAYER_DREW
from roads.values import frozen

DEFAULT_BATCH = 1024
"""Shoes dealt together. Each of the 415 Fisher-Yates steps of an 8-deck shoe and the ~90 steps
of the walk is a few numpy calls over the whole batch, whose fixed cost per call fades beside
the work as the batch grows, while the batch's arrays (reused batch after batch,
``roads.fast.shuffle.Workspace``) still fit the caches. CPU time per 8-deck shoe (two-core Xeon,
2 MB of L2 a core, best of 3): a tally 6.1 us at 256 shoes, 5.0 at 512 and 1024, 5.2 at 2048
and 5.4 at 4096; ``deal_shapes`` and the study's counting 8.4, 6.4, 6.3, 6.4 and 6.3."""

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
def _plan(decks: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int16]]:
    codes = np.tile(np.arange(len(DECK), dtype=np.uint64), decks)
    values = np.frombuffer(VALUE_OF_CODE[: len(DECK)], dtype=np.uint8).astype(np.int16)
    return codes, values


@frozen
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


@frozen
class ShoeArrays:
    """One shoe dealt by the fast engine: the arrays behind a :class:`DealtShoe`.

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
    return _dealt(
        shoe, seed, start, shuffled_codes_many(shoe.decks, seed, start, stop, shoe.shuffle)
    )


def _dealt(shoe: Shoe, seed: int, start: int, codes: npt.NDArray[np.uint8]) -> ShoeBatch:
    """The batch of shoes from ``start`` whose cards are ``codes``, dealt."""
    shoes, n = codes.shape
    values = np.zeros((shoes, n + _PAD), dtype=np.uint8)
    np.take(value_bytes(), codes, out=values[:, :n])
    index = np.empty((shoes, n), dtype=np.int32)
    _six_values(
        values,
        np.empty((shoes, n + _PAD - 1), dtype=np.uint8),
        np.empty((shoes, n + 2), dtype=np.uint16),
        index,
    )
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
    works: dict[int, Workspace] = {}
    for first in range(start, stop, batch):
        size = min(batch, stop - first)
        if size not in works:
            check_seed(seed, shoe.shuffle)
            works[size] = Workspace(shoe.decks, size, shoe.cards)
        shuffle_into(works[size], seed, first, shoe.shuffle, values=False)
        yield _dealt(shoe, seed, first, works[size].deck.copy())


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
    """The outcome counts of shoes ``start .. start + shoes - 1``, as ``Shoe.tally`` counts.

    Parameters:
        shoe: the number of decks, the cut card and the shuffle.
        shoes: how many shoes.
        seed: the seed they are shuffled from.
        start: the index of the first shoe.
        batch: how many shoes are dealt together.
    """
    counts = np.zeros(len(OUTCOMES), dtype=np.int64)
    for work, first in _walks(shoe, seed, start, start + shoes, batch):
        counts += work.count(seed, first)
    return Tally(shoes, *counts.tolist())


@frozen
class CoupBatch:
    """Shoes ``start .. start + shoes - 1`` of a seed, dealt without their cards: ``shapes[k,
    j]`` is the shape code (``tableau``) of coup ``j`` of shoe ``k``, meaningful for ``j <
    coups[k]``, as in a :class:`ShoeBatch` of the same shoes."""

    start: int
    shapes: npt.NDArray[np.uint8]
    coups: npt.NDArray[np.intp]

    @property
    def shoes(self) -> int:
        return len(self.coups)


def deal_shapes(
    shoe: Shoe, seed: int, start: int, stop: int, *, batch: int = DEFAULT_BATCH
) -> Iterator[CoupBatch]:
    """The coups of shoes ``start .. stop - 1`` of ``seed`` without their cards, ``batch``
    shoes at a time, in order: what a count of the outcomes needs, at a tally's pace.

    Parameters:
        shoe: the number of decks, the cut card and the shuffle.
        seed: the seed the shoes are shuffled from (as in ``Shoe.deal``).
        start: the index of the first shoe.
        stop: one past the index of the last shoe.
        batch: how many shoes each :class:`CoupBatch` holds (the last may hold fewer).
    """
    for work, first in _walks(shoe, seed, start, stop, batch):
        yield work.shapes(seed, first)


def _walks(
    shoe: Shoe, seed: int, start: int, stop: int, batch: int
) -> Iterator[tuple[_CoupWalk, int]]:
    """The walk of each batch of shoes ``start .. stop - 1``, and its first shoe: one walk per
    batch size, its arrays reused."""
    works: dict[int, _CoupWalk] = {}
    for first in range(start, stop, batch):
        size = min(batch, stop - first)
        if size not in works:
            check_seed(seed, shoe.shuffle)
            works[size] = _CoupWalk(shoe, size)
        yield works[size], first


_NOT_DEALT = len(OUTCOMES) << 4
"""The shape code of a coup that is not dealt (its cards run past the end)."""
_OUTCOME_BITS = 3 << 4
"""The bits of a shape code that hold its outcome (``_NOT_DEALT`` when all are set)."""
_LAST = 64
"""Added to the shape code of a coup from the cut card on: the shoe's last (``deal_batch``)."""
_LAST_INDEX = 10**6 + 1
"""Added to a coup's index into ``_table8`` from the cut card on."""


@cache
def _table8() -> npt.NDArray[np.uint8]:
    """``_table6``; ``_NOT_DEALT`` at ``10**6``; then ``_table6`` again, each code + ``_LAST``."""
    table = _table6()
    return np.concatenate([table, [np.uint8(_NOT_DEALT)], table + np.uint8(_LAST)])


@cache
def _jumps(out: int) -> npt.NDArray[np.intp]:
    """How far the walk goes after each shape code: the coup's cards, or ``out`` after a shoe's
    last coup (or one not dealt), which takes it out of the shoes for good."""
    codes = np.arange(256)
    jumps = np.where(codes & _LAST, out, codes & CARDS_MASK)
    jumps[_NOT_DEALT] = out
    return jumps.astype(np.intp)


class _CoupWalk:
    """The arrays of batches of one size dealt without their cards: each batch's shoes are
    shuffled as values and walked coup by coup, without the arrays a :class:`ShoeBatch` keeps
    (the codes, where each coup starts)."""

    __slots__ = ("fours", "index", "pairs", "shoe", "shuffle", "values")

    def __init__(self, shoe: Shoe, shoes: int) -> None:
        n = shoe.cards
        self.shoe = shoe
        self.shuffle = Workspace(shoe.decks, shoes, n + _PAD)
        self.values = self.shuffle.deck
        """Each shoe's card values, then six zeros."""
        self.pairs = np.empty((shoes, n + _PAD - 1), dtype=np.uint8)
        self.fours = np.empty((shoes, n + 2), dtype=np.uint16)
        self.index = np.full((shoes, n + 1), _LAST_INDEX - 1, dtype=np.int32)
        """Where in ``_table8`` the coup from each position is; the last column (a coup not
        dealt) is where a walk out of the shoes reads."""

    def count(self, seed: int, start: int) -> npt.NDArray[np.int64]:
        """Banker, Player and Tie coups of the batch's shoes from ``start``."""
        found = np.bincount(np.concatenate(self._trail(seed, start)), minlength=256)
        # The shape codes of each outcome are its 16 codes from ``outcome << 4``.
        dealt = found[:_NOT_DEALT] + found[_LAST : _LAST + _NOT_DEALT]
        return np.asarray(dealt.reshape(len(OUTCOMES), 16).sum(axis=1), dtype=np.int64)

    def shapes(self, seed: int, start: int) -> CoupBatch:
        """The coups of the batch's shoes from ``start``."""
        walked = np.stack(self._trail(seed, start), axis=1)
        coups = np.count_nonzero((walked & _OUTCOME_BITS) != _NOT_DEALT, axis=1)
        walked &= np.uint8(~_LAST & 0xFF)
        return CoupBatch(start, walked, coups.astype(np.intp))

    def _trail(self, seed: int, start: int) -> list[npt.NDArray[np.uint8]]:
        """The shape code each shoe's walk reads at each step: a shoe's coups in order, the
        last with ``_LAST`` added, then ``_NOT_DEALT``."""
        values, n = self.values, self.shoe.cards
        shuffle_into(self.shuffle, seed, start, self.shoe.shuffle, values=True)
        index, table = self._index().reshape(-1), _table8()
        jumps = _jumps(index.size)
        # Only the coups dealt (about one position in five) are looked up, as the walk reaches
        # them. A shoe's last coup jumps out of the shoes, where ``clip`` reads the last
        # position: not dealt, and a jump further out.
        where = np.arange(0, index.size, n + 1) + 1 + np.where(values[:, 0] == 0, 10, values[:, 0])
        trail = []
        while where.min() < index.size:
            for _ in range(8):
                shape = table.take(index.take(where, mode="clip"))
                trail.append(shape)
                where += jumps.take(shape)
        return trail

    def _index(self) -> npt.NDArray[np.int32]:
        """Fill ``index`` from ``values``, as ``deal_batch`` builds it."""
        index, n = self.index, self.shoe.cards
        coups = index[:, :n]
        _six_values(self.values, self.pairs, self.fours, coups)
        coups[:, n - self.shoe.cut_card :] += _LAST_INDEX
        # A coup from the last five positions that would need cards past the end is not dealt.
        late = coups[:, n - 5 :]
        np.putmask(late, (_table8().take(late) & CARDS_MASK) > _ROOM, _LAST_INDEX - 1)
        return index


def _six_values(
    values: npt.NDArray[np.uint8],
    pairs: npt.NDArray[np.uint8],
    fours: npt.NDArray[np.uint16],
    index: npt.NDArray[np.int32],
) -> None:
    """Fill ``index`` (one column per position of a shoe) with the six card values from each
    position on, as one number: the index of the coup's shape code in ``_table6``. ``values``
    holds each shoe's values and ``_PAD`` zeros; ``pairs`` (0..99) and ``fours`` (0..9999) are
    the steps between, each in the narrowest type."""
    n = index.shape[1]
    np.multiply(values[:, :-1], np.uint8(10), out=pairs)
    pairs += values[:, 1:]
    # dtype= computes in 16 bits under numpy 1 too, whose value-based casting would multiply
    # bytes by a scalar that fits a byte in 8 bits, then widen the overflowed result.
    np.multiply(pairs[:, : n + 2], 100, out=fours, dtype=np.uint16)
    fours += pairs[:, 2 : n + 4]
    np.multiply(fours[:, :n], 100, out=index, dtype=np.int32)
    index += pairs[:, 4 : n + 4]


_ROOM = np.arange(5, 0, -1, dtype=np.uint8)
"""The cards left from each of a shoe's last five positions."""
