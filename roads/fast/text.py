"""The text of shoes the fast engine dealt (``roads.fast.deal``), written straight from its
arrays.

The same bytes as building a Hand per coup and writing it with ``writers`` (the tests compare
them shoe by shoe), without the objects: each hand's cards are turned into text once and kept,
so writing a coup is a few lookups.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from roads.fast.deal import ShoeArrays, ShoeBatch
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
    outcomes: npt.NDArray[Any],
    totals: dict[Outcome, npt.NDArray[Any]],
    third: dict[Outcome, npt.NDArray[np.bool_]],
    marks: tuple[str, ...],
) -> npt.NDArray[np.intp]:
    """Each coup's mark among ``marks`` (names) as an index into ``_MARK_FLAGS`` (0: none; a
    coup carries one at most), from each side's ``totals`` and whether it drew a ``third``
    card."""
    which = np.zeros(outcomes.shape, dtype=np.intp)
    for number, mark in enumerate(MARKS, start=1):
        if mark.name not in marks:
            continue
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
"""Every spelling of a coup in the notation, at the index ``_spellings`` computes."""


def _spellings(
    codes: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.intp],
    shapes: npt.NDArray[np.uint8],
    marks: tuple[str, ...],
) -> npt.NDArray[np.intp]:
    """The index in ``_SPELLINGS`` of each coup of shoes given one a row (``codes``, and each
    coup's first card and shape: ``ShoeBatch``), as ``format_notation`` writes the hands
    ``roads.hands.compact`` makes of them: every fact of every coup of a batch of shoes in a
    few dozen operations on whole arrays, with those of ``marks`` (names) each carries. Past
    a shoe's last coup the index means nothing."""
    rows = np.arange(len(codes))[:, None]
    padded = np.concatenate([codes, np.zeros((len(codes), 6), dtype=codes.dtype)], axis=1)
    s = np.clip(starts, 0, codes.shape[1] - 1)

    def value(offset: npt.NDArray[np.intp] | int) -> npt.NDArray[Any]:
        return np.asarray(_VALUES[padded[rows, s + offset]])

    ranks = [padded[rows, s + offset] % 13 for offset in range(4)]
    outcomes = shapes >> 4
    cards = (shapes & CARDS_MASK).astype(np.intp)
    player_drew = (shapes & PLAYER_DREW) != 0
    banker_drew = (cards == 6) | ((cards == 5) & ~player_drew)
    player_two = value(0) + value(2)
    banker_two = value(1) + value(3)
    player = (player_two + np.where(player_drew, value(4), 0)) % 10
    banker = (banker_two + np.where(banker_drew, value(cards - 1), 0)) % 10
    natural = (player_two % 10 >= 8) | (banker_two % 10 >= 8)
    index = outcomes.astype(np.intp) * 2 + (ranks[1] == ranks[3])
    index = (index * 2 + (ranks[0] == ranks[2])) * 2 + natural
    totals = {Outcome.PLAYER: player, Outcome.BANKER: banker}
    drew = {Outcome.PLAYER: player_drew, Outcome.BANKER: banker_drew}
    return np.asarray(
        index * len(_MARK_FLAGS) + _marks(outcomes, totals, drew, marks), dtype=np.intp
    )


def _header(decks: int, seed: int, index: int, shuffle: str, coups: int) -> str:
    return f"# shoe {index + 1}: {decks} decks, seed {seed}, shuffle {shuffle}, {coups} coups\n"


def batch_notation(batch: ShoeBatch, *, marks: tuple[str, ...] = ()) -> str:
    """The batch's shoes in the notation, each after its ``# shoe`` line, as ``shoe_text``
    writes them one by one (with the ``marks`` named)."""
    index = _spellings(batch.codes, batch.starts, batch.shapes, marks).tolist()
    spell = _SPELLINGS.__getitem__
    return "".join(
        _header(batch.decks, batch.seed, batch.start + k, batch.shuffle, coups)
        + "".join(map(spell, index[k][:coups]))
        + "\n"
        for k, coups in enumerate(batch.coups.tolist())
    )


def shoe_text(one: ShoeArrays, format_: str, *, numbered: bool, marks: tuple[str, ...] = ()) -> str:
    """One shoe's coups as ``roads.hands.simulated.shoe_text`` writes them: ``jsonl``, ``csv``,
    or else the notation with a header (and the ``marks`` named); ``numbered`` adds the
    shoe's number to each."""
    if format_ not in ("jsonl", "csv"):
        index = _spellings(one.codes[None], one.starts[None], one.shapes[None], marks)
        index = index[0].tolist()
        notation = "".join(map(_SPELLINGS.__getitem__, index))
        return _header(one.decks, one.seed, one.index, one.shuffle, len(index)) + notation + "\n"
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
