"""The text of shoes the fast engine dealt (``roads.fast.deal``), written straight from its
arrays.

The same bytes as building a Hand per coup and writing it with ``writers`` (the tests compare
them shoe by shoe), without the objects: each hand's cards are turned into text once and kept,
so writing a coup is a few lookups.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from roads.fast.deal import ShoeArrays
from roads.game.cards import DECK
from roads.game.coup import Outcome
from roads.game.tableau import CARDS_MASK, OUTCOMES, PLAYER_DREW
from roads.tables.marks import MARKS

_FLAGS = ("false", "true")


@cache
def _hand(codes: tuple[int, ...]) -> tuple[str, str, int]:
    """A hand's cards (card codes, -1 for none) as a JSON list, as CSV text, and its total."""
    cards = [DECK[code] for code in codes if code >= 0]
    names = [str(card) for card in cards]
    listed = "[" + ", ".join(f'"{name}"' for name in names) + "]"
    return listed, " ".join(names), sum(card.value for card in cards) % 10


def _coups(one: ShoeArrays) -> list[tuple[str, bool, bool, bool]]:
    """Each coup's outcome letter and its banker pair, player pair and natural flags."""
    naturals = one.naturals().tolist()
    player_pairs, banker_pairs = (pairs.tolist() for pairs in one.pairs())
    letters = [outcome.value for outcome in OUTCOMES]
    return [
        (letters[o], bp, pp, nat)
        for o, bp, pp, nat in zip(
            one.outcomes.tolist(), banker_pairs, player_pairs, naturals, strict=True
        )
    ]


_VALUES = np.array([card.value for card in DECK], dtype=np.uint8)
"""Each card code's value in points."""


def _marks(
    outcomes: npt.NDArray[np.uint8],
    totals: dict[Outcome, npt.NDArray[np.intp]],
    third: dict[Outcome, npt.NDArray[np.bool_]],
) -> npt.NDArray[np.intp]:
    """Each coup's mark as an index into ``_MARK_FLAGS`` (0: none; a coup carries one at
    most), from each side's ``totals`` and whether it drew a ``third`` card."""
    which = np.zeros(len(outcomes), dtype=np.intp)
    for number, mark in enumerate(MARKS, start=1):
        held = (outcomes == OUTCOMES.index(mark.side)) & (totals[mark.side] == mark.total)
        if mark.cards is not None:
            held &= third[mark.side] == (mark.cards == 3)
        which[held] = number
    return which


_MARK_FLAGS = ("", *(mark.flag for mark in MARKS))
_SPELLINGS = [
    outcome.value + ("b" * bp) + ("p" * pp) + ("n" * nat) + flag
    for outcome in OUTCOMES
    for bp in (0, 1)
    for pp in (0, 1)
    for nat in (0, 1)
    for flag in _MARK_FLAGS
]
"""Every spelling of a coup in the notation, at the index ``_notation`` computes."""


def _notation(one: ShoeArrays) -> str:
    """The shoe's coups in the notation, marks included, as ``format_notation`` writes the
    hands ``roads.hands.compact`` makes of them: every fact of every coup from one gathering
    of its first four cards' values and ranks (a shoe of 80 coups in a few dozen operations
    on whole arrays)."""
    codes = np.append(one.codes, np.zeros(6, dtype=one.codes.dtype))  # past the end: unused
    s, shapes, outcomes = one.starts, one.shapes, one.outcomes
    first = codes[s[:, None] + _FIRST_FOUR]
    values, ranks = _VALUES[first], first % 13
    cards = (shapes & CARDS_MASK).astype(np.intp)
    player_drew = (shapes & PLAYER_DREW) != 0
    banker_drew = (cards == 6) | ((cards == 5) & ~player_drew)
    player_two = values[:, 0] + values[:, 2]
    banker_two = values[:, 1] + values[:, 3]
    player = (player_two + np.where(player_drew, _VALUES[codes[s + 4]], 0)) % 10
    banker = (banker_two + np.where(banker_drew, _VALUES[codes[s + cards - 1]], 0)) % 10
    natural = (player_two % 10 >= 8) | (banker_two % 10 >= 8)
    index = outcomes.astype(np.intp) * 2 + (ranks[:, 1] == ranks[:, 3])
    index = (index * 2 + (ranks[:, 0] == ranks[:, 2])) * 2 + natural
    totals = {Outcome.PLAYER: player, Outcome.BANKER: banker}
    drew = {Outcome.PLAYER: player_drew, Outcome.BANKER: banker_drew}
    index = index * len(_MARK_FLAGS) + _marks(outcomes, totals, drew)
    return "".join(map(_SPELLINGS.__getitem__, index.tolist()))


_FIRST_FOUR = np.arange(4)


def shoe_text(one: ShoeArrays, format_: str, *, numbered: bool) -> str:
    """One shoe's coups as ``roads.hands.simulated.shoe_text`` writes them: ``jsonl``, ``csv``,
    or else the notation with a header; ``numbered`` adds the shoe's number to each."""
    if format_ not in ("jsonl", "csv"):
        header = (
            f"# shoe {one.index + 1}: {one.decks} decks, seed {one.seed}, "
            f"shuffle {one.shuffle}, {len(one.outcomes)} coups\n"
        )
        return header + _notation(one) + "\n"
    coups = _coups(one)
    players = [_hand(tuple(row)) for row in one.player_cards().tolist()]
    bankers = [_hand(tuple(row)) for row in one.banker_cards().tolist()]
    lines = []
    if format_ == "jsonl":
        prefix = f'{{"shoe": {one.index + 1}, ' if numbered else "{"
        for (outcome, bp, pp, nat), player, banker in zip(coups, players, bankers, strict=True):
            lines.append(
                f'{prefix}"outcome": "{outcome}", "banker_pair": {_FLAGS[bp]}, '
                f'"player_pair": {_FLAGS[pp]}, "natural": {_FLAGS[nat]}, '
                f'"player_cards": {player[0]}, "banker_cards": {banker[0]}, '
                f'"player_total": {player[2]}, "banker_total": {banker[2]}}}\n'
            )
        return "".join(lines)
    prefix = f"{one.index + 1}," if numbered else ""
    for (outcome, bp, pp, nat), player, banker in zip(coups, players, bankers, strict=True):
        lines.append(
            f"{prefix}{outcome},{_FLAGS[bp]},{_FLAGS[pp]},{_FLAGS[nat]},"
            f"{player[1]},{banker[1]},{player[2]},{banker[2]}\n"
        )
    return "".join(lines)
