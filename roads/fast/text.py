"""The text of shoes the fast engine dealt (``roads.fast.deal``), written straight from its
arrays.

The same bytes as building a Hand per coup and writing it with ``writers`` (the tests compare
them shoe by shoe), without the objects: each hand's cards are turned into text once and kept,
so writing a coup is a few lookups.
"""

from __future__ import annotations

from functools import cache

from roads.fast.deal import ShoeArrays
from roads.game.cards import DECK
from roads.game.tableau import OUTCOMES

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


def shoe_text(one: ShoeArrays, format_: str, *, numbered: bool) -> str:
    """One shoe's coups as ``roads.hands.simulated.shoe_text`` writes them: ``jsonl``, ``csv``,
    or else the notation with a header; ``numbered`` adds the shoe's number to each."""
    coups = _coups(one)
    if format_ not in ("jsonl", "csv"):
        notation = "".join(
            outcome + ("b" if bp else "") + ("p" if pp else "") + ("n" if nat else "")
            for outcome, bp, pp, nat in coups
        )
        header = (
            f"# shoe {one.index + 1}: {one.decks} decks, seed {one.seed}, "
            f"shuffle {one.shuffle}, {len(coups)} coups\n"
        )
        return header + notation + "\n"
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
