"""Where a study's shoes come from: dealt from a seed, or recorded.

A *dealer* is any function that takes a range of shoe indexes and yields one ``ShoeRecord`` per
shoe, in order (the fast engine deals seeded shoes in batches instead, straight into its
counting: ``roads.fast.study``). The study only ever
sees outcome codes (and, for the exact part, the values of each coup's cards), so a faster
engine can replace the dealer without touching the analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from roads.game.cards import DECK, RANKS, VALUE_OF_CODE
from roads.game.shoe import (
    _FOURS,
    _PADDING,
    _TWOS,
    Shoe,
    _last_coups,
    _shapes,
)
from roads.game.shuffles import shuffled_codes
from roads.game.tableau import CARDS_MASK, FIRST, MORE, MORE_OFFSET
from roads.hands.hand import Hand
from roads.study.signals import CODE_OF
from roads.tables import Deal
from roads.values import frozen


@frozen
class ShoeRecord:
    """One shoe: the outcome code of each coup (0 Banker, 1 Player, 2 Tie), and the values 0-9
    of each coup's cards when they are known and were asked for (else None)."""

    outcomes: bytes
    cards: tuple[bytes, ...] | None = None
    burn: str | None = None
    """The first burn card, turned face up (docs/rules/game.md), when known: ``"7h"``."""
    ranks: tuple[bytes, ...] | None = None
    """The ranks 0-12 (A 2 ... 10 J Q K) of each coup's cards, with ``cards``, when known."""
    deals: tuple[Deal, ...] | None = None
    """Of recorded shoes, each coup as its result and flags settle it (``Hand.deal``): a table
    settles coups without cards by them."""


Dealer = Callable[[int, int, bool], Iterator[ShoeRecord]]
"""``dealer(first, stop, with_cards)``: the shoes with indexes ``first`` to ``stop - 1``."""


@frozen
class SeededDealer:
    """The shoes ``roads simulate --seed SEED`` deals with this shoe (the reference's)."""

    shoe: Shoe
    seed: int

    def __call__(self, first: int, stop: int, with_cards: bool) -> Iterator[ShoeRecord]:
        decks, cut_at = self.shoe.decks, self.shoe.cards - self.shoe.cut_card
        for index in range(first, stop):
            codes = shuffled_codes(decks, self.seed, index, self.shoe.shuffle)
            values = codes.translate(VALUE_OF_CODE) + _PADDING
            start = 1 + (values[0] or 10)
            if with_cards:
                shapes = list(_shapes(values, start, cut_at))
                outcomes = bytes(code >> 4 for _, code in shapes)
                cards = tuple(values[i : i + (code & CARDS_MASK)] for i, code in shapes)
                ranks = tuple(
                    codes[i : i + (code & CARDS_MASK)].translate(_RANK_OF_CODE)
                    for i, code in shapes
                )
                yield ShoeRecord(outcomes, cards, str(DECK[codes[0]]), ranks)
            else:
                yield ShoeRecord(_outcomes(values, start, cut_at))


_OUTCOME_OF_SHAPE = bytes(code >> 4 for code in range(256))
_RANK_OF_CODE = bytes(code % len(RANKS) for code in range(256))


def _outcomes(values: bytes, start: int, cut_at: int) -> bytes:
    """The outcome codes of a shoe's coups: the walk of ``shoe._shapes``, inlined as in the
    shoe's tally (the hot path of a study)."""
    first, more, fours, twos = FIRST, MORE, _FOURS, _TWOS
    codes = bytearray()
    i = start
    while i < cut_at:
        code = first[values[fours[i]]]
        if code >= MORE_OFFSET:
            code = more[code - MORE_OFFSET][values[twos[i]]]
        codes.append(code)
        i += code & CARDS_MASK
    for _, code in _last_coups(values, i, cut_at):
        codes.append(code)
    return bytes(codes).translate(_OUTCOME_OF_SHAPE)


def record_of(hands: Sequence[Hand]) -> ShoeRecord:
    """The record of a shoe of recorded hands; its cards when every hand has them."""
    outcomes = bytes(CODE_OF[hand.outcome] for hand in hands)
    deals = tuple(hand.deal() for hand in hands)
    if hands and all(hand.coup is not None for hand in hands):
        coups = [hand.coup for hand in hands if hand.coup is not None]
        cards = tuple(bytes(card.value for card in coup.cards) for coup in coups)
        ranks = tuple(bytes(RANKS.index(card.rank) for card in coup.cards) for coup in coups)
        return ShoeRecord(outcomes, cards, ranks=ranks, deals=deals)
    return ShoeRecord(outcomes, deals=deals)


@frozen
class RecordedDealer:
    """Shoes read from files, as a dealer."""

    shoes: tuple[ShoeRecord, ...]

    def __call__(self, first: int, stop: int, with_cards: bool) -> Iterator[ShoeRecord]:
        for record in self.shoes[first:stop]:
            yield record if with_cards else ShoeRecord(record.outcomes)
