"""Shoes: 1-8 decks shuffled from a seed, the burn, the cut card, and the coups they deal: the
reference of the ``deal`` concept (``roads.engines``), and what every engine deals.

The shuffles (``philox``, the default, and ``shake-sort``, that of older seeds) are defined in
``roads.game.shuffles``, not by Python's ``random``, so a seed gives the same shoe on every
machine and every Python version. The fast engine (``roads.fast.deal``) deals the same shoes
and coups in batches; ``roads.game.simulation`` asks ``roads.engines`` which one deals.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Protocol, cast

from roads import engines
from roads.errors import ShoeError
from roads.game.cards import DECK, VALUE_OF_CODE, Card
from roads.game.coup import Coup
from roads.game.shuffles import DEFAULT_SHUFFLE, Shuffle, check_shuffle, shuffled_codes
from roads.game.tableau import CARDS_MASK, FIRST, MORE, MORE_OFFSET, OUTCOMES, PLAYER_DREW
from roads.values import frozen

MAX_DECKS = 8
MIN_CUT_CARD = 6
MAX_SHOES = 10**12
"""The most shoes one run deals or counts from a seed (``roads simulate``, ``roads study``):
counting that many takes about a month on two cores, so a larger count is a typing slip, and
is refused before any work starts."""
_PADDING = bytes(6)
"""Zeros after the last card, so the six values of a coup can be looked up at any position
(a coup that would need a padding card is not dealt)."""


def new_seed() -> int:
    """A seed from the operating system's entropy, for when the user gives none."""
    return int.from_bytes(os.urandom(8), "big")


@frozen
class DealtShoe:
    """What one shoe dealt: the burned cards, the coups, and the cards never dealt."""

    decks: int
    seed: int
    index: int
    burned: tuple[Card, ...]
    coups: tuple[Coup, ...]
    undealt: tuple[Card, ...]
    shuffle: Shuffle = DEFAULT_SHUFFLE
    """The shuffle the seed was dealt with (``"philox"`` or ``"shake-sort"``)."""

    def __repr__(self) -> str:
        return (
            f"DealtShoe(decks={self.decks}, seed={self.seed}, index={self.index}, "
            f"shuffle={self.shuffle}: "
            f"{len(self.coups)} coups, {len(self.burned)} burned, {len(self.undealt)} undealt)"
        )


@frozen
class Tally:
    """Outcome counts of many shoes (the fast simulation keeps nothing else)."""

    shoes: int
    banker: int
    player: int
    tie: int

    @property
    def coups(self) -> int:
        return self.banker + self.player + self.tie


@frozen
class Shoe:
    """How shoes are made: the number of decks and where the cut card goes.

    The first card is turned over and that many more are burned (tens and faces burn 10).
    The cut card sits ``cut_card`` cards from the end; when it comes out, the coup in progress
    is completed, one more coup is dealt, and the shoe ends. (When a coup ends just in front of
    the cut card, the card comes out before the next coup starts: that next coup is the one
    more.) With 8 decks and a cut card at 14 a shoe deals 81.3 coups on average.

    ``shuffle`` names how a seed orders the cards: ``"philox"``, the
    default, or ``"shake-sort"``, which deals the shoes of seeds from before ``philox`` again.
    """

    decks: int = 8
    cut_card: int = 14
    shuffle: Shuffle = DEFAULT_SHUFFLE

    def __post_init__(self) -> None:
        check_shuffle(self.shuffle)
        if not 1 <= self.decks <= MAX_DECKS:
            raise ShoeError(f"a shoe holds 1 to {MAX_DECKS} decks, not {self.decks}")
        most = 52 * self.decks - 12
        if not MIN_CUT_CARD <= self.cut_card <= most:
            raise ShoeError(
                f"the cut card must go {MIN_CUT_CARD} to {most} cards from the end of "
                f"{_a(self.decks)} {self.decks}-deck shoe, not {self.cut_card}"
            )

    @property
    def cards(self) -> int:
        return 52 * self.decks

    def deal(self, seed: int | None = None, index: int = 0) -> DealtShoe:
        """Shuffle shoe ``index`` of ``seed`` (a fresh random seed if None) and deal it out."""
        seed = new_seed() if seed is None else seed
        codes = shuffled_codes(self.decks, seed, index, self.shuffle)
        cards = list(map(DECK.__getitem__, codes))
        values = codes.translate(VALUE_OF_CODE) + _PADDING
        start = end = 1 + cards[0].burn_count
        coups = []
        for i, code in _shapes(values, start, self.cards - self.cut_card):
            coups.append(_coup(cards, i, code))
            end = i + (code & CARDS_MASK)
        return DealtShoe(
            self.decks,
            seed,
            index,
            tuple(cards[:start]),
            tuple(coups),
            tuple(cards[end:]),
            self.shuffle,
        )

    def deal_many(self, shoes: int, seed: int | None = None) -> Iterator[DealtShoe]:
        seed = new_seed() if seed is None else seed
        for index in range(shoes):
            yield self.deal(seed, index)

    def tally(
        self,
        shoes: int,
        seed: int | None = None,
        *,
        start: int = 0,
        progress: Callable[[int], None] | None = None,
    ) -> Tally:
        """Count the outcomes of shoes ``start .. start + shoes - 1`` without building a record
        per coup; ``progress(n)`` (if given) is told every so often that ``n`` more shoes are
        counted."""
        seed = new_seed() if seed is None else seed
        counts = [0] * (len(OUTCOMES) << 4)
        cut_at = self.cards - self.cut_card
        for index in range(start, start + shoes):
            codes = shuffled_codes(self.decks, seed, index, self.shuffle)
            values = codes.translate(VALUE_OF_CODE) + _PADDING
            _tally_coups(values, 1 + (values[0] or 10), cut_at, counts)
            if progress is not None and (index - start) % _PROGRESS_EVERY == _PROGRESS_EVERY - 1:
                progress(_PROGRESS_EVERY)
        if progress is not None and shoes % _PROGRESS_EVERY:
            progress(shoes % _PROGRESS_EVERY)
        by_outcome = [0, 0, 0]
        for code, count in enumerate(counts):
            by_outcome[code >> 4] += count
        return Tally(shoes, *by_outcome)


