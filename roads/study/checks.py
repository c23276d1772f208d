"""Checks of recorded shoes before any figure: shoes the cards cannot give, and copied shoes.

A shoe of ``decks`` decks holds ``decks`` of each card (``decks * 4`` of each rank where the
suit is not known) and ``52 * decks`` cards in all: a record that uses more is not a shoe dealt
by the rules (a mistyped card, two shoes joined into one, a shoe of more decks than the study
is told), and every exact figure from its cards would be wrong. Such shoes are refused, or,
asked to keep going, set aside and counted.

A shoe that repeats an earlier one (the same cards in the same order, or the same run of at
least ``REPEAT_FROM`` coups) is a copy: it counts the same coups twice, so every test and
interval would be narrower than the records allow. Copies are counted and named as such
before any signal is tested.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from roads.errors import RoadsError
from roads.game.cards import RANKS, Card
from roads.hands.hand import Hand
from roads.values import frozen

CARDS_PER_DECK = 52
OVER_NAMED = 4
"""The cards named, most used first, when a shoe uses more of some than its decks hold."""
REPEAT_FROM = 30
"""Shoes without cards that share a run of this many coups or more are copies: two fair shoes
give the same 30 outcomes about once in 10^11 pairs."""


@frozen
class RecordedShoe:
    """A shoe as read: the file it came from, its number there (from 1) and its hands."""

    source: str
    number: int
    hands: tuple[Hand, ...]


@frozen
class Checked:
    """What the checks found: why each shoe set aside was, and the copies among those kept."""

    set_aside: tuple[str, ...]
    """Why each shoe set aside was (``--keep-going``), one line each, in order."""
    repeated: int
    """Shoes kept that copy an earlier kept shoe."""

    @classmethod
    def of(cls, set_aside: Sequence[str], repeated: int, *, keep_going: bool) -> Checked:
        """What the checks found; a RoadsError naming the first impossible shoe unless
        ``keep_going``.

        Parameters:
            set_aside: why each impossible shoe is, in order.
            repeated: the copies among the shoes kept.
            keep_going: set impossible shoes aside instead of refusing.
        """
        if set_aside and not keep_going:
            more = len(set_aside) - 1
            raise RoadsError(
                f"{set_aside[0]}; "
                + (f"{more:,} more shoe{'s' if more > 1 else ''} too; " if more else "")
                + "no shoe dealt by the rules can give that: correct the record, give --decks if "
                "the shoe had more decks, or --keep-going to set such shoes aside"
            )
        return cls(tuple(set_aside), repeated)


def impossible(hands: Sequence[Hand], decks: int) -> str | None:
    """Why ``hands`` cannot be one shoe of ``decks`` decks, or None when they can.

    Parameters:
        hands: the shoe's coups.
        decks: the decks the shoe was dealt from.
    """
    return impossible_cards(
        [str(card) for hand in hands if hand.coup is not None for card in hand.coup.cards], decks
    )


def impossible_cards(cards: Sequence[str], decks: int) -> str | None:
    """Why a shoe that dealt ``cards`` (``9c``, or ``9`` without a suit) cannot be one of
    ``decks`` decks, or None when it can.

    Parameters:
        cards: the shoe's cards as text, rank then suit.
        decks: the decks the shoe was dealt from.
    """
    if len(cards) > CARDS_PER_DECK * decks:
        return (
            f"uses {len(cards):,} cards, more than {decks} decks hold ({CARDS_PER_DECK * decks})"
            " (two shoes joined into one?)"
        )
    counted = Counter(cards)
    if max(counted.values(), default=0) <= decks and all(card[-1:] in _SUITS for card in counted):
        return None  # every card suited and none beyond its decks: no rank beyond them either
    ranks: Counter[str] = Counter()
    over: list[tuple[int, str]] = []
    for card, count in counted.items():
        parsed = _parsed(card)
        ranks[parsed.rank] += count
        if parsed.suit is not None and count > decks:
            over.append((-count, str(parsed)))
    if over:
        named = [f"{-count} × {card}" for count, card in sorted(over)[:OVER_NAMED]]
        if len(over) > OVER_NAMED:
            named.append(f"{len(over) - OVER_NAMED} more cards")
        listed = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
        return f"uses {listed}, more than {decks} decks hold ({decks} of each card)"
    for rank in RANKS:
        if ranks[rank] > 4 * decks:
            hold = 4 * decks
            return f"uses {ranks[rank]} cards of rank {rank}, more than {decks} decks hold ({hold})"
    return None


_SUITS = frozenset("cdhs")


@cache
def _parsed(card: str) -> Card:
    return Card.parse(card)


def copy_key(hands: Sequence[Hand]) -> tuple[str, ...] | None:
    """What makes a shoe a copy of another: its cards, or a long enough run of outcomes."""
    coups = [hand.coup for hand in hands if hand.coup is not None]
    if hands and len(coups) == len(hands):
        return tuple(" ".join(map(str, coup.cards)) for coup in coups)
    if len(hands) >= REPEAT_FROM:
        return tuple(hand.outcome.value for hand in hands)
    return None


def repeats(keys: Iterable[tuple[str, ...] | None]) -> int:
    """How many of ``keys`` (``copy_key``; None: cannot tell) repeat an earlier one."""
    seen: set[tuple[str, ...]] = set()
    repeated = 0
    for key in keys:
        if key is None:
            continue
        repeated += key in seen
        seen.add(key)
    return repeated


def check_records(
    shoes: Sequence[RecordedShoe], *, decks: int, keep_going: bool
) -> tuple[list[RecordedShoe], Checked]:
    """The shoes the cards allow, and what the checks found (``Checked.of``).

    Parameters:
        shoes: the shoes read, in order.
        decks: the decks of a shoe (``--decks``).
        keep_going: set impossible shoes aside (and count them) instead of refusing.
    """
    kept: list[RecordedShoe] = []
    set_aside: list[str] = []
    for shoe in shoes:
        why = impossible(shoe.hands, decks)
        if why is None:
            kept.append(shoe)
        else:
            set_aside.append(f"{shoe.source}, shoe {shoe.number}: {why}")
    checked = Checked.of(set_aside, 0, keep_going=keep_going)
    return kept, Checked(checked.set_aside, repeats(copy_key(shoe.hands) for shoe in kept))