def check_shoes(shoes: int) -> None:
    """Raise ShoeError unless ``shoes`` is a count of shoes one run can deal (1 to
    MAX_SHOES)."""
    if not 1 <= shoes <= MAX_SHOES:
        raise ShoeError(too_many_shoes(shoes))


def too_many_shoes(shoes: int | str) -> str:
    """What is wrong with ``shoes`` shoes (a number, or its digits), which is not from 1 to
    MAX_SHOES."""
    digits = str(shoes)
    shown = f"{digits[:12]}... ({len(digits)} digits)" if len(digits) > 24 else digits
    if digits.startswith("-") or not digits.strip("0"):
        return f"{shown} is not a number of shoes: deal 1 or more"
    return (
        f"{shown} shoes is more than one run deals: at most {MAX_SHOES:,} (10**12, about a "
        "month of counting on two cores); deal fewer, or split the work over several seeds"
    )


class DealingEngine(Protocol):
    """What an engine does to deal (``roads.engines``, concept ``deal``): the same shoes, coups
    and counts as ``Shoe.deal`` and ``Shoe.tally``."""

    tally_piece: int
    """Most shoes one process tallies at a time."""
    tally_shoes_per_worker: int
    """Shoes of a tally that pay for one more (forked) worker."""

    def tally(self, shoe: Shoe, shoes: int, seed: int, *, start: int) -> Tally:
        """The outcome counts of shoes ``start .. start + shoes - 1`` of ``seed``."""
        ...

    def dealt(self, shoe: Shoe, seed: int, start: int, stop: int) -> Iterator[DealtShoe]:
        """Shoes ``start .. stop - 1`` of ``seed``, as ``Shoe.deal`` deals them."""
        ...

    def text(
        self,
        shoe: Shoe,
        seed: int,
        start: int,
        stop: int,
        *,
        format_: str,
        numbered: bool,
        marks: tuple[str, ...] = (),
    ) -> str:
        """The coups of shoes ``start .. stop - 1`` as ``roads simulate`` writes them in
        ``format_`` (``jsonl``, ``csv``, else the notation with a header per shoe);
        ``numbered``: each coup names its shoe; ``marks``: the names of the marks the
        notation writes after a coup that carries one (``B6``, ``B7``, ``P8``)."""
        ...


def dealing_engine(name: str) -> DealingEngine:
    """The dealing of engine ``name`` (``roads.engines.choose`` gives one)."""
    return cast(DealingEngine, engines.implementation("deal", name))


_PROGRESS_EVERY = 256
"""Shoes tallied between two calls of a progress callback."""
_MOST_CARDS = 52 * MAX_DECKS
_FOURS = tuple(slice(i, i + 4) for i in range(_MOST_CARDS))
_TWOS = tuple(slice(i + 4, i + 6) for i in range(_MOST_CARDS))
"""Slices of the first four and the next two cards of a coup starting at each position: made
once, they save building a slice per lookup in the tally's loop."""


def _tally_coups(values: bytes, start: int, cut_at: int, counts: list[int]) -> None:
    # The loop of _shapes, inlined: this is the hot path of the tally.
    first, more, fours, twos = FIRST, MORE, _FOURS, _TWOS
    i = start
    while i < cut_at:
        code = first[values[fours[i]]]
        if code >= MORE_OFFSET:
            code = more[code - MORE_OFFSET][values[twos[i]]]
        counts[code] += 1
        i += code & CARDS_MASK
    for _, code in _last_coups(values, i, cut_at):
        counts[code] += 1


def _shapes(values: bytes, start: int, cut_at: int) -> Iterator[tuple[int, int]]:
    """The position and shape code of every coup of a shoe, in order."""
    i = start
    while i < cut_at:
        code = _shape(values, i)
        yield i, code
        i += code & CARDS_MASK
    yield from _last_coups(values, i, cut_at)


def _last_coups(values: bytes, i: int, cut_at: int) -> Iterator[tuple[int, int]]:
    """The one more coup dealt once the cut card is out, if the cards last."""
    code = _shape(values, i)
    if i + (code & CARDS_MASK) <= len(values) - len(_PADDING):
        yield i, code


def _shape(values: bytes, i: int) -> int:
    key = values[i : i + 4]
    if len(key) < 4:
        return CARDS_MASK
    code = FIRST[key]
    if code >= MORE_OFFSET:
        code = MORE[code - MORE_OFFSET][values[i + 4 : i + 6]]
    return code


def _coup(cards: list[Card], i: int, code: int) -> Coup:
    """The coup of shape ``code`` dealt from ``cards[i:]``: Player, Banker, Player, Banker,
    then the third cards. The tables follow the rules, so the coup needs no check."""
    c = cards[i : i + (code & CARDS_MASK)]
    dealt = Coup.dealt
    if len(c) == 4:
        return dealt((c[0], c[2]), (c[1], c[3]))
    if len(c) == 6:
        return dealt((c[0], c[2], c[4]), (c[1], c[3], c[5]))
    if code & PLAYER_DREW:
        return dealt((c[0], c[2], c[4]), (c[1], c[3]))
    return dealt((c[0], c[2]), (c[1], c[3], c[4]))


def _a(decks: int) -> str:
    return "an" if decks == 8 else "a"
